cd /tmp/qfail/h/ml && ocamlc stack.ml -o stack 2>&1
# exit status: 2
