package tokencount

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"github.com/kompress/kompress/internal/sample"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	tiktoken "github.com/pkoukk/tiktoken-go"
	loader "github.com/pkoukk/tiktoken-go-loader"
)

// native lists the encodings counted without tiktoken-go.
var native = []string{"o200k_base", "cl100k_base"}

var refs sync.Map // encoding → *tiktoken.Tiktoken

// reference returns tiktoken-go's encoder, whose counts Count must equal.
func reference(tb testing.TB, encoding string) *tiktoken.Tiktoken {
	tb.Helper()
	if enc, ok := refs.Load(encoding); ok {
		return enc.(*tiktoken.Tiktoken)
	}
	setLoader.Do(func() { tiktoken.SetBpeLoader(loader.NewOfflineLoader()) })
	enc, err := tiktoken.GetEncoding(encoding)
	if err != nil {
		tb.Fatal(err)
	}
	refs.Store(encoding, enc)
	return enc
}

func mustNew(tb testing.TB, encoding string) *Counter {
	tb.Helper()
	c, err := New(encoding)
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

func TestCount(t *testing.T) {
	c := mustNew(t, "")
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"hello world", 2},
		{"<|endoftext|>", 7}, // special tokens are ordinary text here
	}
	for _, tt := range tests {
		if got := c.Count(tt.in); got != tt.want {
			t.Errorf("Count(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

// tricky exercises each alternative of the split patterns and the classes
// they use.
var tricky = []string{
	"", " ", "  ", "\n", "a", "A",
	"don't", "DON'T", "we'LL", "they've I'm he'd she's it'S you'Re", "'s", "'", "''ll", "x'", "x'l", "rock'n'roll",
	"a\r\nb", "a\r\n\r\nb", "line\r\n", "\r\r\n\n", "\r", "x \r\n y",
	"a  \n  b", " \t \n \t x", "a \n\n  \t\n b", "  \n", "\n  ", "\n \n ",
	"trailing   ", "trailing \t", "x  y", "x   y", "x\ty", "\tx", "\t\tx", " \tx", "\t!", "  !", " !", "\t1", " 1", "  1",
	"naïve café 東京 ٣٤٥ 𝔘", "Ünïcödé ÀÉÎ", "ǅemal ǈ", "ʰʲ aʰ Aʰ ʰA", "あA", "あAb", "AあB", "ABCdef", "ABC", "abcDEF", "HTTPServer",
	"e\u0301", "E\u0301", "\u0301", "\u0301a", "!\u0301", "!\u0301a", " \u0301", "a\u0301\u0302B", "\u0915\u094d\u0937", "नमस्ते दुनिया",
	"😀", "👍🏽", "👨‍👩‍👧", "a😀b", " 😀", "😀\n", "🇯🇵",
	"1", "12", "123", "1234", "12345", "123456", "1234567", "x1234567y", "١٢٣٤", "½¼", "Ⅻ", "3.14159", "1,000,000",
	"/usr/bin/env", "a/\n/\nb", "!!!\n\n", "...\r\n", "x//\n", "--- FAIL: TestX (0.00s)",
	"\xff", "a\xffb", "\xe2\x82", "\xe2\x82\xac", "é\xc3", "\xed\xa0\x80", "\x80\x80 \x80", "don\xff't", "\uFFFD",
	"\u00a0x", "x\u00a0", "\u2028", "a\u3000b", "\u0085\n", "\v\f\r\n", "\u200b", "\u00ad",
	"<|endoftext|>", "ℌ𝔢𝔩𝔩𝔬", "ﬁ", "ǲ", "İstanbul", "Kelvin \u212a", "ſ", "x'ſ", "x'S",
	"func main() {\n\tfmt.Println(\"hi\")\n}\n", "{\"a\": [1, 2, 3], \"b\": null}",
	strings.Repeat("a", 300), strings.Repeat("ab ", 200), strings.Repeat(" ", 100) + "x", strings.Repeat("\n", 50),
	strings.Repeat("0", 100), strings.Repeat("é", 150), strings.Repeat("!", 150), strings.Repeat("日本", 100),
}

func TestCountMatchesTiktoken(t *testing.T) {
	for _, name := range native {
		t.Run(name, func(t *testing.T) {
			c, ref := mustNew(t, name), reference(t, name)
			for _, s := range tricky {
				if got, want := c.Count(s), len(ref.EncodeOrdinary(s)); got != want {
					t.Errorf("Count(%q) = %d, want %d", s, got, want)
				}
			}
		})
	}
}

// TestCountRandom compares with tiktoken-go on strings built from fragments
// that sit on the patterns' class boundaries.
func TestCountRandom(t *testing.T) {
	fragments := []string{
		"a", "Z", "é", "É", "ǅ", "ʰ", "あ", "東", "\u0301", "\u0915\u094d", "𝔘", "ß", "İ",
		"1", "٣", "½", "Ⅻ", "0", "'", "'s", "'S", "'ll", "'LL", "'re", "'ve", "'m", "'d", "'t", "'x",
		" ", "  ", "\t", "\n", "\r", "\r\n", "\u00a0", "\u3000", "\v", "\u0085",
		"!", "/", "//", ".", "-", "😀", "\u200d", "\uFFFD", "\xff", "\xe2\x82", "\x80",
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, name := range native {
		c, ref := mustNew(t, name), reference(t, name)
		for range 20000 {
			var b strings.Builder
			for range 1 + rng.IntN(24) {
				b.WriteString(fragments[rng.IntN(len(fragments))])
			}
			s := b.String()
			if got, want := c.Count(s), len(ref.EncodeOrdinary(s)); got != want {
				t.Fatalf("%s: Count(%q) = %d, want %d", name, s, got, want)
			}
		}
	}
}

func TestCountSamples(t *testing.T) {
	files, err := filepath.Glob("../../testdata/samples/*/*.txt")
	if err != nil || len(files) == 0 {
		t.Skip("no samples")
	}
	for _, name := range native {
		c, ref := mustNew(t, name), reference(t, name)
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := c.Count(string(data)), len(ref.EncodeOrdinary(string(data))); got != want {
				t.Errorf("%s: %s: Count = %d, want %d", name, f, got, want)
			}
		}
	}
}

// TestCountConcurrent shares one counter, its cache and merge scratch,
// between goroutines; run it with -race.
func TestCountConcurrent(t *testing.T) {
	c := mustNew(t, "")
	texts := append([]string{strings.Repeat("naïve_identifierXYZ/path//x ", 500)}, tricky...)
	want := make([]int, len(texts))
	for i, s := range texts {
		want[i] = c.Count(s)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for i, s := range texts {
				if got := c.Count(s); got != want[i] {
					t.Errorf("Count(%q) = %d concurrently, %d alone", s, got, want[i])
				}
			}
		})
	}
	wg.Wait()
}

// TestMerge checks the heap merge, used for pieces over smallPiece bytes,
// against the quadratic one and tiktoken-go.
func TestMerge(t *testing.T) {
	c, ref := mustNew(t, ""), reference(t, "o200k_base")
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "b", "e", "t", "th", "in", "er", "é", "東", "x", "0"}
	for range 2000 {
		var b strings.Builder
		for b.Len() < 2+rng.IntN(smallPiece-1) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		p := b.String()
		if len(p) > smallPiece {
			continue
		}
		if small, heap := mergeSmall(c.ranks, p), mergeHeap(c.ranks, p); small != heap {
			t.Fatalf("%q: mergeSmall = %d, mergeHeap = %d", p, small, heap)
		}
	}
	for _, n := range []int{65, 100, 1000, 4000} {
		p := strings.Repeat("a", n)
		if got, want := mergeHeap(c.ranks, p), len(ref.EncodeOrdinary(p)); got != want {
			t.Errorf("%d × a: mergeHeap = %d, want %d", n, got, want)
		}
		var b strings.Builder
		for b.Len() < n {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		p = b.String()
		if got, want := mergeHeap(c.ranks, p), len(ref.EncodeOrdinary(p)); got != want {
			t.Errorf("%q: mergeHeap = %d, want %d", p, got, want)
		}
	}
}

// FuzzMerge checks the merge of pieces of up to smallPiece bytes against
// the heap merge, on any bytes (a piece's bytes are valid UTF-8 by the time
// they are merged, but the merge reads bytes only).
func FuzzMerge(f *testing.F) {
	for _, s := range tricky {
		f.Add(s)
	}
	f.Add("abcdefghijklmnopqrstuvwxyz0123456789/._-ABCDEFGHIJKLMNOPQRSTUVWXYZ")
	f.Add("\xff\xfe東京é\x00\x80aaaaaaaa")
	c := mustNew(f, "")
	f.Fuzz(func(t *testing.T, s string) {
		for len(s) >= 2 {
			p := s[:min(len(s), smallPiece)]
			if small, heap := mergeSmall(c.ranks, p), mergeHeap(c.ranks, p); small != heap {
				t.Fatalf("%q: mergeSmall = %d, mergeHeap = %d", p, small, heap)
			}
			s = s[len(p):]
		}
	})
}

// TestLongPieces: one huge piece is merged in maxPiece chunks and stays
// close to the exact count (its speed is BenchmarkLongPiece's).
func TestLongPieces(t *testing.T) {
	c := mustNew(t, "")
	for _, tt := range []struct {
		name string
		unit string
	}{
		{"letters", "a"},
		{"mixed letters", "xyzzy"},
		{"runes", "é"},
		{"punctuation", "-"},
		{"invalid", "\xff"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// Sixteen and a half chunks show the cutting as well as 10 MB
			// did, at a tenth of the work: 10 MB went past the test
			// timeout under -race on a loaded machine.
			text := strings.Repeat(tt.unit, (16*maxPiece+maxPiece/2)/len(tt.unit))
			got := c.Count(text)
			// Exact for one chunk; the whole is its chunks' sum.
			chunk := text[:runeCut(text, maxPiece)]
			one := mergeCount(c.ranks, replaceInvalid(chunk))
			if want := int(int64(one) * int64(len(text)) / int64(len(chunk))); got < want-want/100 || got > want+want/100+2 {
				t.Errorf("Count = %d, want about %d", got, want)
			}
		})
	}
}

