cd $(go env GOROOT)/src && grep -rn -C2 "panic(" encoding
# exit status: 0
