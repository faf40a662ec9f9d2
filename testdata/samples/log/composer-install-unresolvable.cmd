cd /tmp/qa2/cmp/app && COMPOSER_HOME=/tmp/qa2/cmp/home composer install --no-interaction --no-ansi 2>&1
# exit status: 2
# composer 2.5.5, PHP 8.2, packagist disabled, path repository ../packages/*: two packages not found anywhere, one path package needing php >=8.3, one with a missing transitive dependency
