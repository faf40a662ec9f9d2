# cwd: /tmp/qafix/fx/ex (Elixir 1.14 from Debian; acct.exs: ExUnit with 40 passing deposits, a list mismatch, a match failure, a FunctionClauseError, a KeyError)
elixir acct.exs
# exit status 2
