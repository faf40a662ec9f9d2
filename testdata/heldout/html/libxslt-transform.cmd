cat /usr/share/doc/libxslt1-dev/html/html/libxslt-transform.html
# exit status: 0
# libxslt API documentation (MIT licence)
