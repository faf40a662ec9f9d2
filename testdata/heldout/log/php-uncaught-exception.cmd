cd /tmp/qaroute/hunt && php -d error_reporting=E_ALL -d display_errors=stderr orders.php 2>&1
# exit status: 255
# orders.php: an undefined variable warning, then an uncaught OutOfBoundsException (PHP 8.2 CLI)
