//go:build unix

package store_test

import (
	"syscall"
	"time"
)

// processCPU is the user+system CPU time the process has used, all
// threads: the store's background writer and applier included.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
