package fold

import (
	"bytes"
	"fmt"
	"strconv"
)

// The repeat fold collapses a run of identical consecutive lines into one
// copy and a count:
//
//	[fold repeat 1 line x120]
//	Downloading packages...
//
// Lines are compared without their newline, so a run may end the text
// without one; the copy in the body carries the last line's ending.

// foldRepeat folds runs of identical lines; nil if nothing is saved.
// A run keeps one verbatim copy of its line, so keep needs no care here.
func foldRepeat(content []byte, _ func([]byte) bool) []byte {
	var out []byte // lazily allocated
	litStart := 0  // start of the text not yet copied to out
	text := content
	pos := 0
	for len(text) > 0 {
		c, full, rest := nextLine(text)
		// Count the run of lines equal to c.
		n := 1
		end := pos + len(full)
		last := full
		for len(rest) > 0 {
			c2, full2, rest2 := nextLine(rest)
			if !bytes.Equal(c, c2) {
				break
			}
			n++
			end += len(full2)
			last, rest = full2, rest2
		}
		// Two equal lines are common in code and diffs and read better as
		// they are; from three on, a count pays and reads well.
		if n >= minRepeat && headerLen("repeat", 1, "x"+strconv.Itoa(n))+len(last) < end-pos {
			if out == nil {
				// The result is smaller than content (else the gate drops it):
				// one buffer of that size never grows, where a smaller one
				// would regrow through copies of a big input.
				out = make([]byte, 0, len(content))
			}
			out = escapeLines(out, content[litStart:pos])
			out = appendHeader(out, "repeat", 1, "x"+strconv.Itoa(n))
			out = append(out, last...)
			litStart = end
		}
		pos = end
		text = rest
	}
	if out == nil {
		return nil
	}
	return escapeLines(out, content[litStart:])
}

// unfoldRepeat writes the body the number of times the header says.
func unfoldRepeat(w *sink, body []byte, args string) error {
	if len(args) < 2 || args[0] != 'x' || args[1] == '0' || args[1] == '+' {
		return fmt.Errorf("%w: repeat block arguments %q", ErrMalformed, args)
	}
	n, err := strconv.Atoi(args[1:])
	if err != nil || n < 2 || n > maxRepeat || n > maxRepeatBytes/max(len(body), 1) {
		return fmt.Errorf("%w: repeat count %q", ErrMalformed, args)
	}
	per := len(body) // bytes per copy but the last
	if body[len(body)-1] != '\n' {
		per++
	}
	if n-1 > (w.room()-len(body))/per {
		return errTooLarge
	}
	for range n - 1 {
		w.buf = append(w.buf, body...)
		if body[len(body)-1] != '\n' {
			w.buf = append(w.buf, '\n')
		}
		w.mark()
	}
	w.buf = append(w.buf, body...)
	return nil
}

const minRepeat = 3

// Bounds on what one repeat block may expand to, so that a small hostile
// text cannot make Expand allocate without limit.
const (
	maxRepeat      = 1 << 30
	maxRepeatBytes = 1 << 32
)
