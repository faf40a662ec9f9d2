package tokenize

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/maphash"
	"math"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// bpe is a byte-level BPE model (GPT-2, RoBERTa, ModernBERT).
type bpe struct {
	vocab        map[string]int32
	merges       map[uint64]merge // pair of ids → merged id and priority
	byteID       [256]int32       // id of each byte's character, -1 if absent
	unk          int32            // -1 without an unk token
	ignoreMerges bool
	pieces       pieceCache
}

type merge struct{ rank, id int32 }

func pairKey(a, b int32) uint64 { return uint64(uint32(a))<<32 | uint64(uint32(b)) }

// byteChars is GPT-2's bytes_to_unicode: printable bytes stand for
// themselves, the others for code points from U+0100 on. Built on first
// use: only byte-level vocabularies read it, and building it allocates 256
// strings that a process without a model should not pay for at start-up.
var byteChars = sync.OnceValue(func() (t *[256]string) {
	t = new([256]string)
	n := 0
	for b := 0; b < 256; b++ {
		if b >= '!' && b <= '~' || b >= 0xA1 && b <= 0xAC || b >= 0xAE {
			t[b] = string(rune(b))
		} else {
			t[b] = string(rune(256 + n))
			n++
		}
	}
	return t
})

// ByteChar is the character GPT-2's byte-level vocabularies write for the
// byte b (bytes_to_unicode).
func ByteChar(b byte) string { return byteChars()[b] }

func readVocab(raw json.RawMessage) (map[string]int32, error) {
	var v map[string]int32
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, fmt.Errorf("vocab: %w", err)
	}
	if len(v) == 0 {
		return nil, errors.New("empty vocab")
	}
	return v, nil
}

func newBPE(rawVocab, rawMerges json.RawMessage, unk *string, ignoreMerges bool) (*bpe, error) {
	vocab, err := readVocab(rawVocab)
	if err != nil {
		return nil, err
	}
	// Merges are "a b" strings in older files, ["a", "b"] pairs in newer ones.
	var list []json.RawMessage
	if err := json.Unmarshal(rawMerges, &list); err != nil {
		return nil, fmt.Errorf("merges: %w", err)
	}
	m := &bpe{vocab: vocab, merges: make(map[uint64]merge, len(list)), unk: -1, ignoreMerges: ignoreMerges}
	m.pieces.seed = maphash.MakeSeed()
	for rank, raw := range list {
		var a, b string
		var s string
		var pair []string
		switch {
		case json.Unmarshal(raw, &s) == nil:
			var ok bool
			if a, b, ok = strings.Cut(s, " "); !ok {
				return nil, fmt.Errorf("merge %d %q: want two tokens", rank, s)
			}
		case json.Unmarshal(raw, &pair) == nil && len(pair) == 2:
			a, b = pair[0], pair[1]
		default:
			return nil, fmt.Errorf("merge %d: %s", rank, raw)
		}
		ia, ok1 := vocab[a]
		ib, ok2 := vocab[b]
		id, ok3 := vocab[a+b]
		if !ok1 || !ok2 || !ok3 {
			return nil, fmt.Errorf("merge %d (%q %q) uses tokens missing from the vocab", rank, a, b)
		}
		if _, dup := m.merges[pairKey(ia, ib)]; !dup {
			m.merges[pairKey(ia, ib)] = merge{int32(rank), id}
		}
	}
	if unk != nil {
		id, ok := vocab[*unk]
		if !ok {
			return nil, fmt.Errorf("unk token %q is not in the vocab", *unk)
		}
		m.unk = id
	}
	for b, char := range byteChars() {
		if id, ok := vocab[char]; ok {
			m.byteID[b] = id
		} else {
			m.byteID[b] = m.unk
		}
	}
	return m, nil
}

