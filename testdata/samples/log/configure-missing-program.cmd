cd /tmp/qroute/s2/ac2 && autoconf && ./configure 2>&1
# exit status: 1
# configure.ac: a C++ program that needs a convert-im7 program, which is not installed
