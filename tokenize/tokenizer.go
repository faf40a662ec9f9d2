package tokenize

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/kompress/kompress/internal/tokencount"
	sugar "github.com/sugarme/tokenizer"
	"github.com/sugarme/tokenizer/pretrained"
	"golang.org/x/text/unicode/norm"
)

// Errors returned by Load and Encode; test with errors.Is.
var (
	// ErrInvalid reports a tokenizer.json that cannot be read or is not supported.
	ErrInvalid = errors.New("tokenize: invalid tokenizer.json")
	// ErrSpans reports word spans that are out of order, out of range, or
	// leave non-whitespace text between words.
	ErrSpans = errors.New("tokenize: word spans do not match the text")
	// ErrEncode reports a failure inside the underlying tokenizer library.
	ErrEncode = errors.New("tokenize: encoding failed")
)

// NoWord is the word index of tokens that belong to no word: the whitespace
// tokens a byte-level BPE tokenizer emits between words.
const NoWord = -1

// Encoding is a text's token sequence without special tokens.
// IDs[i] belongs to word Words[i] (an index into the words passed to
// Encode) or to NoWord; a word's tokens are contiguous and words appear in
// order, so a sequence can be cut between words.
type Encoding struct {
	IDs   []int32
	Words []int32
}

// Tokenizer encodes whitespace-delimited words into model token ids. It is
// safe for concurrent use.
//
// Two pipelines are implemented natively, following Hugging Face
// tokenizers: BERT-style WordPiece (BertNormalizer, BertPreTokenizer) and
// byte-level BPE as in GPT-2, RoBERTa and ModernBERT. Tests check them
// against github.com/sugarme/tokenizer v0.3.0, which is too slow (under
// 1 MB/s), panics on invalid UTF-8 and reports wrong offsets for non-ASCII
// words to be used directly. Any other tokenizer.json that sugarme loads is
// encoded by sugarme, word by word, with its panics contained. Either way
// each distinct word is encoded once and cached: prose and logs repeat words.
type Tokenizer struct {
	kind           pipeline
	prefix, suffix []int32 // special tokens around every sequence
	pad            int32
	addPrefixSpace bool
	norm           *norm.Form           // normalise words first (NFC, NFKC); nil: as they are
	split          *tokencount.Splitter // splitBPE's pre-tokenizer
	added          addedTokens          // matched in the text before anything else

	bpe *bpe
	wp  *wordPiece
	// sugar encodes the generic pipeline; for native ones it is loaded
	// only when tests ask for a reference encoding (sugarTokenizer).
	sugar     *sugar.Tokenizer
	path      string
	sugarOnce sync.Once
	sugarErr  error

	cache cache
}

type pipeline int

const (
	generic pipeline = iota
	byteLevel
	bert
	// splitBPE is byte-level BPE behind a Split pre-tokenizer of one of the
	// patterns tokencount.Splitter knows (Llama 3, Qwen 2/3, GPT-4o).
	splitBPE
)

// cacheWords bounds the per-tokenizer word cache; a word costs about 100 bytes.
const cacheWords = 1 << 17

// Load reads a Hugging Face tokenizer.json.
func Load(path string) (*Tokenizer, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	t, err := parse(data)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrInvalid, path, err)
	}
	t.path = path
	return t, nil
}

type config struct {
	AddedTokens   []addedToken    `json:"added_tokens"`
	Normalizer    json.RawMessage `json:"normalizer"`
	PreTokenizer  json.RawMessage `json:"pre_tokenizer"`
	PostProcessor json.RawMessage `json:"post_processor"`
	Padding       *struct {
		PadID int `json:"pad_id"`
	} `json:"padding"`
	Model struct {
		Type                    string          `json:"type"`
		Vocab                   json.RawMessage `json:"vocab"`
		Merges                  json.RawMessage `json:"merges"`
		UnkToken                *string         `json:"unk_token"`
		ContinuingSubwordPrefix *string         `json:"continuing_subword_prefix"`
		EndOfWordSuffix         *string         `json:"end_of_word_suffix"`
		MaxInputCharsPerWord    *int            `json:"max_input_chars_per_word"`
		Dropout                 *float64        `json:"dropout"`
		ByteFallback            bool            `json:"byte_fallback"`
		IgnoreMerges            bool            `json:"ignore_merges"`
	} `json:"model"`
}

