cd /tmp/qaroute/hunt && shellcheck -f diff deploy.sh
# exit status: 1
# deploy.sh: unquoted variables in a deploy script and three backup functions
