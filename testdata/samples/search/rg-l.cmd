cd /usr/local/go/src && rg -l 'context.Context' net
# exit status: 0
