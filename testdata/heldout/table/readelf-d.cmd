cd /tmp/qroute/hunt && readelf -d /usr/bin/ssh
# exit status: 0
