# cwd: /tmp/qa5/fx/js (tape 5 from npm; test/tape-cart.js: 15 passing totals, failing round/deepEqual/throws, an uncaught SyntaxError)
node test/tape-cart.js
# exit status 1
