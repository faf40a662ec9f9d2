cd /tmp/qafix/c && gcc -g -O0 tree.c -o tree && gdb -batch -ex run -ex bt -ex 'info frame' -ex 'frame 2' -ex 'info locals' -ex 'p *n' -ex 'info registers' --args ./tree 9 2>&1
# exit status: 0
