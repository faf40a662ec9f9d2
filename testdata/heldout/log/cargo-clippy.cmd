cd /tmp/qa/p/lint && cargo clippy --color never --all-targets -- -W clippy::pedantic -D clippy::float_cmp -D clippy::approx_constant 2>&1
# exit status: 101
