package kompress

import (
	"bytes"
	"context"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/kompress/kompress/internal/ansi"
	"github.com/kompress/kompress/internal/failure"
	"github.com/kompress/kompress/internal/logview"
	"github.com/kompress/kompress/router"
	"github.com/kompress/kompress/wire"
)

// sets are the sample directories: testdata/samples, which the code is
// tuned on, and testdata/heldout, which it is only measured on. In both the
// directory name is the kind the output should be routed as.
var sets = []string{"samples", "heldout"}

// setSamples loads testdata/<set>/<kind>/<name>.txt.
func setSamples(t testing.TB, set string) []sample {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", set, "*", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var out []sample
	for _, f := range files {
		d, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, sample{kind: filepath.Base(filepath.Dir(f)), name: filepath.Base(f), data: d})
	}
	return out
}

// failureLines returns the failure lines of in by the one definition, judged
// by the kind the sample should have (its directory), whatever the router
// decides: a log misrouted to prose is still held to every failure line.
// Mixed output is judged section by section as routed, since its data
// sections (a JSON body) hold no failure lines. go test -json is judged in
// the text its events carry, as the log view shows it.
func failureLines(want router.Kind, in []byte) [][]byte {
	clean := ansi.Strip(in)
	if failure.Data(want) {
		return nil
	}
	parts := []router.Section{{Kind: want, Start: 0, End: len(clean)}}
	if want == router.Mixed {
		parts = router.Split(clean)
	}
	var lines [][]byte
	for _, sec := range parts {
		part := clean[sec.Start:sec.End]
		if text := logview.GoTestText(part); text != nil && (sec.Kind == router.Log || sec.Kind == router.Mixed) {
			part = text
		}
		lines = append(lines, failure.Lines(sec.Kind, part)...)
	}
	return lines
}

// lostLines returns the lines of want that are not in out (as a line, or
// within one), ANSI escapes aside; an HTML page's lines as the page shows
// them (failure.AbsentIn). go test -json events kept raw (the input passed
// through) count as kept.
func lostLines(kind router.Kind, in []byte, out string, want [][]byte) []string {
	out = string(ansi.Strip([]byte(out)))
	if out == string(ansi.Strip(in)) {
		return nil
	}
	var lost []string
	if kind == router.HTML {
		for _, l := range failure.AbsentIn(kind, want, []byte(out)) {
			lost = append(lost, string(l))
		}
		return lost
	}
	for _, l := range want {
		line := strings.TrimRight(string(l), "\r\n")
		if !strings.Contains(out, line) {
			lost = append(lost, line)
		}
	}
	return lost
}

// TestFailureLinesAnyRoute checks DESIGN invariant 2 on every sample,
// tuned and held out, on the default path with a memory store: every
// failure line of the input by the one definition, judged as the kind the
// output should have, is in the output.
func TestFailureLinesAnyRoute(t *testing.T) {
	e := newEngine(t, memStore(t))
	n := 0
	for _, set := range sets {
		for _, s := range setSamples(t, set) {
			t.Run(set+"/"+s.kind+"/"+s.name, func(t *testing.T) {
				want := failureLines(router.Kind(s.kind), s.data)
				n += len(want)
				res := compress(t, e, wire.CompressRequest{Content: string(s.data)})
				for _, l := range lostLines(router.Kind(s.kind), s.data, res.Text, want) {
					t.Errorf("failure line lost (routed %s, %s): %q", res.Kind, res.Strategy, l)
				}
			})
		}
	}
	if n == 0 {
		t.Fatal("no failure lines in any sample: the test proves nothing")
	}
}

// keyString finds the strings a reader of a failed run looks for first:
// error codes (TS2322, E0425, SC2086, ENOENT), exception names, failing test
// markers and failure counts. It is independent of package failure, so the
// report measures what the definition and the views keep, not the
// definition against itself.
var keyString = regexp.MustCompile(`\b(?:TS\d{4}|E\d{4}|SC\d{4}|E(?:NOENT|ACCES|PERM|CONNREFUSED|ADDRINUSE|404)|[A-Z]\w*(?:Error|Exception)\b|ERROR SUMMARY: [1-9]\d* errors|AddressSanitizer: [\w-]+|[1-9]\d* (?:failed|failing|errors?|problems?)\b|not ok \d+|--- FAIL: \w+|FAILED [\w/.:\[\]-]+)`)

