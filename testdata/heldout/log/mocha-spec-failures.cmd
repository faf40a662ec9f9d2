cd /tmp/smp/mo && /tmp/npmtools/node_modules/.bin/mocha 2>&1
# exit status: 6
