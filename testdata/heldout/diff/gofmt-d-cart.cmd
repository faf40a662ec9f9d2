cd /tmp/qaroute/hunt && gofmt -d gofmtp/cart.go
# exit status: 1
# a small Go file written without gofmt (one-line import group, struct on one line)
