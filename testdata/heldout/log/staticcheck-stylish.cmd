cd /tmp/qaloss/sc && ~/go/bin/staticcheck -f stylish ./... 2>&1  # 20 packages a…t alike
# exit status: 1