// component is the shape shared by normalizers, pre-tokenizers and
// post-processors in tokenizer.json.
type component struct {
	Type string `json:"type"`
	// ByteLevel
	AddPrefixSpace bool  `json:"add_prefix_space"`
	UseRegex       *bool `json:"use_regex"`
	// Split
	Pattern *struct {
		Regex  *string `json:"Regex"`
		String *string `json:"String"`
	} `json:"pattern"`
	Behavior string `json:"behavior"`
	Invert   bool   `json:"invert"`
	// Sequence of normalizers
	Normalizers []json.RawMessage `json:"normalizers"`
	// BertNormalizer
	CleanText          bool  `json:"clean_text"`
	HandleChineseChars bool  `json:"handle_chinese_chars"`
	StripAccents       *bool `json:"strip_accents"`
	Lowercase          bool  `json:"lowercase"`
	// Sequence
	PreTokenizers []json.RawMessage `json:"pretokenizers"`
	Processors    []json.RawMessage `json:"processors"`
	// BertProcessing, RobertaProcessing: ["[CLS]", 101]
	Cls []any `json:"cls"`
	Sep []any `json:"sep"`
	// TemplateProcessing
	Single []struct {
		SpecialToken *struct {
			ID string `json:"id"`
		} `json:"SpecialToken"`
		Sequence *struct {
			ID string `json:"id"`
		} `json:"Sequence"`
	} `json:"single"`
	SpecialTokens map[string]struct {
		IDs []int `json:"ids"`
	} `json:"special_tokens"`
}

func decodeComponent(raw json.RawMessage) (*component, error) {
	if len(raw) == 0 || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return nil, nil
	}
	var c component
	if err := json.Unmarshal(raw, &c); err != nil {
		return nil, err
	}
	return &c, nil
}

func parse(data []byte) (*Tokenizer, error) {
	var cfg config
	if err := json.Unmarshal(data, &cfg); err != nil {
		return nil, err
	}
	if len(cfg.Model.Vocab) == 0 {
		return nil, errors.New("model has no vocab")
	}
	t := &Tokenizer{}
	t.cache.init(cacheWords)

	normalizer, err := decodeComponent(cfg.Normalizer)
	if err != nil {
		return nil, fmt.Errorf("normalizer: %w", err)
	}
	if normalizer != nil && normalizer.Type == "Sequence" && len(normalizer.Normalizers) <= 1 {
		var one json.RawMessage
		if len(normalizer.Normalizers) == 1 {
			one = normalizer.Normalizers[0]
		}
		if normalizer, err = decodeComponent(one); err != nil {
			return nil, fmt.Errorf("normalizer: %w", err)
		}
	}
	form, unicodeForm := unicodeNormalizer(normalizer)
	pre, err := decodeComponent(cfg.PreTokenizer)
	if err != nil {
		return nil, fmt.Errorf("pre_tokenizer: %w", err)
	}
	if pre != nil && pre.Type == "Sequence" && len(pre.PreTokenizers) == 1 {
		if pre, err = decodeComponent(pre.PreTokenizers[0]); err != nil {
			return nil, fmt.Errorf("pre_tokenizer: %w", err)
		}
	}
	post, err := decodeComponent(cfg.PostProcessor)
	if err != nil {
		return nil, fmt.Errorf("post_processor: %w", err)
	}
	if t.prefix, t.suffix, err = specialTokens(post); err != nil {
		return nil, fmt.Errorf("post_processor: %w", err)
	}

	m := &cfg.Model
	plainBPE := m.Type == "BPE" && unicodeForm && m.Dropout == nil && !m.ByteFallback &&
		empty(m.ContinuingSubwordPrefix) && empty(m.EndOfWordSuffix)
	split, splitOK := splitPreTokenizer(pre)
	switch {
	case plainBPE && pre != nil && pre.Type == "ByteLevel" && (pre.UseRegex == nil || *pre.UseRegex):
		t.kind = byteLevel
		t.addPrefixSpace = pre.AddPrefixSpace
		t.norm = form
		if t.bpe, err = newBPE(m.Vocab, m.Merges, m.UnkToken, m.IgnoreMerges); err != nil {
			return nil, fmt.Errorf("model: %w", err)
		}
	case plainBPE && splitOK:
		t.kind = splitBPE
		t.split = split
		t.norm = form
		if t.bpe, err = newBPE(m.Vocab, m.Merges, m.UnkToken, m.IgnoreMerges); err != nil {
			return nil, fmt.Errorf("model: %w", err)
		}
	case m.Type == "WordPiece" && (normalizer == nil || normalizer.Type == "BertNormalizer") &&
		pre != nil && pre.Type == "BertPreTokenizer":
		t.kind = bert
		if t.wp, err = newWordPiece(m.Vocab, m.UnkToken, m.ContinuingSubwordPrefix, m.MaxInputCharsPerWord, normalizer); err != nil {
			return nil, fmt.Errorf("model: %w", err)
		}
	}

	// sugarme encodes the pipelines we do not implement; it panics on some
	// files it does not support.
	if t.kind == generic {
		if t.sugar, err = loadSugar(data); err != nil {
			return nil, err
		}
	}

	if t.kind != generic {
		t.added = newAddedTokens(cfg.AddedTokens)
	}
	t.pad = padID(&cfg)
	return t, nil
}

