cd /tmp/xs/gt && GOCACHE=/tmp/xs/gocache go build -x -o /dev/null ./cmd/app 2>&1
# exit status: 0
# setup: fresh GOCACHE; cmd/app imports encoding/json and fmt
