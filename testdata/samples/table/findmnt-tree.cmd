# cwd: /tmp/qa3/fx
findmnt
# exit status 0
