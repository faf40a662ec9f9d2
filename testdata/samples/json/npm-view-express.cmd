npm view express --json
# exit status: 0
