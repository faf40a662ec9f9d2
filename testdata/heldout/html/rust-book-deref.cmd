cat /root/.rustup/toolchains/stable-x86_64-unknown-linux-gnu/share/doc/rust/html/book/ch15-02-deref.html
# exit status: 0
# the Rust documentation shipped by rustup (MIT OR Apache-2.0)
