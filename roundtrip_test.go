package kompress

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/kompress/kompress/fold"
	"github.com/kompress/kompress/internal/marker"
	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/wire"
)

// roundTrip checks expand(compress(x)) == x: byte for byte unless the
// result declares JSON equivalence, which it must then hold.
func roundTrip(t *testing.T, e *Engine, in []byte, losslessOnly bool) wire.Result {
	t.Helper()
	res, err := e.Compress(context.Background(), "", wire.CompressRequest{Content: string(in), LosslessOnly: losslessOnly})
	if err != nil {
		t.Fatal(err)
	}
	if res.Lossless != (res.Text == string(in) || res.Equivalence != "") {
		t.Errorf("%s: lossless %v equivalence %q with text equal to input %v", res.Strategy, res.Lossless, res.Equivalence, res.Text == string(in))
	}
	got, err := e.Expand(context.Background(), "", res.Text)
	if err != nil {
		t.Fatalf("%s: Expand: %v", res.Strategy, err)
	}
	if res.Equivalence == string(fold.JSON) {
		if err := fold.Verify(in, []byte(got.Text), fold.JSON); err != nil {
			t.Fatalf("%s: expand gives text that is not JSON-equal: %v", res.Strategy, err)
		}
		return res
	}
	if got.Text != string(in) {
		t.Fatalf("%s: expand(compress(x)) != x\nx:\n%q\ncompressed:\n%q\nexpanded:\n%q", res.Strategy, in, res.Text, got.Text)
	}
	return res
}

var lookalikeSeeds = []string{
	"[fold repeat 1 line x3]\nhello\n",
	"[fold repeat 1 line x3]\nhello\n" + strings.Repeat("some log line that varies %d\n", 40),
	"[fold raw 1 line]\n[fold raw 1 line]\n",
	"[fold json 1 line]\n{}\n",
	"[fold repeat 2 lines x3]\na\n",
	"x\n[kompress: 3 of 9 lines omitted; full output: retrieve id=0123456789ab]\n",
	"[kompress: 1 of 2 lines omitted; full output: retrieve id=ABCDEF012345]",
	`{"log":"[kompress: 1 of 2 lines omitted; full output: retrieve id=0123456789ab]","n":1}` + "\n",
}

func lookalikeInputs() [][]byte {
	var ins [][]byte
	for _, s := range lookalikeSeeds {
		ins = append(ins, []byte(s))
		// Big enough to be folded or compressed lossily around it.
		var b strings.Builder
		for i := range 60 {
			fmt.Fprintf(&b, "step %d: compiling module m%d\n", i, i%7)
			if i%20 == 5 {
				b.WriteString(s)
				b.WriteString("\n")
			}
		}
		b.WriteString("--- FAIL: TestX (0.00s)\n")
		b.WriteString(strings.Repeat("Downloading packages...\n", 30))
		ins = append(ins, []byte(b.String()))
		ins = append(ins, []byte(batchLog(300, s)))
	}
	return ins
}

// batchLog is a log that compresses lossily, with extra inserted here and
// there.
func batchLog(n int, extra string) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "2025-01-01 worker %d: processed batch %d of records without trouble\n", i%9, i)
		if extra != "" && i%100 == 50 {
			b.WriteString(extra)
			if !strings.HasSuffix(extra, "\n") {
				b.WriteString("\n")
			}
		}
	}
	b.WriteString("ERROR: batch failed\n")
	return b.String()
}

// TestRoundTripLookalikes: header and marker lookalikes in the input, in
// pass-through, lossless and lossy results, never change what expand
// gives back, even when the marker names an id that is in the store.
func TestRoundTripLookalikes(t *testing.T) {
	st := memStore(t)
	e := New(Options{Store: st, Scorer: "heuristic", Encoding: "none"})
	// A real id in the store: the lookalike marker that names it must
	// still come back as the literal marker text.
	id, err := st.Put(context.Background(), "", []byte("stored elsewhere\n"))
	if err != nil {
		t.Fatal(err)
	}
	withReal := []byte("[kompress: 1 of 2 lines omitted; full output: retrieve id=" + id + "]\n")
	strategies := map[string]bool{}
	for _, in := range append(lookalikeInputs(), withReal, bytes.Repeat(withReal, 40)) {
		for _, lo := range []bool{false, true} {
			res := roundTrip(t, e, in, lo)
			strategies[strings.SplitN(res.Strategy, ":", 2)[0]] = true
		}
	}
	for _, s := range []string{"lossless", "lossy"} {
		if !strategies[s] {
			t.Errorf("no %s result among the inputs (%v): the test does not cover it", s, strategies)
		}
	}
}

