cd /tmp/smp/rs/shapes && cargo build --message-format=json 2>/dev/null
# exit status: 101
# stdout only: one JSON object per line
