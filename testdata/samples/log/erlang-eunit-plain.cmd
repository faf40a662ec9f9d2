# cwd: /tmp/qa5/fx/erl (calc.erl: 20 passing generated tests, 4 failing, 1 timing out; erlc, Erlang/OTP 25, Debian erlang-eunit)
erl -noshell -pa . -eval "eunit:test(calc)" -s init stop
# exit status 0
