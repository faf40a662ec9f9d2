cd /tmp/qroute/hunt/ex/cart && mix test --seed 0 2>&1
# exit status: 2
# an ExUnit suite of 16 tests: a wrong total, a missing function clause, nil passed to Map.fetch!
