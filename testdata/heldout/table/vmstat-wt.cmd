cd /tmp/qroute/hunt && vmstat -w -t 1 8
# exit status: 0
