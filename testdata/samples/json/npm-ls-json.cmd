cd /tmp/npmt2 && npm ls --all --json
# exit status: 0
