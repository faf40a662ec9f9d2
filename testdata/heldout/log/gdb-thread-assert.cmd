cd /tmp/qfail/h/gdb && gcc -g -O0 -pthread pool.c -o pool && gdb -batch -ex run -ex bt -ex 'frame 4' -ex 'info locals' --args ./pool 2>&1
# exit status: 0