// unicodeNormalizer returns the Unicode normal form a normalizer applies,
// and whether the normalizer is one (or none at all).
func unicodeNormalizer(c *component) (*norm.Form, bool) {
	if c == nil {
		return nil, true
	}
	var f norm.Form
	switch c.Type {
	case "NFC":
		f = norm.NFC
	case "NFKC":
		f = norm.NFKC
	default:
		return nil, false
	}
	return &f, true
}

// splitPreTokenizer recognises Sequence[Split(pattern, Isolated),
// ByteLevel(no regex, no prefix space)], the pre-tokenizer of Llama 3,
// Qwen and GPT-4o files, for a pattern tokencount.Splitter reproduces.
func splitPreTokenizer(pre *component) (*tokencount.Splitter, bool) {
	if pre == nil || pre.Type != "Sequence" || len(pre.PreTokenizers) != 2 {
		return nil, false
	}
	sp, err1 := decodeComponent(pre.PreTokenizers[0])
	bl, err2 := decodeComponent(pre.PreTokenizers[1])
	if err1 != nil || err2 != nil || sp == nil || bl == nil ||
		sp.Type != "Split" || sp.Pattern == nil || sp.Pattern.Regex == nil ||
		// Isolated keeps the matches as pieces; Removed with invert
		// keeps only the matches, which cover every rune: the same.
		!(sp.Behavior == "Isolated" && !sp.Invert || sp.Behavior == "Removed" && sp.Invert) ||
		bl.Type != "ByteLevel" || bl.AddPrefixSpace || bl.UseRegex == nil || *bl.UseRegex {
		return nil, false
	}
	return tokencount.NewSplitter(*sp.Pattern.Regex)
}

func empty(s *string) bool { return s == nil || *s == "" }

func loadSugar(data []byte) (tk *sugar.Tokenizer, err error) {
	defer func() {
		if r := recover(); r != nil {
			tk, err = nil, fmt.Errorf("unsupported by github.com/sugarme/tokenizer: %v", r)
		}
	}()
	return pretrained.FromReader(bytes.NewReader(data))
}

// specialTokens returns the ids a post-processor puts before and after a
// single sequence: [CLS] … [SEP] for BERT and ModernBERT, <s> … </s> for RoBERTa.
func specialTokens(c *component) (prefix, suffix []int32, err error) {
	if c == nil {
		return nil, nil, nil
	}
	switch c.Type {
	case "BertProcessing", "RobertaProcessing":
		cls, err1 := postTokenID(c.Cls)
		sep, err2 := postTokenID(c.Sep)
		if err := errors.Join(err1, err2); err != nil {
			return nil, nil, err
		}
		return []int32{cls}, []int32{sep}, nil
	case "TemplateProcessing":
		seen := false
		for _, p := range c.Single {
			switch {
			case p.Sequence != nil:
				seen = true
			case p.SpecialToken != nil:
				st, ok := c.SpecialTokens[p.SpecialToken.ID]
				if !ok || len(st.IDs) == 0 {
					return nil, nil, fmt.Errorf("template token %q has no id", p.SpecialToken.ID)
				}
				for _, id := range st.IDs {
					if seen {
						suffix = append(suffix, int32(id))
					} else {
						prefix = append(prefix, int32(id))
					}
				}
			}
		}
		return prefix, suffix, nil
	case "Sequence":
		for _, raw := range c.Processors {
			sub, err := decodeComponent(raw)
			if err != nil {
				return nil, nil, err
			}
			p, s, err := specialTokens(sub)
			if err != nil {
				return nil, nil, err
			}
			prefix, suffix = append(prefix, p...), append(s, suffix...)
		}
		return prefix, suffix, nil
	case "ByteLevel":
		return nil, nil, nil
	}
	return nil, nil, fmt.Errorf("unsupported post-processor %q", c.Type)
}

