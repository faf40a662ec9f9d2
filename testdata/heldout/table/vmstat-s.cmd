cd /tmp/qroute/hunt && vmstat -s
# exit status: 0
