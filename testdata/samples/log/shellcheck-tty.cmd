cd /tmp/smp/sh && shellcheck deploy.sh backup.sh
# exit status: 1
