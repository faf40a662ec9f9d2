cd /tmp/smp/lintmocha && /tmp/npmtools/node_modules/.bin/eslint --no-ignore lib | head -c 90000
# exit status: 0
# mocha 10 lib/ copied here and linted with strict style rules; head -c 90000
