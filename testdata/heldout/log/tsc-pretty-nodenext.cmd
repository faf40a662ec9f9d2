cd /tmp/smp/ts2 && /tmp/npmtools/node_modules/.bin/tsc --pretty
# exit status: 1
# colour forced by --pretty
