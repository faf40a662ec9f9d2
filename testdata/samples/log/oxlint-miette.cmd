# cwd: /tmp/qa3/npmp (oxlint from npm; src/*.js generated with unused variables, == comparisons, debugger statements, duplicate keys, async promise executors; src/broken.js has a syntax error: "function oops( {")
npx oxlint src/broken.js src/mod1.js src/mod2.js src/mod3.js src/mod4.js src/mod5.js src/mod6.js src/mod7.js
# exit status 1
