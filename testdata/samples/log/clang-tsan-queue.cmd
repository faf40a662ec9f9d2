cd /tmp/qaroute/tsan && clang -g -O1 -fsanitize=thread queue.c -o queue -lpthread && TSAN_OPTIONS=halt_on_error=0 ./queue 2>&1
# exit status: 66
# queue.c: an unlocked ring buffer shared by a producer and a consumer thread (Debian clang 14; frames carry BuildId)
