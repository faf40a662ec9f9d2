cd /tmp/smp/sh2 && shellcheck -f json1 ci.sh | jq .
# exit status: 0
# pretty-printed by jq
