cd /tmp/gomod && go build ./broken; go list -json ./strutil
# exit status: 0
# uses /tmp/gomod (see log/go-test-v-fail.cmd)