func postTokenID(v []any) (int32, error) {
	if len(v) == 2 {
		if f, ok := v[1].(float64); ok {
			return int32(f), nil
		}
	}
	return 0, fmt.Errorf("bad special token %v", v)
}

func padID(cfg *config) int32 {
	if cfg.Padding != nil {
		return int32(cfg.Padding.PadID)
	}
	for _, at := range cfg.AddedTokens {
		switch at.Content {
		case "[PAD]", "<pad>", "<|padding|>":
			return int32(at.ID)
		}
	}
	return 0
}

// Prefix returns the special tokens that start every model sequence.
func (t *Tokenizer) Prefix() []int32 { return t.prefix }

// Suffix returns the special tokens that end every model sequence.
func (t *Tokenizer) Suffix() []int32 { return t.suffix }

// PadID returns the id used to pad sequences in a batch.
func (t *Tokenizer) PadID() int32 { return t.pad }

// Encode tokenizes text given its words (normally Words(text)). Invalid
// UTF-8 is encoded as U+FFFD; word spans keep referring to the original bytes.
// For byte-level BPE the whitespace between words is encoded as the whole
// text would be (a single space joins the next word as "Ġword"; other
// whitespace becomes NoWord tokens), so ids equal those of encoding the text
// in one piece.
func (t *Tokenizer) Encode(text string, words []Word) (*Encoding, error) {
	if t.kind == splitBPE {
		return t.encodeSplit(text, words)
	}
	// About one token per three bytes of text, for prose and logs alike.
	size := len(words) + len(text)/3 + 8
	enc := &Encoding{IDs: make([]int32, 0, size), Words: make([]int32, 0, size)}
	add := func(ids []int32, word int32) {
		enc.IDs = append(enc.IDs, ids...)
		for range ids {
			enc.Words = append(enc.Words, word)
		}
	}
	prev := 0
	for i, w := range words {
		if w.Start < prev || w.End <= w.Start || w.End > len(text) || isSpace(text[w.Start]) {
			return nil, fmt.Errorf("%w: word %d is [%d,%d) after offset %d in %d bytes", ErrSpans, i, w.Start, w.End, prev, len(text))
		}
		gap := text[prev:w.Start]
		if !allSpace(gap) {
			return nil, fmt.Errorf("%w: non-whitespace between words %d and %d", ErrSpans, i-1, i)
		}
		space := false
		if t.kind == byteLevel {
			if i == 0 && t.addPrefixSpace && !strings.HasPrefix(text, " ") {
				gap = " " + gap
			}
			if gap != "" && t.added.prefix(text[w.Start:w.End]) {
				// The text is cut at an added token first: the gap
				// before it ends a piece of text of its own.
				ids, err := t.encodeWord(gap, false)
				if err != nil {
					return nil, err
				}
				add(ids, NoWord)
				gap = ""
			}
			// A whitespace run before a word splits as GPT-2's `\s+(?!\S)`
			// does: all but its last character form one token, and a last
			// space joins the word.
			if n := len(gap); n > 0 {
				last := gap[n-1]
				if n > 1 {
					ids, err := t.encodeWord(gap[:n-1], false)
					if err != nil {
						return nil, err
					}
					add(ids, NoWord)
				}
				if last == ' ' {
					space = true
				} else {
					ids, err := t.encodeWord(gap[n-1:], false)
					if err != nil {
						return nil, err
					}
					add(ids, NoWord)
				}
			}
		}
		word := text[w.Start:w.End]
		if t.added.in(word) {
			// Added tokens are cut out first; a space before one is a
			// token of its own.
			for seg := range t.added.segments(word) {
				if seg.id >= 0 {
					if space {
						ids, err := t.encodeWord(" ", false)
						if err != nil {
							return nil, err
						}
						add(ids, NoWord)
					}
					add([]int32{seg.id}, int32(i))
				} else {
					ids, err := t.encodeWord(seg.text, space)
					if err != nil {
						return nil, err
					}
					add(ids, int32(i))
				}
				space = false
			}
			prev = w.End
			continue
		}
		ids, err := t.encodeWord(word, space)
		if err != nil {
			return nil, err
		}
		add(ids, int32(i))
		prev = w.End
	}
	tail := text[prev:]
	if !allSpace(tail) {
		return nil, fmt.Errorf("%w: non-whitespace after the last word", ErrSpans)
	}
	if t.kind == byteLevel && tail != "" {
		if len(words) == 0 && t.addPrefixSpace && !strings.HasPrefix(tail, " ") {
			tail = " " + tail
		}
		ids, err := t.encodeWord(tail, false)
		if err != nil {
			return nil, err
		}
		add(ids, NoWord)
	}
	return enc, nil
}

