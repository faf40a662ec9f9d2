package fold

import (
	"bytes"
	"fmt"
)

// The search fold turns grep/ripgrep lines — hits path:line:text, context
// lines path-line-text, vimgrep hits path:line:col:text, and "--" separators —
// into ripgrep's --heading form: the path once, then its lines without it,
// and a blank line before the next file. A file that appears in several
// separate runs gets a heading for each run, so the order of lines is kept.
//
//	[fold rg 7 lines]
//	fold/block.go
//	12:func Expand(text []byte) ([]byte, error) {
//	13-	if indexHeaderCandidate(text) < 0 {
//	--
//
//	fold/gate.go
//	40:	out, err := Expand(p.Text)
//
// A body line that starts with digits and then ':' or '-' is rejoined with
// its file's path and that separator; "--" separators are kept as they are. Recovery is exact whatever the path holds: splitting a line at
// the wrong place would still rejoin it, so paths are only chosen for
// readability, preferring the path of the neighbouring hit for context lines.

// searchLookahead bounds how far a context line looks for its hit.
const searchLookahead = 16

// hitSplit returns the index of the leftmost ":N:" in c that can end a
// path, or -1.
func hitSplit(c []byte) int {
	h, _ := splits(c)
	return h
}

// splits returns the indexes of the leftmost ":N:" (a hit) and "-N-" (a
// context line) in c, or -1, that follow a plausible path (see pathByte)
// and where N is a line number as grep and ripgrep print it: decimal, no
// leading zero. Scanning stops at the first byte no path holds, so a line
// costs one pass.
func splits(c []byte) (hit, ctx int) {
	hit, ctx = -1, -1
	digits := true // c[:i] is only digits: not a plausible path yet
	for i := 0; i < len(c); i++ {
		b := c[i]
		switch pathClass[b] {
		case pathStop:
			return hit, ctx
		case pathSep:
			if i > 0 && !digits && i+2 < len(c) && c[i+1]-'1' < 9 && (b == ':' && hit < 0 || b == '-' && ctx < 0) {
				j := i + 2
				for j < len(c) && c[j]-'0' < 10 {
					j++
				}
				if j < len(c) && c[j] == b {
					if b == ':' {
						hit = i
					} else {
						ctx = i
					}
					if hit >= 0 && ctx >= 0 {
						return hit, ctx
					}
				}
			}
		}
		if b-'0' >= 10 {
			digits = false
		}
	}
	return hit, ctx
}

// searchLine reports whether c may be a hit or a context line.
func searchLine(c []byte) bool {
	h, x := splits(c)
	return h >= 0 || x >= 0
}

// pathByte reports whether b may appear in a path as search tools print
// them. Spaces, quotes and brackets are refused: a log timestamp
// "2024-01-05 12:34:56" or a JSON line must not be read as a file name.
func pathByte(b byte) bool { return pathClass[b] != pathStop }

// Classes of bytes for scanning search lines: a byte no path holds, a
// separator of a line number, and any other path byte.
const (
	pathPlain = iota
	pathSep
	pathStop
)

var pathClass = func() (t [256]uint8) {
	for b := range t {
		switch {
		case b <= ' ' || b == 0x7f || bytes.IndexByte([]byte("\"'`{}<>|*?;=[](),"), byte(b)) >= 0:
			t[b] = pathStop
		case b == ':' || b == '-':
			t[b] = pathSep
		}
	}
	return t
}()

// entryAfter reports whether c continues path with sep N sep.
func entryAfter(c, path []byte) bool {
	if len(c) <= len(path)+2 || !bytes.HasPrefix(c, path) {
		return false
	}
	sep := c[len(path)]
	if sep != ':' && sep != '-' || c[len(path)+1] < '1' || c[len(path)+1] > '9' {
		return false
	}
	j := len(path) + 2
	for j < len(c) && c[j] >= '0' && c[j] <= '9' {
		j++
	}
	return j < len(c) && c[j] == sep
}

func isSeparator(c []byte) bool {
	return len(c) == 2 && c[0] == '-' && c[1] == '-' || len(c) == 3 && c[0] == '-' && c[1] == '-' && c[2] == '\r'
}

// nextLine splits the first line off text: the line without its newline,
// the line with it, and the rest.
func nextLine(text []byte) (c, full, rest []byte) {
	i := bytes.IndexByte(text, '\n')
	if i < 0 {
		return text, text, nil
	}
	return text[:i], text[:i+1], text[i+1:]
}

// linePath returns the path of search line c, or nil if c is not one.
// cur is the path of the current group (set by a hit), rest the text after
// the line. A context line (path-N-text) counts only next to a hit of the
// same path, as grep -C and rg -C print them.
func linePath(c, cur, rest []byte) []byte {
	if cur != nil && entryAfter(c, cur) {
		return cur
	}
	h, x := splits(c)
	if x < 0 || h >= 0 && h < x {
		if h < 0 {
			return nil
		}
		return c[:h]
	}
	// A context line before its hit, or a hit whose path holds -N-.
	for range searchLookahead {
		if len(rest) == 0 {
			break
		}
		var n []byte
		n, _, rest = nextLine(rest)
		if isSeparator(n) {
			break
		}
		if k := hitSplit(n); k >= 0 {
			if p := n[:k]; len(c) > len(p) && c[len(p)] == '-' && entryAfter(c, p) {
				return c[:len(p)]
			}
			break
		}
	}
	if h >= 0 {
		return c[:h]
	}
	return nil
}

