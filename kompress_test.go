package kompress

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/kompress/kompress/internal/logview"
	"github.com/kompress/kompress/internal/lossy"

	"github.com/kompress/kompress/internal/ansi"

	"github.com/kompress/kompress/fold"
	"github.com/kompress/kompress/internal/failure"
	"github.com/kompress/kompress/internal/marker"
	isample "github.com/kompress/kompress/internal/sample"
	"github.com/kompress/kompress/internal/tokencount"
	"github.com/kompress/kompress/model"
	"github.com/kompress/kompress/router"
	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/tokenize"
	"github.com/kompress/kompress/wire"
)

// sample is one real tool output from testdata/samples/<kind>/<name>.txt.
type sample struct {
	kind, name string
	data       []byte
}

func samples(t testing.TB) []sample {
	t.Helper()
	out := setSamples(t, "samples")
	if len(out) == 0 {
		t.Skip("no samples under testdata/samples")
	}
	return out
}

func memStore(t testing.TB) store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), "memory:", store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func newEngine(t testing.TB, st store.Store) *Engine {
	return New(Options{Store: st, Scorer: "heuristic"})
}

func compress(t testing.TB, e *Engine, req wire.CompressRequest) wire.Result {
	t.Helper()
	res, err := e.Compress(context.Background(), "", req)
	if err != nil {
		t.Fatalf("Compress: %v", err)
	}
	return res
}

// TestInvalidUTF8Compresses checks that a few bytes that are not UTF-8 in
// a long log (a Latin-1 name, a character cut in two) do not make the whole
// output pass through: the log view runs, the bad bytes stay as they were
// in the lines shown, every failure line too, and retrieve gives the exact
// input back.
func TestInvalidUTF8Compresses(t *testing.T) {
	in, err := os.ReadFile(filepath.Join("testdata", "samples", "log", "python-worker-badutf8.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if utf8.Valid(in) {
		t.Fatal("sample is valid UTF-8")
	}
	e := newEngine(t, memStore(t))
	res := compress(t, e, wire.CompressRequest{Content: string(in)})
	if res.Strategy != "lossy:log" {
		t.Fatalf("strategy %q, want lossy:log", res.Strategy)
	}
	checkFailuresKept(t, in, res.Text)
	for _, l := range bytes.Split(in, []byte("\n")) {
		if !utf8.Valid(l) && bytes.HasPrefix(l, []byte("ValueError")) && !strings.Contains(res.Text, string(l)+"\n") {
			t.Errorf("failure line with a cut character not kept verbatim: %q", l)
		}
	}
	got, err := e.Retrieve(context.Background(), "", res.CCRID)
	if err != nil || !bytes.Equal(got, in) {
		t.Fatalf("retrieve %s: err %v, exact %v", res.CCRID, err, bytes.Equal(got, in))
	}
}

func TestPassThrough(t *testing.T) {
	e := newEngine(t, memStore(t))
	big := strings.Repeat("x", 600)
	orig, err := os.ReadFile("testdata/samples/log/x-gotest-json-panic.txt")
	if err != nil {
		t.Fatal(err)
	}
	retrieved := string(orig)
	tests := []struct {
		name, in, tool, strategy string
	}{
		{"empty", "", "", "passthrough-empty"},
		{"small", "--- FAIL: TestX (0.00s)\n", "", "passthrough-small"},
		{"binary", big + "\x00" + big, "", "passthrough-binary"},
		{"invalid utf-8", big + strings.Repeat("\xff\xfe", 10) + big, "", "passthrough-invalid-utf8"},
		// What kompress_retrieve gave back is the original the model
		// asked for; compressed again it would be its marker once more.
		{"retrieved", retrieved, "kompress_retrieve", "passthrough-retrieved"},
		{"retrieved over MCP", retrieved, "mcp__kompress__kompress_retrieve", "passthrough-retrieved"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := compress(t, e, wire.CompressRequest{Content: tt.in, Tool: tt.tool})
			if res.Text != tt.in {
				t.Errorf("text changed")
			}
			if res.Strategy != tt.strategy {
				t.Errorf("strategy = %q, want %q", res.Strategy, tt.strategy)
			}
			// Untouched text is lossless (DESIGN: true whenever text
			// equals the input).
			if res.CCRID != "" || !res.Lossless || res.Equivalence != "byte" {
				t.Errorf("pass-through: ccr_id %q lossless %v equivalence %q, want no id, lossless byte", res.CCRID, res.Lossless, res.Equivalence)
			}
		})
	}
}

