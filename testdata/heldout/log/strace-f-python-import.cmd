cd /tmp/smp/st && strace -f -e trace=openat,execve,exit_group /usr/bin/python3 -c 'import nosuchmodule' 2>&1
# exit status: 1
