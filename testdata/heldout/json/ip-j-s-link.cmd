ip -j -s link
# exit status: 0
