cd /tmp/qfail/w && elixir calc.exs 2>&1
# exit status: 1
