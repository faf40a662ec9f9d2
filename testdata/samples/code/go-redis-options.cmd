cat /root/go/pkg/mod/github.com/redis/go-redis/v9@v9.23.0/options.go
# exit status: 0
