cd /tmp/qfail/ml && ocamlc -w +a shapes.ml -o shapes 2>&1
# exit status: 2
