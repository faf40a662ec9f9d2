head -c 100000 /usr/local/go/doc/go_spec.html
# exit status: 0
# head -c 100000
