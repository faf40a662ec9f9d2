cd /tmp/qroute/hunt/gitrepo && git log --oneline --decorate -n 120
# exit status: 0
