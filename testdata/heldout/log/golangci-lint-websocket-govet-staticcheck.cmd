cd /tmp/qa2/gcl2 && /tmp/qa2/gobin/golangci-lint run --color never ./... 2>&1
# exit status: 1
# golangci-lint 2.15.0 default linters on a copy of gorilla/websocket v1.5.3: errcheck capped at 50, govet, staticcheck
# QF/SA findings, one unused field -> 65 issues
