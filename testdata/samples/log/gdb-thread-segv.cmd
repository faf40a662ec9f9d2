cd /tmp/qfail/gdb && gcc -g -O0 -pthread worker.c -o worker && gdb -batch -ex run -ex bt -ex 'info threads' -ex 'thread apply all bt' --args ./worker 2>&1
# exit status: 0