func FuzzCount(f *testing.F) {
	for _, s := range tricky {
		f.Add(s)
	}
	files, _ := filepath.Glob("../../testdata/samples/*/*.txt")
	for _, file := range files {
		data, _ := os.ReadFile(file)
		if len(data) > 512 {
			data = data[:512]
		}
		f.Add(string(data))
	}
	counters := map[string]*Counter{}
	refs := map[string]*tiktoken.Tiktoken{}
	for _, name := range native {
		counters[name], refs[name] = mustNew(f, name), reference(f, name)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 1024 {
			return // keep tiktoken-go's quadratic merge quick
		}
		for _, name := range native {
			if got, want := counters[name].Count(s), len(refs[name].EncodeOrdinary(s)); got != want {
				t.Errorf("%s: Count(%q) = %d, want %d (valid UTF-8: %v)", name, s, got, want, utf8.ValidString(s))
			}
		}
	})
}

// benchTexts are the samples concatenated, and those of the repetitive
// tool-output kinds (logs, search hits, tables) on their own.
func benchTexts(b *testing.B) map[string]string {
	texts := map[string]string{}
	for _, kind := range []string{"*", "log", "search", "table"} {
		files, _ := filepath.Glob("../../testdata/samples/" + kind + "/*.txt")
		var data []byte
		for _, f := range files {
			d, _ := os.ReadFile(f)
			data = append(data, d...)
		}
		if len(data) == 0 {
			b.Skip("no samples")
		}
		name := kind
		if kind == "*" {
			name = "all"
		}
		texts[name] = string(data)
	}
	return texts
}

