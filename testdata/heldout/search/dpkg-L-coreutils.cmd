cd /tmp/qroute/hunt && dpkg -L coreutils
# exit status: 0
