cd /tmp/rlib && cargo test 2>&1
# exit status: 101
