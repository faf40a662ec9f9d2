# cwd: /tmp/qafix/npmp (uvu 0.5 from npm; test/str.test.mjs over lib/str.js: 18 passing slug and pad tests, two string mismatches, a deep-equal failure, a RangeError)
node test/str.test.mjs
# exit status 1
