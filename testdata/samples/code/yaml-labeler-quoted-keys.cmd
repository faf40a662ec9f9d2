cat $(go env GOMODCACHE)/github.com/spf13/cobra@v1.10.2/.github/labeler.yml
# exit status: 0
