cd /tmp/qa2/shf2 && /tmp/qa2/gobin/shfmt -d -ci -sr -bn ldd.sh 2>&1
# exit status: 1
# shfmt v3.8.0 -d -ci -sr -bn (indent case bodies, space after redirects, binary ops first) on a copy of glibc's /usr/bin/ldd
