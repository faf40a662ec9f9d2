cd /tmp/smp/js && /tmp/npmtools/node_modules/.bin/eslint src
# exit status: 1
