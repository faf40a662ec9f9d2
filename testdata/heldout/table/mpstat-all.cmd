cd /tmp/qroute/hunt && mpstat -P ALL 1 1
# exit status: 0