// TestSamples checks the invariants on every real sample: failure lines
// survive verbatim, lossy results retrieve and expand to the exact original,
// lossless results recover under their declared equivalence, and the result
// is deterministic.
func TestSamples(t *testing.T) {
	st := memStore(t)
	e := newEngine(t, st)
	for _, s := range samples(t) {
		t.Run(s.kind+"/"+s.name, func(t *testing.T) {
			req := wire.CompressRequest{Content: string(s.data)}
			res := compress(t, e, req)
			checkFailuresKept(t, s.data, res.Text)
			switch {
			case res.Lossless:
				checkRecovers(t, s.data, res)
				if res.CCRID != "" { // JSON- and visible-equal results keep the exact bytes too
					if got, err := e.Retrieve(context.Background(), "", res.CCRID); err != nil || !bytes.Equal(got, s.data) {
						t.Fatalf("retrieve %s of a %s-equal result: err %v", res.CCRID, res.Equivalence, err)
					}
					// and name them, so expand gives the input back.
					if exp, err := e.Expand(context.Background(), "", res.Text); err != nil || exp.Text != string(s.data) {
						t.Fatalf("expand of a %s-equal result: err %v, exact %v", res.Equivalence, err, exp.Text == string(s.data))
					}
				}
			case res.CCRID != "":
				got, err := e.Retrieve(context.Background(), "", res.CCRID)
				if err != nil || !bytes.Equal(got, s.data) {
					t.Fatalf("retrieve %s: err %v, exact %v", res.CCRID, err, bytes.Equal(got, s.data))
				}
				exp, err := e.Expand(context.Background(), "", res.Text)
				if err != nil || exp.Text != string(s.data) {
					t.Fatalf("expand of lossy result: err %v, exact %v", err, exp.Text == string(s.data))
				}
				refs := marker.Find([]byte(res.Text))
				if len(refs) == 0 || refs[len(refs)-1].ID != res.CCRID {
					t.Fatalf("lossy text has no marker naming %s", res.CCRID)
				}
				// The marker never says everything was omitted while the
				// view shows some of it.
				if m := refs[len(refs)-1]; m.Omitted >= m.Total && viewShows([]byte(res.Text[:m.Start])) {
					t.Errorf("marker says %d of %d %s omitted, but the view shows rows", m.Omitted, m.Total, m.Unit)
				}
			default:
				if res.Text != string(s.data) {
					t.Fatalf("strategy %s changed the text without being lossless or lossy", res.Strategy)
				}
			}
			again := compress(t, New(Options{Store: memStore(t), Scorer: "heuristic"}), req)
			if again.Text != res.Text || again.CCRID != res.CCRID {
				t.Errorf("not deterministic across engines")
			}
			t.Logf("%-8s %-8s %6d -> %6d bytes (%.3f) %s", s.kind, router.Kind(res.Kind), res.OriginalBytes, res.CompressedBytes,
				float64(res.CompressedBytes)/float64(max(res.OriginalBytes, 1)), res.Strategy)
		})
	}
}

func checkRecovers(t *testing.T, orig []byte, res wire.Result) {
	t.Helper()
	text := []byte(res.Text)
	if res.CCRID != "" {
		// A result that is not byte-equal ends with the marker naming
		// the exact bytes; the equivalence holds for the text before it.
		refs := marker.Find(text)
		if len(refs) == 0 || refs[len(refs)-1].ID != res.CCRID {
			t.Fatalf("a %s-equal result with ccr_id %s has no marker naming it", res.Equivalence, res.CCRID)
		}
		m := refs[len(refs)-1]
		if len(bytes.TrimSpace(text[m.End:])) != 0 {
			t.Fatalf("the marker of a %s-equal result is not its last line", res.Equivalence)
		}
		text = text[:m.Start]
		if len(orig) > 0 && orig[len(orig)-1] != '\n' {
			text = bytes.TrimSuffix(text, []byte("\n"))
		}
		res.Text = string(text)
	}
	got, err := fold.Expand([]byte(res.Text))
	if err != nil {
		t.Fatalf("fold.Expand: %v", err)
	}
	if err := fold.Verify(orig, []byte(res.Text), fold.Equivalence(res.Equivalence)); err != nil {
		t.Fatalf("lossless result fails its declared %q equivalence: %v", res.Equivalence, err)
	}
	if res.Equivalence == string(fold.Byte) && !bytes.Equal(got, orig) {
		t.Fatalf("byte-equivalent result does not expand to the original")
	}
}

// checkFailuresKept asserts every failure line of the input, judged as the
// router sees each section, appears verbatim as a line of out.
func checkFailuresKept(t *testing.T, in []byte, out string) {
	t.Helper()
	in, out = ansi.Strip(in), string(ansi.Strip([]byte(out)))
	outLines := map[string]bool{}
	for l := range strings.Lines(out) {
		outLines[strings.TrimRight(l, "\r\n")] = true
	}
	for _, sec := range router.Split(in) {
		part := in[sec.Start:sec.End]
		if text := logview.GoTestText(part); sec.Kind == router.Log && text != nil {
			// go test -json: its failure lines count as kept either as the
			// raw events (pass-through) or as the text they carry.
			if len(failure.Missing(sec.Kind, part, []byte(out))) == 0 {
				continue
			}
			part = text
		}
		if sec.Kind == router.HTML || sec.Kind == router.JSON {
			// A page's lines are sought as it shows them, a JSON
			// string's inside literals: see failure.AbsentIn.
			for _, l := range failure.Missing(sec.Kind, part, []byte(out)) {
				t.Errorf("failure line lost: %q", l)
			}
			continue
		}
		for _, l := range failure.Lines(sec.Kind, part) {
			line := strings.TrimRight(string(l), "\r\n")
			if !outLines[line] && !strings.Contains(out, line) {
				t.Errorf("failure line lost: %q", line)
			}
		}
	}
}

