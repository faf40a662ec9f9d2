cd /tmp/qroute/hunt && sysctl -a 2>/dev/null | head -300
# exit status: 0
