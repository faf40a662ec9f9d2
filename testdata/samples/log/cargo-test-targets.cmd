cd /tmp/xs/rsq && cargo clean -q && RUST_BACKTRACE=0 cargo test --no-fail-fast 2>&1
# exit status: 101
# setup: crate ringbuf without dependencies; src/lib.rs (Ring<T> with unit tests: unwrap on None, assert_eq on Vecs,
# should_panic with the wrong expected string, an ignored test, two doc tests, one panicking), tests/drain.rs
# (integration tests, one assert! with a message failing); all three targets fail
