cd /work/wt-qroute && go list -m all
# exit status: 0
# this repository's module graph
