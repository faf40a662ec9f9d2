cd /tmp/smp/js2 && /tmp/npmtools/node_modules/.bin/eslint -f json app.js | jq .
# exit status: 0
# pretty-printed by jq
