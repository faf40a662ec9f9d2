package server

import (
	"runtime"
	"runtime/debug"
	rtmetrics "runtime/metrics"
	"time"
)

// The go_* families the Prometheus client's Go collector exposed, under
// the same names, read at each scrape: runtime/metrics for memory and
// scheduler figures, debug.ReadGCStats for the pause summary.

// runtimeSamples are the runtime/metrics a scrape reads, in this order.
var runtimeSamples = []string{
	"/memory/classes/heap/objects:bytes",          // 0
	"/gc/heap/allocs:bytes",                       // 1
	"/gc/heap/allocs:objects",                     // 2
	"/gc/heap/tiny/allocs:objects",                // 3
	"/gc/heap/frees:objects",                      // 4
	"/gc/heap/objects:objects",                    // 5
	"/memory/classes/heap/released:bytes",         // 6
	"/memory/classes/heap/free:bytes",             // 7
	"/memory/classes/heap/unused:bytes",           // 8
	"/memory/classes/heap/stacks:bytes",           // 9
	"/memory/classes/os-stacks:bytes",             // 10
	"/memory/classes/metadata/mspan/inuse:bytes",  // 11
	"/memory/classes/metadata/mspan/free:bytes",   // 12
	"/memory/classes/metadata/mcache/inuse:bytes", // 13
	"/memory/classes/metadata/mcache/free:bytes",  // 14
	"/memory/classes/profiling/buckets:bytes",     // 15
	"/memory/classes/metadata/other:bytes",        // 16
	"/memory/classes/other:bytes",                 // 17
	"/memory/classes/total:bytes",                 // 18
	"/gc/heap/goal:bytes",                         // 19
	"/sched/gomaxprocs:threads",                   // 20
	"/gc/gogc:percent",                            // 21
	"/gc/gomemlimit:bytes",                        // 22
}

// gauge and counter are families of one series without labels.
func gauge(name, help string, v float64) snapshot { return single(kindGauge, name, help, v) }

func counter(name, help string, v float64) snapshot { return single(kindCounter, name, help, v) }

func single(kind, name, help string, v float64) snapshot {
	return snapshot{name: name, help: help, kind: kind, samples: []sample{{value: v}}}
}

