cat /tmp/rlib/src/lib.rs
# exit status: 0
