package scorer

import (
	"context"
	"errors"
	"hash/fnv"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/kompress/kompress/internal/ansi"
	"github.com/kompress/kompress/internal/failure"
	"github.com/kompress/kompress/internal/sample"
	"github.com/kompress/kompress/internal/tokencount"
	"github.com/kompress/kompress/mustkeep"
	"github.com/kompress/kompress/router"
	"github.com/kompress/kompress/tokenize"
)

// constScorer gives every word the same score.
type constScorer float32

func (constScorer) Name() string { return "const" }
func (c constScorer) Score(_ context.Context, _ string, words []tokenize.Word) ([]float32, error) {
	s := make([]float32, len(words))
	for i := range s {
		s[i] = float32(c)
	}
	return s, nil
}

// randomScorer gives pseudo-random scores derived from a seed and each
// word's position and bytes, so a run can be reproduced.
type randomScorer uint64

func (randomScorer) Name() string { return "random" }
func (r randomScorer) Score(_ context.Context, text string, words []tokenize.Word) ([]float32, error) {
	s := make([]float32, len(words))
	for i, w := range words {
		h := fnv.New64a()
		var b [16]byte
		for j := 0; j < 8; j++ {
			b[j] = byte(uint64(r) >> (8 * j))
			b[8+j] = byte(uint64(i) >> (8 * j))
		}
		h.Write(b[:])
		h.Write([]byte(text[w.Start:w.End]))
		s[i] = float32(h.Sum64()>>11) / (1 << 53)
	}
	return s, nil
}

// funcScorer adapts a function.
type funcScorer func(text string, words []tokenize.Word) ([]float32, error)

func (funcScorer) Name() string { return "func" }
func (f funcScorer) Score(_ context.Context, text string, words []tokenize.Word) ([]float32, error) {
	return f(text, words)
}

