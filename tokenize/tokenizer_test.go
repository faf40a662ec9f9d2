package tokenize

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

const modelsDir = "../testdata/models"

func load(t testing.TB, name string) *Tokenizer {
	t.Helper()
	tok, err := Load(filepath.Join(modelsDir, name, "tokenizer.json"))
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

var tokenizers = []struct {
	name string
	kind pipeline
}{
	{"bpe-final", byteLevel},
	{"wordpiece-logits", bert},
}

// asciiSamples are texts on which our encoding must equal sugarme's
// whole-text encoding exactly.
var asciiSamples = []string{
	"The quick brown fox jumps over the lazy dog.",
	"The build failed because the test runner could not find the configuration file.",
	"They don't know whether we'll go, but you're sure they've left and I'm here. 's 'S o'clock",
	"INFO 2024-05-01 12:00:01 server started on port 8080\nWARN 2024-05-01 12:00:02 cache miss for key user:42 after 15ms\n",
	"ERROR request failed: connection refused (retry 3/5)\n--- FAIL: TestParse (0.01s)\n    parse_test.go:42: got 7, want 8\n",
	"  leading spaces and   runs of   spaces, trailing too   ",
	"main.go:17:2: undefined: fooBar\tand\ttabs\r\nwindows line",
	"Paragraph one ends here.\n\nParagraph two starts; words: compression, drops, keeps.\n\n\n",
	"weird!!! punctuation??? ((nested)) [brackets] {braces} <angle> a+b=c 100% $HOME ~/x `code` #tag @user",
	"unknownwordsxyz qqq zzzz, mixedCASE and ALLCAPS with_under_scores and-dashes 0xDEADBEEF 3.14159",
	"",
	"   ",
	"\n",
	"x",
}

func TestParityWithSugarme(t *testing.T) {
	for _, tc := range tokenizers {
		tok := load(t, tc.name)
		if tok.kind != tc.kind {
			t.Fatalf("%s: pipeline %d, want native %d", tc.name, tok.kind, tc.kind)
		}
		for _, text := range asciiSamples {
			t.Run(fmt.Sprintf("%s/%.20q", tc.name, text), func(t *testing.T) {
				want, err := tok.reference(text, true)
				if err != nil {
					t.Fatal(err)
				}
				enc, err := tok.Encode(text, Words(text))
				if err != nil {
					t.Fatal(err)
				}
				got := append(append(append([]int32{}, tok.Prefix()...), enc.IDs...), tok.Suffix()...)
				if !reflect.DeepEqual(got, want) {
					t.Errorf("ids differ from sugarme\n got %v\nwant %v", got, want)
				}
			})
		}
	}
}

func TestSpecialTokens(t *testing.T) {
	for _, tc := range tokenizers {
		tok := load(t, tc.name)
		ref, err := tok.reference("x", true)
		if err != nil {
			t.Fatal(err)
		}
		if len(tok.Prefix()) != 1 || len(tok.Suffix()) != 1 || tok.Prefix()[0] != ref[0] || tok.Suffix()[0] != ref[len(ref)-1] {
			t.Errorf("%s: prefix %v suffix %v, sugarme wraps as %v", tc.name, tok.Prefix(), tok.Suffix(), ref)
		}
		sg, err := tok.sugarTokenizer()
		if err != nil {
			t.Fatal(err)
		}
		if pad, _ := sg.TokenToId("[PAD]"); tok.PadID() != int32(pad) {
			t.Errorf("%s: pad %d, want %d", tc.name, tok.PadID(), pad)
		}
	}
}

// checkAlignment checks the per-token word indices: words in order, each
// word's tokens contiguous, and every word that should have tokens has them.
func checkAlignment(t *testing.T, enc *Encoding, words []Word) {
	t.Helper()
	if len(enc.IDs) != len(enc.Words) {
		t.Fatalf("%d ids, %d word indices", len(enc.IDs), len(enc.Words))
	}
	seen := make([]bool, len(words))
	last := int32(-1)
	for i, w := range enc.Words {
		if w == NoWord {
			continue
		}
		if w < last || w >= int32(len(words)) || w != last && seen[w] {
			t.Fatalf("token %d has word %d after word %d: %v", i, w, last, enc.Words)
		}
		seen[w], last = true, w
	}
	for i, s := range seen {
		if !s {
			t.Errorf("word %d has no tokens", i)
		}
	}
}

func TestNonASCIIAlignment(t *testing.T) {
	text := "naïve café 東京 Ünïcode\u00a0space résumé—dash"
	words := Words(text)
	wantWords := []string{"naïve", "café", "東京", "Ünïcode\u00a0space", "résumé—dash"}
	var gotWords []string
	for _, w := range words {
		gotWords = append(gotWords, text[w.Start:w.End])
	}
	if !reflect.DeepEqual(gotWords, wantWords) {
		t.Fatalf("Words = %q, want %q", gotWords, wantWords)
	}
	for _, tc := range tokenizers {
		t.Run(tc.name, func(t *testing.T) {
			tok := load(t, tc.name)
			enc, err := tok.Encode(text, words)
			if err != nil {
				t.Fatal(err)
			}
			checkAlignment(t, enc, words)
			// Each word's tokens are exactly that word encoded alone (after a
			// space for BPE): spans come from Words, not from sugarme's offsets.
			for i, w := range words {
				var got []int32
				for k, wi := range enc.Words {
					if wi == int32(i) {
						got = append(got, enc.IDs[k])
					}
				}
				alone, err := tok.Encode(text[w.Start:w.End], []Word{{0, w.End - w.Start}})
				if err != nil {
					t.Fatal(err)
				}
				want := alone.IDs
				if tc.kind == byteLevel && i > 0 {
					want = tok.bpe.encode(text[w.Start:w.End], true)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("word %q: tokens %v, alone %v", text[w.Start:w.End], got, want)
				}
			}
		})
	}
}

func TestWordPieceNormalization(t *testing.T) {
	tok := load(t, "wordpiece-logits")
	sg, err := tok.sugarTokenizer()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ word, want string }{
		// Accents are stripped because lowercase is set and strip_accents is null.
		{"naïve", "na ##ive"},
		{"Café", "ca ##fe"},
		{"東京", "東 京"},
		{"ÜBER", "u ##b ##er"},
		{"it's", "it ' s"},
		{"a\u200bb", "a ##b"}, // zero-width space is format (Cf): removed
	}
	for _, tt := range tests {
		ids := tok.wp.encode(tt.word)
		var toks []string
		for _, id := range ids {
			s, _ := sg.IdToToken(int(id))
			toks = append(toks, s)
		}
		if got := strings.Join(toks, " "); got != tt.want {
			t.Errorf("encode(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
}

// TestSplitGPT2 pins the pre-tokenizer to Hugging Face's regex semantics,
// including the whitespace lookahead that sugarme's regex lacks.
func TestSplitGPT2(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"hello", []string{"hello"}},
		{" hello, world", []string{" hello", ",", " world"}},
		{"don't", []string{"don", "'t"}},
		{"we'll they're I've", []string{"we", "'ll", " they", "'re", " I", "'ve"}},
		{"abc123def", []string{"abc", "123", "def"}},
		{"x\n\ny", []string{"x", "\n", "\n", "y"}},
		{"x \ny", []string{"x", " ", "\n", "y"}},
		{"x   y", []string{"x", "  ", " y"}},
		{"x  ", []string{"x", "  "}},
		{"''s", []string{"''", "s"}},
		{"a\u00a0b", []string{"a", "\u00a0", "b"}},
		{"東京!!", []string{"東京", "!!"}},
		{"½ 2", []string{"½", " 2"}},
	}
	for _, tt := range tests {
		var got []string
		for s := tt.in; s != ""; {
			n := splitGPT2(s)
			got, s = append(got, s[:n]), s[n:]
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("split(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestWhitespaceRuns checks that gaps between words encode as the pieces
// Hugging Face's regex gives for the whole text.
func TestWhitespaceRuns(t *testing.T) {
	tok := load(t, "bpe-final")
	for _, text := range []string{"x\n\ny", "x \ny", "x   y", "x\t\ty", "x \t y", " \n x", "x \n\n "} {
		enc, err := tok.Encode(text, Words(text))
		if err != nil {
			t.Fatal(err)
		}
		var want []int32
		for s := text; s != ""; {
			n := splitGPT2(s)
			want = append(want, tok.bpe.encode(s[:n], false)...)
			s = s[n:]
		}
		if !reflect.DeepEqual(enc.IDs, want) {
			t.Errorf("%q: %v, want %v", text, enc.IDs, want)
		}
	}
}

func TestInvalidUTF8(t *testing.T) {
	text := "ok \xff\xfe bad\xc3 caf\xc3\xa9 \x00nul end"
	words := Words(text)
	for _, tc := range tokenizers {
		t.Run(tc.name, func(t *testing.T) {
			tok := load(t, tc.name)
			enc, err := tok.Encode(text, words)
			if err != nil {
				t.Fatal(err)
			}
			if len(enc.IDs) == 0 {
				t.Fatal("no tokens")
			}
			// Invalid bytes encode as U+FFFD would.
			clean := strings.ToValidUTF8(text, "\uFFFD")
			want, err := tok.Encode(clean, Words(clean))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(enc.IDs, want.IDs) {
				t.Errorf("ids %v, want those of the sanitised text %v", enc.IDs, want.IDs)
			}
		})
	}
}

func TestBadSpans(t *testing.T) {
	tok := load(t, "bpe-final")
	text := "alpha beta gamma"
	for _, words := range [][]Word{
		{{6, 10}, {0, 5}},   // out of order
		{{0, 5}, {6, 99}},   // out of range
		{{0, 5}, {5, 5}},    // empty
		{{0, 5}, {11, 16}},  // skips "beta"
		{{0, 3}},            // leaves "ha beta gamma"
		{{0, 10}, {11, 16}}, // a word with a space inside
		{{5, 10}, {11, 16}}, // a word starting with a space
	} {
		if _, err := tok.Encode(text, words); !errors.Is(err, ErrSpans) {
			t.Errorf("Encode(%v) error %v, want ErrSpans", words, err)
		}
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for name, path := range map[string]string{
		"missing":   filepath.Join(dir, "nope.json"),
		"truncated": write("trunc.json", `{"model": {"type": "BPE", "vocab": {"a": 0`),
		"not json":  write("text.json", "hello"),
		"bad merge": write("merge.json", `{"pre_tokenizer":{"type":"ByteLevel"},"model":{"type":"BPE","vocab":{"a":0},"merges":["a b"]}}`),
		"no unk":    write("unk.json", `{"pre_tokenizer":{"type":"BertPreTokenizer"},"model":{"type":"WordPiece","vocab":{"a":0}}}`),
		"bad post":  write("post.json", `{"post_processor":{"type":"TemplateProcessing","single":[{"SpecialToken":{"id":"[X]"}}]},"pre_tokenizer":{"type":"BertPreTokenizer"},"model":{"type":"WordPiece","unk_token":"a","vocab":{"a":0}}}`),
		"empty":     write("empty.json", `{}`),
	} {
		if _, err := Load(path); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: error %v, want ErrInvalid", name, err)
		}
	}
}

// TestGenericPipeline covers a tokenizer.json no native pipeline handles:
// sugarme encodes it word by word.
func TestGenericPipeline(t *testing.T) {
	p := filepath.Join(t.TempDir(), "tokenizer.json")
	cfg := `{"normalizer":{"type":"Lowercase"},"pre_tokenizer":{"type":"Whitespace"},
	"post_processor":{"type":"BertProcessing","cls":["[CLS]",1],"sep":["[SEP]",2]},
	"model":{"type":"WordLevel","unk_token":"[UNK]","vocab":{"[UNK]":0,"[CLS]":1,"[SEP]":2,"hello":3,"world":4,"!":5}}}`
	if err := os.WriteFile(p, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	tok, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if tok.kind != generic {
		t.Fatalf("pipeline %d, want generic", tok.kind)
	}
	text := "Hello   world! café\xff"
	enc, err := tok.Encode(text, Words(text))
	if err != nil {
		t.Fatal(err)
	}
	if want := []int32{3, 4, 5, 0, 0}; !reflect.DeepEqual(enc.IDs, want) {
		t.Errorf("ids %v, want %v", enc.IDs, want)
	}
	if want := []int32{0, 1, 1, 2, 2}; !reflect.DeepEqual(enc.Words, want) {
		t.Errorf("words %v, want %v", enc.Words, want)
	}
	if !reflect.DeepEqual(tok.Prefix(), []int32{1}) || !reflect.DeepEqual(tok.Suffix(), []int32{2}) {
		t.Errorf("special %v %v", tok.Prefix(), tok.Suffix())
	}
}

func TestConcurrentEncode(t *testing.T) {
	tok := load(t, "bpe-final")
	text := strings.Repeat(strings.Join(asciiSamples, " "), 3)
	want, err := tok.Encode(text, Words(text))
	if err != nil {
		t.Fatal(err)
	}
	tok.cache.init(64) // tiny, so shards are cleared while others read
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 5 {
				got, err := tok.Encode(text, Words(text))
				if err != nil || !reflect.DeepEqual(got, want) {
					t.Errorf("concurrent Encode differs (err %v)", err)
					return
				}
			}
		})
	}
	wg.Wait()
}

// FuzzEncode checks, for any input, that encoding succeeds, that token word
// indices are well formed, and that byte-level BPE loses nothing: its
// tokens spell the (sanitised) text byte for byte, whitespace included.
func FuzzEncode(f *testing.F) {
	for _, s := range asciiSamples {
		f.Add(s)
	}
	f.Add("naïve café 東京 \xff\xfe\x00 \u00a0 \u200b")
	bpeTok, wpTok := load(f, "bpe-final"), load(f, "wordpiece-logits")
	inverse := map[rune]byte{}
	for b, s := range byteChars() {
		r, _ := utf8.DecodeRuneInString(s)
		inverse[r] = byte(b)
	}
	idToken := map[int32]string{}
	for tok, id := range bpeTok.bpe.vocab {
		idToken[id] = tok
	}
	f.Fuzz(func(t *testing.T, text string) {
		words := Words(text)
		for _, tok := range []*Tokenizer{bpeTok, wpTok} {
			enc, err := tok.Encode(text, words)
			if err != nil {
				t.Fatal(err)
			}
			if len(enc.IDs) != len(enc.Words) {
				t.Fatalf("%d ids, %d word indices", len(enc.IDs), len(enc.Words))
			}
			last := int32(-1)
			for _, w := range enc.Words {
				if w != NoWord && (w < last || int(w) >= len(words)) {
					t.Fatalf("word indices out of order: %v", enc.Words)
				}
				if w != NoWord {
					last = w
				}
			}
			if tok != bpeTok {
				continue
			}
			var b strings.Builder
			for _, id := range enc.IDs {
				for _, r := range idToken[id] {
					b.WriteByte(inverse[r])
				}
			}
			if want := strings.ToValidUTF8(text, "\uFFFD"); b.String() != want {
				t.Fatalf("BPE tokens spell %q, want %q", b.String(), want)
			}
		}
	})
}

// FuzzParity compares our ids with sugarme's whole-text encoding on
// printable ASCII with single spaces and newlines between words (sugarme's
// regex lacks `\s+(?!\S)`, so longer runs legitimately differ; see
// TestWhitespaceRuns).
func FuzzParity(f *testing.F) {
	for _, s := range asciiSamples {
		f.Add(s)
	}
	toks := []*Tokenizer{load(f, "bpe-final"), load(f, "wordpiece-logits")}
	f.Fuzz(func(t *testing.T, text string) {
		var b strings.Builder
		prevSpace := true
		for i := 0; i < len(text); i++ {
			c := text[i]
			switch {
			case c == ' ' || c == '\n':
				if !prevSpace {
					b.WriteByte(c)
				}
				prevSpace = true
			case c > ' ' && c < 0x7f:
				b.WriteByte(c)
				prevSpace = false
			}
		}
		text = b.String()
		for _, tok := range toks {
			want, err := tok.reference(text, true)
			if err != nil {
				t.Fatal(err)
			}
			enc, err := tok.Encode(text, Words(text))
			if err != nil {
				t.Fatal(err)
			}
			got := append(append(append([]int32{}, tok.Prefix()...), enc.IDs...), tok.Suffix()...)
			if reflect.DeepEqual(got, want) {
				continue
			}
			// sugarme applies equal-rank merges out of order in runs of a
			// repeated symbol ("000" → "0 00", not "00 0"); there the
			// textbook algorithm is the judge.
			if tok.bpe == nil || !reflect.DeepEqual(enc.IDs, textbookBPE(tok.bpe, text)) {
				t.Fatalf("%q: got %v, sugarme %v", text, got, want)
			}
		}
	})
}

// textbookBPE encodes text as GPT-2's reference bpe() does: per piece,
// repeatedly take the lowest-ranked adjacent pair and merge all its
// occurrences left to right.
func textbookBPE(m *bpe, text string) []int32 {
	var ids []int32
	for s := text; s != ""; {
		n := splitGPT2(s)
		var syms []int32
		for i := 0; i < n; i++ {
			syms = append(syms, m.byteID[s[i]])
		}
		for {
			best, bestRank := -1, int32(math.MaxInt32)
			for k := 0; k+1 < len(syms); k++ {
				if mg, ok := m.merges[pairKey(syms[k], syms[k+1])]; ok && mg.rank < bestRank {
					best, bestRank = k, mg.rank
				}
			}
			if best < 0 {
				break
			}
			a, b := syms[best], syms[best+1]
			id := m.merges[pairKey(a, b)].id
			var out []int32
			for k := 0; k < len(syms); k++ {
				if k+1 < len(syms) && syms[k] == a && syms[k+1] == b {
					out = append(out, id)
					k++
				} else {
					out = append(out, syms[k])
				}
			}
			syms = out
		}
		ids = append(ids, syms...)
		s = s[n:]
	}
	return ids
}

// TestRepeatedSymbols pins merge order in runs, where sugarme differs from
// Hugging Face and GPT-2: equal-ranked merges go left to right.
func TestRepeatedSymbols(t *testing.T) {
	tok := load(t, "bpe-final")
	for _, text := range []string{"000", "0000000", "00000000000000000000000000000000010000", "aaaa bbbbb"} {
		enc, err := tok.Encode(text, Words(text))
		if err != nil {
			t.Fatal(err)
		}
		if want := textbookBPE(tok.bpe, text); !reflect.DeepEqual(enc.IDs, want) {
			t.Errorf("%q: %v, textbook %v", text, enc.IDs, want)
		}
	}
}

// TestNFC covers byte-level BPE behind an NFC normalizer: decomposed and
// composed accents encode alike. (sugarme v0.3.0 leaves "e\u0301"
// decomposed, so it cannot be the reference here.)
func TestNFC(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(modelsDir, "bpe-final", "tokenizer.json"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := strings.Replace(string(data), `"normalizer": null`, `"normalizer": {"type": "NFC"}`, 1)
	p := filepath.Join(t.TempDir(), "tokenizer.json")
	if err := os.WriteFile(p, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	tok, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if tok.kind != byteLevel || tok.norm == nil || *tok.norm != norm.NFC {
		t.Fatalf("pipeline %d norm %v, want native byte-level with NFC", tok.kind, tok.norm)
	}
	composed, decomposed := "a café here", "a cafe\u0301 here"
	plain, err := load(t, "bpe-final").Encode(composed, Words(composed))
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{composed, decomposed} {
		enc, err := tok.Encode(text, Words(text))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(enc.IDs, plain.IDs) {
			t.Errorf("%q: %v, want %v", text, enc.IDs, plain.IDs)
		}
	}
}
