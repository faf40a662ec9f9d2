// Package sample loads the real tool outputs under testdata/samples for
// tests and benchmarks, and measures CPU time for benchmarks that run on
// shared machines.
package sample

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Sample is one file testdata/samples/<Kind>/<Name>.
type Sample struct {
	Kind, Name, Text string
}

// Dir is the testdata/samples directory of this module.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata", "samples")
}

// Load returns the samples of kind in name order, skipping tb when there
// are none.
func Load(tb testing.TB, kind string) []Sample {
	tb.Helper()
	if _, err := os.Stat(Dir()); err != nil {
		// A wrong path must not turn every sample check into a skip.
		tb.Fatalf("samples directory: %v", err)
	}
	paths, _ := filepath.Glob(filepath.Join(Dir(), kind, "*.txt"))
	if len(paths) == 0 {
		tb.Skipf("no samples under testdata/samples/%s", kind)
	}
	out := make([]Sample, 0, len(paths)) // Glob sorts: a stable order
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, Sample{Kind: kind, Name: filepath.Base(p), Text: string(b)})
	}
	return out
}
