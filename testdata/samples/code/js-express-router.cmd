cat /tmp/npmt2/node_modules/express/lib/router/index.js
# exit status: 0
