cd /usr/local/go/src && rg -n -C1 --color always 'ErrMissingFile' net/http | head -c 100000
# exit status: 0
