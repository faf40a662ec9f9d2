cd /tmp/smp/rs/shapes && rustc --edition 2021 --crate-type lib --error-format=json src/lib.rs -o /tmp/smp/rs/x.rlib 2>&1
# exit status: 1
