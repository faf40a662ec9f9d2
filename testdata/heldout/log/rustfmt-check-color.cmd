cd /tmp/qaloss/hunt/rustfmt && rustfmt --check --edition 2021 m1.rs m2.rs m3.rs 2>&1
# exit status: 1
