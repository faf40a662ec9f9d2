cd /tmp/qa/p/c && gcc -g -O0 crash.c -o crash && gdb -batch -ex run -ex bt -ex 'info frame' -ex 'frame 1' -ex 'info locals' -ex 'p *c' -ex 'info registers' --args ./crash bad.conf 2>&1
# exit status: 0
