MANWIDTH=80 man tar | col -b | head -c 40000
# exit status: 0
# head -c 40000
