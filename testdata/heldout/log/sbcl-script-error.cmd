cd /tmp/qroute/hunt/lisp && sbcl --script stats.lisp
# exit status: 1
# stats.lisp: means of 20 samples, then a variance over a list holding a string
