pidstat -w 1 1
# exit status: 0
