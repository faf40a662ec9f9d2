cd /work/main && go mod graph
# exit status: 0
