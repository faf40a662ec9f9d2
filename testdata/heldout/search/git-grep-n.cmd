cd /tmp/qroute/hunt/gitrepo && git grep -n "func New" -- "*.go" | head -120
# exit status: 0
