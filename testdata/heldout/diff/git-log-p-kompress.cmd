cd /work/main && git log -p --no-color -n 3 defa88c -- server
# exit status: 0
# this repository
