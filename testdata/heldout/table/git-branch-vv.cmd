cd /tmp/qroute/hunt/gitrepo && git branch -a -vv
# exit status: 0
