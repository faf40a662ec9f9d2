# cwd: /tmp/qa3/npmp (@biomejs/biome from npm, default config; src/*.js generated with unused variables, == comparisons, debugger statements, duplicate keys, async promise executors; src/broken.js has a syntax error: "function oops( {")
npx biome lint src
# exit status 1
