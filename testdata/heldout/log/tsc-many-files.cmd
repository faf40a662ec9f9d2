cd /tmp/qa/p/ts && tsc -p . --pretty false 2>&1   # typescript 7 (tsgo), strict, 4 files
# exit status: 2
