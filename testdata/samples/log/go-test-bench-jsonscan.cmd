cd /work/wt-qaroute && go test -run XXX -bench . -benchtime 2x -benchmem ./internal/jsonscan ./internal/marker 2>&1
# exit status: 0
