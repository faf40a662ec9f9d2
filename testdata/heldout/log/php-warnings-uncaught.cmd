cd /tmp/qaloss/hunt/php && php -d display_errors=stderr -d log_errors=0 -d error_reporting=E_ALL big.php 2>&1
# exit status: 255
