cd /tmp/qa2/cof1 && /tmp/qa2/npm4/node_modules/.bin/coffee src/main.coffee 2>&1
# exit status: 1
# CoffeeScript 2.7.1 on node: Cart#discount throws Error for an unknown discount code in a loop; stack trace with
# coffee source-mapped user frames then node/coffeescript internals
