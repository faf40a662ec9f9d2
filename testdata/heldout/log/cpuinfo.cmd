cd /tmp/qroute/hunt && cat /proc/cpuinfo
# exit status: 0