// BenchmarkCount reports MB per CPU second (cpu-MB/s) beside the wall-clock
// figure: large texts are counted on several cores, and the machine may be
// shared. The counters' memos are warm after the first count.
func BenchmarkCount(b *testing.B) {
	benchCount(b, func(c *Counter) *Counter { return c })
	texts := benchTexts(b)
	b.Run("o200k_base/parallel", func(b *testing.B) {
		c := mustNew(b, "o200k_base")
		text := texts["all"]
		b.SetBytes(int64(len(text)))
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				c.Count(text)
			}
		})
	})
}

// BenchmarkCountTiktoken is the reference implementation on the samples.
func BenchmarkCountTiktoken(b *testing.B) {
	text := benchTexts(b)["all"]
	for _, name := range native {
		b.Run(name, func(b *testing.B) {
			ref := reference(b, name)
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				ref.EncodeOrdinary(text)
			}
		})
	}
}

// BenchmarkNew is a process's first counter: o200k_base's table is
// embedded, cl100k_base's built.
func BenchmarkNew(b *testing.B) {
	for _, name := range native {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := loadVocab(name); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestVocabMatchesLoader checks the tables parsed from the embedded rank
// files against tiktoken-go-loader's own parse, token by token.
func TestVocabMatchesLoader(t *testing.T) {
	for _, name := range native {
		want, err := loader.NewOfflineLoader().LoadTiktokenBpe(name + ".tiktoken")
		if err != nil {
			t.Fatal(err)
		}
		v := mustNew(t, name).ranks
		for tok, r := range want {
			if got := v.rank(tok); got != int32(r) {
				t.Fatalf("%s: rank(%q) = %d, want %d", name, tok, got, r)
			}
			// A string a byte away from a token is no token unless the
			// file has it: lookup's short compare (tailWord) says so too.
			for _, k := range []int{0, len(tok) / 2, len(tok) - 1} {
				b := []byte(tok)
				b[k] ^= 1 << (k % 8)
				r, ok := want[string(b)]
				if got := v.rank(string(b)); ok && got != int32(r) || !ok && got != noRank {
					t.Fatalf("%s: rank(%q) = %d, want %d (a token: %v)", name, b, got, r, ok)
				}
			}
		}
	}
}

// TestBMPClasses checks the classes built by block against classify.
func TestBMPClasses(t *testing.T) {
	for r := range rune(1 << 16) {
		if got, want := bmpClass(r), classify(r); got != want {
			t.Fatalf("class of U+%04X = %08b, want %08b", r, got, want)
		}
	}
}

// TestCountParts checks that cutting where pieceStart says (as Count does
// for large texts) changes no count.
func TestCountParts(t *testing.T) {
	files, err := filepath.Glob("../../testdata/samples/*/*.txt")
	if err != nil || len(files) == 0 {
		t.Skip("no samples")
	}
	count := func(c *Counter, s string) int {
		n, err := c.count(context.Background(), new(memo), s)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	var all []byte
	for _, name := range native {
		c := mustNew(t, name)
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, data...)
			s := string(data)
			want := count(c, s)
			for i := 0; i < len(s); i += max(len(s)/7, 1) {
				cut := pieceStart(s, i)
				if cut < 0 {
					break
				}
				if got := count(c, s[:cut]) + count(c, s[cut:]); got != want {
					t.Errorf("%s: %s cut at %d: %d tokens, want %d", name, f, cut, got, want)
				}
			}
		}
		if got, want := c.Count(string(all)), count(c, string(all)); got != want {
			t.Errorf("%s: Count of all samples = %d, want %d", name, got, want)
		}
	}
}

// TestCountContext checks that a done context stops counting, and that a
// live one counts as Count does.
func TestCountContext(t *testing.T) {
	text := strings.Repeat("ok  \tgithub.com/x/y\t0.01s\n", 3*parallelPart/20)
	for _, name := range native {
		c := mustNew(t, name)
		ctx, cancel := context.WithCancel(context.Background())
		if n, err := c.CountContext(ctx, text); err != nil || n != c.Count(text) {
			t.Errorf("%s: live context: %d, %v; want %d, nil", name, n, err, c.Count(text))
		}
		cancel()
		if _, err := c.CountContext(ctx, text); err != context.Canceled {
			t.Errorf("%s: cancelled context: err %v, want context.Canceled", name, err)
		}
	}
}

var updateTable = flag.Bool("update-table", false, "rewrite o200k_base.flat from tiktoken-go-loader's rank file")

// TestFlatTable checks that the embedded o200k_base table is the one built
// from tiktoken-go-loader's rank file (-update-table rewrites it).
func TestFlatTable(t *testing.T) {
	want, err := buildFromAsset("o200k_base")
	if err != nil {
		t.Fatal(err)
	}
	if *updateTable {
		if err := os.WriteFile("o200k_base.flat", want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if o200kFlat != string(want) {
		t.Fatal("o200k_base.flat is stale: run go generate ./internal/tokencount")
	}
}

// TestLoadFlatRejects checks that loadFlat refuses damaged tables.
func TestLoadFlatRejects(t *testing.T) {
	good := []byte(o200kFlat)
	for name, data := range map[string][]byte{
		"empty":     nil,
		"magic":     append([]byte("xxxx"), good[4:]...),
		"truncated": good[:len(good)/2],
		"extra":     append(bytes.Clone(good), 'x'),
	} {
		if _, err := loadFlat(data); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
}

func BenchmarkLongPiece(b *testing.B) {
	c := mustNew(b, "")
	for _, unit := range []string{"a", "xyzzy", "-", "\xff"} {
		text := strings.Repeat(unit, (1<<20)/len(unit))
		b.Run(fmt.Sprintf("%q", unit), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				c.Count(text)
			}
		})
	}
}

// TestSplitter checks the exported splitters: pieces cover the text, and
// Qwen's pattern cuts numbers digit by digit where cl100k's takes three.
func TestSplitter(t *testing.T) {
	pieces := func(sp *Splitter, s string) []string {
		var out []string
		for i := 0; i < len(s); {
			e := sp.Next(s, i)
			out = append(out, s[i:e])
			i = e
		}
		return out
	}
	if _, ok := NewSplitter(`\s+`); ok {
		t.Error("NewSplitter accepted an unknown pattern")
	}
	text := "I'll pay 12345 now,\n  ok?  "
	for pattern, want := range map[string][]string{
		PatternCL100k: {"I", "'ll", " pay", " ", "123", "45", " now", ",\n", " ", " ok", "?", "  "},
		PatternQwen:   {"I", "'ll", " pay", " ", "1", "2", "3", "4", "5", " now", ",\n", " ", " ok", "?", "  "},
		PatternO200k:  {"I'll", " pay", " ", "123", "45", " now", ",\n", " ", " ok", "?", "  "},
	} {
		sp, ok := NewSplitter(pattern)
		if !ok {
			t.Fatalf("NewSplitter(%.20s…) not recognised", pattern)
		}
		if got := pieces(sp, text); !slices.Equal(got, want) {
			t.Errorf("%.20s…: pieces %q, want %q", pattern, got, want)
		}
	}
}

// adversarial are texts made to break the fast paths: long runs of one
// character, mixed scripts, emoji, CRLF, whitespace runs before newlines,
// contractions in both cases, span cuts next to '/' and newlines, and
// repeated lines with small changes (the long-span memo).
func adversarial() []string {
	var out []string
	for _, unit := range []string{"a", "A", "aB", " ", "  x", "\n", "\r\n", " \n", "\t", "\t\n", "'", "'s", "'S", "x's ", "é", "😀", "1", "12 ", "/", "-", "\u00a0", "\u3000", "\xff", "a\u0301"} {
		for _, n := range []int{1, 2, 3, 7, 8, 9, 15, 16, 17, 40, 1000} {
			out = append(out, strings.Repeat(unit, n), "x"+strings.Repeat(unit, n)+"y")
		}
	}
	out = append(out,
		"Hello мир 世界 مرحبا שלום नमस्ते 🙂 Ελλάδα ÀÉÎ ǅ", "日本語のテキスト and English, mixed: 한국어 123 ٣٤٥",
		"👨‍👩‍👧 family 🇯🇵 flag 👍🏽 thumbs\n", "a😀 😀b 😀\n😀",
		"a\r\nb\r\n\r\n  c \r\n", "\r\n\r\n", "x\r\n/y", "x \r\n\t\r\n y",
		"x   \n", "x \t \n\n  y", "  \n\n\n   \n  z", "word  \n  word", "end \n", "end\t\n", "a \u00a0\nb", "a\u00a0 b",
		"I'M you'RE it'S WE'LL they'Ve he'D don'T", "i'm you're it's we'll they've he'd don't", "X 's x 'S x'Ll x'lL 'd", "rock'n'roll 'tis",
		"a b", "a  b", "a\nb", "a\n/b", "a\n b", ".\n/x", "x /y", "x\n\n/y", "x\n\n\ny", "x.\ny", "x.\n.y", "/\n/", "a/\n", "é b", "é\nb", "\xff b", "\xff\nb",
		strings.Repeat("2024-01-01T00:00:00Z INFO request handled path=/api/v1/items status=200 latency=12ms\n", 50),
	)
	var b strings.Builder
	for k := range 200 {
		fmt.Fprintf(&b, "--- PASS: TestSomethingLong/case_%d (0.0%ds)\n    helper_test.go:%d: ok  \n", k%7, k%3, 10+k%5)
	}
	out = append(out, b.String())
	return out
}

// corpus is the samples, the held-out samples and the adversarial texts.
func corpus(tb testing.TB) []string {
	tb.Helper()
	files, _ := filepath.Glob("../../testdata/samples/*/*.txt")
	held, _ := filepath.Glob("../../testdata/heldout/*/*")
	texts := adversarial()
	for _, f := range append(files, held...) {
		if strings.HasSuffix(f, ".md") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		texts = append(texts, string(data))
	}
	return texts
}

// slowCount is the reference count: the general pre-tokenizer (no ASCII
// fast path, no spans) and every piece merged afresh.
func slowCount(c *Counter, s string) int {
	n := 0
	for i := 0; i < len(s); {
		e := c.split.nextCL100k(s, i)
		if c.split.o200k {
			e = c.split.nextO200kAny(s, i)
		}
		n += c.countPiece(s[i:e], false)
		i = e
	}
	return n
}

// slowSpans is the sum of slowCount over the spans of s, each alone.
func slowSpans(c *Counter, s string) int {
	n := 0
	for i := 0; i < len(s); {
		e := spanEnd(s, i)
		n += slowCount(c, s[i:e])
		i = e
	}
	return n
}

// TestFastPaths checks the fast paths against the slow reference on the
// corpus: the ASCII pre-tokenizer agrees with the general one wherever it
// answers, spans count the same alone as in their text, and Count, cold or
// with its memo warm, equals the reference.
func TestFastPaths(t *testing.T) {
	texts := corpus(t)
	sp := newSplitter(true)
	for _, s := range texts {
		checkASCII(t, sp, s)
	}
	for _, name := range native {
		c := mustNew(t, name)
		for k, s := range texts {
			want := slowCount(c, s)
			if spans := slowSpans(c, s); spans != want {
				t.Errorf("%s: text %d: its spans count %d, the text %d", name, k, spans, want)
			}
			cold := newNative(name, c.ranks)
			if got := cold.Count(s); got != want {
				t.Errorf("%s: text %d (%.40q): Count = %d cold, want %d", name, k, s, got, want)
			}
			if got := cold.Count(s); got != want {
				t.Errorf("%s: text %d (%.40q): Count = %d warm, want %d", name, k, s, got, want)
			}
		}
	}
}

// checkASCII checks the ASCII pre-tokenizer against the general one at
// every offset of s, wherever they answer, and countO200k's pieces of one
// byte (singles) too.
func checkASCII(t *testing.T, sp *splitter, s string) {
	t.Helper()
	for i := range len(s) {
		want := sp.nextO200kAny(s, i)
		if e := asciiEnd(s, i); e > i && e != want {
			t.Fatalf("%.40q at %d (%q): asciiEnd ends the piece at +%d, want +%d", s, i, s[i:min(i+20, len(s))], e-i, want-i)
		}
		if i+8 <= len(s) {
			checkQuick(t, s, i, want)
		}
		if i+1 < len(s) && singles[pairClass[s[i]]<<4|pairClass[s[i+1]]] && want != i+1 {
			t.Fatalf("%.40q at %d (%q): singles takes a piece of one byte, want +%d", s, i, s[i:min(i+20, len(s))], want-i)
		}
	}
}

// quickShorts is checkQuick's short cache: each key it holds is a string's
// key, and the count it gives is the string's length.
var quickShorts = func() *shorts {
	sh := new(shorts)
	sh.grow(minShorts)
	return sh
}()

// quickPieces is checkQuick's cache of longer pieces: the count it gives
// for a string is its length less 8.
var quickPieces = func() *pieces {
	pc := new(pieces)
	pc.grow(minPieceBits)
	return pc
}()

// checkQuick checks the piece that quickRun takes at s[i] against want, the
// general matcher's end: it must take that piece, or none. The caches hold
// every string at s[i] that quickRun could take for a piece, its count
// being its length (less 8 for a longer piece), so the count tells which
// one it took.
func checkQuick(t *testing.T, s string, i, want int) {
	t.Helper()
	b := []byte(s)
	for l := 2; l <= maxShort; l++ {
		quickShorts.put(shortKey(b, i, l), l)
	}
	for l := maxShort + 1; l <= shortPiece && i+l <= len(b); l++ {
		lo, hi := pieceKey(b, i, i+l)
		quickPieces.put(lo, hi, l-8)
	}
	j, n, miss := quickRun(b, i, i+1, quickShorts, quickPieces)
	if miss != 0 {
		// A key the others pushed out of its set: the piece is cut
		// all the same.
		if j != i || i+miss != want {
			t.Fatalf("%.40q at %d (%q): quickRun stops at +%d for a piece of %d bytes, want +%d", s, i, s[i:min(i+20, len(s))], j-i, miss, want-i)
		}
		return
	}
	if j-i > maxShort {
		n += 8
	}
	if j != i && (j != want || n != j-i) {
		t.Fatalf("%.40q at %d (%q): quickRun takes a piece of %d bytes (count %d), want +%d", s, i, s[i:min(i+20, len(s))], j-i, n, want-i)
	}
}

// TestQuickRun puts pieces of each kind quickRun reads, from one byte to
// nine (past its eight), after a few prefixes and before bytes that end or
// continue them (a quote, white space that is not ASCII, other scripts'
// letters and digits, an emoji, invalid UTF-8), and checks its cuts against
// the general matcher at every offset and the counts against tiktoken-go.
func TestQuickRun(t *testing.T) {
	var pieces []string
	for n := 1; n <= 9; n++ {
		for _, unit := range []string{"a", "Q", "7", ".", "-", " ", "\t", "\n"} {
			pieces = append(pieces, strings.Repeat(unit, n))
		}
		pieces = append(pieces, "ABCDEFGHI"[:n]+"xyz", "Ab"+strings.Repeat("c", n), " "+strings.Repeat("w", n),
			"."+strings.Repeat("w", n), strings.Repeat("=", n)+"\n/", strings.Repeat(" ", n)+"\n",
			"\n"+strings.Repeat(" ", n), strings.Repeat(" \n", n), strings.Repeat("\r\n", n), " "+strings.Repeat(")", n)+"\r\n")
	}
	tails := []string{"", "a", "A", "1", " ", "  ", "\n", "\t", ".", "'s", "'", "/", "é", "\u00a0", "\u0085", "\xff", "東", "😀", "٣", "ǅ"}
	sp := newSplitter(true)
	c, ref := mustNew(t, ""), reference(t, "o200k_base")
	for _, prefix := range []string{"", "x", "yz ", "12345678"} {
		for _, p := range pieces {
			for _, tail := range tails {
				s := prefix + p + tail + "........"
				checkASCII(t, sp, s)
				if got, want := c.Count(s), len(ref.EncodeOrdinary(s)); got != want {
					t.Fatalf("Count(%q) = %d, want %d", s, got, want)
				}
			}
		}
	}
}

// TestSingles checks every pair of bytes that singles decides, followed by
// a byte of each kind and then a few more that end or continue a piece,
// against the general pre-tokenizer, and that it decides the pairs it should: a piece
// of one byte that the byte after decides is found without asciiEnd.
func TestSingles(t *testing.T) {
	sp := newSplitter(true)
	tails := []string{"", "a", "A", "1", " ", "  ", "\n", "\t", ".", "'", "/", "é", "\u00a0", "\u0085", "\xff"}
	decided := 0
	for b0 := range 256 {
		for b1 := range 256 {
			if !singles[pairClass[b0]<<4|pairClass[b1]] {
				continue
			}
			decided++
			for _, b2 := range []byte("aZ09 \n\r\t\v\f'/.-\x00\x7f\x80\xc2\xc3\xe2\xf0\xff") {
				for _, tail := range tails {
					s := string([]byte{byte(b0), byte(b1), b2}) + tail
					if e := sp.nextO200kAny(s, 0); e != 1 {
						t.Fatalf("%q: singles takes a piece of one byte, the pattern %d", s, e)
					}
				}
			}
		}
	}
	// Of the ASCII pairs, those of a letter, digit, newline or punctuation
	// and then a space or a digit are surely among them.
	for _, p := range []string{"a ", "Z1", "1 ", "9a", "\n1", "\nx", ". ", ",1", " 1", "\t1"} {
		if !singles[pairClass[p[0]]<<4|pairClass[p[1]]] {
			t.Errorf("singles does not decide %q", p)
		}
	}
	if decided == 0 {
		t.Fatal("singles decides no pair")
	}
}

// TestCountAdversarial compares the adversarial texts with tiktoken-go.
func TestCountAdversarial(t *testing.T) {
	for _, name := range native {
		c, ref := mustNew(t, name), reference(t, name)
		for _, s := range adversarial() {
			if got, want := c.Count(s), len(ref.EncodeOrdinary(s)); got != want {
				t.Errorf("%s: Count(%.60q) = %d, want %d", name, s, got, want)
			}
		}
	}
}

// FuzzSpans checks Count and the span cuts against the slow reference, on
// texts longer than FuzzCount's.
func FuzzSpans(f *testing.F) {
	for _, s := range append(tricky, adversarial()...) {
		f.Add(s)
	}
	counters := map[string]*Counter{}
	for _, name := range native {
		counters[name] = mustNew(f, name)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 64<<10 {
			return
		}
		for _, name := range native {
			c := counters[name]
			want := slowCount(c, s)
			if got := c.Count(s); got != want {
				t.Errorf("%s: Count(%q) = %d, want %d", name, s, got, want)
			}
			if spans := slowSpans(c, s); spans != want {
				t.Errorf("%s: %q: its spans count %d, the text %d", name, s, spans, want)
			}
		}
	})
}

// BenchmarkCountCold is BenchmarkCount for a process's first count: each
// text is counted by a counter whose memos and caches are empty, so only
// the repeats within the text help.
func BenchmarkCountCold(b *testing.B) {
	benchCount(b, func(c *Counter) *Counter { return newNative(c.name, c.ranks) })
}

// BenchmarkCountFiles counts the samples one by one as the CLI counts its
// inputs, with a counter made for each run whose caches and rank table
// (its pair cache too) start empty: only what earlier files taught helps.
func BenchmarkCountFiles(b *testing.B) {
	files, _ := filepath.Glob("../../testdata/samples/*/*.txt")
	if len(files) == 0 {
		b.Skip("no samples")
	}
	var texts []string
	size := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		texts, size = append(texts, string(data)), size+len(data)
	}
	b.SetBytes(int64(size))
	cpu := sample.CPUTime()
	for b.Loop() {
		v, err := loadVocab("o200k_base")
		if err != nil {
			b.Fatal(err)
		}
		c := newNative("o200k_base", v)
		for _, text := range texts {
			c.Count(text)
		}
	}
	b.ReportMetric(float64(size)*float64(b.N)/(sample.CPUTime()-cpu).Seconds()/1e6, "cpu-MB/s")
}

