cd $(go env GOROOT)/src && grep -rn "Deadline" net
# exit status: 0
