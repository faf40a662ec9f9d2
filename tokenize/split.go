package tokenize

import (
	"fmt"
	"iter"
	"slices"
	"strings"
	"unicode/utf8"
)

// addedToken is an entry of tokenizer.json's added_tokens.
type addedToken struct {
	ID      int    `json:"id"`
	Content string `json:"content"`
	Special bool   `json:"special"`
}

// addedTokens finds added tokens (<|im_start|>, <tool_call>, [MASK]) in
// text: Hugging Face tokenizers cut them out before normalising and
// pre-tokenizing the rest, and give each its own id.
type addedTokens struct {
	byFirst map[byte][]addedToken // by first byte, longest first
}

func newAddedTokens(list []addedToken) addedTokens {
	a := addedTokens{}
	for _, at := range list {
		if at.Content == "" || strings.ContainsAny(at.Content, " \t\n\r") {
			continue // never inside a word; whitespace tokens are not cut
		}
		if a.byFirst == nil {
			a.byFirst = map[byte][]addedToken{}
		}
		a.byFirst[at.Content[0]] = append(a.byFirst[at.Content[0]], at)
	}
	for _, l := range a.byFirst {
		slices.SortStableFunc(l, func(x, y addedToken) int { return len(y.Content) - len(x.Content) })
	}
	return a
}

// at returns the id and length of the added token at s[i], or -1.
func (a addedTokens) at(s string, i int) (int32, int) {
	for _, at := range a.byFirst[s[i]] {
		if strings.HasPrefix(s[i:], at.Content) {
			return int32(at.ID), len(at.Content)
		}
	}
	return -1, 0
}

// prefix reports whether s starts with an added token.
func (a addedTokens) prefix(s string) bool {
	if a.byFirst == nil || s == "" {
		return false
	}
	id, _ := a.at(s, 0)
	return id >= 0
}

// in reports whether s holds an added token.
func (a addedTokens) in(s string) bool {
	if a.byFirst == nil {
		return false
	}
	for i := 0; i < len(s); i++ {
		if _, ok := a.byFirst[s[i]]; ok {
			if id, _ := a.at(s, i); id >= 0 {
				return true
			}
		}
	}
	return false
}

// segment is a run of text (id < 0) or one added token.
type segment struct {
	text string
	id   int32
}

// segments cuts s at its added tokens.
func (a addedTokens) segments(s string) iter.Seq[segment] {
	return func(yield func(segment) bool) {
		start := 0
		for i := 0; i < len(s); {
			if _, ok := a.byFirst[s[i]]; ok {
				if id, n := a.at(s, i); id >= 0 {
					if i > start && !yield(segment{s[start:i], -1}) {
						return
					}
					if !yield(segment{s[i : i+n], id}) {
						return
					}
					i += n
					start = i
					continue
				}
			}
			i++
		}
		if start < len(s) {
			yield(segment{s[start:], -1})
		}
	}
}

// encodeSplit encodes text for the splitBPE pipeline: words are cleaned
// (invalid UTF-8 as U+FFFD) and normalised one by one, the text between
// added tokens is cut by the split pattern as a whole, and each piece goes
// to the word holding its first non-space byte (NoWord when it is all
// whitespace).
func (t *Tokenizer) encodeSplit(text string, words []Word) (*Encoding, error) {
	// The normalised text, and each word's span in it.
	var b strings.Builder
	b.Grow(len(text) + len(text)/8)
	spans := make([]Word, len(words))
	prev := 0
	for i, w := range words {
		if w.Start < prev || w.End <= w.Start || w.End > len(text) || isSpace(text[w.Start]) {
			return nil, fmt.Errorf("%w: word %d is [%d,%d) after offset %d in %d bytes", ErrSpans, i, w.Start, w.End, prev, len(text))
		}
		if !allSpace(text[prev:w.Start]) {
			return nil, fmt.Errorf("%w: non-whitespace between words %d and %d", ErrSpans, i-1, i)
		}
		b.WriteString(text[prev:w.Start])
		word := text[w.Start:w.End]
		if strings.ContainsAny(word, " \t\n\r\v\f") {
			return nil, fmt.Errorf("%w: word %q contains whitespace", ErrSpans, word)
		}
		if !utf8.ValidString(word) {
			word = strings.ToValidUTF8(word, "\uFFFD")
		}
		if t.norm != nil && !t.added.in(word) {
			word = t.norm.String(word)
		}
		spans[i] = Word{Start: b.Len(), End: b.Len() + len(word)}
		b.WriteString(word)
		prev = w.End
	}
	if !allSpace(text[prev:]) {
		return nil, fmt.Errorf("%w: non-whitespace after the last word", ErrSpans)
	}
	b.WriteString(text[prev:])
	s := b.String()

	size := len(words) + len(s)/3 + 8
	enc := &Encoding{IDs: make([]int32, 0, size), Words: make([]int32, 0, size)}
	w := 0 // the first word that does not end before the current piece
	owner := func(p0, p1 int) int32 {
		for p0 < p1 && isSpace(s[p0]) {
			p0++
		}
		if p0 == p1 {
			return NoWord
		}
		for w < len(spans) && spans[w].End <= p0 {
			w++
		}
		return int32(w)
	}
	var symBuf, rankBuf [64]int32
	// Walk the text, cutting at added tokens, then at the pattern's pieces.
	for i, start := 0, 0; ; {
		id, n := int32(-1), 0
		if i < len(s) && t.added.byFirst != nil {
			if _, ok := t.added.byFirst[s[i]]; ok {
				id, n = t.added.at(s, i)
			}
		}
		if i < len(s) && id < 0 {
			i++
			continue
		}
		// s[start:i] is plain text.
		for p := start; p < i; {
			e := start + t.split.Next(s[start:i], p-start)
			if e <= p {
				e = p + 1 // cannot happen: every rune matches the pattern
			}
			k := len(enc.IDs)
			piece := s[p:e]
			if hit := t.cachedPiece(piece); hit != nil {
				enc.IDs = append(enc.IDs, hit...)
			} else {
				enc.IDs = t.bpe.piece(enc.IDs, piece, symBuf[:0], rankBuf[:0])
				if len(piece) <= maxPieceCached {
					t.bpe.pieces.put(piece, enc.IDs[k:])
				}
			}
			o := owner(p, e)
			for range enc.IDs[k:] {
				enc.Words = append(enc.Words, o)
			}
			p = e
		}
		if i >= len(s) {
			break
		}
		enc.IDs = append(enc.IDs, id)
		enc.Words = append(enc.Words, owner(i, i+n))
		i += n
		start = i
	}
	return enc, nil
}

func (t *Tokenizer) cachedPiece(p string) []int32 {
	if len(p) > maxPieceCached {
		return nil
	}
	return t.bpe.pieces.get(p)
}
