package scorer

import (
	"bytes"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kompress/kompress/router"
)

// man pages rendered to text (man, col -b) break long words at the right
// margin with a hyphen, U+2010: "configura‐" ends one line and "tion"
// starts the next. Scored as two fragments, either half may go, and the
// pieces cost more tokens than the word. joinHyphens moves the rest of the
// word up to its first half, without the hyphen, so the word is scored and
// kept whole; the next line keeps its indentation and the rest of its
// words, so no line break is lost (invariant 8). A line the failure rules
// keep verbatim is never touched, nor a line the move would leave blank.

const manHyphen = "\u2010"

// joinHyphens returns text with its man-page hyphenations joined (or text
// itself when it has none), and the numbers of its lines that find reports
// for kind, which joining left as they were.
func joinHyphens(text string, kind router.Kind, find func(router.Kind, []byte) [][]byte) (string, []int) {
	if !strings.Contains(text, manHyphen+"\n") {
		return text, nil
	}
	failing := failureStarts(text, kind, find)
	var fails []int
	var b strings.Builder
	b.Grow(len(text))
	rest, off := text, 0
	var carry string // the word's rest, removed from the start of this line
	for n := 0; len(rest) > 0; n++ {
		line, next, more := strings.Cut(rest, "\n")
		start := off
		off += len(line) + 1
		rest = next
		fail := failureAt(failing, start, start+len(line))
		if fail {
			fails = append(fails, n)
		}
		if carry != "" {
			ind := len(line) - len(strings.TrimLeft(line, " \t"))
			line = line[:ind] + strings.TrimLeft(line[ind+len(carry):], " ")
			carry = ""
		}
		if more && !fail && !failureAt(failing, off, off+lineLen(rest)) {
			if word, ok := hyphenRest(line, rest); ok {
				line = strings.TrimSuffix(line, manHyphen) + word
				carry = word
			}
		}
		b.WriteString(line)
		if more {
			b.WriteByte('\n')
		}
	}
	return b.String(), fails
}

// linesAt is a failure finder for a joined text: the lines numbered fails,
// which joinHyphens found in the text before joining it. Joining keeps
// every line and leaves failure lines untouched, so the failure rules need
// not read the text a second time.
func linesAt(fails []int) func(router.Kind, []byte) [][]byte {
	return func(_ router.Kind, b []byte) [][]byte {
		out := make([][]byte, 0, len(fails))
		for n, k := 0, 0; len(b) > 0 && k < len(fails); n++ {
			line, rest, _ := bytes.Cut(b, []byte{'\n'})
			if n == fails[k] {
				out = append(out, line)
				k++
			}
			b = rest
		}
		return out
	}
}

// hyphenRest returns the first word of next when line ends in a man-page
// hyphen after a letter and next goes on with a lower-case word and more
// words after it.
func hyphenRest(line, next string) (string, bool) {
	head, ok := strings.CutSuffix(line, manHyphen)
	if !ok {
		return "", false
	}
	if r, _ := utf8.DecodeLastRuneInString(head); !unicode.IsLetter(r) {
		return "", false
	}
	first, _, _ := strings.Cut(next, "\n")
	f := strings.Fields(first)
	if len(f) < 2 {
		return "", false
	}
	if r, _ := utf8.DecodeRuneInString(f[0]); !unicode.IsLower(r) {
		return "", false
	}
	return f[0], true
}

func lineLen(s string) int {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return i
	}
	return len(s)
}

// failureStarts returns, in order, the offsets in text where the lines
// that find reports for kind start.
func failureStarts(text string, kind router.Kind, find func(router.Kind, []byte) [][]byte) []int {
	b := []byte(text)
	var offs []int
	for _, f := range find(kind, b) {
		if off := cap(b) - cap(f); off >= 0 && off <= len(b) {
			offs = append(offs, off)
		}
	}
	slices.Sort(offs)
	return offs
}

// failureAt reports whether a failure line starts in [start, end].
func failureAt(offs []int, start, end int) bool {
	i, _ := slices.BinarySearch(offs, start)
	return i < len(offs) && offs[i] <= end
}
