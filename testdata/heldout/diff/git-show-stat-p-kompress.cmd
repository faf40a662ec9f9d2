cd /work/main && git show --stat -p --no-color ee8f1fe
# exit status: 0
# this repository
