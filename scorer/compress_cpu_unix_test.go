//go:build unix

package scorer

import "syscall"

// cpuSeconds returns the process's user+system CPU time. Benchmarks report
// throughput per CPU second too: on a shared machine wall time mostly
// measures the neighbours.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
}
