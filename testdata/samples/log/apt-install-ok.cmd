apt-get install -y tree jq 2>&1
# exit status: 0