// TestPassThroughEscaped: a small input with a header lookalike comes back
// escaped and says so; it is lossless (expand gives it back) though its
// text is not the input.
func TestPassThroughEscaped(t *testing.T) {
	e := New(Options{Store: memStore(t), Encoding: "none"})
	in := "[fold repeat 1 line x3]\nhello\n"
	res := roundTrip(t, e, []byte(in), false)
	if res.Text == in || res.Strategy != "lossless:escape" || !res.Lossless || res.Equivalence != "byte" || len(res.Warnings) != 1 {
		t.Errorf("escaped pass-through: %+v", res)
	}
	if !strings.Contains(res.Warnings[0], "passthrough-small") || !strings.Contains(res.Warnings[0], "1 lines") {
		t.Errorf("warning %q does not say why and how much", res.Warnings[0])
	}
}

func FuzzRoundTrip(f *testing.F) {
	for _, in := range lookalikeInputs() {
		f.Add(in, false)
	}
	f.Add([]byte(strings.Repeat("[fold repeat 1 line x3]\n", 40)), true)
	st, err := store.Open(context.Background(), "memory:", store.Options{})
	if err != nil {
		f.Fatal(err)
	}
	e := New(Options{Store: st, Scorer: "heuristic", Encoding: "none"})
	f.Fuzz(func(t *testing.T, in []byte, losslessOnly bool) {
		roundTrip(t, e, in, losslessOnly)
	})
}

// countingStore counts Gets and Puts.
type countingStore struct {
	store.Store
	gets, puts atomic.Int64
}

func (s *countingStore) Get(ctx context.Context, tenant, id string) ([]byte, error) {
	s.gets.Add(1)
	return s.Store.Get(ctx, tenant, id)
}

func (s *countingStore) Put(ctx context.Context, tenant string, b []byte) (string, error) {
	s.puts.Add(1)
	return s.Store.Put(ctx, tenant, b)
}

// TestExpandBounds: expansion bombs are refused with wire.ErrTooLarge
// before the memory is taken; many copies of one marker cost one lookup
// and one recompression.
func TestExpandBounds(t *testing.T) {
	cs := &countingStore{Store: memStore(t)}
	e := New(Options{Store: cs, Scorer: "heuristic", Encoding: "none", MaxExpandBytes: 1 << 20, MaxMarkers: 300})
	ctx := context.Background()
	for _, text := range []string{
		"[fold repeat 1 line x134217728]\nA\n",
		"[fold repeat 1 line x1073741824]\nA\n",
		strings.Repeat("z", 1<<20+1),
	} {
		if _, err := e.Expand(ctx, "", text); !errors.Is(err, wire.ErrTooLarge) || !strings.Contains(err.Error(), "limit of 1048576 bytes") {
			t.Errorf("Expand(%.40q) err = %v, want ErrTooLarge naming the limit", text, err)
		}
	}

	log := batchLog(400, "")
	res := compress(t, e, wire.CompressRequest{Content: log})
	if res.CCRID == "" {
		t.Fatalf("want a lossy result, got %s", res.Strategy)
	}
	gets0, puts0 := cs.gets.Load(), cs.puts.Load()
	// 250 copies: within the marker bound, and 250 × the original passes
	// the byte bound.
	got, err := e.Expand(ctx, "", strings.Repeat(res.Text, 250))
	if !errors.Is(err, wire.ErrTooLarge) {
		t.Errorf("250 copies of a %d-byte original under a 1 MiB bound: %d bytes, %v", len(log), len(got.Text), err)
	}
	if g, p := cs.gets.Load()-gets0, cs.puts.Load()-puts0; g != 1 || p > 1 {
		t.Errorf("250 copies of one marker: %d store lookups, %d recompressions; want 1 each", g, p)
	}
	// 20 copies fit: each is the original once.
	got, err = e.Expand(ctx, "", strings.Repeat(res.Text, 20))
	if err != nil || got.Text != strings.Repeat(log, 20) {
		t.Errorf("20 copies: %d bytes, %v; want the original 20 times", len(got.Text), err)
	}
	m := marker.Marker(res.CCRID, 1, 2, "lines") + "\n"
	if _, err := e.Expand(ctx, "", strings.Repeat(m, 301)); !errors.Is(err, wire.ErrTooLarge) || !strings.Contains(err.Error(), "at most 300") {
		t.Errorf("301 markers: err = %v, want ErrTooLarge naming the bound", err)
	}
}
