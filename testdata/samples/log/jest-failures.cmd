cd /tmp/smp/jt && /tmp/npmtools/node_modules/.bin/jest --ci 2>&1
# exit status: 1
