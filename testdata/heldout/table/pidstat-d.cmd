cd /tmp/qroute/hunt && pidstat -u -r 1 1
# exit status: 0
