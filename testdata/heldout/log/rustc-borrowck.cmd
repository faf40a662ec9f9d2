cd /tmp/qa/p/inventory && cargo build --color never 2>&1
# exit status: 101
