cd /tmp/qaloss && strace -f -c -S calls sh -c 'for i in 1 2 3 4 5 6 7 8 9 10 11 12; do ls /nonexistent$i; done' 2>&1
# exit status: 2