// readRuntime returns the go_* families.
func readRuntime() []snapshot {
	ss := make([]rtmetrics.Sample, len(runtimeSamples))
	for i, n := range runtimeSamples {
		ss[i].Name = n
	}
	rtmetrics.Read(ss)
	v := func(i int) float64 {
		switch ss[i].Value.Kind() {
		case rtmetrics.KindUint64:
			return float64(ss[i].Value.Uint64())
		case rtmetrics.KindFloat64:
			return ss[i].Value.Float64()
		}
		return 0 // not supported by this Go version
	}

	gc := debug.GCStats{PauseQuantiles: make([]time.Duration, 5)}
	debug.ReadGCStats(&gc)
	pauses := snapshot{name: "go_gc_duration_seconds", kind: kindSummary,
		help: "A summary of the wall-time pause (stop-the-world) duration in garbage collection cycles."}
	for i, q := range []string{"0", "0.25", "0.5", "0.75", "1"} {
		pauses.samples = append(pauses.samples, sample{labels: []string{"quantile", q}, value: gc.PauseQuantiles[i].Seconds()})
	}
	pauses.samples = append(pauses.samples,
		sample{suffix: "_sum", value: gc.PauseTotal.Seconds()},
		sample{suffix: "_count", value: float64(gc.NumGC)})
	lastGC := 0.0
	if gc.NumGC > 0 {
		lastGC = float64(gc.LastGC.UnixNano()) / 1e9
	}
	threads, _ := runtime.ThreadCreateProfile(nil)

	return []snapshot{
		pauses,
		gauge("go_gc_gogc_percent", "Heap size target percentage (GOGC, debug.SetGCPercent). From /gc/gogc:percent.", v(21)),
		gauge("go_gc_gomemlimit_bytes", "Go runtime memory limit (GOMEMLIMIT, debug.SetMemoryLimit). From /gc/gomemlimit:bytes.", v(22)),
		gauge("go_goroutines", "Number of goroutines that currently exist.", float64(runtime.NumGoroutine())),
		{name: "go_info", help: "Information about the Go environment.", kind: kindGauge,
			samples: []sample{{labels: []string{"version", runtime.Version()}, value: 1}}},
		gauge("go_memstats_alloc_bytes", "Heap bytes allocated and in use. From /memory/classes/heap/objects:bytes.", v(0)),
		counter("go_memstats_alloc_bytes_total", "Heap bytes allocated, freed ones included. From /gc/heap/allocs:bytes.", v(1)),
		gauge("go_memstats_buck_hash_sys_bytes", "Bytes of the profiling bucket hash table. From /memory/classes/profiling/buckets:bytes.", v(15)),
		counter("go_memstats_frees_total", "Heap objects freed. From /gc/heap/frees:objects + /gc/heap/tiny/allocs:objects.", v(4)+v(3)),
		gauge("go_memstats_gc_sys_bytes", "Bytes of garbage collection metadata. From /memory/classes/metadata/other:bytes.", v(16)),
		gauge("go_memstats_heap_alloc_bytes", "Heap bytes allocated and in use, as go_memstats_alloc_bytes. From /memory/classes/heap/objects:bytes.", v(0)),
		gauge("go_memstats_heap_idle_bytes", "Heap bytes waiting to be used. From /memory/classes/heap/released:bytes + /memory/classes/heap/free:bytes.", v(6)+v(7)),
		gauge("go_memstats_heap_inuse_bytes", "Heap bytes in use. From /memory/classes/heap/objects:bytes + /memory/classes/heap/unused:bytes.", v(0)+v(8)),
		gauge("go_memstats_heap_objects", "Heap objects allocated. From /gc/heap/objects:objects.", v(5)),
		gauge("go_memstats_heap_released_bytes", "Heap bytes released to the OS. From /memory/classes/heap/released:bytes.", v(6)),
		gauge("go_memstats_heap_sys_bytes", "Heap bytes obtained from the OS. From /memory/classes/heap/{objects,unused,released,free}:bytes.", v(0)+v(8)+v(6)+v(7)),
		gauge("go_memstats_last_gc_time_seconds", "Seconds since 1970 of the last garbage collection.", lastGC),
		counter("go_memstats_mallocs_total", "Heap objects allocated, freed ones included. From /gc/heap/allocs:objects + /gc/heap/tiny/allocs:objects.", v(2)+v(3)),
		gauge("go_memstats_mcache_inuse_bytes", "Bytes in use by mcache structures. From /memory/classes/metadata/mcache/inuse:bytes.", v(13)),
		gauge("go_memstats_mcache_sys_bytes", "Bytes of mcache structures obtained from the OS. From /memory/classes/metadata/mcache/{inuse,free}:bytes.", v(13)+v(14)),
		gauge("go_memstats_mspan_inuse_bytes", "Bytes in use by mspan structures. From /memory/classes/metadata/mspan/inuse:bytes.", v(11)),
		gauge("go_memstats_mspan_sys_bytes", "Bytes of mspan structures obtained from the OS. From /memory/classes/metadata/mspan/{inuse,free}:bytes.", v(11)+v(12)),
		gauge("go_memstats_next_gc_bytes", "Heap bytes at which the next garbage collection starts. From /gc/heap/goal:bytes.", v(19)),
		gauge("go_memstats_other_sys_bytes", "Bytes of other runtime allocations. From /memory/classes/other:bytes.", v(17)),
		gauge("go_memstats_stack_inuse_bytes", "Bytes of the stack allocator in use. From /memory/classes/heap/stacks:bytes.", v(9)),
		gauge("go_memstats_stack_sys_bytes", "Bytes of stacks obtained from the OS. From /memory/classes/heap/stacks:bytes + /memory/classes/os-stacks:bytes.", v(9)+v(10)),
		gauge("go_memstats_sys_bytes", "Bytes obtained from the OS. From /memory/classes/total:bytes.", v(18)),
		gauge("go_sched_gomaxprocs_threads", "The current runtime.GOMAXPROCS. From /sched/gomaxprocs:threads.", v(20)),
		gauge("go_threads", "Number of OS threads created.", float64(threads)),
	}
}
