cat $(go env GOMODCACHE)/github.com/pelletier/go-toml/v2@v2.2.4/benchmark/benchmark.toml
# exit status: 0
