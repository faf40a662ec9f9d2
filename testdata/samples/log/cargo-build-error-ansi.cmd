cd /tmp/rproj && cargo build --color always 2>&1
# exit status: 101
