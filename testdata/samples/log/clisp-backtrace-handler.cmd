# cwd: /tmp/t10 (GNU CLISP 2.49.93+ (Debian); inv.lisp multiplies by the price of an item missing from the table)
clisp -q -x '(handler-bind ((error (lambda (c) (format t "~&ERROR: ~a~%" c) (system::print-backtrace) (ext:exit 1)))) (load "inv.lisp"))' 2>&1
# exit status: 1
