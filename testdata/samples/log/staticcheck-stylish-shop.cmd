cd /tmp/qaroute2/sc && ~/go/bin/staticcheck -f stylish ./... 2>&1  # staticcheck 2026.2.2, own module
# exit status: 1
