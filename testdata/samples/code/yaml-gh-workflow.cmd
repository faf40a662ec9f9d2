cat $(go env GOMODCACHE)/github.com/redis/go-redis/v9@v9.23.0/.github/workflows/build.yml
# exit status: 0
