cd /usr/local/go/src && rg -n --heading 'func New' encoding
# exit status: 0
