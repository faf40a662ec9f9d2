cd /root/go/pkg/mod/github.com/google && diff -ru uuid@v1.3.0 uuid@v1.6.0 | head -c 120000
# exit status: 0
# head -c 120000
