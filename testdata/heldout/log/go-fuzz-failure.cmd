cd /tmp/qaloss/hunt/gofuzz && GOFLAGS= go test -fuzz=FuzzParse -fuzztime=20s . 2>&1
# exit status: 1
