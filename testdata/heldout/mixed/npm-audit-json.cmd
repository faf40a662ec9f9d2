cd /tmp/qroute/hunt/npmx && timeout 120 npm audit --json
# exit status: 1