func TestCompress(t *testing.T) {
	tests := []struct {
		name string
		s    Scorer
		o    CompressOptions
		in   string
		want string
	}{
		{"empty", constScorer(0), CompressOptions{}, "", ""},
		{"blank only", constScorer(0), CompressOptions{}, "  \n\n\t\n", "  \n\n\t\n"},
		{"keep all", constScorer(1), CompressOptions{}, "a  b\tc \n  d e\n", "a  b\tc \n  d e\n"},
		{"one word per line stays", constScorer(0), CompressOptions{},
			"the cat sat on the mat\n    indented line here\n\nlast one\n",
			"the\n    indented\n\nlast\n"},
		{"must-keep survive a zero scorer", constScorer(0), CompressOptions{},
			"do not run rm -rf on v1.2.3 or /etc/hosts today",
			"not -rf v1.2.3 or /etc/hosts"},
		{"crlf kept", constScorer(0), CompressOptions{}, "one two three\r\nfour five  \r\n", "one\r\nfour\r\n"},
		{"gap collapses to one space", funcScorer(func(text string, words []tokenize.Word) ([]float32, error) {
			return []float32{1, 0, 0, 1, 1}, nil
		}), CompressOptions{}, "alpha   beta\tgamma  delta    epsilon", "alpha delta    epsilon"},
		{"markdown structure", constScorer(0), CompressOptions{},
			"# A Title Here\n\nsome words in a paragraph\n\n- a bullet item here\n12. numbered item text\n\n| col a | col b |\n|---|---|\n\n```sh\nfor x in a b; do echo; done\n```\n",
			"# A Title Here\n\nsome\n\n- a\n12. numbered\n\n| col a | col b |\n|---|---|\n\n```sh\nfor x in a b; do echo; done\n```\n"},
		{"setext heading", constScorer(0), CompressOptions{},
			"Big Title Words\n===============\nbody text words\n",
			"Big Title Words\n===============\nbody\n"},
		{"indented code block", constScorer(0), CompressOptions{},
			"Run this example please:\n\n    x := f(a, b)\n    if x != nil { return }\n\nback to the text\n",
			"Run\n\n    x := f(a, b)\n    if x != nil { return }\n\nback\n"},
		{"indented prose is not code", constScorer(0), CompressOptions{},
			"       -a, --all\n              do not ignore entries\n\n              more words here\n",
			"       -a, --all\n              not\n\n              more\n"},
		{"failure line verbatim", constScorer(0), CompressOptions{},
			"some words here\nerror: could not open the file\nthe end\nTraceback (most recent call last):\n",
			"some\nerror: could not open the file\nthe\nTraceback (most recent call last):\n"},
		{"log failure rules on request", constScorer(0), CompressOptions{Kind: router.Log},
			"build step one\nthe tests FAILED with exit status 2\n",
			"build\nthe tests FAILED with exit status 2\n"},
		{"diagnostics in prose verbatim", constScorer(0), CompressOptions{},
			"some words here\nsrc/a.ts(3,5): error TS2322: Type 'string' is not assignable\n  12:5  error  'x' is not defined  no-undef\n==42== ERROR SUMMARY: 4 errors from 4 contexts (suppressed: 0 from 0)\nthe end\n",
			"some\nsrc/a.ts(3,5): error TS2322: Type 'string' is not assignable\n  12:5  error  'x' is not defined  no-undef\n==42== ERROR SUMMARY: 4 errors from 4 contexts (suppressed: 0 from 0)\nthe\n"},
		{"caret and its source line verbatim", constScorer(0), CompressOptions{},
			"b.c:2:27: error: expected expression before ';' token\n    2 | int f(int x) { return x + ; }\n      |                           ^\nnothing more to say here\n",
			"b.c:2:27: error: expected expression before ';' token\n    2 | int f(int x) { return x + ; }\n      |                           ^\nnothing more\n"},
		{"byte tables verbatim", constScorer(0), CompressOptions{},
			"Shadow bytes around the buggy address:\n  0x0c087fff7ff0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00\n=>0x0c087fff8000: fa fa 00 00 00 00 00[fa]fa fa fa fa fa fa fa fa\n00000000  7f 45 4c 46 02 01 01 00  00 00 00 00 00 00 00 00  |.ELF............|\n",
			"Shadow\n  0x0c087fff7ff0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00\n=>0x0c087fff8000: fa fa 00 00 00 00 00[fa]fa fa fa fa fa fa fa fa\n00000000  7f 45 4c 46 02 01 01 00  00 00 00 00 00 00 00 00  |.ELF............|\n"},
		{"a sentence about errors is prose", constScorer(0), CompressOptions{},
			"an error occurs when the file is missing\n",
			"when\n"},
		{"markdown link text whole", constScorer(0), CompressOptions{},
			"please refer to [The Cobra Generator README](x/y.md) for details",
			"[The Cobra Generator README](x/y.md)"},
		{"inline code span", constScorer(0), CompressOptions{},
			"then run `go test ./...` and wait",
			"`go test ./...`"},
		{"brackets and quotes balanced", constScorer(0), CompressOptions{},
			"Get, Head, and PostForm make HTTP (or HTTPS) requests\nsay \"hello there v2\" twice\n",
			"PostForm HTTP (or HTTPS)\n\"hello v2\"\n"},
		{"no trailing newline", constScorer(0), CompressOptions{}, "a b\nc d", "a\nc"},
		{"threshold", funcScorer(func(text string, words []tokenize.Word) ([]float32, error) {
			return []float32{0.2, 0.7, 0.9, 0.1}, nil
		}), CompressOptions{Threshold: 0.8}, "w x y z", "y"},
		{"target ratio ties by position", constScorer(0.5), CompressOptions{TargetRatio: 0.5}, "a b c d e f g h", "a b c d"},
		{"target ratio by score", funcScorer(func(text string, words []tokenize.Word) ([]float32, error) {
			return []float32{0.1, 0.9, 0.3, 0.8}, nil
		}), CompressOptions{TargetRatio: 0.5}, "w x y z", "x z"},
		{"target ratio 1 keeps all", constScorer(0), CompressOptions{TargetRatio: 1}, "w x  y z\n", "w x  y z\n"},
		{"NaN scores drop", funcScorer(func(text string, words []tokenize.Word) ([]float32, error) {
			return []float32{float32(math.NaN()), 0.9, float32(math.NaN())}, nil
		}), CompressOptions{}, "x y z", "y"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, st, err := Compress(context.Background(), tt.s, tt.in, tt.o)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("Compress(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
			if st.Words != len(tokenize.Words(tt.in)) || st.Kept != len(tokenize.Words(got)) {
				t.Errorf("stats %+v for %d words in, %d out", st, len(tokenize.Words(tt.in)), len(tokenize.Words(got)))
			}
		})
	}
}

