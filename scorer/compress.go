package scorer

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/kompress/kompress/internal/failure"
	"github.com/kompress/kompress/internal/tokencount"
	"github.com/kompress/kompress/mustkeep"
	"github.com/kompress/kompress/router"
	"github.com/kompress/kompress/tokenize"
)

// CompressOptions says how many words Compress keeps. The zero value keeps
// words scoring above 0.5.
type CompressOptions struct {
	// TargetRatio is the share of tokens to keep, in (0, 1], counted by
	// Counter: the output's token count is TargetRatio times the input's,
	// within a point or two when the forced words leave room; 0 keeps by
	// Threshold instead. Protected words count towards the share but are
	// kept even when they alone exceed it.
	TargetRatio float64
	// Counter counts the tokens of TargetRatio; nil means o200k_base.
	Counter *tokencount.Counter
	// Threshold keeps words scoring above it, in [0, 1); 0 means 0.5.
	Threshold float64
	// Kind selects the failure.Lines rules for the lines kept verbatim:
	// the kind the caller's failure check will apply; "" means router.Prose.
	Kind router.Kind
	// Failures, when set, returns failure.Lines(kind, text) for a caller
	// that finds each text's failure lines once (the engine judges the
	// same section at its boundary); nil means failure.Lines.
	Failures func(kind router.Kind, text []byte) [][]byte
}

// CompressStats counts the words of one Compress call.
type CompressStats struct {
	Words    int // words in the input
	Kept     int // words in the output
	MustKept int // kept words that mustkeep protects
	// Tokens and KeptTokens count the input and output tokens in
	// TargetRatio mode (0 otherwise).
	Tokens, KeptTokens int
	// Windows and MissedWindows count, when the model scorer ran out of
	// time (a *PartialError), its windows and those the heuristic scored.
	Windows, MissedWindows int
}

var (
	// ErrScoreCount reports a scorer that returned a score count other
	// than the word count.
	ErrScoreCount = errors.New("scorer: score count does not match word count")
	// ErrOptions reports a TargetRatio or Threshold out of range.
	ErrOptions = errors.New("scorer: invalid compress options")
)

// ratioChunkWords is how many words share one budget in TargetRatio mode:
// small enough that every section of a long page keeps its share, large
// enough that a dense paragraph can lend words to a sparse one.
const ratioChunkWords = 256

// symbolsOnly reports whether word has no letter or digit: tree drawing
// (├──, │), rules (==, --), arrows and bullets are structure, not words, and
// dropping them would break the shape of the text (invariant 8).
func symbolsOnly(word string) bool {
	for i := 0; i < len(word); i++ {
		c := word[i]
		if c >= utf8.RuneSelf {
			return symbolsOnlyRunes(word) // rare: judge by Unicode class
		}
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			return false
		}
	}
	return true
}

