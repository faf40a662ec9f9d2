cd /tmp/qroute/s2/ac3 && autoconf && ./configure 2>&1
# exit status: 0
# configure.ac: libm, pthread, three functions and openssl/ssl.h checked (all found)
