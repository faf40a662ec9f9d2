cd /tmp/qa/p/js && eslint -f compact lib 2>&1   # eslint 8.57
# exit status: 1
