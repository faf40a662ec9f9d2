//go:build unix

package sample

import (
	"syscall"
	"time"
)

// CPUTime returns the CPU time (user and system) the process has used.
// Benchmarks report throughput per CPU second too: on a shared machine wall
// time mostly measures the neighbours.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
