head -c 50000 /tmp/npmt2/node_modules/express/History.md
# exit status: 0
# head -c 50000
