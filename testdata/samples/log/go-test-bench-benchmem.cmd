cd /tmp/qaloss/hunt/bench && GOFLAGS= go test -run '^$' -bench . -benchmem -benchtime 2000x . 2>&1  # b_test.go: 48 benchmarks of strings and fmt calls
# exit status: 0
