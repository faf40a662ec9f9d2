cd /tmp/qa2/eu && gcc -g -O0 -pthread dead.c -o dead && ./dead & sleep 2; eu-stack -p $! 2>&1
# exit status: 0
# elfutils 0.188 eu-stack of a live process: two transfer threads and an auditor take two mutexes in opposite order (deadlocked in __lll_lock_wait), one idle thread, main in pthread_join