func TestLosslessOnly(t *testing.T) {
	e := newEngine(t, memStore(t))
	for _, s := range samples(t) {
		res := compress(t, e, wire.CompressRequest{Content: string(s.data), LosslessOnly: true})
		if res.CCRID != "" || strings.HasPrefix(res.Strategy, "lossy") {
			t.Errorf("%s/%s: lossless-only gave %s", s.kind, s.name, res.Strategy)
		}
		if res.Lossless {
			checkRecovers(t, s.data, res)
		} else if res.Text != string(s.data) {
			t.Errorf("%s/%s: text changed by %s", s.kind, s.name, res.Strategy)
		}
	}
}

// failingStore refuses every write, like a dead Redis.
type failingStore struct{ store.Store }

func (failingStore) Put(context.Context, string, []byte) (string, error) {
	return "", store.ErrUnavailable
}

func TestStoreDownNothingLost(t *testing.T) {
	e := newEngine(t, failingStore{memStore(t)})
	lossyBefore := 0
	ref := newEngine(t, memStore(t))
	for _, s := range samples(t) {
		if compress(t, ref, wire.CompressRequest{Content: string(s.data)}).CCRID != "" {
			lossyBefore++
		}
		res := compress(t, e, wire.CompressRequest{Content: string(s.data)})
		if res.CCRID != "" || len(marker.Find([]byte(res.Text))) > len(marker.Find(s.data)) {
			t.Fatalf("%s: marker without a stored original", s.name)
		}
		if res.Equivalence == string(fold.Visible) {
			t.Fatalf("%s: colour codes dropped without the original stored", s.name)
		}
		if res.Lossless {
			checkRecovers(t, s.data, res)
		} else if res.Text != string(s.data) {
			t.Fatalf("%s: text changed without the original stored", s.name)
		}
	}
	if lossyBefore == 0 {
		t.Fatal("no sample compresses lossily with a working store; the test proves nothing")
	}
}

func TestGroundTruthProtected(t *testing.T) {
	e := newEngine(t, memStore(t))
	for _, s := range samples(t) {
		for _, tool := range []string{"Read", "edit", "Write"} {
			res := compress(t, e, wire.CompressRequest{Content: string(s.data), Tool: tool})
			if !res.Lossless && res.Text != string(s.data) || res.Lossless && res.Equivalence != string(fold.Byte) {
				t.Errorf("%s via %s: %s (equivalence %q)", s.name, tool, res.Strategy, res.Equivalence)
			}
		}
		if s.kind == "code" {
			// Colour may go (a visible-equal fold, original stored), nothing else.
			if res := compress(t, e, wire.CompressRequest{Content: string(s.data)}); res.CCRID != "" && !res.Lossless {
				t.Errorf("source %s compressed lossily: %s", s.name, res.Strategy)
			}
		}
	}
}

func TestOwnMarkersSurviveRecompression(t *testing.T) {
	st := memStore(t)
	e := newEngine(t, st)
	nested := 0
	for _, s := range samples(t) {
		first := compress(t, e, wire.CompressRequest{Content: string(s.data)})
		if first.CCRID == "" {
			continue
		}
		// The agent concatenates a compressed result with more output and
		// sends it through again: our marker must come out verbatim.
		doubled := first.Text + "\n" + string(s.data)
		second := compress(t, e, wire.CompressRequest{Content: doubled})
		for _, r := range marker.Find([]byte(first.Text)) {
			marker := first.Text[r.Start:r.End]
			if !strings.Contains(second.Text, marker) {
				t.Errorf("%s: marker %q lost on recompression (%s)", s.name, marker, second.Strategy)
			}
		}
		// Expanding a lossy outer result gives the doubled input back, with
		// the inner marker as it was (not expanded a second time).
		if second.CCRID == "" || second.Lossless {
			continue
		}
		nested++
		if got, err := e.Expand(context.Background(), "", second.Text); err != nil || got.Text != doubled {
			t.Errorf("%s: expand of a result holding a result: err %v, exact %v", s.name, err, got.Text == doubled)
		}
	}
	if nested == 0 {
		t.Error("no sample gave a lossy result holding a lossy result; the expand check proved nothing")
	}
}

func TestExpandLeavesForeignMarkers(t *testing.T) {
	e := newEngine(t, memStore(t))
	real := marker.Marker("0123456789ab", 5, 10, "lines")
	text := "before\n" + real + "\nafter\n"
	res, err := e.Expand(context.Background(), "", text)
	if err != nil {
		t.Fatal(err)
	}
	if res.Text != text || len(res.Missing) != 1 {
		t.Errorf("unknown marker changed the text or was not reported missing: %+v", res)
	}
}

