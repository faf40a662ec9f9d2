cat /tmp/npmt2/package-lock.json
# exit status: 0
