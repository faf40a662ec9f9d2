package main

import (
	"math"
	"testing"
)

// TestMemLimit: no limit below bigInputBytes; from there, what was live
// before the input plus three times the input and 32 MiB of slack.
func TestMemLimit(t *testing.T) {
	const big = bigInputBytes
	for _, c := range []struct {
		n    int
		live uint64
		want int64
	}{
		{0, 0, math.MaxInt64},
		{big - 1, 1 << 30, math.MaxInt64},
		{big, big, 3*big + 32<<20},                 // only the input is live
		{big, big + 5<<20, 5<<20 + 3*big + 32<<20}, // 5 MiB live before it
		{100 << 20, 10 << 20, 300<<20 + 32<<20},    // stale reading under n: none before
	} {
		if got := memLimit(c.n, c.live); got != c.want {
			t.Errorf("memLimit(%d, %d) = %d, want %d", c.n, c.live, got, c.want)
		}
	}
}
