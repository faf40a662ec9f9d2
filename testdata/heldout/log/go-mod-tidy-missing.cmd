cd /tmp/qroute/hunt/gomod && GOFLAGS=-mod=mod go mod tidy
# exit status: 1
# a module importing two modules that do not exist
