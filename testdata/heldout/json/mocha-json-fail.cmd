cd /tmp/jl/mochap && ../jestp/node_modules/.bin/mocha --reporter json 2>/dev/null
# exit status: 3
# mocha 11 json reporter on a slugify module: 13 tests, 3 failing (two assert.strictEqual diffs, a TypeError in an async test)
