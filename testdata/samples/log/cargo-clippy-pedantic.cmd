cd /tmp/fc2r/lints && cargo clippy --color never -- -W clippy::pedantic -D clippy::needless_return 2>&1
# exit status: 101
# a small library crate written for this sample (Vec arguments, index loops, casts, a needless return made an error)
