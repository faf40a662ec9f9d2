cd /tmp/my/msan && clang++ -g -O0 -fsanitize=memory -fsanitize-memory-track-origins=2 -fsanitize-recover=memory sched.cpp -o sched && MSAN_OPTIONS=halt_on_error=0 ./sched 2>&1
# exit status: 1
# clang 14 MemorySanitizer with origin tracking, four reports: a value stored from an uninitialized local of pick_prio, an uninitialized 'limit', a heap field never set, a stack buffer read past what strncpy wrote
