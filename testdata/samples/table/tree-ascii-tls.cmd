LANG=C tree --charset=ascii /usr/local/go/src/crypto/tls
# exit status: 0
