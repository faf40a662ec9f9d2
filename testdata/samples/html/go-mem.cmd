cat /usr/local/go/doc/go_mem.html | head -c 120000
# exit status: 0
# head -c 120000
