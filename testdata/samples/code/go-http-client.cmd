cat /usr/local/go/src/net/http/client.go
# exit status: 0
