// Package ansi removes ANSI (ECMA-48) escape sequences from tool output. It is
// the one grammar the router, the lossless folds and the lossy views share, so
// that what a terminal would show is read the same way everywhere.
package ansi

import "bytes"

// Strip returns text without ANSI (ECMA-48) escape sequences; it defines
// fold's Visible equivalence. Removed are CSI sequences (ESC [ params
// intermediates final, e.g. colours and cursor moves), OSC, DCS, SOS, PM and
// APC strings ended by BEL or ESC \ (e.g. hyperlinks and window titles), and
// two-byte escapes (ESC then one byte 0x30–0x7E, with any intermediates
// 0x20–0x2F between). An ESC that does not start a complete sequence is kept.
// It returns text itself when there is no ESC in it.
func Strip(text []byte) []byte {
	i := bytes.IndexByte(text, 0x1b)
	if i < 0 {
		return text
	}
	return appendFrom(make([]byte, 0, len(text)), text, i)
}

// Append appends text without escape sequences to dst, as Strip does.
func Append(dst, text []byte) []byte {
	return appendFrom(dst, text, bytes.IndexByte(text, 0x1b))
}

// appendFrom appends text, whose first ESC is at i (or i < 0), to out
// without escape sequences.
func appendFrom(out, text []byte, i int) []byte {
	for i >= 0 {
		out = append(out, text[:i]...)
		n := escapeLen(text[i:])
		if n == 0 {
			out = append(out, 0x1b)
			n = 1
		}
		text = text[i+n:]
		i = bytes.IndexByte(text, 0x1b)
	}
	return append(out, text...)
}

// StripEqual reports whether Strip(text) equals plain, without building
// Strip(text): a 100 MB log is compared where it lies.
func StripEqual(text, plain []byte) bool {
	for {
		before, after, found := Cut(text)
		if !found {
			return bytes.Equal(before, plain)
		}
		if !bytes.HasPrefix(plain, before) {
			return false
		}
		text, plain = after, plain[len(before):]
	}
}

// Cut splits text at its first escape sequence (an ESC that starts none is
// kept as text): before is what precedes it, after what follows it, and
// found is false, with before the whole text, when there is none. Strip(text)
// is before followed by Strip(after).
func Cut(text []byte) (before, after []byte, found bool) {
	for j := 0; ; {
		i := bytes.IndexByte(text[j:], 0x1b)
		if i < 0 {
			return text, nil, false
		}
		i += j
		if n := escapeLen(text[i:]); n > 0 {
			return text[:i], text[i+n:], true
		}
		j = i + 1
	}
}

// Count returns the number of escape sequences Strip removes from text.
func Count(text []byte) int {
	n := 0
	for i := bytes.IndexByte(text, 0x1b); i >= 0; i = bytes.IndexByte(text, 0x1b) {
		l := escapeLen(text[i:])
		if l > 0 {
			n++
		} else {
			l = 1
		}
		text = text[i+l:]
	}
	return n
}

// escapeLen returns the length of the escape sequence at the start of b
// (b[0] is ESC), or 0 if it is incomplete or malformed.
func escapeLen(b []byte) int {
	if len(b) < 2 {
		return 0
	}
	switch b[1] {
	case '[':
		i := 2
		for i < len(b) && b[i] >= 0x30 && b[i] <= 0x3f {
			i++
		}
		for i < len(b) && b[i] >= 0x20 && b[i] <= 0x2f {
			i++
		}
		if i < len(b) && b[i] >= 0x40 && b[i] <= 0x7e {
			return i + 1
		}
		return 0
	case ']', 'P', 'X', '^', '_':
		for i := 2; i < len(b); i++ {
			switch b[i] {
			case 0x07:
				return i + 1
			case 0x1b:
				if i+1 < len(b) && b[i+1] == '\\' {
					return i + 2
				}
				return 0
			case '\n':
				// Strings do not span lines in tool output; a newline means
				// this was not a terminated string.
				return 0
			}
		}
		return 0
	}
	i := 1
	for i < len(b) && b[i] >= 0x20 && b[i] <= 0x2f {
		i++
	}
	if i < len(b) && b[i] >= 0x30 && b[i] <= 0x7e {
		return i + 1
	}
	return 0
}

// Visible strips ANSI escapes and keeps only what a terminal would show of
// a line that progress bars rewrote with "\r".
func Visible(raw []byte) []byte {
	text := Strip(raw)
	text = bytes.TrimSuffix(text, []byte{'\r'})
	for {
		i := bytes.LastIndexByte(text, '\r')
		if i < 0 {
			return text
		}
		if i+1 < len(text) {
			return text[i+1:]
		}
		text = text[:i]
	}
}
