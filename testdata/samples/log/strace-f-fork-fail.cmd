cd /tmp/smp/st && gcc -O1 fork.c -o fork && strace -f ./fork 2>&1
# exit status: 1
