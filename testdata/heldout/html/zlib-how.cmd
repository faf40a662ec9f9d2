cat /usr/share/doc/zlib1g-dev/examples/zlib_how.html
# exit status: 0
# zlib documentation (zlib licence)
