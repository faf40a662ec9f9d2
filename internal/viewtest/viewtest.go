// Package viewtest holds what the lossy views' tests share: the real tool
// outputs under testdata/samples and the golden views under
// testdata/golden/crush.
package viewtest

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kompress/kompress/internal/lossy"
	ksample "github.com/kompress/kompress/internal/sample"
)

// Update rewrites golden files instead of comparing with them.
var Update = flag.Bool("update", false, "rewrite golden files")

// A Sample is one real tool output from testdata/samples.
type Sample struct {
	Name string
	In   []byte
}

// root returns the repository's testdata directory, found by walking up
// from the test's package directory to go.mod.
func root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "testdata")
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("go.mod not found above the test directory")
		}
		dir = up
	}
}

// Samples reads the real tool outputs under testdata/samples/<kind>.
func Samples(t testing.TB, kind string) []Sample {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(root(t), "samples", kind, "*.txt"))
	if len(files) == 0 {
		t.Skipf("no samples in testdata/samples/%s", kind)
	}
	var s []Sample
	for _, f := range files {
		in, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s = append(s, Sample{strings.TrimSuffix(filepath.Base(f), ".txt"), in})
	}
	return s
}

// Read reads testdata/samples/<kind>/<name>.txt, skipping the test when it
// is missing.
func Read(t testing.TB, kind, name string) []byte {
	t.Helper()
	in, err := os.ReadFile(filepath.Join(root(t), "samples", kind, name+".txt"))
	if err != nil {
		t.Skipf("sample %s/%s: %v", kind, name, err)
	}
	return in
}

// Golden compares got with testdata/golden/crush/<kind>/<name>.txt,
// rewriting it under -update.
func Golden(t *testing.T, kind, name string, got []byte) {
	t.Helper()
	path := filepath.Join(root(t), "golden", "crush", kind, name+".txt")
	if *Update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./internal/%sview -update)", err, kind)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from golden file %s (run go test ./internal/%sview -update to accept)", name, path, kind)
	}
}

// Lines splits a text into its lines, without a last empty one.
func Lines(b []byte) [][]byte {
	if len(b) == 0 {
		return nil
	}
	return bytes.Split(bytes.TrimSuffix(b, []byte{'\n'}), []byte{'\n'})
}

// CheckSamples runs a compressor over every sample of a kind: it must
// be deterministic, and its ratio must stay under the ceiling measured for
// the samples listed in ceilings (lossy.ErrNoGain allowed where the ceiling is 0).
func CheckSamples(t *testing.T, kind string, f func([]byte, lossy.Options) ([]byte, error), ceilings map[string]float64,
	check func(t *testing.T, name string, in, out []byte)) {
	for _, s := range Samples(t, kind) {
		t.Run(s.Name, func(t *testing.T) {
			out, err := f(s.In, lossy.Options{})
			again, err2 := f(s.In, lossy.Options{})
			if !bytes.Equal(out, again) || !errors.Is(err, err2) && err != err2 {
				t.Fatal("not deterministic")
			}
			ceiling, measured := ceilings[s.Name]
			if err != nil {
				if !errors.Is(err, lossy.ErrNoGain) {
					t.Fatalf("error %v, want nil or lossy.ErrNoGain", err)
				}
				if measured && ceiling > 0 {
					t.Fatalf("lossy.ErrNoGain, want ratio <= %.3f", ceiling)
				}
				return
			}
			ratio := float64(len(out)) / float64(len(s.In))
			if measured && ratio > ceiling {
				t.Errorf("ratio %.3f, want <= %.3f", ratio, ceiling)
			}
			if measured && ceiling == 0 {
				t.Errorf("ratio %.3f, want lossy.ErrNoGain", ratio)
			}
			if check != nil {
				check(t, s.Name, s.In, out)
			}
		})
	}
}

// Bench reports MB/s and the mean ratio of a compressor over a kind's
// samples.
func Bench(b *testing.B, kind string, f func([]byte, lossy.Options) ([]byte, error)) {
	samples := Samples(b, kind)
	var total int
	for _, s := range samples {
		total += len(s.In)
	}
	var ratioSum float64
	for _, s := range samples {
		out, err := f(s.In, lossy.Options{})
		if err != nil {
			out = s.In
		}
		ratioSum += float64(len(out)) / float64(len(s.In))
	}
	cpu0 := ksample.CPUTime()
	for b.Loop() {
		for _, s := range samples {
			_, _ = f(s.In, lossy.Options{})
		}
	}
	mb := float64(total) * float64(b.N) / 1e6
	b.ReportMetric(mb/b.Elapsed().Seconds(), "MB/s")
	// The machine is shared: CPU time says more than wall time.
	if cpu := (ksample.CPUTime() - cpu0).Seconds(); cpu > 0 {
		b.ReportMetric(mb/cpu, "MB/cpu-s")
	}
	b.ReportMetric(ratioSum/float64(len(samples)), "ratio")
}
