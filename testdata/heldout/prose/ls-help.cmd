cd /tmp/qroute/hunt && ls --help
# exit status: 0
