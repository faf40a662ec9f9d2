cd $(go env GOMODCACHE)/github.com/gin-gonic/gin@v1.12.0 && GOFLAGS=-mod=mod go list -m all
# exit status: 0
