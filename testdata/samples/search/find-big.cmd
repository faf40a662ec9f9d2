cd /usr/local/go/src && find net crypto -type f | head -c 100000
# exit status: 0
# head -c 100000
