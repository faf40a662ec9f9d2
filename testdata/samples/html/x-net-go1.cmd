head -c 150000 /root/go/pkg/mod/golang.org/x/net@v0.59.0/html/testdata/go1.html
# exit status: 0
# head -c 150000
