package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"sync"
)

// A long-running service frees almost everything a request allocates, and
// with the bolt store its live heap stays small (the originals are in the
// file, not the heap): at the default pace (GOGC=100) the collector then
// runs every few tens of milliseconds, each cycle paying its fixed costs.
// Under load a bolt server ran 3 times the cycles of a memory-store one
// (whose originals are live heap): 26 µs of collector CPU a request
// against 17 (GODEBUG=gctrace=1, 4 KB logs at 16 connections). serveGC
// keeps the heap goal at least serveHeapGoal: after each cycle it sets the
// pace so that the live heap may grow to that goal, never below the
// default pace nor above serveMaxGCPercent. A big live heap (a memory
// store full of originals) runs at the default pace. GOGC, when set, wins.
const (
	serveHeapGoal     = 64 << 20
	serveMaxGCPercent = 800
)

// serveGC starts the pacing; the function it returns stops it and puts
// the default pace back.
func serveGC() (stop func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	p := &gcPacer{on: true}
	p.arm()
	return func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		p.on = false
		debug.SetGCPercent(100)
	}
}

// gcPacer is serveGC's state: on until stopped. The lock keeps a finalizer
// that is setting the pace from undoing a stop.
type gcPacer struct {
	mu sync.Mutex
	on bool
}

// gcSentinel is garbage from birth: its finalizer runs after the next
// collection, sets the pace and arms the next one, while the pacer is on.
type gcSentinel struct{ _ [16]byte }

func (p *gcPacer) arm() {
	runtime.SetFinalizer(&gcSentinel{}, func(*gcSentinel) {
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.on {
			debug.SetGCPercent(servePace(markedHeap()))
			p.arm()
		}
	})
}

// servePace is the GC percent that lets a live heap of live bytes grow to
// serveHeapGoal, within [100, serveMaxGCPercent].
func servePace(live uint64) int {
	if live == 0 {
		return serveMaxGCPercent
	}
	p := int(min(uint64(serveHeapGoal)*100/live, 1<<20)) - 100
	return min(max(p, 100), serveMaxGCPercent)
}

// markedHeap is the heap the last collection found live.
func markedHeap() uint64 { return runtimeMetric("/gc/heap/live:bytes") }
