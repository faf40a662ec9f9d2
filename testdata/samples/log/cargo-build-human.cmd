cd /tmp/smp/rs/shapes && cargo build --color never 2>&1
# exit status: 101