// benchCount counts each kind of sample with counter(c), c being the
// encoding's counter.
func benchCount(b *testing.B, counter func(c *Counter) *Counter) {
	texts := benchTexts(b)
	for _, name := range native {
		c := mustNew(b, name)
		for _, kind := range []string{"all", "log", "search", "table"} {
			text := texts[kind]
			b.Run(name+"/"+kind, func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				cpu := sample.CPUTime()
				for b.Loop() {
					counter(c).Count(text)
				}
				b.ReportMetric(float64(len(text))*float64(b.N)/(sample.CPUTime()-cpu).Seconds()/1e6, "cpu-MB/s")
			})
		}
	}
}

// derived returns texts made from s as a compressor makes them: lines
// dropped, a marker in their place, a run of lines repeated, the text cut
// inside a line.
func derived(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	var kept, marked strings.Builder
	for i, l := range lines {
		if i%3 != 1 {
			kept.WriteString(l)
			marked.WriteString(l)
		} else if i%9 == 1 {
			fmt.Fprintf(&marked, "[... %d lines omitted ...]\n", i)
		}
	}
	half := len(s) / 2
	return []string{s, kept.String(), marked.String(), s[half:] + s[:half], strings.Repeat(s[:len(s)/3], 2), ""}
}

// TestTally checks that a tally counts each text as Count does, whatever
// text it counted before: every sample, then texts made from it, then the
// next sample.
func TestTally(t *testing.T) {
	files, err := filepath.Glob("../../testdata/samples/*/*.txt")
	if err != nil || len(files) == 0 {
		t.Skip("no samples")
	}
	for _, name := range append(native, "p50k_base") {
		c := mustNew(t, name)
		tally := c.Tally()
		for i, f := range files {
			if c.split == nil && i%16 != 0 {
				continue // tiktoken-go is slow: a few samples will do
			}
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for k, s := range derived(string(data)) {
				got, err := tally.Count(context.Background(), s)
				if want := c.Count(s); got != want || err != nil {
					t.Errorf("%s: %s, text %d: tally counts %d (%v), Count %d", name, f, k, got, err, want)
				}
			}
		}
		tally.Close()
	}
}

