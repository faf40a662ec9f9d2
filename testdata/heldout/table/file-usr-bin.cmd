cd /tmp/qroute/hunt && file /usr/bin/* | head -150
# exit status: 0
