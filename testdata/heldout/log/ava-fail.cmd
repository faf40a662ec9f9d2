# cwd: /tmp/qa4/npmp (ava 7 from npm; test/calc.test.mjs: 25 additions, one failing, a RangeError, a deepEqual and an is mismatch, one skipped, one todo; lib/calc.js is also under samples/log/jasmine-many, whose runner and specs differ)
CI=1 npx ava --no-color test/calc.test.mjs
# exit status 1
