MANWIDTH=100 man ssh_config | col -b
# exit status: 0
