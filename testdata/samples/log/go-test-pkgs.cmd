cd /tmp/gomod && go test -count=1 ./...
# exit status: 1
# setup: temp module example.com/calc in /tmp/gomod: calc.go (Add, Sub with an off-by-one bug, Div, Index),
# calc_test.go (TestAdd passes, TestSub with 3 failing subtests using t.Logf/t.Errorf, TestDiv passes,
# TestSkipped skips, TestIndex panics with index out of range), strutil/ (passing tests),
# broken/broken.go (unused import, unused var, undefined name, type mismatch), vetonly/v.go (Printf misuse, self-assignment)
