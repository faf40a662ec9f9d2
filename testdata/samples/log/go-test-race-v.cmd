cd /tmp/kq/proj/gorace && go test -race -v .
# exit status: 1
# setup: same module as go-test-race
