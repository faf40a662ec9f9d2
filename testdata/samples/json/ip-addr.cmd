ip -j addr
# exit status: 0
