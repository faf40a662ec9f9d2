package fold

import (
	"bytes"
	"fmt"
	"slices"
)

// The paths fold writes a list of paths (rg -l, find, git ls-files) as an
// indented tree, each directory once, two spaces per level:
//
//	[fold paths 6 lines]
//	src/fold/
//	  block.go
//	  gate.go
//	.
//	  a
//	    b.go
//
// A line ending in "/" only opens a directory (it may name several levels);
// any other line is a listed path. A listed path followed by a deeper line
// is also the directory of the lines below it, as in find's output, where
// "./a" comes before "./a/b.go". The order of the list is kept exactly: a
// directory that comes back after others is opened again.

// pathLike reports whether c (a line without its newline) is a path the fold
// can write: no spaces or control bytes (a final CR is kept as part of the
// name), no empty components but a leading root, no final slash, and no ':'
// but in a drive letter, so search hits are left to the search fold.
func pathLike(c []byte) bool {
	n := len(c)
	if n > 0 && c[n-1] == '\r' {
		n--
	}
	if n == 0 || n > maxPath || c[n-1] == '/' {
		return false
	}
	for i := 0; i < n; i++ {
		switch b := c[i]; pathLikeClass[b] {
		case 0:
		case '/':
			if i > 0 && c[i-1] == '/' {
				return false
			}
		case ':':
			if i != 1 {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// pathLikeClass is 0 for the bytes pathLike takes as they are, the byte
// itself for '/' and ':', and 1 for bytes no path line holds.
var pathLikeClass = func() (t [256]uint8) {
	for b := range t {
		switch {
		case b <= ' ' || b == 0x7f:
			t[b] = 1
		case b == '/' || b == ':':
			t[b] = uint8(b)
		}
	}
	return t
}()

// nextPathLike reports whether the first line of rest is pathLike.
func nextPathLike(rest []byte) bool {
	if len(rest) == 0 {
		return false
	}
	c, _, _ := nextLine(rest)
	return pathLike(c)
}

// maxPath is PATH_MAX on Linux; longer lines are not paths.
const maxPath = 4096

// pathsState is the directory stack the encoder and decoder share.
type pathsState struct {
	stack [][]byte // open directories; each may hold several components
	prev  []byte   // name of the listed path on the previous line, if any
}

// prefixDepth returns how many stack entries dir starts with, and the
// offset in dir just past them (len(dir)+1 when dir is used up).
func (st *pathsState) prefixDepth(dir []byte) (int, int) {
	off := 0
	for k, e := range st.stack {
		if off > len(dir) {
			return k, off
		}
		r := dir[off:]
		if !bytes.HasPrefix(r, e) || len(r) > len(e) && r[len(e)] != '/' {
			return k, off
		}
		off += len(e) + 1
	}
	return len(st.stack), off
}

// splitPath splits p into its directory part and name; hasDir is false for
// a path without a slash. The root directory is the empty string.
func splitPath(p []byte) (dir, name []byte, hasDir bool) {
	i := bytes.LastIndexByte(p, '/')
	if i < 0 {
		return nil, p, false
	}
	return p[:i], p[i+1:], true
}

// sharedDirs returns the byte length of the leading whole components that
// a and b share (a's components only).
func sharedDirs(a, b []byte) int {
	n := 0
	for i := 0; i < len(a) && i < len(b) && a[i] == b[i]; i++ {
		if a[i] == '/' {
			n = i
		}
	}
	if len(a) <= len(b) && bytes.Equal(a, b[:len(a)]) && (len(b) == len(a) || b[len(a)] == '/') {
		n = len(a)
	}
	return n
}

// pathsLookahead bounds how many following lines decide where new
// directories are split.
const pathsLookahead = 16

// splitPoints returns where to break r, the directories a path opens below
// the open prefix pre, into scope lines: at each place where one of the
// next paths (while they share part of r) parts from it, each point
// relative to the previous one. What no following path shares is left to
// be written inline with the name.
func splitPoints(r, pre, rest []byte) []int {
	var pts []int
	first := bytes.IndexByte(r, '/') // no split can come before it
	if first < 0 {
		first = len(r)
	}
	for range pathsLookahead {
		n, _, more := nextLine(rest)
		if len(rest) == 0 || !pathLike(n) {
			break
		}
		rest = more
		nd, _, ok := splitPath(n)
		if !ok || !bytes.HasPrefix(nd, pre) {
			break
		}
		s := sharedDirs(r, nd[len(pre):])
		if s == 0 {
			break
		}
		if !slices.Contains(pts, s) {
			pts = append(pts, s)
		}
		if s == first {
			break
		}
	}
	slices.Sort(pts)
	// Make each point relative to the one before it.
	for i := len(pts) - 1; i > 0; i-- {
		pts[i] -= pts[i-1] + 1
	}
	return pts
}

func appendIndent(dst []byte, depth int) []byte {
	for range depth {
		dst = append(dst, ' ', ' ')
	}
	return dst
}

// foldPaths folds runs of path lines; nil if nothing is saved.
func foldPaths(content []byte, keep func([]byte) bool) []byte {
	return foldPathsSkip(content, keep, headerLen("paths", 1, ""))
}

// foldPathsSkip is foldPaths passing over, without judging their lines, the
// spans of text where no run can save more than limit bytes; limit < 0
// judges every line.
func foldPathsSkip(content []byte, keep func([]byte) bool, limit int) []byte {
	var (
		w        = runText{name: "paths", content: content}
		pg       pathsGain // the bound skipSpan counts
		lines    int
		st       pathsState
		runStart = -1
		pos      int
	)
	flush := func(end int) {
		if runStart < 0 {
			return
		}
		w.end(runStart, end, lines)
		runStart, lines = -1, 0
		st = pathsState{stack: st.stack[:0]}
	}
	text := content
	for len(text) > 0 {
		if runStart < 0 {
			pg = pathsGain{}
			if n := w.skip(text, limit, &pg); n > 0 {
				pos += n
				text = text[n:]
				continue
			}
		}
		c, full, rest := nextLine(text)
		// keep is asked only of a line that can join a run of two: a run
		// of one never beats its line (the header costs more than any
		// saving), so it matters not whether it was kept. keep may find the
		// failure lines of the whole input when first asked.
		if !pathLike(c) || keep != nil && (runStart >= 0 || nextPathLike(rest)) && keep(c) {
			flush(pos)
			w.literal(full)
			pos += len(full)
			text = rest
			continue
		}
		if runStart < 0 {
			runStart = pos
			w.start(pos)
		}
		dir, name, hasDir := splitPath(c)
		k, off := 0, 0
		if hasDir {
			k, off = st.prefixDepth(dir)
		}
		if k < len(st.stack) {
			st.stack = st.stack[:k]
			st.prev = nil
		}
		if hasDir && off <= len(dir) && st.prev != nil {
			// The previous listed path is this one's directory: open it
			// without a line, as the decoder will.
			r := dir[off:]
			if bytes.HasPrefix(r, st.prev) && (len(r) == len(st.prev) || r[len(st.prev)] == '/') {
				st.stack = append(st.stack, st.prev)
				off += len(st.prev) + 1
			}
		}
		if hasDir && off <= len(dir) {
			// Open the remaining directories as far as the next line shares
			// them; the rest is written inline with the name, so a
			// directory holding one path costs no line of its own.
			r := dir[off:]
			for _, s := range splitPoints(r, dir[:off], rest) {
				w.out = appendIndent(w.out, len(st.stack))
				w.out = append(w.out, r[:s]...)
				w.out = append(w.out, '/', '\n')
				lines++
				st.stack = append(st.stack, r[:s])
				r = r[min(s+1, len(r)):]
				off += s + 1
			}
			name = c[min(off, len(c)):len(c)]
		}
		w.out = appendIndent(w.out, len(st.stack))
		w.out = append(w.out, name...)
		w.out = append(w.out, full[len(c):]...)
		lines++
		w.line()
		st.prev = name
		pos += len(full)
		text = rest
	}
	flush(pos)
	return w.text()
}

// pathsGain bounds, line by line, what runs of path lines could save. A
// line saves only the open directories it takes, whole components ending
// in '/' that the previous line holds too, or all of that line when it
// lies below it, less the two spaces of indentation that taking any costs.
type pathsGain struct {
	prev []byte // the last path line
	gain int
}

func (g *pathsGain) total() int { return g.gain }

func (g *pathsGain) add(c []byte) bool {
	if !pathLike(c) {
		*g = pathsGain{}
		return false
	}
	if g.prev != nil {
		n := commonPrefix(g.prev, c)
		if n == len(g.prev) && n < len(c) && c[n] == '/' {
			n++
		} else {
			n = bytes.LastIndexByte(c[:n], '/') + 1
		}
		g.gain += max(n-2, 0)
	}
	g.prev = c
	return true
}

// unfoldPaths rebuilds each listed path from the open directories.
func unfoldPaths(w *sink, body []byte, args string) error {
	if args != "" {
		return fmt.Errorf("%w: paths block takes no arguments", ErrMalformed)
	}
	var st pathsState
	for len(body) > 0 {
		c, full, rest := nextLine(body)
		body = rest
		sp := 0
		for sp < len(c) && c[sp] == ' ' {
			sp++
		}
		if sp%2 != 0 || sp == len(c) {
			return fmt.Errorf("%w: paths block: bad line %q", ErrMalformed, c)
		}
		depth := sp / 2
		switch {
		case depth == len(st.stack)+1 && st.prev != nil:
			st.stack = append(st.stack, st.prev)
		case depth > len(st.stack):
			return fmt.Errorf("%w: paths block: line %q is too deep", ErrMalformed, c)
		}
		st.stack = st.stack[:depth]
		name := c[sp:]
		if name[len(name)-1] == '/' {
			st.stack = append(st.stack, name[:len(name)-1])
			st.prev = nil
			continue
		}
		n := len(full) - sp
		for _, e := range st.stack {
			n += len(e) + 1
		}
		if n > w.room() {
			return errTooLarge
		}
		for _, e := range st.stack {
			w.buf = append(w.buf, e...)
			w.buf = append(w.buf, '/')
		}
		w.buf = append(w.buf, full[sp:]...)
		w.mark()
		st.prev = name
	}
	return nil
}