func TestBadOptions(t *testing.T) {
	e := newEngine(t, memStore(t))
	for _, r := range []float64{0, 1, -0.5, 2} {
		_, err := e.Compress(context.Background(), "", wire.CompressRequest{Content: "x", TargetRatio: &r})
		if !errors.Is(err, ErrBadRequest) {
			t.Errorf("target_ratio %v: err %v, want ErrBadRequest", r, err)
		}
	}
	if _, err := e.Compress(context.Background(), "", wire.CompressRequest{Content: "x", Scorer: "gpu"}); !errors.Is(err, ErrBadRequest) {
		t.Errorf("bad scorer accepted: %v", err)
	}
}

func FuzzCompress(f *testing.F) {
	files, _ := filepath.Glob("testdata/samples/*/*.txt")
	for i, p := range files {
		if i%3 != 0 {
			continue
		}
		d, _ := os.ReadFile(p)
		f.Add(d, false)
	}
	f.Add([]byte(strings.Repeat("a:1:x\n", 200)), true)
	st, err := store.Open(context.Background(), "memory:", store.Options{})
	if err != nil {
		f.Fatal(err)
	}
	e := New(Options{Store: st, Scorer: "heuristic", Encoding: "none"})
	f.Fuzz(func(t *testing.T, in []byte, losslessOnly bool) {
		req := wire.CompressRequest{Content: string(in), LosslessOnly: losslessOnly}
		res, err := e.Compress(context.Background(), "", req)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case res.CCRID != "":
			got, err := e.Retrieve(context.Background(), "", res.CCRID)
			if err != nil || !bytes.Equal(got, in) {
				t.Fatalf("retrieval not exact: %v", err)
			}
		case res.Lossless:
			checkRecovers(t, in, res)
		case res.Text != string(in):
			t.Fatalf("text changed by %s", res.Strategy)
		}
	})
}

// BenchmarkLossless measures the whole lossless path (router, every fold,
// verification) over all samples against gzip -1 over the same bytes in the
// same run. Token counting is left out here; see tokens.BenchmarkCount.
// BenchmarkLossless compares the lossless path, the default path without
// token counts (as text output runs it: what the views add) and with them
// (as the CLI's --json runs it) and gzip -1 with a reused writer over the
// samples, in MB per CPU second (cpu-MB/s) as well as wall time: the
// machine may be shared.
func BenchmarkLossless(b *testing.B) {
	all := samples(b)
	var total int64
	for _, s := range all {
		total += int64(len(s.data))
	}
	perCPU := func(b *testing.B, cpu time.Duration) {
		b.ReportMetric(float64(total)*float64(b.N)/(isample.CPUTime()-cpu).Seconds()/1e6, "cpu-MB/s")
	}
	run := func(name string, e *Engine, lossless bool) {
		b.Run(name, func(b *testing.B) {
			var out int64
			b.SetBytes(total)
			cpu := isample.CPUTime()
			for b.Loop() {
				out = 0
				for _, s := range all {
					res, _ := e.Compress(context.Background(), "", wire.CompressRequest{Content: string(s.data), LosslessOnly: lossless})
					out += int64(res.CompressedBytes)
				}
			}
			perCPU(b, cpu)
			b.ReportMetric(float64(out)/float64(total), "ratio")
		})
	}
	run("kompress", New(Options{SkipTokenCounts: true, SkipKind: true}), true)
	run("kompress-default", New(Options{Store: memStore(b), Scorer: "heuristic", SkipTokenCounts: true}), false)
	run("kompress-default-counted", New(Options{Store: memStore(b), Scorer: "heuristic"}), false)
	b.Run("gzip-1", func(b *testing.B) {
		b.SetBytes(total)
		var out int64
		var buf bytes.Buffer
		w, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
		cpu := isample.CPUTime()
		for b.Loop() {
			out = 0
			for _, s := range all {
				buf.Reset()
				w.Reset(&buf)
				w.Write(s.data)
				w.Close()
				out += int64(buf.Len())
			}
		}
		perCPU(b, cpu)
		b.ReportMetric(float64(out)/float64(total), "ratio")
	})
}

// BenchmarkSample reports MB/s of the lossless path per sample, so a slow
// shape shows up by name.
func BenchmarkSample(b *testing.B) {
	e := New(Options{Encoding: "none"})
	for _, s := range samples(b) {
		b.Run(s.kind+"/"+s.name, func(b *testing.B) {
			b.SetBytes(int64(len(s.data)))
			for b.Loop() {
				e.Compress(context.Background(), "", wire.CompressRequest{Content: string(s.data), LosslessOnly: true})
			}
		})
	}
}

