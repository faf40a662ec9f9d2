cd /tmp/qaloss/sc && ~/go/bin/staticcheck ./... 2>&1  # staticcheck 2025.1 (v0.8.2), 8 packages a…h alike
# exit status: 1
