cd /tmp/qaloss/hunt/gobuild && GOFLAGS= go build ./... 2>&1
# exit status: 1
