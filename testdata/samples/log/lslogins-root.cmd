lslogins root
# exit status: 0