// TestTallyHandOver counts an original on one goroutine and its derived
// texts on another, as Engine.Compress does; run it with -race.
func TestTallyHandOver(t *testing.T) {
	c := mustNew(t, "")
	text := strings.Repeat("2024-05-01T10:00:00Z INFO  request served path=/api/v1/items status=200\n", parallelPart/20)
	ch := make(chan *Tally)
	go func() {
		tally := c.Tally()
		tally.Count(context.Background(), text)
		ch <- tally
	}()
	tally := <-ch
	defer tally.Close()
	for k, s := range derived(text) {
		if got, want := c.Count(s), mustCount(t, tally, s); got != want {
			t.Errorf("text %d: tally counts %d, Count %d", k, want, got)
		}
	}
}

func mustCount(t *testing.T, tally *Tally, s string) int {
	t.Helper()
	n, err := tally.Count(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// FuzzTally checks a tally's count of b, after a, against tiktoken-go.
func FuzzTally(f *testing.F) {
	for i, s := range tricky {
		f.Add(s, tricky[(i+1)%len(tricky)])
	}
	f.Add("a long span of words here/and/there\n", "there a long span of words here/and\n")
	c, ref := mustNew(f, ""), reference(f, DefaultEncoding)
	f.Fuzz(func(t *testing.T, a, b string) {
		if len(a) > 4096 || len(b) > 1024 {
			return
		}
		tally := c.Tally()
		defer tally.Close()
		tally.Count(context.Background(), a)
		if got, want := mustCount(t, tally, b), len(ref.EncodeOrdinary(b)); got != want {
			t.Errorf("Count(%q) after %q = %d, want %d", b, a, got, want)
		}
	})
}

// TestPiecesGrow checks that a short cache that grows keeps its counts.
func TestPiecesGrow(t *testing.T) {
	pc := pieces{slots: make([]pieceSlot, 1<<minPieceBits), shift: 64 - minPieceBits}
	key := func(i int) (uint64, uint64) {
		b := fmt.Appendf(nil, "k%d.......", i)
		return pieceKey(b, 0, 2+i%12)
	}
	want := map[[2]uint64]int{}
	for i := range 300 {
		lo, hi := key(i)
		pc.put(lo, hi, i%7)
		want[[2]uint64{lo, hi}] = i % 7
	}
	held := func() (n int) {
		for k, v := range want {
			if got, ok := pc.get(k[0], k[1]); ok {
				if got != v {
					t.Fatalf("key %x: count %d, want %d", k, got, v)
				}
				n++
			}
		}
		return n
	}
	before := held()
	pc.grow(minPieceBits + 2)
	if after := held(); after != before || before == 0 {
		t.Errorf("%d keys held before growing, %d after", before, after)
	}
}

// BenchmarkCountPair counts each sample and a text made from it (lines
// dropped, markers added: see derived) as Compress counts an original and
// its result, with a counter whose caches start empty: twice with Count,
// or with one tally. MB/s are of both texts.
func BenchmarkCountPair(b *testing.B) {
	files, _ := filepath.Glob("../../testdata/samples/*/*.txt")
	if len(files) == 0 {
		b.Skip("no samples")
	}
	var ins, outs []string
	size := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		ins, outs = append(ins, string(data)), append(outs, derived(string(data))[2])
		size += len(ins[len(ins)-1]) + len(outs[len(outs)-1])
	}
	base := mustNew(b, "")
	for _, mode := range []string{"count", "tally"} {
		b.Run(mode, func(b *testing.B) {
			b.SetBytes(int64(size))
			cpu := sample.CPUTime()
			for b.Loop() {
				c := newNative(base.name, base.ranks)
				for k, in := range ins {
					if mode == "count" {
						c.Count(in)
						c.Count(outs[k])
						continue
					}
					tally := c.Tally()
					tally.Count(context.Background(), in)
					tally.Count(context.Background(), outs[k])
					tally.Close()
				}
			}
			b.ReportMetric(float64(size)*float64(b.N)/(sample.CPUTime()-cpu).Seconds()/1e6, "cpu-MB/s")
		})
	}
}

// TestSpanEnd checks spanEnd's eight-byte scan against the rule it
// implements, read a byte at a time, on the samples and on random bytes
// drawn from those that decide a span's end.
func TestSpanEnd(t *testing.T) {
	slow := func(s string, i int) int {
		for p := i + 1; p < len(s); p++ {
			if spanClass[s[p-1]]>>4&spanClass[s[p]]&spanCut != 0 {
				return p
			}
		}
		return len(s)
	}
	texts := append(corpus(t), tricky...)
	rng := rand.New(rand.NewPCG(5, 6))
	alphabet := "a \n\t\r\v\f/.\x0e\x08\x1f\x7f\xc3\xa9"
	for range 20000 {
		b := make([]byte, 1+rng.IntN(40))
		for k := range b {
			b[k] = alphabet[rng.IntN(len(alphabet))]
		}
		texts = append(texts, string(b))
	}
	for _, s := range texts {
		for i := 0; i < len(s); i++ {
			if got, want := spanEnd(s, i), slow(s, i); got != want {
				t.Fatalf("spanEnd(%q, %d) = %d, want %d", s, i, got, want)
			}
		}
	}
}

// FuzzASCII checks the ASCII pre-tokenizer against the general matcher at
// every offset of random bytes (invalid UTF-8 included), and the short
// cache's keys: two pieces of 2 to maxShort bytes have the same key only if
// they are the same bytes.
func FuzzASCII(f *testing.F) {
	for _, s := range tricky {
		f.Add(s)
	}
	f.Add("aB'S x'Ll\t \n\n  /x.\n/y 12é3 ABCdefgh IJKLMNOPqrs\x00\x00ab\x00")
	sp := newSplitter(true)
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 {
			return
		}
		checkASCII(t, sp, s)
		b := []byte(s)
		keys := map[uint64]string{}
		for i := range len(b) {
			for l := 2; l <= maxShort && i+l <= len(b); l++ {
				k := shortKey(b, i, l)
				if k == 0 || k&^shortMask != 0 {
					t.Fatalf("key of %q is %#x: zero or over its bits", b[i:i+l], k)
				}
				if old, ok := keys[k]; ok && old != s[i:i+l] {
					t.Fatalf("%q and %q have the same key %#x", old, s[i:i+l], k)
				}
				keys[k] = s[i : i+l]
			}
		}
	})
}

