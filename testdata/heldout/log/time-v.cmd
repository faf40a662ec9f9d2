cd /tmp/qroute/hunt && /usr/bin/time -v gzip -9 -c /usr/bin/ls >/dev/null
# exit status: 0
