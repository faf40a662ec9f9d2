cd /tmp/qa2/gcl1 && /tmp/qa2/gobin/golangci-lint run --color never ./... 2>&1
# exit status: 1
# golangci-lint 2.15.0 (default linters) on the small fileutil module: 17 errcheck, one SA4000 a.ID == a.ID, one unused func
# -> 19 issues with source line + caret each
