cd /tmp/qroute/hunt && iostat -x 1 2
# exit status: 0
