cd /usr/local/go/src && rg -n -C2 --heading 'StatusBadRequest|StatusNotFound' net/http | head -c 100000
# exit status: 0
# head -c 100000
