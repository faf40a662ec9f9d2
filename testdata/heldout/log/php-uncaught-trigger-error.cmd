cd /tmp/qaloss/hunt/php && php -d display_errors=stderr -d error_reporting=E_ALL app.php 2>&1
# exit status: 255
