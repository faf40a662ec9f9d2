package main

import (
	"math"
	"runtime"
	"runtime/metrics"
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

// TestServePace: a small live heap may grow to serveHeapGoal, within the
// default pace and serveMaxGCPercent.
func TestServePace(t *testing.T) {
	for _, c := range []struct {
		live uint64
		want int
	}{
		{0, serveMaxGCPercent},
		{1 << 20, serveMaxGCPercent},
		{8 << 20, 700},
		{16 << 20, 300},
		{32 << 20, 100},
		{1 << 30, 100},
	} {
		if got := servePace(c.live); got != c.want {
			t.Errorf("servePace(%d) = %d, want %d", c.live, got, c.want)
		}
	}
}

// TestServeGC: once started, the pace follows the heap after a collection
// (a test binary's heap is small: the highest pace), and stop puts the
// default back. The finalizer runs in its own goroutine: wait for it over
// collections, not time.
func TestServeGC(t *testing.T) {
	t.Setenv("GOGC", "")
	stop := serveGC()
	for i := 0; pace() != serveMaxGCPercent; i++ {
		if i == 10000 {
			stop()
			t.Fatalf("after %d collections GOGC is %d, want %d (live heap %d)", i, pace(), serveMaxGCPercent, markedHeap())
		}
		runtime.GC()
		runtime.Gosched()
	}
	stop()
	if p := pace(); p != 100 {
		t.Errorf("after stop: GOGC %d, want 100", p)
	}
	runtime.GC()
	runtime.GC()
	if p := pace(); p != 100 {
		t.Errorf("a stopped pacer set GOGC %d", p)
	}
}

func pace() int {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return int(s[0].Value.Uint64())
}
