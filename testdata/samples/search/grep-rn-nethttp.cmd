cd /usr/local/go/src && grep -rn 'func (c \*Client)' net/http
# exit status: 0
