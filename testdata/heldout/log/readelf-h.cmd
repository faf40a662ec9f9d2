cd /tmp/qroute/hunt && readelf -h /usr/bin/ls
# exit status: 0
