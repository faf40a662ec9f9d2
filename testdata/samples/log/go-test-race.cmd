cd /tmp/kq/proj/gorace && go test -race .
# exit status: 1
# setup: module example.com/gorace in /tmp/kq/proj/gorace: counter.go (Counter.Inc without a lock, recursive Fib),
# counter_test.go (TestRace: 4 goroutines call Inc, TestFibTable with one wrong table entry, TestNilMap writes to a nil map)
