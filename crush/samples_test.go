package crush

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// A sample is one real tool output from testdata/samples.
type sample struct {
	name string
	in   []byte
}

// readSamples reads the real tool outputs under testdata/samples/<kind>.
func readSamples(t testing.TB, kind string) []sample {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "samples", kind, "*.txt"))
	if len(files) == 0 {
		t.Skipf("no samples in testdata/samples/%s", kind)
	}
	var s []sample
	for _, f := range files {
		in, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s = append(s, sample{strings.TrimSuffix(filepath.Base(f), ".txt"), in})
	}
	return s
}

// readSample reads testdata/samples/<kind>/<name>.txt, skipping the test
// when it is missing.
func readSample(t testing.TB, kind, name string) []byte {
	t.Helper()
	in, err := os.ReadFile(filepath.Join("..", "testdata", "samples", kind, name+".txt"))
	if err != nil {
		t.Skipf("sample %s/%s: %v", kind, name, err)
	}
	return in
}

// checkGolden compares got with testdata/golden/crush/<kind>/<name>.txt,
// rewriting it under -update.
func checkGolden(t *testing.T, kind, name string, got []byte) {
	t.Helper()
	path := filepath.Join("..", "testdata", "golden", "crush", kind, name+".txt")
	if *update {
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
		t.Fatalf("%v (run go test ./crush -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from golden file %s (run go test ./crush -update to accept)", name, path)
	}
}
