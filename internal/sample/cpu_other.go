//go:build !unix

package sample

import "time"

// CPUTime is 0 where getrusage is unavailable; benchmarks then report
// wall-clock throughput only.
func CPUTime() time.Duration { return 0 }
