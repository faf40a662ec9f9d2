# cwd: /tmp/qa3/fx (Debian 12, libssl3 3.0)
nm -C -D /usr/lib/x86_64-linux-gnu/libssl.so.3
# exit status 0