func allSpace(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isSpace(s[i]) {
			return false
		}
	}
	return true
}

// encodeWord returns the ids of one word (or whitespace run), preceded by a
// space when space is set. The result is shared through the cache: callers
// must not modify it.
func (t *Tokenizer) encodeWord(word string, space bool) ([]int32, error) {
	key := cacheKey{word, space}
	if ids, ok := t.cache.get(key); ok {
		return ids, nil
	}
	// Words hold no whitespace and gaps nothing else; checked here, once
	// per distinct string, rather than on every cache hit.
	if !allSpace(word) && strings.ContainsAny(word, " \t\n\r\v\f") {
		return nil, fmt.Errorf("%w: word %q contains whitespace", ErrSpans, word)
	}
	clean := word
	if !utf8.ValidString(clean) {
		clean = strings.ToValidUTF8(clean, "\uFFFD")
	}
	var ids []int32
	var err error
	switch t.kind {
	case byteLevel:
		if t.norm != nil {
			clean = t.norm.String(clean)
		}
		ids = t.bpe.encode(clean, space)
	case bert:
		ids = t.wp.encode(clean)
	default:
		ids, err = t.sugarEncode(clean)
	}
	if err != nil {
		return nil, err
	}
	t.cache.put(cacheKey{strings.Clone(word), space}, ids)
	return ids, nil
}

// sugarEncode encodes one word with sugarme, containing its panics.
func (t *Tokenizer) sugarEncode(word string) (ids []int32, err error) {
	defer func() {
		if r := recover(); r != nil {
			ids, err = nil, fmt.Errorf("%w: %q: %v", ErrEncode, word, r)
		}
	}()
	e, err := t.sugar.EncodeSingle(word, false)
	if err != nil {
		return nil, fmt.Errorf("%w: %q: %w", ErrEncode, word, err)
	}
	ids = make([]int32, len(e.Ids))
	for i, id := range e.Ids {
		ids[i] = int32(id)
	}
	return ids, nil
}

// sugarTokenizer returns sugarme's tokenizer for the file, loading it on
// first use when a native pipeline made it unnecessary for encoding.
func (t *Tokenizer) sugarTokenizer() (*sugar.Tokenizer, error) {
	t.sugarOnce.Do(func() {
		if t.sugar != nil {
			return
		}
		data, err := os.ReadFile(t.path)
		if err != nil {
			t.sugarErr = err
			return
		}
		t.sugar, t.sugarErr = loadSugar(data)
	})
	return t.sugar, t.sugarErr
}

// reference encodes text in one piece with sugarme, with special tokens when
// special is set. It exists to check the native pipelines against sugarme.
func (t *Tokenizer) reference(text string, special bool) (ids []int32, err error) {
	tk, err := t.sugarTokenizer()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrEncode, err)
	}
	defer func() {
		if r := recover(); r != nil {
			ids, err = nil, fmt.Errorf("%w: %v", ErrEncode, r)
		}
	}()
	e, err := tk.EncodeSingle(text, special)
	if err != nil {
		return nil, err
	}
	ids = make([]int32, len(e.Ids))
	for i, id := range e.Ids {
		ids[i] = int32(id)
	}
	return ids, nil
}
