cd /tmp/qa2/rl && NO_COLOR=1 npx rollup src/main.js --file dist/bundle.js --format es 2>&1
# exit status: 1
# same app with the JSON import removed: unresolved lodash-es, cart.js <-> totals.js circular dependency warning, then "parsePrice" is not exported by src/lib/money.js (error with code frame)
