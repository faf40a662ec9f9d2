cd /tmp/qa2/shf1 && /tmp/qa2/gobin/shfmt -d -i 2 zgrep.sh 2>&1
# exit status: 1
# shfmt v3.8.0 -d -i 2 on a copy of gzip's /usr/bin/zgrep script (Debian 12): re-indentation, case arms, redirections
