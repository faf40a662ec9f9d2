cd /root/go/pkg/mod && grep -rn 'TODO' github.com/gin-gonic/gin@v1.12.0 | head -c 150000
# exit status: 0
# head -c 150000
