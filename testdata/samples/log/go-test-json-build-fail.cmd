cd /tmp/gt && go test -json -count=1 .
# exit status: 1
# a test module with one table test of 60 subtests, two of which fail (t.Errorf); see crush/json_test.go
# moved from json/ to log/ by the router owner: go test -json routes as Log (test events)
