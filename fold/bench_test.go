package fold

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
)

// benchFolds are the built-in folds measured one by one.
var benchFolds = []struct {
	name string
	fold func([]byte) []byte
}{
	{"rg", func(b []byte) []byte { return foldSearch(b, nil) }},
	{"repeat", func(b []byte) []byte { return foldRepeat(b, nil) }},
	{"paths", func(b []byte) []byte { return foldPaths(b, nil) }},
	{"json", func(b []byte) []byte { t, _ := foldJSON(b); return t }},
	{"ansi", func(b []byte) []byte { t, _ := foldANSI(b, nil); return t }},
}

func sortedSamples(b *testing.B, kinds ...string) []string {
	all := samples(b)
	var names []string
	for n := range all {
		for _, k := range kinds {
			if strings.HasPrefix(n, k+"/") {
				names = append(names, n)
			}
		}
	}
	sort.Strings(names)
	return names
}

// BenchmarkFold measures each fold on each search, log and JSON sample,
// including the ones it does not apply to: bailing out must be fast too.
// ratio is folded/original (1 when the fold passes).
func BenchmarkFold(b *testing.B) {
	all := samples(b)
	names := sortedSamples(b, "search", "log", "json")
	for _, f := range benchFolds {
		for _, n := range names {
			in := all[n]
			b.Run(f.name+"/"+strings.ReplaceAll(strings.TrimSuffix(n, ".txt"), "/", "-"), func(b *testing.B) {
				out := f.fold(in)
				ratio := 1.0
				if out != nil {
					ratio = float64(len(out)) / float64(len(in))
				}
				b.SetBytes(int64(len(in)))
				for b.Loop() {
					f.fold(in)
				}
				b.ReportMetric(ratio, "ratio")
			})
		}
	}
}

// BenchmarkGate measures the whole lossless path (every fold, verification
// of each proposal) per kind of sample.
func BenchmarkGate(b *testing.B) {
	all := samples(b)
	kinds := map[string][]string{}
	for n := range all {
		k := n[:strings.IndexByte(n, '/')]
		kinds[k] = append(kinds[k], n)
	}
	keys := make([]string, 0, len(kinds))
	for k := range kinds {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	g := &Gate{}
	for _, k := range keys {
		b.Run(k, func(b *testing.B) {
			var in, out int
			for _, n := range kinds[k] {
				in += len(all[n])
				out += len(g.Fold(context.Background(), all[n], Info{}).Text)
			}
			b.SetBytes(int64(in))
			for b.Loop() {
				for _, n := range kinds[k] {
					g.Fold(context.Background(), all[n], Info{})
				}
			}
			b.ReportMetric(float64(out)/float64(in), "ratio")
		})
	}
}

// BenchmarkExpand measures undoing the folds of every sample.
func BenchmarkExpand(b *testing.B) {
	all := samples(b)
	var folded [][]byte
	var in int
	for _, n := range sortedSamples(b, "search", "log", "json") {
		o := (&Gate{}).Fold(context.Background(), all[n], Info{})
		folded = append(folded, o.Text)
		in += len(all[n])
	}
	b.SetBytes(int64(in))
	for b.Loop() {
		for _, f := range folded {
			if _, err := Expand(f); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestHugeInputMemory: a big single-line input (and a big pretty JSON
// document) must not make the gate allocate more than a few times its size.
func TestHugeInputMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates tens of megabytes")
	}
	const size = 24 << 20
	line := make([]byte, size)
	for i := range line {
		line[i] = "abc/def:12:ghi jkl"[i%18]
	}
	var pretty strings.Builder
	pretty.WriteString("[\n")
	for pretty.Len() < size {
		pretty.WriteString("  {\n    \"path\": \"github.com/kompress/kompress/fold\",\n    \"n\": 12345\n  },\n")
	}
	pretty.WriteString("  {}\n]\n")
	for name, in := range map[string][]byte{"single line": line, "pretty JSON": []byte(pretty.String())} {
		t.Run(name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			o := (&Gate{}).Fold(context.Background(), in, Info{})
			runtime.ReadMemStats(&after)
			alloc := after.TotalAlloc - before.TotalAlloc
			t.Logf("%d bytes in, %d out (%q), %d allocated (%.1fx)", len(in), len(o.Text), o.Label, alloc, float64(alloc)/float64(len(in)))
			if alloc > 5*uint64(len(in)) {
				t.Errorf("allocated %d bytes for %d bytes of input", alloc, len(in))
			}
		})
	}
}

// TestBenchSamplesExist keeps the benchmark honest: it must find samples.
func TestBenchSamplesExist(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "samples", "search", "*.txt"))
	if len(files) == 0 {
		if _, err := os.Stat(filepath.Join("..", "testdata", "samples")); err == nil {
			t.Error("no search samples found")
		}
	}
}
