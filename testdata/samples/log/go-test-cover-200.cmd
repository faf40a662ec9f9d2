cd /tmp/qaloss/hunt/cover && GOFLAGS= go test -cover ./... 2>&1  # 200 packages p1 … p200, every third without tests
# exit status: 0
