cd /tmp/smp/sh && shellcheck -f json1 deploy.sh backup.sh
# exit status: 1
