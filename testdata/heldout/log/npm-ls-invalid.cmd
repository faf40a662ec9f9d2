cd /tmp/qroute/hunt/npmx && npm ls --all 2>&1 | head -80
# exit status: 0
# package-lock only, nothing installed
