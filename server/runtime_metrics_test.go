package server

import (
	rtmetrics "runtime/metrics"
	"testing"
)

// TestRuntimeSamplesSupported: every runtime/metrics name a scrape reads
// exists in this Go version (an unknown one would read as 0, silently).
func TestRuntimeSamplesSupported(t *testing.T) {
	ss := make([]rtmetrics.Sample, len(runtimeSamples))
	for i, n := range runtimeSamples {
		ss[i].Name = n
	}
	rtmetrics.Read(ss)
	for _, s := range ss {
		if s.Value.Kind() == rtmetrics.KindBad {
			t.Errorf("%s: not a runtime metric", s.Name)
		}
	}
}
