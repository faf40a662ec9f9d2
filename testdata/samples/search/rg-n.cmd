cd /usr/local/go/src && rg -n 'MaxHeaderBytes' net/http
# exit status: 0
