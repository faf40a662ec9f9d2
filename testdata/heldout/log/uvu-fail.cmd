# cwd: /tmp/qa4/npmp (uvu 0.5 from npm; test/uvu.test.mjs: 20 additions with one failing, a deep-equal failure and a RangeError; lib/calc.js is also under samples/log/jasmine-many, whose runner and specs differ)
node test/uvu.test.mjs
# exit status 1
