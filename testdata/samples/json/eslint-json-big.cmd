cd /tmp/smp/js && /tmp/npmtools/node_modules/.bin/eslint -f json src
# exit status: 1
# one JSON array on one line
