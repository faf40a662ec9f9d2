cd /tmp/smp/js2 && /tmp/npmtools/node_modules/.bin/eslint --color app.js
# exit status: 1
# forced colour
