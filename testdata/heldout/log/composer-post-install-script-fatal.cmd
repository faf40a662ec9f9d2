cd /tmp/qa2/cmp/shop2 && rm -rf vendor && COMPOSER_HOME=/tmp/qa2/cmp/home composer install -v --no-interaction --no-ansi 2>&1
# exit status: 255
# install of 10 path packages from the lock file succeeds, then the post-install-cmd script bin/seed-prices.php dies on an uncaught InvalidArgumentException ('EUR 7,25')
