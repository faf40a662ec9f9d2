cd /usr/local/go/src && grep -rn -C2 'ErrBodyNotAllowed' net/http
# exit status: 0
