# cwd: /tmp/qa3/fx/nt2 (big.test.js: 10 node:test suites of 50 cases; cases 2.17 and 9.41 compare parseInt('0x17', 16) with 17, which fails)
node --test --test-reporter=junit big.test.js
# exit status 1
