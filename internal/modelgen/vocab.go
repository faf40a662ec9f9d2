package modelgen

import (
	"encoding/json"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"github.com/kompress/kompress/tokenize"
)

// Corpus is the text the test vocabularies are derived from: prose, tool
// output and a few non-ASCII words, so tests see whole words, subwords and
// unknown pieces.
const Corpus = `The quick brown fox jumps over the lazy dog. The build failed because the
test runner could not find the configuration file. Please check that the path
is correct and that you have permission to read it. We should not retry the
request more than three times; the server must return an error when the token
expires. It's a naïve café in 東京, and the résumé was über good.
Compression keeps the words that matter and drops the ones that do not.
The model scores every word, and words with a high score are kept.
INFO 2024-05-01 12:00:01 server started on port 8080
WARN 2024-05-01 12:00:02 cache miss for key user:42 after 15ms
ERROR 2024-05-01 12:00:03 request failed: connection refused (retry 3/5)
--- FAIL: TestParse (0.01s) parse_test.go:42: got 7, want 8
main.go:17:2: undefined: fooBar
Traceback (most recent call last): File "app.py", line 10, in <module>
They don't know whether we'll go, but you're sure they've left and I'm here.
`

var wordRE = regexp.MustCompile(`[\p{L}\p{N}]+|[^\s\p{L}\p{N}]`)

func wordPieceTokenizer() ([]byte, int, error) {
	vocab := map[string]int{}
	add := func(tok string) {
		if _, ok := vocab[tok]; !ok {
			vocab[tok] = len(vocab)
		}
	}
	for _, s := range []string{"[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"} {
		add(s)
	}
	for c := '!'; c <= '~'; c++ {
		if unicode.IsUpper(c) {
			continue // the normalizer lowercases
		}
		add(string(c))
		add("##" + string(c))
	}
	for _, c := range []string{"ü", "東", "京"} {
		add(c)
	}
	// Whole words seen twice or more, then frequent suffixes; "cafe" and
	// "naive" (accents stripped) arrive as "ca ##fe", "na ##ive".
	counts := map[string]int{}
	for _, w := range wordRE.FindAllString(strings.ToLower(Corpus), -1) {
		counts[w]++
	}
	words := make([]string, 0, len(counts))
	for w, n := range counts {
		if n >= 2 && len(w) > 1 {
			words = append(words, w)
		}
	}
	sort.Strings(words)
	for _, w := range words {
		add(w)
	}
	for _, s := range []string{"ca", "na", "##fe", "##ive", "##ing", "##ed", "##s", "##er", "##ly", "##tion", "##sume", "re", "fail", "test", "pars", "##e", "com", "##press"} {
		add(s)
	}
	cfg := map[string]any{
		"version":      "1.0",
		"truncation":   nil,
		"padding":      nil,
		"added_tokens": addedTokens(vocab, "[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"),
		"normalizer": map[string]any{
			"type": "BertNormalizer", "clean_text": true, "handle_chinese_chars": true,
			"strip_accents": nil, "lowercase": true,
		},
		"pre_tokenizer":  map[string]any{"type": "BertPreTokenizer"},
		"post_processor": template(vocab, "[CLS]", "[SEP]"),
		"decoder":        map[string]any{"type": "WordPiece", "prefix": "##", "cleanup": true},
		"model": map[string]any{
			"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
			"max_input_chars_per_word": 100, "vocab": vocab,
		},
	}
	data, err := json.MarshalIndent(cfg, "", " ")
	return data, len(vocab), err
}

func addedTokens(vocab map[string]int, names ...string) []map[string]any {
	var out []map[string]any
	for _, n := range names {
		out = append(out, map[string]any{
			"id": vocab[n], "content": n, "single_word": false, "lstrip": false,
			"rstrip": false, "normalized": false, "special": true,
		})
	}
	return out
}