func TestCompressErrors(t *testing.T) {
	boom := errors.New("boom")
	tests := []struct {
		name string
		s    Scorer
		o    CompressOptions
		want error
	}{
		{"scorer error", funcScorer(func(string, []tokenize.Word) ([]float32, error) { return nil, boom }), CompressOptions{}, boom},
		{"short scores", funcScorer(func(string, []tokenize.Word) ([]float32, error) { return []float32{1}, nil }), CompressOptions{}, ErrScoreCount},
		{"long scores", funcScorer(func(_ string, w []tokenize.Word) ([]float32, error) { return make([]float32, len(w)+1), nil }), CompressOptions{}, ErrScoreCount},
		{"negative ratio", constScorer(1), CompressOptions{TargetRatio: -0.1}, ErrOptions},
		{"ratio above 1", constScorer(1), CompressOptions{TargetRatio: 1.5}, ErrOptions},
		{"NaN ratio", constScorer(1), CompressOptions{TargetRatio: math.NaN()}, ErrOptions},
		{"threshold 1", constScorer(1), CompressOptions{Threshold: 1}, ErrOptions},
		{"negative threshold", constScorer(1), CompressOptions{Threshold: -1}, ErrOptions},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := Compress(context.Background(), tt.s, "some text with words", tt.o)
			if !errors.Is(err, tt.want) {
				t.Errorf("err = %v, want %v", err, tt.want)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Compress(ctx, Heuristic(), "some text", CompressOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: err = %v", err)
	}
}

// checkInvariants verifies what Compress promises for any scorer: the same
// lines with the same indentation, no blank line made from a non-blank
// one, each output line's words a subsequence of the input line's (once
// man-page hyphenations are joined), and every protected word present,
// and every failure line verbatim.
func checkInvariants(t *testing.T, in, out string) {
	t.Helper()
	if missing := failure.Missing(router.Prose, []byte(in), []byte(out)); len(missing) > 0 {
		t.Fatalf("failure lines not kept verbatim: %q", missing)
	}
	in, _ = joinHyphens(in, router.Prose, failure.Lines)
	inLines, outLines := strings.Split(in, "\n"), strings.Split(out, "\n")
	if len(inLines) != len(outLines) {
		t.Fatalf("line count %d -> %d", len(inLines), len(outLines))
	}
	for n := range inLines {
		a, b := inLines[n], outLines[n]
		if indent(a) != indent(b) && strings.TrimSpace(a) != "" {
			t.Fatalf("line %d: indentation %q -> %q", n+1, indent(a), indent(b))
		}
		aw, bw := tokenize.Words(a), tokenize.Words(b)
		if len(aw) > 0 && len(bw) == 0 {
			t.Fatalf("line %d emptied: %q", n+1, a)
		}
		// Subsequence check and protected-word multiset check.
		j := 0
		for _, w := range aw {
			if j < len(bw) && b[bw[j].Start:bw[j].End] == a[w.Start:w.End] {
				j++
			}
		}
		if j != len(bw) {
			t.Fatalf("line %d: output words are not a subsequence of input words:\n in %q\nout %q", n+1, a, b)
		}
		have := map[string]int{}
		for _, w := range bw {
			have[b[w.Start:w.End]]++
		}
		for _, w := range aw {
			word := a[w.Start:w.End]
			if mustkeep.Is(word) {
				if have[word] == 0 {
					t.Fatalf("line %d: protected word %q dropped:\n in %q\nout %q", n+1, word, a, b)
				}
				have[word]--
			}
		}
	}
}

func indent(s string) string {
	return s[:len(s)-len(strings.TrimLeft(s, " \t\v\f"))]
}

func FuzzCompress(f *testing.F) {
	for _, ps := range samples(f) {
		s := ps.Text
		if len(s) > 4000 {
			s = s[:4000]
		}
		f.Add(s, uint64(1), 0.0)
	}
	f.Add("do not run rm -rf /\n  v1.2.3 must stay\n", uint64(7), 0.3)
	f.Add("\xff\xfe bad \x00 utf8\n\t\xc3", uint64(3), 0.5)
	f.Add("", uint64(0), 0.9)
	f.Fuzz(func(t *testing.T, text string, seed uint64, ratio float64) {
		if math.IsNaN(ratio) || ratio < 0 || ratio > 1 {
			ratio = 0
		}
		for _, s := range []Scorer{constScorer(0), randomScorer(seed), Heuristic()} {
			for _, o := range []CompressOptions{{}, {TargetRatio: ratio}} {
				out, st, err := Compress(context.Background(), s, text, o)
				if err != nil {
					t.Fatalf("%s %+v: %v", s.Name(), o, err)
				}
				checkInvariants(t, text, out)
				if st.MustKept > st.Kept || st.Kept > st.Words {
					t.Fatalf("stats %+v", st)
				}
			}
		}
	})
}

func TestCompressBadInput(t *testing.T) {
	for _, in := range []string{
		"\xff\xfe\xfd", "a\x00b c\x00 d", strings.Repeat("\xc3", 1000), "\n\n\n", "\r\r\r word",
		strings.Repeat("x", 1<<20), strings.Repeat("word ", 1<<16), "\v\f", "“don’t” — «never»",
	} {
		for _, s := range []Scorer{constScorer(0), Heuristic()} {
			out, _, err := Compress(context.Background(), s, in, CompressOptions{TargetRatio: 0.3})
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, in, out)
		}
	}
}

func TestCompressDeterministic(t *testing.T) {
	for _, ps := range samples(t) {
		name, text := ps.Name, ps.Text
		want, _, err := Compress(context.Background(), Heuristic(), text, CompressOptions{TargetRatio: 0.4})
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		got := make([]string, 4)
		for i := range got {
			wg.Go(func() {
				got[i], _, _ = Compress(context.Background(), Heuristic(), text, CompressOptions{TargetRatio: 0.4})
			})
		}
		wg.Wait()
		for i, g := range got {
			if g != want {
				t.Errorf("%s: run %d differs", name, i)
			}
		}
	}
}

// TestCompressSamples checks the invariants on every prose sample and logs
// the compression each reaches with the heuristic scorer.
func TestCompressSamples(t *testing.T) {
	for _, ps := range samples(t) {
		name, text := ps.Name, ps.Text
		out, st, err := Compress(context.Background(), Heuristic(), text, CompressOptions{})
		if err != nil {
			t.Fatal(err)
		}
		checkInvariants(t, text, out)
		protected := 0
		joined, _ := joinHyphens(text, router.Prose, failure.Lines) // what the words are counted on
		for _, m := range mustkeep.Mask(joined, tokenize.Words(joined)) {
			if m {
				protected++
			}
		}
		if st.MustKept != protected {
			t.Errorf("%s: %d of %d protected words kept", name, st.MustKept, protected)
		}
		t.Logf("%-28s bytes %6d -> %6d (%.2f)  words %5d -> %5d (%.2f)  must-keep %d/%d",
			name, len(text), len(out), float64(len(out))/float64(len(text)),
			st.Words, st.Kept, float64(st.Kept)/float64(st.Words), st.MustKept, protected)
		if st.Kept == st.Words {
			t.Errorf("%s: nothing dropped", name)
		}
	}
}

// TestCompressTargetRatio checks the share of kept words against the
// target: never below it, and above it only by words that had to stay
// (protected, verbatim, one per line).
// TestCompressTargetRatio checks that TargetRatio is a share of o200k
// tokens: the output holds that share of the input's tokens, within two
// points, unless the words that must stay (the floor) already exceed it.
func TestCompressTargetRatio(t *testing.T) {
	tok, err := tokencount.New("")
	if err != nil {
		t.Fatal(err)
	}
	for _, ps := range samples(t) {
		name, text := ps.Name, ps.Text
		in := tok.Count(text)
		// The floor: what stays when the budget is as small as it gets.
		low, _, err := Compress(context.Background(), Heuristic(), text, CompressOptions{TargetRatio: 1e-9})
		if err != nil {
			t.Fatal(err)
		}
		floor := float64(tok.Count(low)) / float64(in)
		for _, r := range []float64{0.3, 0.5, 0.7} {
			out, st, err := Compress(context.Background(), Heuristic(), text, CompressOptions{TargetRatio: r})
			if err != nil {
				t.Fatal(err)
			}
			got := float64(tok.Count(out)) / float64(in)
			if st.Tokens != in || st.KeptTokens != tok.Count(out) {
				t.Errorf("%s: stats count %d of %d tokens, want %d of %d", name, st.KeptTokens, st.Tokens, tok.Count(out), in)
			}
			want := max(r, floor)
			t.Logf("%-28s target %.1f: tokens %.3f (floor %.3f)", name, r, got, floor)
			if math.Abs(got-want) > 0.02 {
				t.Errorf("%s: target %.1f kept %.3f of the tokens, want %.3f ± 0.02 (floor %.3f)", name, r, got, want, floor)
			}
		}
	}
}

// samples returns the prose samples collected under testdata/samples/prose.
func samples(tb testing.TB) []sample.Sample { return sample.Load(tb, "prose") }

func BenchmarkCompressHeuristic(b *testing.B) {
	var sb strings.Builder
	for _, ps := range samples(b) {
		sb.WriteString(ps.Text)
	}
	text := sb.String()
	for _, bc := range []struct {
		name string
		o    CompressOptions
	}{{"threshold", CompressOptions{}}, {"ratio0.4", CompressOptions{TargetRatio: 0.4}}} {
		b.Run(bc.name, func(b *testing.B) {
			var out string
			var st CompressStats
			cpu := sample.CPUTime().Seconds()
			for b.Loop() {
				out, st, _ = Compress(context.Background(), Heuristic(), text, bc.o)
			}
			mb := float64(len(text)) * float64(b.N) / 1e6
			b.ReportMetric(mb/b.Elapsed().Seconds(), "MB/s")
			if d := sample.CPUTime().Seconds() - cpu; d > 0 {
				b.ReportMetric(mb/d, "MB/cpu-s")
			}
			b.ReportMetric(float64(len(out))/float64(len(text)), "ratio")
			b.ReportMetric(float64(st.Kept)/float64(st.Words), "words-kept")
		})
	}
}

// TestRankKey checks that ordering by rankKey is ordering by better.
func TestRankKey(t *testing.T) {
	scores, _ := randomScorer(42).Score(context.Background(), strings.Repeat("w ", 500), tokenize.Words(strings.Repeat("w ", 500)))
	for i := 0; i < len(scores); i += 7 {
		scores[i] = 0.5 // ties
	}
	scores[3], scores[4] = 0, 1
	idx := make([]int, len(scores))
	keys := make([]uint64, len(scores))
	for i := range idx {
		idx[i] = i
		keys[i] = rankKey(scores[i], i)
	}
	slices.SortFunc(idx, better(scores))
	slices.Sort(keys)
	for n := range idx {
		if int(uint32(keys[n])) != idx[n] {
			t.Fatalf("position %d: rankKey order has word %d, better has %d", n, uint32(keys[n]), idx[n])
		}
	}
}

// TestMisroutedLogKeepsFailures compresses every log sample as if the
// router had called it prose, with a scorer that would drop every word it
// may: each failure line of the log (the one definition, as for a log) is
// still a whole line of the output.
func TestMisroutedLogKeepsFailures(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("..", "testdata", "samples", "log", "*.txt"))
	if len(paths) == 0 {
		t.Skip("no log samples")
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		text := string(ansi.Strip(b))
		out, _, err := Compress(context.Background(), constScorer(0), text, CompressOptions{Kind: router.Prose})
		if err != nil {
			t.Fatal(err)
		}
		have := map[string]bool{}
		for l := range strings.Lines(out) {
			have[strings.TrimRight(l, "\r\n")] = true
		}
		for _, l := range failure.Lines(router.Log, []byte(text)) {
			if !have[strings.TrimRight(string(l), "\r")] {
				t.Errorf("%s: failure line word-dropped as prose: %q", filepath.Base(p), l)
			}
		}
	}
}

