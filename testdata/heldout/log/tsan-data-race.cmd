cd /tmp/qa/p/c && clang -g -O1 -fsanitize=thread race.c -o race -lpthread && TSAN_OPTIONS=halt_on_error=0 ./race 2>&1
# exit status: 66
