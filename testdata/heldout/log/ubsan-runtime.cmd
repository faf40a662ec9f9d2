cd /tmp/qa/p/c && clang -g -fsanitize=undefined,bounds ub.c -o ub && UBSAN_OPTIONS=print_stacktrace=1 ./ub 2>&1
# exit status: 1
