strace -c -f git -C /work/wt-qaroute log --oneline -5 > /dev/null 2> strace-c.txt
# exit status: 0
# the syscall summary only
