cd /tmp/smp/ts && /tmp/npmtools/node_modules/.bin/tsc --pretty false
# exit status: 1