// encode splits a word (with a leading space when space is set) as GPT-2's
// pre-tokenizer regex does and applies the merges to each piece.
func (m *bpe) encode(word string, space bool) []int32 {
	if space {
		word = " " + word
	}
	// Scratch space on the stack: most words need no heap but the result.
	var idBuf, symBuf, rankBuf [64]int32
	ids := idBuf[:0]
	for len(word) > 0 {
		n := splitGPT2(word)
		p := word[:n]
		if len(p) > maxPieceCached {
			ids = m.piece(ids, p, symBuf[:0], rankBuf[:0])
		} else if hit := m.pieces.get(p); hit != nil {
			ids = append(ids, hit...)
		} else {
			k := len(ids)
			ids = m.piece(ids, p, symBuf[:0], rankBuf[:0])
			m.pieces.put(p, ids[k:])
		}
		word = word[n:]
	}
	return append([]int32(nil), ids...)
}

// piece appends the ids of one pre-tokenized piece to ids; syms and ranks
// are scratch space.
func (m *bpe) piece(ids []int32, p string, syms, ranks []int32) []int32 {
	if m.ignoreMerges {
		var b strings.Builder
		chars := byteChars()
		for i := 0; i < len(p); i++ {
			b.WriteString(chars[p[i]])
		}
		if id, ok := m.vocab[b.String()]; ok {
			return append(ids, id)
		}
	}
	for i := 0; i < len(p); i++ {
		if id := m.byteID[p[i]]; id >= 0 {
			syms = append(syms, id)
		}
	}
	// ranks[k] is the priority of merging syms[k] and syms[k+1]; apply the
	// best merge (leftmost among equals) until none applies.
	rank := func(k int) int32 {
		if mg, ok := m.merges[pairKey(syms[k], syms[k+1])]; ok {
			return mg.rank
		}
		return math.MaxInt32
	}
	for k := 0; k+1 < len(syms); k++ {
		ranks = append(ranks, rank(k))
	}
	for len(syms) > 1 {
		best := -1
		bestRank := int32(math.MaxInt32)
		for k, r := range ranks {
			if r < bestRank {
				best, bestRank = k, r
			}
		}
		if best < 0 {
			break
		}
		syms[best] = m.merges[pairKey(syms[best], syms[best+1])].id
		syms = append(syms[:best+1], syms[best+2:]...)
		ranks = append(ranks[:best], ranks[best+1:]...)
		if best > 0 {
			ranks[best-1] = rank(best - 1)
		}
		if best < len(ranks) {
			ranks[best] = rank(best)
		}
	}
	return append(ids, syms...)
}

// splitGPT2 returns the length of the first piece of s under the GPT-2
// pre-tokenizer pattern
//
//	's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
//
// with Unicode classes, as Hugging Face tokenizers apply it.
func splitGPT2(s string) int {
	if s[0] == '\'' && len(s) > 1 {
		switch s[1] {
		case 's', 't', 'm', 'd':
			return 2
		case 'r', 'v', 'l':
			if len(s) > 2 && (s[1:3] == "re" || s[1:3] == "ve" || s[1:3] == "ll") {
				return 3
			}
		}
	}
	start := 0
	if s[0] == ' ' && len(s) > 1 {
		if r, _ := utf8.DecodeRuneInString(s[1:]); !unicode.IsSpace(r) {
			start = 1
		}
	}
	r, size := utf8.DecodeRuneInString(s[start:])
	class := runeClass(r)
	i := start + size
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if runeClass(r) != class {
			break
		}
		i += size
	}
	if class == classSpace && i < len(s) && i-start > size {
		// \s+(?!\S): a run followed by a non-space gives up its last
		// character, which then starts the next piece.
		_, last := utf8.DecodeLastRuneInString(s[:i])
		if i-last > start {
			return i - last
		}
	}
	return i
}

const (
	classOther = iota
	classLetter
	classNumber
	classSpace
)

func runeClass(r rune) int {
	switch {
	case r < utf8.RuneSelf:
		switch {
		case 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z':
			return classLetter
		case '0' <= r && r <= '9':
			return classNumber
		case r == ' ' || '\t' <= r && r <= '\r':
			return classSpace
		}
		return classOther
	case unicode.IsLetter(r):
		return classLetter
	case unicode.IsNumber(r):
		return classNumber
	case unicode.IsSpace(r):
		return classSpace
	}
	return classOther
}
