ip -d link
# exit status: 0
