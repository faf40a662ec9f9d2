ip -j -p addr
# exit status: 0
