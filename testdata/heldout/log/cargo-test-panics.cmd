cd /tmp/smp/rs/ledger && cargo test --color never 2>&1
# exit status: 101