// byteRowByFields is isByteRow as first written, splitting every field:
// the reference the allocation-free scan is held to.
func byteRowByFields(s string) bool {
	s = strings.TrimPrefix(s, "=>")
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == '[' || r == ']' })
	if len(f) < 5 {
		return false
	}
	off := strings.TrimSuffix(strings.TrimPrefix(f[0], "0x"), ":")
	if len(off) < 4 || !isHexString(off) {
		return false
	}
	n := 0
	for _, w := range f[1:] {
		if l := len(w); (l == 2 || l == 4 || l == 6 || l == 8) && isHexString(w) {
			n++
		} else {
			break
		}
	}
	return n >= 4
}

func TestIsByteRow(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"00000010  2e 2f 63 6f 6e 66  |./conf|", true},
		{"=>0x0c087fff8000: fa fa 00[fa]fa", true},
		{"0x0c087fff8000:[fa]fa fa fa", true},
		{"0000: de ad be", false},
		{"000: de ad be ef", false},
		{"0000: de ad be efg", false},
		{"00001: dead beef 0102 0304 05", true},
		{"the quick brown fox jumps", false},
		{"", false},
	} {
		if got := isByteRow(tc.in); got != tc.want || byteRowByFields(tc.in) != tc.want {
			t.Errorf("isByteRow(%q) = %v, reference %v, want %v", tc.in, got, byteRowByFields(tc.in), tc.want)
		}
	}
}

