cd /usr/local/go/src && grep -rn 'ReadTimeout' net/http/server.go net/http/nonexistent.go net/http/transport.go
# exit status: 2
