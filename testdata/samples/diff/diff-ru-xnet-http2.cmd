cd /root/go/pkg/mod/golang.org/x && diff -ru net@v0.51.0/http2 net@v0.59.0/http2 | head -c 150000
# exit status: 0
# head -c 150000
