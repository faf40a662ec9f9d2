cd /tmp/qa2/gs2 && /tmp/qa2/gobin/gosec -color=false -exclude=G104 ./... 2>&1
# exit status: 1
# gosec (v2.30.0 module, reports 'dev') with G104 excluded, on a small file-store package: four G304 file inclusion,
# one G107 variable-URL http.Get, one G301 0755 MkdirAll -> 6 issues
