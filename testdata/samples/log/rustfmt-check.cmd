cd /tmp/qaloss/hunt/rustfmt && rustfmt --check --color never --edition 2021 $(ls m*.rs | sort -V) 2>&1  # m1.rs … m12.rs
# exit status: 1
