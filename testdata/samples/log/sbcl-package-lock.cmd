cd /tmp/qroute/s2/lisp && sbcl --script grades.lisp 2>&1
# exit status: 1
# grades.lisp: defines a function named REPORT, which SB-PROFILE's package lock owns