// TestShorts checks that the short cache returns what it was given, for
// keys that share a set or not, and that one that grows keeps its counts.
func TestShorts(t *testing.T) {
	var sh shorts
	sh.grow(minShorts)
	rng := rand.New(rand.NewPCG(1, 2))
	want := map[uint64]int{}
	for range 3000 {
		b := make([]byte, 2+rng.IntN(maxShort-1))
		for k := range b {
			b[k] = byte(rng.IntN(4)) // few bytes: many keys share a prefix
		}
		key := shortKey(b, 0, len(b))
		n := int(key % 8) // a key's count never changes
		sh.put(key, n)
		want[key] = n
	}
	held := func() (n int) {
		for k, v := range want {
			if got, ok := sh.get(k); ok {
				if got != v {
					t.Fatalf("key %#x: count %d, want %d", k, got, v)
				}
				n++
			}
		}
		return n
	}
	before := held()
	sh.grow(minShorts + 3)
	if after := held(); after != before || before == 0 {
		t.Errorf("%d keys held before growing, %d after", before, after)
	}
}

// TestRunPieces checks the cached counts of long runs of one byte (runKey)
// against merging each afresh: every length, both orders, in one counter.
func TestRunPieces(t *testing.T) {
	c := newNative("o200k_base", mustNew(t, "o200k_base").ranks)
	for _, b := range []string{" ", "-", "=", "\t", "a"} {
		for _, order := range []int{1, -1} {
			for k := range 300 {
				n := maxCachedSize + 1 + k
				if order < 0 {
					n = maxCachedSize + 300 - k
				}
				p := strings.Repeat(b, n)
				if got, want := c.countPiece(p, true), mergeCount(c.ranks, p); got != want {
					t.Fatalf("%d × %q: %d tokens, want %d", n, b, got, want)
				}
			}
		}
	}
}
