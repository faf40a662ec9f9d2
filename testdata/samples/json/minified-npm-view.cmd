npm view express --json | jq -c .
# exit status: 0
