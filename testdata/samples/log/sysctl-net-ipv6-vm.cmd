sysctl net.ipv6 vm user 2>/dev/null | head -220
# exit status: 0
