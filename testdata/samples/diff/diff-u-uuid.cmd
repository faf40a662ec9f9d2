cd /root/go/pkg/mod/github.com/google && diff -u uuid@v1.3.0/uuid.go uuid@v1.6.0/uuid.go
# exit status: 1
