cd /tmp/qaroute/hunt && gofmt -d gofmt2
# exit status: 1
# gofmt2/: store.go and keys.go written without gofmt
