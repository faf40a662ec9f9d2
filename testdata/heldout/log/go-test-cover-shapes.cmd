cd /tmp/lsize-cov && GOFLAGS= go test -cover ./... 2>&1
# exit status: 1
# setup: 60 generated packages geom/s1..s60, every fifth without tests, others 25-100% covered; s37 has a failing test
