package fold

import (
	"bytes"
	"errors"
	"fmt"
	"sync"

	"github.com/kompress/kompress/internal/jsonscan"
	"github.com/kompress/kompress/internal/jsonstr"

	"github.com/kompress/kompress/internal/ansi"
)

// Equivalence is what a fold promises about the text its recovery gives back.
type Equivalence string

const (
	// Byte: the recovered text is the original, byte for byte.
	Byte Equivalence = "byte"
	// JSON: both texts are the same sequence of JSON values under
	// type-strict canonical equality:
	//   - insignificant whitespace is ignored, including between top-level
	//     values (JSON Lines and concatenated values are sequences);
	//   - types are strict: true is not 1, "1" is not 1, null is not "";
	//   - numbers are equal only if their literal text is equal: 1.0 ≠ 1,
	//     1e2 ≠ 100, -0 ≠ 0, and numbers beyond float64 keep every digit;
	//     a fold may never rewrite a number;
	//   - strings are equal if their decoded values are equal ("\u0041" = "A");
	//     lone surrogate escapes equal only themselves;
	//   - object key order is significant and duplicate keys are kept, in
	//     order: a fold may not reorder or merge members.
	// Both texts must be valid JSON (RFC 8259, UTF-8).
	JSON Equivalence = "json"
	// Visible: equal after removing ANSI escape sequences from both texts
	// (see internal/ansi): what a terminal would show is kept, colours are not.
	// The gate accepts it only when asked to.
	Visible Equivalence = "visible"
)

// strength orders equivalences, strongest first, for tie-breaking.
func (e Equivalence) strength() int {
	switch e {
	case Byte:
		return 0
	case JSON:
		return 1
	case Visible:
		return 2
	}
	return 3
}

// Verify checks that folded, expanded, gives back original under eq.
// Recovery is bounded by what the original could need, so a provider's
// text cannot make it allocate without limit.
func Verify(original, folded []byte, eq Equivalence) error {
	limit := len(original)
	if eq != Byte {
		limit = 4*len(original) + 1<<20
	}
	if bytes.Contains(folded, markerPrefix) {
		// Expand reads markers of lossy results out of literal text: a
		// marker lookalike there must be escaped (see Escape).
		pieces, err := Pieces(folded)
		if err != nil {
			return err
		}
		for _, p := range pieces {
			if !p.Block && bytes.Contains(folded[p.Start:p.End], markerPrefix) {
				return fmt.Errorf("%w: line %d: unescaped marker lookalike outside a block", ErrMismatch, p.Line)
			}
		}
	}
	if eq == Byte {
		return expandEqual(folded, original)
	}
	recovered, err := ExpandLimit(folded, limit)
	if errors.Is(err, ErrTooLarge) {
		return fmt.Errorf("%w: recovery is larger than the original could be", ErrMismatch)
	}
	if err != nil {
		return err
	}
	return compare(original, recovered, eq)
}

// compare checks recovered against original under eq.
func compare(original, recovered []byte, eq Equivalence) error {
	switch eq {
	case Byte:
		if !bytes.Equal(original, recovered) {
			return mismatchAt(original, recovered)
		}
		return nil
	case JSON:
		return jsonEqual(original, recovered)
	case Visible:
		// The original is compared as it is stripped: a big coloured log
		// is not copied once more next to the fold and its recovery.
		b := ansi.Strip(recovered)
		if !ansi.StripEqual(original, b) {
			return mismatchAt(ansi.Strip(original), b)
		}
		return nil
	}
	return fmt.Errorf("fold: unknown equivalence %q", eq)
}

// visibleEqual reports whether text expands to what original shows,
// without holding the expansion or a stripped copy of original: each piece
// is expanded on its own and compared with original as it is stripped. It
// answers only where every piece ends a line, as built-in folds' pieces do
// (escape sequences never span a line break, so stripping the pieces one
// by one is stripping their concatenation); false means "not shown here"
// and the caller compares in full, which also gives the error.
func visibleEqual(text, original []byte) bool {
	pieces, err := Pieces(text)
	if err != nil {
		return false
	}
	c := stripCursor{rest: original, more: true}
	var buf []byte
	for i, p := range pieces {
		got := text[p.Start:p.End]
		if p.Block {
			if buf, err = p.Append(buf[:0], text, len(original)+1<<20); err != nil {
				return false
			}
			got = buf
		}
		if len(got) > 0 && got[len(got)-1] != '\n' && i < len(pieces)-1 {
			return false
		}
		if !c.match(ansi.Strip(got)) {
			return false
		}
	}
	return c.end()
}

// stripCursor reads a text as ansi.Strip gives it, without building that.
type stripCursor struct {
	seg  []byte // stripped bytes not yet matched
	rest []byte // the text after seg
	more bool   // rest is still to be read
}

// match reports whether got comes next, and moves past it.
func (c *stripCursor) match(got []byte) bool {
	for len(got) > 0 {
		if len(c.seg) == 0 {
			if !c.more {
				return false
			}
			c.seg, c.rest, c.more = ansi.Cut(c.rest)
			continue
		}
		n := min(len(got), len(c.seg))
		if !bytes.Equal(got[:n], c.seg[:n]) {
			return false
		}
		got, c.seg = got[n:], c.seg[n:]
	}
	return true
}

