tree -L 2 /usr/local/go/src/crypto
# exit status: 0
