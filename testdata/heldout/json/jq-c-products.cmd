jq -c '.items[]' products.json | head -80
# exit status: 0
# products.json as in mixed/curl-progress-json-body
