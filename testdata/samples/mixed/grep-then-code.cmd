cd /usr/local/go/src && grep -rn 'func Scan' bufio && sed -n '340,380p' bufio/scan.go
# exit status: 0
