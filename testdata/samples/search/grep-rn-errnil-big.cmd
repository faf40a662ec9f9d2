cd /usr/local/go/src && grep -rn 'err != nil' net/http | head -c 120000
# exit status: 0
# head -c 120000
