cat /root/go/pkg/mod/github.com/gin-gonic/gin@v1.12.0/context.go
# exit status: 0
