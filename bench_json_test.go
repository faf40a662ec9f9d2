package kompress

import (
	"context"
	"testing"

	isample "github.com/kompress/kompress/internal/sample"
	"github.com/kompress/kompress/wire"
)

// BenchmarkJSONInputs measures the default path with token counts (as the
// CLI's --json runs it) over the JSON-heavy inputs: the json and mixed
// samples and the held-out JSON. Issue #9 tracks its CPU against gzip -1.
func BenchmarkJSONInputs(b *testing.B) {
	var all []sample
	for _, s := range samples(b) {
		if s.kind == "json" || s.kind == "mixed" {
			all = append(all, s)
		}
	}
	for _, s := range setSamples(b, "heldout") {
		if s.kind == "json" {
			all = append(all, s)
		}
	}
	var total int64
	for _, s := range all {
		total += int64(len(s.data))
	}
	e := New(Options{Store: memStore(b), Scorer: "heuristic"})
	b.SetBytes(total)
	cpu := isample.CPUTime()
	for b.Loop() {
		for _, s := range all {
			e.Compress(context.Background(), "", wire.CompressRequest{Content: string(s.data)})
		}
	}
	b.ReportMetric(float64(total)*float64(b.N)/(isample.CPUTime()-cpu).Seconds()/1e6, "cpu-MB/s")
}