// foldSearch folds runs of search lines; nil if nothing is saved.
func foldSearch(content []byte, keep func([]byte) bool) []byte {
	return foldSearchSkip(content, keep, headerLen("rg", 1, ""))
}

// foldSearchSkip is foldSearch passing over, without judging their lines,
// the spans of text where no run can save more than limit bytes (a
// header's worth: such a run never folds); limit < 0 judges every line.
func foldSearchSkip(content []byte, keep func([]byte) bool, limit int) []byte {
	var (
		w        = runText{name: "rg", content: content}
		sg       searchGain // the bound skipSpan counts
		lines    int        // body lines
		cur      []byte     // current group path
		runStart = -1       // offset in content of the run, or -1
		pos      int        // offset of the current line
	)
	flush := func(end int) {
		if runStart < 0 {
			return
		}
		w.end(runStart, end, lines)
		runStart, lines, cur = -1, 0, nil
	}
	text := content
	for len(text) > 0 {
		if runStart < 0 {
			sg = searchGain{}
			if n := w.skip(text, limit, &sg); n > 0 {
				pos += n
				text = text[n:]
				continue
			}
		}
		c, full, rest := nextLine(text)
		switch {
		case isSeparator(c) && runStart >= 0:
			w.out = append(w.out, full...)
			lines++
		default:
			// The path first: keep may find the failure lines of the
			// whole input when first asked, which most lines never need.
			p := linePath(c, cur, rest)
			if p != nil && keep != nil && keep(c) {
				p = nil
			}
			if p == nil {
				flush(pos)
				w.literal(full)
				break
			}
			if runStart < 0 {
				runStart = pos
				w.start(pos)
			}
			if cur == nil || !bytes.Equal(p, cur) {
				if cur != nil {
					w.out = append(w.out, '\n')
					lines++
				}
				w.out = append(w.out, p...)
				w.out = append(w.out, '\n')
				lines++
				cur = p
			}
			w.out = append(w.out, full[len(p)+1:]...)
			lines++
		}
		w.line()
		pos += len(full)
		text = rest
	}
	flush(pos)
	return w.text()
}

// skipSpan returns the length of the lines at the start of text, where
// no run is open, that no run can fold: a span of lines g counts, with the
// line that ends it, in which runs could save at most limit bytes; 0 if
// they could save more, or if limit < 0.
func skipSpan(text []byte, limit int, g lineGain) int {
	if limit < 0 {
		return 0
	}
	for off := 0; off < len(text); {
		c, full, _ := nextLine(text[off:])
		off += len(full)
		if !g.add(c) {
			return off
		}
		if g.total() > limit {
			return 0
		}
	}
	return len(text)
}

// lineGain bounds, line by line, what runs of a line fold could save.
type lineGain interface {
	// add counts line c; false means c ends every run, and the count
	// starts again after it.
	add(c []byte) bool
	total() int
}

// searchGain bounds, line by line, what runs of search lines could save. A
// line saves its path and separator only when its path is the previous
// search line's: at most the prefix the two lines share, and the
// separator. Any line linePath takes, for any current path, is one
// splits finds.
type searchGain struct {
	prev []byte // the last search line
	gain int
}

func (g *searchGain) total() int { return g.gain }

func (g *searchGain) add(c []byte) bool {
	switch {
	case isSeparator(c):
	case searchLine(c):
		if g.prev != nil {
			g.gain += commonPrefix(g.prev, c) + 1
		}
		g.prev = c
	default:
		*g = searchGain{}
		return false
	}
	return true
}

// commonPrefix returns the length of the longest common prefix of a and b.
func commonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// unfoldSearch rejoins each body line with its group's path.
func unfoldSearch(w *sink, body []byte, args string) error {
	if args != "" {
		return fmt.Errorf("%w: rg block takes no arguments", ErrMalformed)
	}
	var path []byte
	for len(body) > 0 {
		c, full, rest := nextLine(body)
		body = rest
		switch {
		case path == nil:
			if len(c) == 0 {
				return fmt.Errorf("%w: rg block: empty path", ErrMalformed)
			}
			path = c
		case len(c) == 0:
			path = nil
		case c[0] >= '0' && c[0] <= '9':
			j := 1
			for j < len(c) && c[j] >= '0' && c[j] <= '9' {
				j++
			}
			if j == len(c) || c[j] != ':' && c[j] != '-' {
				return fmt.Errorf("%w: rg block: bad line %q", ErrMalformed, c)
			}
			if len(path)+1+len(full) > w.room() {
				return errTooLarge
			}
			w.buf = append(w.buf, path...)
			w.buf = append(w.buf, c[j])
			w.buf = append(w.buf, full...)
			w.mark()
		case isSeparator(c):
			w.buf = append(w.buf, full...)
		default:
			return fmt.Errorf("%w: rg block: bad line %q", ErrMalformed, c)
		}
	}
	return nil
}
