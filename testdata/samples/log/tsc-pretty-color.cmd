cd /tmp/smp/ts && /tmp/npmtools/node_modules/.bin/tsc --pretty
# exit status: 1
# tsc colours --pretty output even when stdout is not a terminal
