# cwd: /tmp/qa3/fx
dmesg -x
# exit status 0
