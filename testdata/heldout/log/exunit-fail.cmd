# cwd: /tmp/qa4/fx/ex (Elixir 1.14 from Debian; t.exs: ExUnit with 25 passing pushes, a FunctionClauseError, a map mismatch, an ArgumentError, one skipped)
elixir t.exs
# exit status 2
