cd /tmp/xs/rs && cargo build 2>&1
# exit status: 101
# setup: src/main.rs with 3 type mismatches and an unknown field
