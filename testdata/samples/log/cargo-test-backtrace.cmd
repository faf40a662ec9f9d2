RUST_BACKTRACE=1 cargo test --offline  # cargo 1.95.0; a crate written for the sample (ledger: a sum off by one, a parse that unwraps bad input)
# exit status 101