func FuzzIsByteRow(f *testing.F) {
	f.Add("=>0x0c087fff8000: fa fa 00[fa]fa")
	f.Add("00000010  2e 2f 63 6f 6e 66  |./conf|")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := isByteRow(s), byteRowByFields(s); got != want {
			t.Fatalf("isByteRow(%q) = %v, reference %v", s, got, want)
		}
	})
}

// TestCountLines checks that a tool's count summary stays whole in prose:
// black's "28 files would be reformatted, ..." lost its "be" to the
// heuristic scorer.
func TestCountLines(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"28 files would be reformatted, 20 files would be left unchanged.", true},
		{"1 file would be reformatted.", true},
		{"3 passed, 1 failed in 0.21s", true},
		{"Scanned 6 files, found 42 errors", false},
		{"1. Install the package", false},
		{"2019 saw the release, which was late", false},
		{"", false},
	} {
		if got := isCountLine(tc.in); got != tc.want {
			t.Errorf("isCountLine(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
	text := "Oh no! The checker found problems in this tree of files today.\n28 files would be reformatted, 20 files would be left unchanged.\n"
	out, _, err := Compress(context.Background(), constScorer(0), text, CompressOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "\n28 files would be reformatted, 20 files would be left unchanged.\n") {
		t.Errorf("count line changed:\n%s", out)
	}
}

// TestHasPlace checks the lines the prose compressor keeps whole because
// they name a place in a file: a tool's report misrouted to prose keeps
// its locations.
func TestHasPlace(t *testing.T) {
	for _, tt := range []struct {
		line string
		want bool
	}{
		{"spec/queue_spec.lua:9: Expected objects to be equal.", true},
		{"possible bashism in deploy.sh line 4 (should be '.', not 'source'):", true},
		{"  at shop.run(shop.groovy:35)", true},
		{"see cart.py:12 for the check", true},
		{"The meeting is at 10:30 in room 4.", false},
		{"Ratio 3:1 of the mix", false},
		{"Version 1.2:3 is odd", false},
		{"on line 4 of the form", false},
	} {
		if got := hasPlace(tt.line); got != tt.want {
			t.Errorf("hasPlace(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}