// template is a TemplateProcessing post-processor "cls $A sep".
func template(vocab map[string]int, cls, sep string) map[string]any {
	special := func(s string) map[string]any {
		return map[string]any{"SpecialToken": map[string]any{"id": s, "type_id": 0}}
	}
	seq := func(id string) map[string]any {
		return map[string]any{"Sequence": map[string]any{"id": id, "type_id": 0}}
	}
	return map[string]any{
		"type":   "TemplateProcessing",
		"single": []any{special(cls), seq("A"), special(sep)},
		"pair":   []any{special(cls), seq("A"), special(sep), seq("B"), special(sep)},
		"special_tokens": map[string]any{
			cls: map[string]any{"id": cls, "ids": []int{vocab[cls]}, "tokens": []string{cls}},
			sep: map[string]any{"id": sep, "ids": []int{vocab[sep]}, "tokens": []string{sep}},
		},
	}
}

var gpt2RE = regexp.MustCompile(`'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+`)

// bpeMerges is the number of merges learnt for the BPE test tokenizer.
const bpeMerges = 360

func bpeTokenizer() ([]byte, int, error) {
	vocab := map[string]int{}
	add := func(tok string) {
		if _, ok := vocab[tok]; !ok {
			vocab[tok] = len(vocab)
		}
	}
	for b := range 256 {
		add(tokenize.ByteChar(byte(b)))
	}
	// Learn merges the usual way: start from bytes, merge the most frequent
	// adjacent pair (ties broken by the pair's text), repeat.
	var words [][]string
	for _, piece := range gpt2RE.FindAllString(Corpus, -1) {
		var syms []string
		for i := 0; i < len(piece); i++ {
			syms = append(syms, tokenize.ByteChar(piece[i]))
		}
		words = append(words, syms)
	}
	var merges [][2]string
	for len(merges) < bpeMerges {
		counts := map[[2]string]int{}
		for _, w := range words {
			for i := 0; i+1 < len(w); i++ {
				counts[[2]string{w[i], w[i+1]}]++
			}
		}
		var best [2]string
		bestN := 0
		for p, n := range counts {
			if n > bestN || n == bestN && p[0]+" "+p[1] < best[0]+" "+best[1] {
				best, bestN = p, n
			}
		}
		if bestN < 2 {
			break
		}
		merges = append(merges, best)
		add(best[0] + best[1])
		for k, w := range words {
			out := w[:0:0]
			for i := 0; i < len(w); i++ {
				if i+1 < len(w) && w[i] == best[0] && w[i+1] == best[1] {
					out = append(out, best[0]+best[1])
					i++
				} else {
					out = append(out, w[i])
				}
			}
			words[k] = out
		}
	}
	for _, s := range []string{"[UNK]", "[CLS]", "[SEP]", "[PAD]", "[MASK]"} {
		add(s)
	}
	mergeList := make([]string, len(merges))
	for i, m := range merges {
		mergeList[i] = m[0] + " " + m[1]
	}
	cfg := map[string]any{
		"version":      "1.0",
		"truncation":   nil,
		"padding":      nil,
		"added_tokens": addedTokens(vocab, "[UNK]", "[CLS]", "[SEP]", "[PAD]", "[MASK]"),
		"normalizer":   nil,
		"pre_tokenizer": map[string]any{
			"type": "ByteLevel", "add_prefix_space": false, "trim_offsets": true, "use_regex": true,
		},
		"post_processor": template(vocab, "[CLS]", "[SEP]"),
		"decoder":        map[string]any{"type": "ByteLevel", "add_prefix_space": true, "trim_offsets": true, "use_regex": true},
		"model": map[string]any{
			"type": "BPE", "dropout": nil, "unk_token": nil, "continuing_subword_prefix": "",
			"end_of_word_suffix": "", "fuse_unk": false, "byte_fallback": false,
			"vocab": vocab, "merges": mergeList,
		},
	}
	data, err := json.MarshalIndent(cfg, "", " ")
	return data, len(vocab), err
}
