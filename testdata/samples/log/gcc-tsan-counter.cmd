cd /tmp/qaroute/tsan && gcc -g -O1 -fsanitize=thread counter.c -o counter -lpthread && TSAN_OPTIONS=halt_on_error=0 ./counter 2>&1
# exit status: 66
# counter.c: four threads bump a global stats struct and free/malloc its last-key buffer without a lock (gcc 12 libtsan)