func symbolsOnlyRunes(word string) bool {
	for _, r := range word {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// Compress drops the low-scoring words of prose text while keeping its
// shape (DESIGN.md invariants 6 and 8):
//   - every line break and every line's indentation stay; words are dropped
//     within lines and the gap a dropped word leaves collapses to one space;
//     lines are never joined;
//   - a non-blank line never becomes blank: if nothing on it scores high
//     enough, its best word stays, so no false paragraph break appears;
//   - must-keep words (mustkeep.Mask) are always kept;
//   - markdown headings, table rows, fenced and indented code blocks, and
//     lines that report failures (failure.Lines for o.Kind) are kept
//     verbatim; list bullets and numbers are kept, with a word of their item;
//   - both ends of a bracketed or quoted group stay if either does, and
//     markdown link text stays whole;
//   - a word a man page hyphenated at the margin is joined on its first
//     line (joinHyphens).
//
// Words are scored by s; an error from s is returned as is, for the caller
// to fall back on.
func Compress(ctx context.Context, s Scorer, text string, o CompressOptions) (string, CompressStats, error) {
	kind, find := o.failureRules()
	joined, fails := joinHyphens(text, kind, find)
	if joined != text {
		o.Failures = linesAt(fails)
	}
	out, _, _, st, err := compress(ctx, s, joined, o)
	if err == nil && joined != text {
		// The counts are of the caller's text, not of the joined one.
		st.Words = len(tokenize.Words(text))
		if st.Tokens > 0 {
			tok := o.Counter
			if tok == nil {
				if tok, err = tokencount.New(""); err != nil {
					return "", st, err
				}
			}
			st.Tokens = tok.Count(text)
		}
	}
	return out, st, err
}

// failureRules returns the kind and the finder of the lines kept verbatim
// as failures, defaults filled in.
func (o CompressOptions) failureRules() (router.Kind, func(router.Kind, []byte) [][]byte) {
	kind, find := o.Kind, o.Failures
	if kind == "" {
		kind = router.Prose
	}
	if find == nil {
		find = failure.Lines
	}
	return kind, find
}

// compress is Compress, also returning the words and which were kept.
func compress(ctx context.Context, s Scorer, text string, o CompressOptions) (string, []tokenize.Word, []bool, CompressStats, error) {
	if err := o.validate(); err != nil {
		return "", nil, nil, CompressStats{}, err
	}
	if err := ctx.Err(); err != nil {
		return "", nil, nil, CompressStats{}, err
	}
	kind, find := o.failureRules()
	words := tokenize.Words(text)
	st := CompressStats{Words: len(words)}
	if len(words) == 0 {
		return text, words, nil, st, nil
	}
	protected := mustkeep.Mask(text, words)
	var scores []float32
	var err error
	if h, ok := s.(heuristic); ok {
		scores, err = h.score(ctx, text, words, protected) // classify each word once
	} else {
		scores, err = s.Score(ctx, text, words)
	}
	if pe := (*PartialError)(nil); errors.As(err, &pe) {
		scores, err = pe.Scores, nil // the budget ran out: take what it bought
		st.Windows, st.MissedWindows = pe.Windows, pe.Missed
	}
	if err != nil {
		return "", nil, nil, st, fmt.Errorf("scorer %s: %w", s.Name(), err)
	}
	if len(scores) != len(words) {
		return "", nil, nil, st, fmt.Errorf("%w: %s gave %d scores for %d words", ErrScoreCount, s.Name(), len(scores), len(words))
	}

	// The words of a multi-word name rise and fall together: each scores
	// as its best word, and keepNames keeps the rest of a name kept in part.
	names := nameSpans(text, words)
	if len(names) > 0 {
		scores = slices.Clone(scores)
		for _, n := range names {
			best := slices.Max(scores[n.w0:n.w1])
			for i := n.w0; i < n.w1; i++ {
				scores[i] = best
			}
		}
	}

	lines := layout(text, words, kind, find)
	forced := slices.Clone(protected)
	for i, w := range words {
		if symbolsOnly(text[w.Start:w.End]) {
			forced[i] = true
		}
	}
	for _, l := range lines {
		switch {
		case l.verbatim:
			for i := l.w0; i < l.w1; i++ {
				forced[i] = true
			}
		case l.marker && l.w1 > l.w0:
			forced[l.w0] = true
			protectLinks(text, words[l.w0:l.w1], forced[l.w0:l.w1])
		default:
			protectLinks(text, words[l.w0:l.w1], forced[l.w0:l.w1])
		}
	}
	var keep []bool
	var out string
	if o.TargetRatio > 0 {
		keep, out, st.Tokens, st.KeptTokens, err = fitTokens(text, words, lines, names, scores, forced, o)
		if err != nil {
			return "", nil, nil, st, err
		}
	} else {
		keep = slices.Clone(forced)
		th := float32(o.Threshold)
		if o.Threshold == 0 {
			th = 0.5
		}
		for i, sc := range scores {
			if sc > th {
				keep[i] = true
			}
		}
		keepOnePerLine(keep, scores, lines)
		keepNames(names, keep)
		balance(text, words, lines, keep)
		out = assemble(text, words, lines, keep)
	}

	for i, k := range keep {
		if k {
			st.Kept++
			if protected[i] {
				st.MustKept++
			}
		}
	}
	return out, words, keep, st, nil
}

// fitRounds bounds the passes fitTokens makes to meet the token target.
const fitRounds = 4

// fitTokens keeps the best words so that the output holds o.TargetRatio of
// the text's tokens. The budget is set on each word's own token count (as
// it reads after a space); the output's real count differs a little (line
// breaks, indentation, words merged by the brackets' balance), so the share
// asked of keepRatio is corrected from the measured count, a few times at
// most, and the closest result wins.
func fitTokens(text string, words []tokenize.Word, lines []line, names []nameSpan, scores []float32, forced []bool, o CompressOptions) (keep []bool, out string, in, got int, err error) {
	tok := o.Counter
	if tok == nil {
		if tok, err = tokencount.New(""); err != nil {
			return nil, "", 0, 0, err
		}
	}
	in = tok.Count(text)
	cost := make([]int32, len(words))
	var buf []byte
	for i, w := range words {
		buf = append(append(buf[:0], ' '), text[w.Start:w.End]...)
		cost[i] = int32(tok.Count(unsafe.String(unsafe.SliceData(buf), len(buf))))
	}
	want := o.TargetRatio * float64(in)
	ask := o.TargetRatio
	bestDiff := math.Inf(1)
	for round := 0; round < fitRounds; round++ {
		k := slices.Clone(forced)
		keepRatio(k, scores, cost, lines, ask)
		keepNames(names, k)
		balance(text, words, lines, k)
		s := assemble(text, words, lines, k)
		n := tok.Count(s)
		if d := math.Abs(float64(n) - want); d < bestDiff {
			keep, out, got, bestDiff = k, s, n, d
		}
		if bestDiff <= 0.005*float64(in)+1 || n == 0 {
			break
		}
		next := min(ask*want/float64(n), 1)
		if next == ask || (ask == 1 && n < int(want)) {
			break
		}
		ask = next
	}
	return keep, out, in, got, nil
}

// protectLinks keeps the text of markdown links, [like this](url), whole:
// it names the target, and dropping its first or last word would unbalance
// the brackets.
func protectLinks(text string, words []tokenize.Word, forced []bool) {
	for i := 0; i < len(words); i++ {
		w := text[words[i].Start:words[i].End]
		open := strings.IndexByte(w, '[')
		if open < 0 || strings.Contains(w[open:], "](") {
			if open >= 0 {
				forced[i] = true
			}
			continue
		}
		for j := i + 1; j < len(words); j++ {
			x := text[words[j].Start:words[j].End]
			if strings.Contains(x, "](") {
				for k := i; k <= j; k++ {
					forced[k] = true
				}
				i = j
				break
			}
			if strings.IndexByte(x, '[') >= 0 {
				break // another opening bracket first: not a link
			}
		}
	}
}

func (o CompressOptions) validate() error {
	if math.IsNaN(o.TargetRatio) || o.TargetRatio < 0 || o.TargetRatio > 1 {
		return fmt.Errorf("%w: target ratio %v not in [0, 1]", ErrOptions, o.TargetRatio)
	}
	if math.IsNaN(o.Threshold) || o.Threshold < 0 || o.Threshold >= 1 {
		return fmt.Errorf("%w: threshold %v not in [0, 1)", ErrOptions, o.Threshold)
	}
	return nil
}

// better orders word indexes by score, highest first, then by position so
// that selection is deterministic. NaN scores sort last.
func better(scores []float32) func(a, b int) int {
	return func(a, b int) int {
		sa, sb := scores[a], scores[b]
		switch {
		case sa > sb || (sb != sb && sa == sa):
			return -1
		case sa < sb || (sa != sa && sb == sb):
			return 1
		}
		return cmp.Compare(a, b)
	}
}

// rankKey packs a score and a word index into one integer that sorts
// ascending in the order of better: the bits of a non-negative float32
// grow with its value, so their complement puts high scores first, and the
// index breaks ties. NaN and negative scores rank as 0.
func rankKey(score float32, i int) uint64 {
	if !(score > 0) {
		score = 0
	}
	return uint64(^math.Float32bits(score))<<32 | uint64(uint32(i))
}

// keepOnePerLine keeps the best word of each compressible line that would
// otherwise lose all its words (besides its list marker).
func keepOnePerLine(keep []bool, scores []float32, lines []line) {
	order := better(scores)
	for _, l := range lines {
		if l.w1 == l.w0 || l.verbatim {
			continue
		}
		w0 := l.w0
		if l.marker {
			w0++ // a bullet alone says nothing: keep a word of the item too
		}
		best := -1
		for i := w0; i < l.w1; i++ {
			if keep[i] {
				best = -1
				break
			}
			if best < 0 || order(i, best) < 0 {
				best = i
			}
		}
		if best >= 0 {
			keep[best] = true
		}
	}
}

// keepRatio keeps the best words of each chunk of lines up to the ratio
// share of the chunk's cost (tokens per word), counting the words already
// kept (protected, verbatim, one per line) first. A word that no longer
// fits is passed over for cheaper ones below it.
func keepRatio(keep []bool, scores []float32, cost []int32, lines []line, ratio float64) {
	keepOnePerLine(keep, scores, lines)
	var cand []uint64 // rank keys: see rankKey
	for c0 := 0; c0 < len(lines); {
		c1, n := c0, 0
		for c1 < len(lines) && n < ratioChunkWords {
			n += lines[c1].w1 - lines[c1].w0
			c1++
		}
		if n > 0 {
			w0, w1 := lines[c0].w0, lines[c1-1].w1
			total := 0
			for i := w0; i < w1; i++ {
				total += int(cost[i])
			}
			budget := int(math.Round(ratio * float64(total)))
			cand = cand[:0]
			for i := w0; i < w1; i++ {
				if keep[i] {
					budget -= int(cost[i])
				} else {
					cand = append(cand, rankKey(scores[i], i))
				}
			}
			if budget > 0 {
				slices.Sort(cand)
				for _, k := range cand {
					i := uint32(k)
					if c := int(cost[i]); c <= budget {
						keep[i] = true
						budget -= c
						if budget == 0 {
							break
						}
					}
				}
			}
		}
		c0 = c1
	}
}

// balance keeps both ends of a bracketed or quoted group when either
// survives, so "(or HTTPS)" does not become "HTTPS)". Groups may span
// lines but not blank lines or verbatim blocks.
func balance(text string, words []tokenize.Word, lines []line, keep []bool) {
	var stack []int // words holding unmatched openers, innermost last
	quote := -1     // word holding an unmatched '"'
	for _, l := range lines {
		if l.w1 == l.w0 || l.verbatim {
			stack, quote = stack[:0], -1
			continue
		}
		for i := l.w0; i < l.w1; i++ {
			w := text[words[i].Start:words[i].End]
			for j := 0; j < len(w); j++ {
				if !groupByte[w[j]] {
					continue
				}
				switch w[j] {
				case '(', '[', '{':
					stack = append(stack, i)
				case ')', ']', '}':
					if n := len(stack); n > 0 {
						o := stack[n-1]
						stack = stack[:n-1]
						if keep[o] != keep[i] {
							keep[o], keep[i] = true, true
						}
					}
				case '"':
					if quote < 0 {
						quote = i
					} else {
						if keep[quote] != keep[i] {
							keep[quote], keep[i] = true, true
						}
						quote = -1
					}
				}
			}
		}
	}
}

var groupByte = [256]bool{'(': true, '[': true, '{': true, ')': true, ']': true, '}': true, '"': true}

// assemble writes the kept words back into the text's lines.
func assemble(text string, words []tokenize.Word, lines []line, keep []bool) string {
	var b strings.Builder
	b.Grow(len(text))
	for _, l := range lines {
		all := true
		for i := l.w0; i < l.w1; i++ {
			if !keep[i] {
				all = false
				break
			}
		}
		if all {
			b.WriteString(text[l.start:l.end])
		} else {
			b.WriteString(text[l.start:words[l.w0].Start]) // indentation
			prev := -1
			for i := l.w0; i < l.w1; i++ {
				if !keep[i] {
					continue
				}
				if prev >= 0 {
					if prev == i-1 {
						b.WriteString(text[words[prev].End:words[i].Start])
					} else {
						b.WriteByte(' ')
					}
				}
				b.WriteString(text[words[i].Start:words[i].End])
				prev = i
			}
			tail := text[words[l.w1-1].End:l.end]
			if prev == l.w1-1 {
				b.WriteString(tail)
			} else {
				// The dropped last word's trailing blanks go too; a CR
				// of a CRLF line ending stays.
				for j := 0; j < len(tail); j++ {
					if tail[j] != ' ' && tail[j] != '\t' {
						b.WriteByte(tail[j])
					}
				}
			}
		}
		if l.end < len(text) {
			b.WriteByte('\n')
		}
	}
	return b.String()
}