// BenchmarkLossy measures the default path (lossless then lossy, original
// stored in memory) per kind.
func BenchmarkLossy(b *testing.B) {
	st := memStore(b)
	e := New(Options{Store: st, Scorer: "heuristic", Encoding: "none"})
	byKind := map[string][]sample{}
	for _, s := range samples(b) {
		byKind[s.kind] = append(byKind[s.kind], s)
	}
	for kind, ss := range byKind {
		b.Run(kind, func(b *testing.B) {
			var total, out int64
			for _, s := range ss {
				total += int64(len(s.data))
			}
			b.SetBytes(total)
			for b.Loop() {
				out = 0
				for _, s := range ss {
					res, _ := e.Compress(context.Background(), "", wire.CompressRequest{Content: string(s.data)})
					out += int64(res.CompressedBytes)
				}
			}
			b.ReportMetric(float64(out)/float64(total), "ratio")
		})
	}
}

// TestONNXScorer runs prose through the engine with a test model built by
// internal/modelgen: the result names the model, keeps must-keep words and
// line structure, and is deterministic. Without the ONNX Runtime library
// it skips, unless KOMPRESS_REQUIRE_ONNX=1 (CI).
func TestONNXScorer(t *testing.T) {
	if _, err := model.RuntimeLib(); err != nil {
		if os.Getenv("KOMPRESS_REQUIRE_ONNX") == "1" {
			t.Fatalf("KOMPRESS_REQUIRE_ONNX=1: %v", err)
		}
		t.Skipf("no ONNX Runtime library (run scripts/fetch-model.sh --runtime): %v", err)
	}
	in, err := os.ReadFile("testdata/samples/prose/man-grep.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"testdata/models/bpe-final", "testdata/models/wordpiece-logits"} {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			e := New(Options{Store: memStore(t), ModelDir: dir})
			req := wire.CompressRequest{Content: string(in), Scorer: "onnx"}
			res := compress(t, e, req)
			if !strings.HasPrefix(res.Scorer, "onnx:test-") || res.CCRID == "" {
				t.Fatalf("scorer %q ccr_id %q strategy %s", res.Scorer, res.CCRID, res.Strategy)
			}
			body := res.Text[:strings.LastIndex(strings.TrimRight(res.Text, "\n"), "\n")+1]
			if got, want := strings.Count(body, "\n"), strings.Count(string(in), "\n"); got != want {
				t.Errorf("line count %d, want %d", got, want)
			}
			for _, w := range []string{"--extended-regexp", "-E,", "PATTERNS", "2019-12-29", "GREP(1)"} {
				if strings.Contains(string(in), w) && !strings.Contains(res.Text, w) {
					t.Errorf("must-keep word %q dropped", w)
				}
			}
			if again := compress(t, New(Options{Store: memStore(t), ModelDir: dir}), req); again.Text != res.Text {
				t.Error("ONNX scoring not deterministic")
			}
		})
	}
}

// TestFailureBoundary replaces the log compressor by one that drops every
// failure line: the boundary must notice, keep the input's failure lines,
// and say so, both for a whole log and for a log section of mixed output.
func TestFailureBoundary(t *testing.T) {
	dropFailures := func(in []byte, _ lossy.Options) ([]byte, error) {
		fails := map[string]bool{}
		for _, l := range failure.Lines(router.Log, in) {
			fails[string(l)] = true
		}
		var out []byte
		for line := range bytes.Lines(in) {
			if !fails[strings.TrimRight(string(line), "\r\n")] {
				out = append(out, line...)
			}
		}
		return out[:len(out)/2], nil
	}
	for _, name := range []string{"log/x-gotest-v-panic.txt", "log/x-npm-e404-silly.txt", "log/x-jest.txt", "log/go-test-json-fail.txt"} {
		in, err := os.ReadFile("testdata/samples/" + name)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(name, func(t *testing.T) {
			e := newEngine(t, memStore(t))
			e.views[router.Log] = dropFailures
			res := compress(t, e, wire.CompressRequest{Content: string(in)})
			if res.CCRID != "" {
				t.Fatalf("lossy result accepted without its failure lines: %s", res.Strategy)
			}
			checkFailuresKept(t, in, res.Text)
			if res.Strategy != "failure-preserve-fallback" && !res.Lossless {
				t.Errorf("strategy %q does not say why", res.Strategy)
			}
		})
	}
	// In mixed output only the offending section is kept whole; the
	// others may still compress.
	mixed, _ := filepath.Glob("testdata/samples/mixed/*.txt")
	sectionFallbacks := 0
	for _, p := range mixed {
		in, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		e := newEngine(t, memStore(t))
		e.views[router.Log] = dropFailures
		res := compress(t, e, wire.CompressRequest{Content: string(in)})
		checkFailuresKept(t, in, res.Text)
		if res.CCRID != "" && slices.ContainsFunc(res.Warnings, func(w string) bool { return strings.Contains(w, "section was kept whole") }) {
			sectionFallbacks++
		}
	}
	t.Logf("%d of %d mixed samples compressed other sections around a log section kept whole", sectionFallbacks, len(mixed))
}

