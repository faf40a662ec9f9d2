package tokenize

import (
	"encoding/json"
	"fmt"
	"hash/maphash"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// wordPiece is BERT's pipeline: BertNormalizer, BertPreTokenizer and the
// greedy longest-match-first WordPiece model.
type wordPiece struct {
	vocab    map[string]int32
	unk      int32
	prefix   string // continuing-subword prefix, "##"
	maxChars int
	maxToken int // longest vocab entry in bytes, without the prefix

	cleanText, chinese, stripAccents, lowercase bool

	pieces pieceCache
}

func newWordPiece(rawVocab json.RawMessage, unk, prefix *string, maxChars *int, n *component) (*wordPiece, error) {
	vocab, err := readVocab(rawVocab)
	if err != nil {
		return nil, err
	}
	w := &wordPiece{vocab: vocab, prefix: "##", maxChars: 100}
	w.pieces.seed = maphash.MakeSeed()
	if prefix != nil {
		w.prefix = *prefix
	}
	for tok := range vocab {
		w.maxToken = max(w.maxToken, len(strings.TrimPrefix(tok, w.prefix)))
	}
	if maxChars != nil {
		w.maxChars = *maxChars
	}
	unkTok := "[UNK]"
	if unk != nil {
		unkTok = *unk
	}
	id, ok := vocab[unkTok]
	if !ok {
		return nil, fmt.Errorf("unk token %q is not in the vocab", unkTok)
	}
	w.unk = id
	if n != nil {
		w.cleanText, w.chinese, w.lowercase = n.CleanText, n.HandleChineseChars, n.Lowercase
		// Hugging Face: strip_accents null follows lowercase.
		w.stripAccents = n.Lowercase
		if n.StripAccents != nil {
			w.stripAccents = *n.StripAccents
		}
	}
	return w, nil
}

func (w *wordPiece) encode(word string) []int32 {
	s := w.normalize(word)
	var ids []int32
	// BertPreTokenizer: split on whitespace, isolate each punctuation mark.
	start := -1
	for i, r := range s {
		switch {
		case isBertSpace(r):
			if start >= 0 {
				ids = w.piece(ids, s[start:i])
				start = -1
			}
		case isBertPunct(r):
			if start >= 0 {
				ids = w.piece(ids, s[start:i])
				start = -1
			}
			ids = w.piece(ids, s[i:i+utf8.RuneLen(r)])
		default:
			if start < 0 {
				start = i
			}
		}
	}
	if start >= 0 {
		ids = w.piece(ids, s[start:])
	}
	return ids
}

func (w *wordPiece) normalize(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || c < ' ' || c == 0x7f {
			ascii = false
			break
		}
	}
	if ascii {
		if w.lowercase {
			return strings.ToLower(s)
		}
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if w.cleanText {
			if r == 0 || r == utf8.RuneError || isBertControl(r) {
				continue
			}
			if isBertSpace(r) {
				r = ' '
			}
		}
		if w.chinese && isCJK(r) {
			b.WriteByte(' ')
			b.WriteRune(r)
			b.WriteByte(' ')
			continue
		}
		b.WriteRune(r)
	}
	out := b.String()
	if w.stripAccents {
		out = norm.NFD.String(out)
		out = strings.Map(func(r rune) rune {
			if unicode.Is(unicode.Mn, r) {
				return -1
			}
			return r
		}, out)
	}
	if w.lowercase {
		out = strings.ToLower(out)
	}
	return out
}

// piece appends the ids of one pre-token, from the cache when it is short.
func (w *wordPiece) piece(ids []int32, s string) []int32 {
	if len(s) > maxPieceCached {
		return w.match(ids, s)
	}
	if hit := w.pieces.get(s); hit != nil {
		return append(ids, hit...)
	}
	k := len(ids)
	ids = w.match(ids, s)
	w.pieces.put(s, ids[k:])
	return ids
}

// match applies greedy longest-match-first WordPiece to one pre-token.
func (w *wordPiece) match(ids []int32, s string) []int32 {
	if utf8.RuneCountInString(s) > w.maxChars {
		return append(ids, w.unk)
	}
	n := len(ids)
	var buf [64]byte
	for start := 0; start < len(s); {
		// No vocab entry is longer than maxToken: start there.
		end := len(s)
		if end-start > w.maxToken {
			end = start + w.maxToken
			for end > start && !utf8.RuneStart(s[end]) {
				end--
			}
		}
		found := int32(-1)
		for end > start {
			var id int32
			var ok bool
			if start == 0 {
				id, ok = w.vocab[s[:end]]
			} else {
				// string(b) in a map index does not allocate.
				b := append(append(buf[:0], w.prefix...), s[start:end]...)
				id, ok = w.vocab[string(b)]
			}
			if ok {
				found = id
				break
			}
			_, size := utf8.DecodeLastRuneInString(s[start:end])
			end -= size
		}
		if found < 0 {
			return append(ids[:n], w.unk)
		}
		ids = append(ids, found)
		start = end
	}
	return ids
}

func isBertSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || unicode.Is(unicode.White_Space, r)
}

func isBertControl(r rune) bool {
	if r == '\t' || r == '\n' || r == '\r' {
		return false
	}
	return unicode.In(r, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs)
}

func isBertPunct(r rune) bool {
	if r >= 33 && r <= 47 || r >= 58 && r <= 64 || r >= 91 && r <= 96 || r >= 123 && r <= 126 {
		return true
	}
	return r >= utf8.RuneSelf && unicode.IsPunct(r)
}

func isCJK(r rune) bool {
	return r >= 0x4E00 && r <= 0x9FFF || r >= 0x3400 && r <= 0x4DBF || r >= 0x20000 && r <= 0x2A6DF ||
		r >= 0x2A700 && r <= 0x2B73F || r >= 0x2B740 && r <= 0x2B81F || r >= 0x2B920 && r <= 0x2CEAF ||
		r >= 0xF900 && r <= 0xFAFF || r >= 0x2F800 && r <= 0x2FA1F
}