// TestReport prints, per sample set and per kind (the directory a sample is
// in): the median token ratio of the lossless-only and the default path,
// the median byte ratio of the default path, failure lines kept (by the one
// definition, as TestFailureLinesAnyRoute), key strings kept (keyString),
// exact retrievals of lossy results and how many samples were routed as
// their directory says (go test -run TestReport -v .). It fails on a lost
// failure line or an inexact retrieval; the rest is for the numbers.
func TestReport(t *testing.T) {
	type row struct {
		lossless, lossy, bytes []float64
		fails, kept            int
		keys, keysKept         int
		retrieved, lossyN      int
		routed                 int
	}
	e := New(Options{Store: memStore(t), Scorer: "heuristic"})
	ctx := context.Background()
	median := func(v []float64) float64 {
		slices.Sort(v)
		return v[len(v)/2]
	}
	for _, set := range sets {
		rows := map[string]*row{}
		var misrouted []string
		for _, s := range setSamples(t, set) {
			r := rows[s.kind]
			if r == nil {
				r = &row{}
				rows[s.kind] = r
			}
			ll := compress(t, e, wire.CompressRequest{Content: string(s.data), LosslessOnly: true})
			r.lossless = append(r.lossless, float64(ll.CompressedTokens)/float64(max(ll.OriginalTokens, 1)))
			res := compress(t, e, wire.CompressRequest{Content: string(s.data)})
			r.lossy = append(r.lossy, float64(res.CompressedTokens)/float64(max(res.OriginalTokens, 1)))
			r.bytes = append(r.bytes, float64(res.CompressedBytes)/float64(max(res.OriginalBytes, 1)))
			if got := router.Detect(s.data); string(got) == s.kind {
				r.routed++
			} else {
				misrouted = append(misrouted, s.kind+"/"+s.name+" → "+string(got))
			}
			want := failureLines(router.Kind(s.kind), s.data)
			lost := lostLines(router.Kind(s.kind), s.data, res.Text, want)
			r.fails += len(want)
			r.kept += len(want) - len(lost)
			clean, out := ansi.Strip(s.data), ansi.Strip([]byte(res.Text))
			for _, k := range keyString.FindAll(clean, -1) {
				r.keys++
				if bytes.Contains(out, k) {
					r.keysKept++
				}
			}
			if res.CCRID != "" {
				r.lossyN++
				if got, err := e.Retrieve(ctx, "", res.CCRID); err == nil && bytes.Equal(got, s.data) {
					r.retrieved++
				}
			}
			for _, l := range lost {
				t.Errorf("%s/%s/%s: failure line lost: %q", set, s.kind, s.name, l)
			}
		}
		if len(rows) == 0 {
			continue
		}
		t.Logf("testdata/%s", set)
		t.Logf("%-7s %4s %9s %9s %7s %14s %13s %10s %7s", "kind", "n", "lossless", "default", "bytes", "failures kept", "keys kept", "retrieved", "routed")
		for _, k := range slices.Sorted(maps.Keys(rows)) {
			r := rows[k]
			t.Logf("%-7s %4d %9.3f %9.3f %7.3f %8d/%-5d %7d/%-5d %5d/%-4d %3d/%-3d", k, len(r.lossy), median(r.lossless), median(r.lossy), median(r.bytes),
				r.kept, r.fails, r.keysKept, r.keys, r.retrieved, r.lossyN, r.routed, len(r.lossy))
			if r.retrieved != r.lossyN {
				t.Errorf("%s/%s: exact retrievals %d/%d", set, k, r.retrieved, r.lossyN)
			}
		}
		for _, m := range misrouted {
			t.Logf("  misrouted: %s", m)
		}
	}
}
