ip addr
# exit status: 0
