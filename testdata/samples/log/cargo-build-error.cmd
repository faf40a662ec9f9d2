cd /tmp/rproj && cargo build 2>&1
# exit status: 101
