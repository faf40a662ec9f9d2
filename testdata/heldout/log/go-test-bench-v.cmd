cd /tmp/qaloss/hunt/bench && GOFLAGS= go test -v -run '^$' -bench . -benchmem -benchtime 2000x . 2>&1
# exit status: 0
