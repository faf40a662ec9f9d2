cd /tmp/qa/lisp && clisp ledger.lisp 2>&1
# exit status: 1
# ledger.lisp: average of an empty deposit list divides by zero; a handler-bind prints the backtrace
