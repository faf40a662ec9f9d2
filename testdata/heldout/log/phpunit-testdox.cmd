# cwd: /tmp/qa4/fx/php (PHPUnit 9.6 from Debian; tests/MoneyTest.php: 25 data-provider cases, array and string assertion failures, a TypeError, an uncaught exception, one incomplete; src/Money.php is also what samples/table/phpcs-psr12 lints)
phpunit --colors=never --testdox tests
# exit status 2
