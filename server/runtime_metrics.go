package server

import (
	"runtime"
	"runtime/debug"
	rtmetrics "runtime/metrics"
	"slices"
	"time"
)

// The go_* families the Prometheus client's Go collector exposed, under
// the same names, read at each scrape: runtime/metrics for memory and
// scheduler figures, debug.ReadGCStats for the pause summary.

// runtimeSamples are the runtime/metrics a scrape reads.
var runtimeSamples = []string{
	"/memory/classes/heap/objects:bytes",
	"/gc/heap/allocs:bytes",
	"/gc/heap/allocs:objects",
	"/gc/heap/tiny/allocs:objects",
	"/gc/heap/frees:objects",
	"/gc/heap/objects:objects",
	"/memory/classes/heap/released:bytes",
	"/memory/classes/heap/free:bytes",
	"/memory/classes/heap/unused:bytes",
	"/memory/classes/heap/stacks:bytes",
	"/memory/classes/os-stacks:bytes",
	"/memory/classes/metadata/mspan/inuse:bytes",
	"/memory/classes/metadata/mspan/free:bytes",
	"/memory/classes/metadata/mcache/inuse:bytes",
	"/memory/classes/metadata/mcache/free:bytes",
	"/memory/classes/profiling/buckets:bytes",
	"/memory/classes/metadata/other:bytes",
	"/memory/classes/other:bytes",
	"/memory/classes/total:bytes",
	"/gc/heap/goal:bytes",
	"/sched/gomaxprocs:threads",
	"/gc/gogc:percent",
	"/gc/gomemlimit:bytes",
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
	v := func(name string) float64 {
		i := slices.Index(runtimeSamples, name)
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
		gauge("go_gc_gogc_percent", "Heap size target percentage (GOGC, debug.SetGCPercent). From /gc/gogc:percent.", v("/gc/gogc:percent")),
		gauge("go_gc_gomemlimit_bytes", "Go runtime memory limit (GOMEMLIMIT, debug.SetMemoryLimit). From /gc/gomemlimit:bytes.", v("/gc/gomemlimit:bytes")),
		gauge("go_goroutines", "Number of goroutines that currently exist.", float64(runtime.NumGoroutine())),
		{name: "go_info", help: "Information about the Go environment.", kind: kindGauge,
			samples: []sample{{labels: []string{"version", runtime.Version()}, value: 1}}},
		gauge("go_memstats_alloc_bytes", "Heap bytes allocated and in use. From /memory/classes/heap/objects:bytes.", v("/memory/classes/heap/objects:bytes")),
		counter("go_memstats_alloc_bytes_total", "Heap bytes allocated, freed ones included. From /gc/heap/allocs:bytes.", v("/gc/heap/allocs:bytes")),
		gauge("go_memstats_buck_hash_sys_bytes", "Bytes of the profiling bucket hash table. From /memory/classes/profiling/buckets:bytes.", v("/memory/classes/profiling/buckets:bytes")),
		counter("go_memstats_frees_total", "Heap objects freed. From /gc/heap/frees:objects + /gc/heap/tiny/allocs:objects.", v("/gc/heap/frees:objects")+v("/gc/heap/tiny/allocs:objects")),
		gauge("go_memstats_gc_sys_bytes", "Bytes of garbage collection metadata. From /memory/classes/metadata/other:bytes.", v("/memory/classes/metadata/other:bytes")),
		gauge("go_memstats_heap_alloc_bytes", "Heap bytes allocated and in use, as go_memstats_alloc_bytes. From /memory/classes/heap/objects:bytes.", v("/memory/classes/heap/objects:bytes")),
		gauge("go_memstats_heap_idle_bytes", "Heap bytes waiting to be used. From /memory/classes/heap/released:bytes + /memory/classes/heap/free:bytes.", v("/memory/classes/heap/released:bytes")+v("/memory/classes/heap/free:bytes")),
		gauge("go_memstats_heap_inuse_bytes", "Heap bytes in use. From /memory/classes/heap/objects:bytes + /memory/classes/heap/unused:bytes.", v("/memory/classes/heap/objects:bytes")+v("/memory/classes/heap/unused:bytes")),
		gauge("go_memstats_heap_objects", "Heap objects allocated. From /gc/heap/objects:objects.", v("/gc/heap/objects:objects")),
		gauge("go_memstats_heap_released_bytes", "Heap bytes released to the OS. From /memory/classes/heap/released:bytes.", v("/memory/classes/heap/released:bytes")),
		gauge("go_memstats_heap_sys_bytes", "Heap bytes obtained from the OS. From /memory/classes/heap/{objects,unused,released,free}:bytes.", v("/memory/classes/heap/objects:bytes")+v("/memory/classes/heap/unused:bytes")+v("/memory/classes/heap/released:bytes")+v("/memory/classes/heap/free:bytes")),
		gauge("go_memstats_last_gc_time_seconds", "Seconds since 1970 of the last garbage collection.", lastGC),
		counter("go_memstats_mallocs_total", "Heap objects allocated, freed ones included. From /gc/heap/allocs:objects + /gc/heap/tiny/allocs:objects.", v("/gc/heap/allocs:objects")+v("/gc/heap/tiny/allocs:objects")),
		gauge("go_memstats_mcache_inuse_bytes", "Bytes in use by mcache structures. From /memory/classes/metadata/mcache/inuse:bytes.", v("/memory/classes/metadata/mcache/inuse:bytes")),
		gauge("go_memstats_mcache_sys_bytes", "Bytes of mcache structures obtained from the OS. From /memory/classes/metadata/mcache/{inuse,free}:bytes.", v("/memory/classes/metadata/mcache/inuse:bytes")+v("/memory/classes/metadata/mcache/free:bytes")),
		gauge("go_memstats_mspan_inuse_bytes", "Bytes in use by mspan structures. From /memory/classes/metadata/mspan/inuse:bytes.", v("/memory/classes/metadata/mspan/inuse:bytes")),
		gauge("go_memstats_mspan_sys_bytes", "Bytes of mspan structures obtained from the OS. From /memory/classes/metadata/mspan/{inuse,free}:bytes.", v("/memory/classes/metadata/mspan/inuse:bytes")+v("/memory/classes/metadata/mspan/free:bytes")),
		gauge("go_memstats_next_gc_bytes", "Heap bytes at which the next garbage collection starts. From /gc/heap/goal:bytes.", v("/gc/heap/goal:bytes")),
		gauge("go_memstats_other_sys_bytes", "Bytes of other runtime allocations. From /memory/classes/other:bytes.", v("/memory/classes/other:bytes")),
		gauge("go_memstats_stack_inuse_bytes", "Bytes of the stack allocator in use. From /memory/classes/heap/stacks:bytes.", v("/memory/classes/heap/stacks:bytes")),
		gauge("go_memstats_stack_sys_bytes", "Bytes of stacks obtained from the OS. From /memory/classes/heap/stacks:bytes + /memory/classes/os-stacks:bytes.", v("/memory/classes/heap/stacks:bytes")+v("/memory/classes/os-stacks:bytes")),
		gauge("go_memstats_sys_bytes", "Bytes obtained from the OS. From /memory/classes/total:bytes.", v("/memory/classes/total:bytes")),
		gauge("go_sched_gomaxprocs_threads", "The current runtime.GOMAXPROCS. From /sched/gomaxprocs:threads.", v("/sched/gomaxprocs:threads")),
		gauge("go_threads", "Number of OS threads created.", float64(threads)),
	}
}
