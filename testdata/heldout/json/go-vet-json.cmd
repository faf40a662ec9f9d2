cd /tmp/qa/p/gomod && go vet -json ./... 2>&1
# exit status: 0
