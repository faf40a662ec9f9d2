cd /tmp/smp/gj && go run . 2>/dev/null | jq -C .
# exit status: 0
# jq -C colours keys and values