// TestHTMLPageFailureLines: a documentation page that shows compiler
// errors in its examples ("error: bitshift exceeds ...", "--&gt; main.rs"
// with entities) and keeps notes in comments and CSS in styles is still
// turned into text: the errors are there as the page shows them, entities
// decoded, and the page is not kept whole for lines a reader never sees.
func TestHTMLPageFailureLines(t *testing.T) {
	for name, want := range map[string]string{
		"rust-lints-levels":       " --> main.rs:2:13",
		"rust-book-writing-tests": "thread 'tests::another' panicked at src/lib.rs:17:9:",
	} {
		t.Run(name, func(t *testing.T) {
			in, err := os.ReadFile(filepath.Join("testdata", "samples", "html", name+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			res := compress(t, newEngine(t, memStore(t)), wire.CompressRequest{Content: string(in)})
			if res.Strategy != "lossy:html" || len(res.Warnings) > 0 {
				t.Fatalf("strategy %q, warnings %q; want lossy:html without warnings", res.Strategy, res.Warnings)
			}
			if !strings.Contains(res.Text, "\n"+want+"\n") {
				t.Errorf("the page's line %q is not in the text", want)
			}
			checkFailuresKept(t, in, res.Text)
		})
	}
}

// TestExpandConcatenated: several lossy results with text around them (as
// `kompress compress a b` prints them, or as an agent quotes them) expand
// to the same text with each result replaced by its original.
func TestExpandConcatenated(t *testing.T) {
	e := newEngine(t, memStore(t))
	var lossy []sample
	for _, s := range samples(t) {
		if res := compress(t, e, wire.CompressRequest{Content: string(s.data)}); res.CCRID != "" && !res.Lossless && len(lossy) < 3 && s.data[len(s.data)-1] == '\n' {
			lossy = append(lossy, s)
		}
	}
	if len(lossy) < 2 {
		t.Fatal("need two lossy samples")
	}
	var text, want strings.Builder
	text.WriteString("USER NOTE: outputs follow\n")
	want.WriteString("USER NOTE: outputs follow\n")
	for _, s := range lossy {
		res := compress(t, e, wire.CompressRequest{Content: string(s.data)})
		fmt.Fprintf(&text, "==> %s <==\n%s", s.name, res.Text)
		fmt.Fprintf(&want, "==> %s <==\n%s", s.name, s.data)
	}
	text.WriteString("trailing words\n")
	want.WriteString("trailing words\n")
	got, err := e.Expand(context.Background(), "", text.String())
	if err != nil {
		t.Fatal(err)
	}
	if got.Text != want.String() {
		t.Errorf("expanded text differs from the originals in place (%d vs %d bytes)", len(got.Text), want.Len())
	}
	if len(got.Expanded) != len(lossy) {
		t.Errorf("expanded %v", got.Expanded)
	}
	// A marker quoted without its digest is replaced in place.
	res := compress(t, e, wire.CompressRequest{Content: string(lossy[0].data)})
	refs := marker.Find([]byte(res.Text))
	marker := res.Text[refs[0].Start:refs[0].End]
	got, err = e.Expand(context.Background(), "", "see "+marker+" for details")
	if err != nil || got.Text != "see "+string(lossy[0].data)+" for details" {
		t.Errorf("in-place expansion failed: %v", err)
	}
}

// TestColourCodes: with a store, coloured output may lose its ANSI codes as
// a lossless "visible" result that keeps the original retrievable; without
// one (or with --lossless-only) the codes stay.
func TestColourCodes(t *testing.T) {
	in, err := os.ReadFile("testdata/samples/search/rg-C1-color.txt")
	if err != nil {
		t.Fatal(err)
	}
	e := newEngine(t, memStore(t))
	res := compress(t, e, wire.CompressRequest{Content: string(in)})
	if res.Equivalence != string(fold.Visible) || !res.Lossless || res.CCRID == "" {
		t.Fatalf("got %s, equivalence %q, ccr_id %q", res.Strategy, res.Equivalence, res.CCRID)
	}
	checkRecovers(t, in, res)
	if got, err := e.Retrieve(context.Background(), "", res.CCRID); err != nil || !bytes.Equal(got, in) {
		t.Fatalf("original not retrievable: %v", err)
	}
	// The text names the original, so expand gives the colours back.
	if refs := marker.Find([]byte(res.Text)); len(refs) != 1 || refs[0].ID != res.CCRID || refs[0].Unit != "escapes" || refs[0].Omitted != bytes.Count(in, []byte("\x1b[")) {
		t.Fatalf("want one marker counting the %d escapes, got %+v", bytes.Count(in, []byte("\x1b[")), refs)
	}
	if exp, err := e.Expand(context.Background(), "", res.Text); err != nil || exp.Text != string(in) {
		t.Fatalf("expand(compress(x)) != x for coloured input: err %v", err)
	}
	// Where the marker would cost more than the colour codes save, they stay:
	// here stripping saves over 5% alone, but not with a marker.
	var few strings.Builder
	for i := range 10 {
		fmt.Fprintf(&few, "step %02d: compiled module_%02d.c into build/module_%02d.o (\x1b[32mok\x1b[0m) in %d ms\n", i, i, i, 10+i*7%50)
	}
	if saved := 1 - float64(len(ansi.Strip([]byte(few.String()))))/float64(few.Len()); saved < 0.06 {
		t.Fatalf("the input proves nothing: stripping saves %.3f", saved)
	}
	if r := compress(t, e, wire.CompressRequest{Content: few.String()}); r.Equivalence == string(fold.Visible) || !strings.Contains(r.Text, "\x1b[32m") {
		t.Errorf("escapes dropped for a marker as big as them: %s, equivalence %q", r.Strategy, r.Equivalence)
	}
	for _, req := range []wire.CompressRequest{{Content: string(in), LosslessOnly: true}} {
		if r := compress(t, e, req); r.Equivalence == string(fold.Visible) {
			t.Errorf("lossless-only dropped colour codes")
		}
	}
	if r := compress(t, New(Options{}), wire.CompressRequest{Content: string(in)}); r.Equivalence == string(fold.Visible) {
		t.Errorf("no store, yet colour codes dropped")
	}
}

// TestMixedColourSection: in mixed output only byte-exact section folds
// compose, so a coloured section is folded byte for byte even with a
// store (which lets colour go from a whole input): the default path finds
// the same lossless result as --lossless-only, and a lossy view must beat
// that. Before, the colour fold won the section and was thrown away, the
// section stayed verbatim and a lossy view replaced a lossless result
// barely larger than it.
func TestMixedColourSection(t *testing.T) {
	var b strings.Builder
	b.WriteString("This document describes how the build works and what the team expects from contributors before a release is tagged and published.\n")
	b.WriteString("Please read it in full before you open a pull request, since reviewers will point you back here when a change does not follow it.\n\n")
	for i := range 40 {
		fmt.Fprintf(&b, "\x1b[32mok\x1b[0m   example.com/pkg/sub%d\t0.0%ds\n", i, i%10)
	}
	for range 30 {
		b.WriteString("\x1b[33mwarning\x1b[0m: retrying fetch of https://proxy.example.com/mod/v1 (attempt 3)\n")
	}
	in := b.String()
	e := newEngine(t, memStore(t))
	only := compress(t, e, wire.CompressRequest{Content: in, LosslessOnly: true})
	res := compress(t, e, wire.CompressRequest{Content: in})
	if res.Kind != "mixed" || only.Strategy != "lossless:repeat" {
		t.Fatalf("the input proves nothing: kind %s, lossless-only %s", res.Kind, only.Strategy)
	}
	if res.Strategy != only.Strategy || res.Text != only.Text || !res.Lossless {
		t.Fatalf("default path: %s (%d bytes), lossless-only: %s (%d bytes)", res.Strategy, len(res.Text), only.Strategy, len(only.Text))
	}
	checkRecovers(t, []byte(in), res)
}

// TestSkipTokenCounts checks that SkipTokenCounts changes only the token
// fields: the same text, none counted; and that counts are filled otherwise.
func TestSkipTokenCounts(t *testing.T) {
	in := strings.Repeat("2024-05-01T10:00:00Z INFO request served path=/api/v1/items status=200\n", 200)
	counted := compress(t, New(Options{}), wire.CompressRequest{Content: in})
	skipped := compress(t, New(Options{SkipTokenCounts: true}), wire.CompressRequest{Content: in})
	if counted.OriginalTokens == 0 || counted.CompressedTokens == 0 || counted.Tokenizer != "o200k_base" {
		t.Errorf("counted: tokens %d -> %d, tokenizer %q", counted.OriginalTokens, counted.CompressedTokens, counted.Tokenizer)
	}
	if skipped.OriginalTokens != 0 || skipped.CompressedTokens != 0 || skipped.Tokenizer != "" {
		t.Errorf("skipped: tokens %d -> %d, tokenizer %q", skipped.OriginalTokens, skipped.CompressedTokens, skipped.Tokenizer)
	}
	skipped.OriginalTokens, skipped.CompressedTokens, skipped.Tokenizer = counted.OriginalTokens, counted.CompressedTokens, counted.Tokenizer
	if !reflect.DeepEqual(counted, skipped) {
		t.Errorf("results differ beyond the token fields:\n%+v\n%+v", counted, skipped)
	}
}

// passingProvider never proposes a fold. As a provider it costs nothing
// but turns off the engine's no-fold shortcut (see foldsSaveLittle): the
// gate then runs as if the shortcut were not there.
type passingProvider struct{}

func (passingProvider) Name() string { return "pass" }

func (passingProvider) Propose(context.Context, []byte, fold.Info) (*fold.Proposal, error) {
	return nil, nil
}

// TestNoFoldShortcut checks that the lossless path gives each sample (and
// each held-out input) the result it gives without the shortcut that
// returns input no fold can save enough of unfolded, and with SkipKind
// unrouted: the same result, the kind left empty only when not routed.
func TestNoFoldShortcut(t *testing.T) {
	full := New(Options{SkipTokenCounts: true, Providers: []fold.Provider{passingProvider{}}})
	short := New(Options{SkipTokenCounts: true})
	textOnly := New(Options{SkipTokenCounts: true, SkipKind: true})
	all := append(samples(t), setSamples(t, "heldout")...)
	shortcuts := 0
	for _, s := range all {
		for _, tool := range []string{"", "Read"} {
			req := wire.CompressRequest{Content: string(s.data), LosslessOnly: true, Tool: tool}
			want := compress(t, full, req)
			if got := compress(t, short, req); !reflect.DeepEqual(got, want) {
				t.Errorf("%s/%s (tool %q): with the shortcut\n%+v\nwithout\n%+v", s.kind, s.name, tool, got, want)
			}
			got := compress(t, textOnly, req)
			if got.Kind == "" && want.Kind != "" {
				shortcuts++
				got.Kind = want.Kind
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s/%s (tool %q): with SkipKind\n%+v\nwithout\n%+v", s.kind, s.name, tool, got, want)
			}
		}
	}
	if shortcuts == 0 {
		t.Error("SkipKind never skipped routing")
	}
}

// FuzzNoFoldShortcut is TestNoFoldShortcut on any input: with or without
// the shortcut, the same result.
func FuzzNoFoldShortcut(f *testing.F) {
	files, _ := filepath.Glob("testdata/samples/*/*.txt")
	for i, p := range files {
		if d, _ := os.ReadFile(p); i%4 == 0 && len(d) < 16<<10 {
			f.Add(d)
		}
	}
	f.Add([]byte(strings.Repeat("a:1:x\n", 200)))
	f.Add([]byte(strings.Repeat("{\"a\": 1}\n", 100)))
	full := New(Options{SkipTokenCounts: true, Providers: []fold.Provider{passingProvider{}}})
	short := New(Options{SkipTokenCounts: true, SkipKind: true})
	f.Fuzz(func(t *testing.T, in []byte) {
		req := wire.CompressRequest{Content: string(in), LosslessOnly: true}
		want := compress(t, full, req)
		got := compress(t, short, req)
		if got.Kind == "" {
			got.Kind = want.Kind
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("with the shortcut\n%+v\nwithout\n%+v", got, want)
		}
	})
}

// TestTokenCounts checks each sample's token counts against counting the
// original and the compressed text afresh: the compressed text is counted
// by the tally that counted the original, on another goroutine for large
// inputs (run it with -race).
func TestTokenCounts(t *testing.T) {
	e := newEngine(t, memStore(t))
	c, err := tokencount.New("")
	if err != nil {
		t.Fatal(err)
	}
	async := 0
	for _, s := range samples(t) {
		res := compress(t, e, wire.CompressRequest{Content: string(s.data)})
		if len(s.data) >= asyncCountBytes {
			async++
		}
		if got, want := res.OriginalTokens, c.Count(string(s.data)); got != want {
			t.Errorf("%s/%s: original_tokens %d, want %d", s.kind, s.name, got, want)
		}
		if got, want := res.CompressedTokens, c.Count(res.Text); got != want {
			t.Errorf("%s/%s: compressed_tokens %d, want %d", s.kind, s.name, got, want)
		}
	}
	if async == 0 {
		t.Errorf("no sample of %d bytes or more: the asynchronous count is not tested", asyncCountBytes)
	}
}

// slowScorer stands for a model that takes longer than any budget but
// stops when its context ends.
type slowScorer struct{ calls *atomic.Int32 }

func (slowScorer) Name() string { return "onnx:slow" }

func (s slowScorer) Score(ctx context.Context, text string, words []tokenize.Word) ([]float32, error) {
	s.calls.Add(1)
	<-ctx.Done()
	return nil, ctx.Err()
}

// TestScoreTimeout checks that a request whose model scoring runs out of
// its ScoreTimeout is finished with the heuristic in the same call: a lossy
// result, its original stored, the model asked at most once, and a warning.
func TestScoreTimeout(t *testing.T) {
	data, err := os.ReadFile("testdata/samples/prose/license-apache.txt")
	if err != nil {
		t.Skip(err)
	}
	e := New(Options{Store: memStore(t)})
	var calls atomic.Int32
	e.scorers["auto"] = scorerChoice{s: slowScorer{&calls}}
	// On a loaded machine the budget may run out before the model is
	// asked at all; either way it is asked at most once and the
	// heuristic finishes the request.
	res, err := e.Compress(context.Background(), "", wire.CompressRequest{Content: string(data), ScoreTimeout: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if res.CCRID == "" || calls.Load() > 1 || res.Scorer != "heuristic" {
		t.Errorf("scorer %q, ccr_id %q, model calls %d, strategy %q kind %q", res.Scorer, res.CCRID, calls.Load(), res.Strategy, res.Kind)
	}
	if !slices.ContainsFunc(res.Warnings, func(w string) bool { return strings.HasPrefix(w, wire.ScoreDeadlineWarning) }) {
		t.Errorf("warnings %q", res.Warnings)
	}
	if got, err := e.Retrieve(context.Background(), "", res.CCRID); err != nil || string(got) != string(data) {
		t.Errorf("retrieve: %v", err)
	}
}
