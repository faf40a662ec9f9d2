cd /tmp/qroute/hunt && ip route show table all
# exit status: 0
