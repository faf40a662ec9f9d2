//go:build !unix

package mustkeep

func cpuSeconds() float64 { return 0 }
