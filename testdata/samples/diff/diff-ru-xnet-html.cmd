diff -ru $(go env GOMODCACHE)/golang.org/x/net@v0.51.0/html $(go env GOMODCACHE)/golang.org/x/net@v0.59.0/html
# exit status: 1
