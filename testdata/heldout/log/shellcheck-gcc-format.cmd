cd /tmp/smp/sh2 && shellcheck -f gcc ci.sh
# exit status: 1
