//go:build !unix

package scorer

func cpuSeconds() float64 { return 0 }
