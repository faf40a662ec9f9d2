cd $(go env GOROOT)/src && rg -n --heading "func New" .
# exit status: 0
