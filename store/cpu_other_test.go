//go:build !unix

package store_test

import "time"

// processCPU is not measured off Unix: the cpu-µs/op metric reads 0.
func processCPU() time.Duration { return 0 }
