cd /tmp/qroute/hunt && ip -s link
# exit status: 0
