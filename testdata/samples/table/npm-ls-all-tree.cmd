cd /tmp/kq/proj/npmp && npm ls --all
# exit status: 0
# setup: npm project npmp with dependencies chalk, commander, express, request (and their trees)
