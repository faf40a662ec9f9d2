MANWIDTH=80 man grep | col -b
# exit status: 0
