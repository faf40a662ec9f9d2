cat $(go env GOMODCACHE)/go.mongodb.org/mongo-driver/v2@v2.5.0/.golangci.yml
# exit status: 0
