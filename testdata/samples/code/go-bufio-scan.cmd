cat /usr/local/go/src/bufio/scan.go
# exit status: 0
