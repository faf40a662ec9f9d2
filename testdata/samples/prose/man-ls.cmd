MANWIDTH=80 man ls | col -b
# exit status: 0
