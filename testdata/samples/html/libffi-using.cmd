cat /usr/share/doc/libffi8/html/Using-libffi.html
# exit status: 0
