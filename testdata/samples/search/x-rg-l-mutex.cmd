cd $(go env GOROOT)/src && rg -l "sync.Mutex" .
# exit status: 0
