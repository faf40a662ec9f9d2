jq -c '.packages | to_entries[] | {path: .key, version: .value.version, license: .value.license, deps: (.value.dependencies // {})}' /tmp/npmt2/package-lock.json
# exit status: 0
