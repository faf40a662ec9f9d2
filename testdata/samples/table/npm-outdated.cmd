cd /tmp/npmt2 && npm outdated --all
# exit status: 1
