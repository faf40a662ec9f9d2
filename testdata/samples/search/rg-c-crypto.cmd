cd $(go env GOROOT)/src && rg -c --sort path 'func ' crypto
