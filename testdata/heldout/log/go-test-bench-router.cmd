cd /work/wt-qaroute && go test -run XXX -bench 'BenchmarkSplit$|BenchmarkSplitPerKind' -benchtime 2x ./router 2>&1
# exit status: 0
# kompress router benchmarks, 2 iterations each
