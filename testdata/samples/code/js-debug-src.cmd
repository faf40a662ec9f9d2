cat /tmp/npmt2/node_modules/debug/src/node.js
# exit status: 0
