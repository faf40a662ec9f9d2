cd /tmp/qroute/hunt && objdump -h /usr/bin/ls
# exit status: 0
