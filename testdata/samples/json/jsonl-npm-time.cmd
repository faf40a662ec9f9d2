npm view express --json | jq -c '.time | to_entries[] | {version: .key, published: .value}'
# exit status: 0