// end reports whether everything was matched.
func (c *stripCursor) end() bool {
	for len(c.seg) == 0 && c.more {
		c.seg, c.rest, c.more = ansi.Cut(c.rest)
	}
	return len(c.seg) == 0 && !c.more
}

// expandEqual reports, as compare(want, Expand(text), Byte) does, whether
// text expands to want, without holding the whole expansion: literal runs
// are compared where they lie and each block is unfolded into one reused
// buffer, refused once it would pass the bytes of want left to match. A
// difference is an ErrMismatch; a malformed block is Expand's error.
func expandEqual(text, want []byte) error {
	if indexHeaderCandidate(text) < 0 {
		return compare(want, text, Byte)
	}
	pieces, err := Pieces(text)
	if err != nil {
		return err
	}
	scratch := expandScratch.Get().(*[]byte)
	buf := *scratch
	defer func() {
		if cap(buf) <= maxExpandScratch {
			*scratch = buf[:0]
			expandScratch.Put(scratch)
		}
	}()
	at := 0 // bytes of want matched
	for _, p := range pieces {
		if !p.Block {
			got := text[p.Start:p.End]
			if rest := want[at:]; len(got) > len(rest) || !bytes.Equal(got, rest[:len(got)]) {
				return fmt.Errorf("%w at byte %d (original %d bytes)", ErrMismatch, at+commonPrefix(got, rest), len(want))
			}
			at += len(got)
			continue
		}
		// A block that streams is compared as it unfolds, in pieces of
		// drainAt bytes; the others are unfolded whole, into a buffer of
		// a guess at their size so that one big block is not regrown
		// through copies of itself. One buffer serves every block.
		need := min(len(want)-at, 2*drainAt)
		if !streams(p.header.name) {
			need = min(len(want)-at, max(4*(p.End-p.Start), 64<<10))
		}
		if cap(buf) < need {
			buf = make([]byte, 0, need)
		}
		w := sink{buf: buf[:0], limit: len(want) - at, want: want[at:]}
		err := w.unfold(p.header, text[p.body:p.End])
		if errors.Is(err, ErrTooLarge) {
			return fmt.Errorf("%w: recovery is longer than the original (%d bytes)", ErrMismatch, len(want))
		}
		if err != nil {
			return fmt.Errorf("line %d: %w", p.Line, err)
		}
		w.drain()
		if w.bad {
			return fmt.Errorf("%w at byte %d (original %d bytes)", ErrMismatch, at+w.at, len(want))
		}
		at += w.done
		buf = w.buf
	}
	if at != len(want) {
		return fmt.Errorf("%w at byte %d (lengths %d and %d)", ErrMismatch, at, len(want), at)
	}
	return nil
}

// expandScratch keeps expandEqual's buffer for the next verification: a
// process folding many inputs allocates it once, not once per fold.
var expandScratch = sync.Pool{New: func() any { return new([]byte) }}

// maxExpandScratch bounds the buffer kept: a huge block's is left to the
// collector.
const maxExpandScratch = 4 << 20

func mismatchAt(a, b []byte) error {
	return fmt.Errorf("%w at byte %d (lengths %d and %d)", ErrMismatch, commonPrefix(a, b), len(a), len(b))
}

// jsonEqual reports, as an error, whether a and b are the same sequence of
// JSON values under the canonical rules (see Verify).
func jsonEqual(a, b []byte) error {
	sa, sb := jsonscan.NewScanner(a), jsonscan.NewScanner(b)
	var bufA, bufB []byte
	for {
		ka, la, err := sa.Next()
		if err != nil {
			return fmt.Errorf("original: %w", err)
		}
		wideA := sa.Wide()
		kb, lb, err := sb.Next()
		if err != nil {
			return fmt.Errorf("recovered: %w", err)
		}
		if ka != kb {
			return fmt.Errorf("%w: JSON token %q at byte %d became %q", ErrMismatch, la, sa.Pos()-len(la), lb)
		}
		switch ka {
		case jsonscan.TokEOF:
			return nil
		case jsonscan.TokNumber:
			if !bytes.Equal(la, lb) {
				return fmt.Errorf("%w: number %s at byte %d became %s", ErrMismatch, la, sa.Pos()-len(la), lb)
			}
		case jsonscan.TokString:
			if bytes.Equal(la, lb) {
				continue
			}
			if wideA || sb.Wide() {
				// Both literals were scanned, so they decode. A lone
				// surrogate is marked so that it never equals U+FFFD.
				bufA, _, _ = jsonstr.AppendMarked(bufA[:0], la, 1)
				bufB, _, _ = jsonstr.AppendMarked(bufB[:0], lb, 1)
				if bytes.Equal(bufA, bufB) {
					continue
				}
			}
			return fmt.Errorf("%w: string at byte %d differs", ErrMismatch, sa.Pos()-len(la))
		}
	}
}
