cd /tmp/qfail/h/php && php -d display_errors=stderr -d log_errors=0 -d error_reporting=E_ALL invoice.php 2>&1
# exit status: 255
