cat /usr/share/doc/libffi8/html/Index.html
# exit status: 0
