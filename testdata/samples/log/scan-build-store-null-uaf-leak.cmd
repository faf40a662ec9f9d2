cd /tmp/qa2/sb && make clean && scan-build-14 -o /tmp/qa2/sb/report --status-bugs make 2>&1
# exit status: 1
# clang 14 static analyzer over gcc (ccc-analyzer) on a linked list store: NULL deref, use after free, uninitialized sum, leak, division by zero, dead stores; gcc -Wall warnings interleaved; --status-bugs makes 8 bugs the exit status
