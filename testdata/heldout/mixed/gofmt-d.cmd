cd /tmp/qaloss/hunt/gofmt && gofmt -d . ; gofmt -l .; test -z "$(gofmt -l .)" 2>&1
# exit status: 1
