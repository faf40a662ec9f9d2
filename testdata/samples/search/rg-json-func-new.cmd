cd $(go env GOROOT)/src && rg --json -n 'func New' net/http | head -c 60000
