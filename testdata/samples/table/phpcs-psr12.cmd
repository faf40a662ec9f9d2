# cwd: /tmp/qa4/fx/php (PHP_CodeSniffer 3.7 from Debian, PSR12 with sniff codes (-s), over a small Money class, its PHPUnit test and PHPUnit's own Assert.php)
phpcs --standard=PSR12 -s src tests /usr/share/php/PHPUnit/Framework/Assert.php
# exit status 2
