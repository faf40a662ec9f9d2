head -n 1500 $(go env GOMODCACHE)/go.mongodb.org/mongo-driver/v2@v2.5.0/.evergreen/config.yml
# exit status: 0
