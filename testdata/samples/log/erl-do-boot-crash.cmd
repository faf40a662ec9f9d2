cd /tmp/qfail/w && erlc crash.erl && erl -noshell -s crash main -s init stop 2>&1
# exit status: 1
