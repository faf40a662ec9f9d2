// Package toolline reads single lines in the forms tools print them: grep
// and ripgrep hits, lint report rows (eslint stylish and compact,
// shellcheck), gdb frames, signals and registers, strace calls, TAP results,
// curl -v and HTTP lines, psql and box-drawn table rules, sanitizer shadow
// rows, git hunk headers, commit headers, --stat and blame rows, log
// timestamps, levels and banners, test-count summaries. The router votes
// with them and the views and the failure reader parse with them, so each
// form has one reader.
package toolline

import "bytes"

// Hit is one line of grep or ripgrep output. Path and Text alias the line
// passed to ParseHit; copy them to keep them past the line's lifetime.
type Hit struct {
	Path    []byte // empty for ripgrep --heading lines (see ParseHeadingHit)
	Line    int    // 1-based line number
	Col     int    // column from --column/--vimgrep output, 0 when absent
	Text    []byte // the matched or context line, after the separators
	Context bool   // a -A/-B/-C context line ("path-N-text"), not a match
}

// maxLineDigits bounds line and column numbers so they fit an int everywhere.
const maxLineDigits = 10

// ParseHit parses a grep -n / rg -n line: "path:N:text", "path:N:col:text" for
// matches and "path-N-text" for context lines.
//
// Paths may themselves contain ':' and '-', so the rule is:
//   - the first ":N:" (N all digits) after a non-empty path is the match form;
//     Windows drive letters ("C:\src\a.go:3:x") need no special case because
//     the drive's ':' is not followed by digits and another ':';
//   - the first "-N-" is the context form;
//   - when a line has both, the match form wins if the path before it has no
//     tab and no space (so "foo-2-bar.go:10:x" is a match in foo-2-bar.go),
//     otherwise the context form wins (so "a.go-12-\tx := s[1:2:3]" is a
//     context line of a.go);
//   - after a match's ":N:", a further "M:" of digits is read as a column.
//
// A path may not be empty, start with a space or tab, hold a tab, or be all
// digits (which rejects timestamps such as "2024-05-01" and "12:30:45").
// Lines that fit none of these return ok == false. Remaining ambiguity (a
// path that contains ":N:" itself, a context line whose text starts a path
// with ":N:") is resolved by these rules and documented rather than guessed.
func ParseHit(line []byte) (h Hit, ok bool) {
	if len(line) == 0 || line[0] == ' ' || line[0] == '\t' {
		return Hit{}, false
	}
	colon, colonEnd, cn := findSepNum(line, ':')
	// A context "-N-" matters only before the match's ":N:", or without one;
	// digits hold no ':', so the whole "-N-" then lies before the colon.
	dashIn := line
	if colon > 0 {
		dashIn = line[:colon]
	}
	dash, dashEnd, dn := findSepNum(dashIn, '-')
	useColon := colon > 0
	if useColon && dash > 0 && dash < colon && !plainPath(line[:colon]) {
		useColon = false
	}
	switch {
	case useColon:
		if !validPath(line[:colon]) {
			return Hit{}, false
		}
		h = Hit{Path: line[:colon], Line: cn, Text: line[colonEnd:]}
		if c, end := Number(h.Text); end > 0 && end < len(h.Text) && h.Text[end] == ':' {
			h.Col, h.Text = c, h.Text[end+1:]
		}
		return h, true
	case dash > 0:
		if !validPath(line[:dash]) {
			return Hit{}, false
		}
		return Hit{Path: line[:dash], Line: dn, Text: line[dashEnd:], Context: true}, true
	}
	return Hit{}, false
}

// ParseHeadingHit parses a line under a file name in ripgrep's --heading
// output: "N:text" for matches, "N-text" for context, and "N:col:text" with
// --column. Only call it for lines known to follow a heading: on its own,
// "12:30 lunch" also looks like a hit.
func ParseHeadingHit(line []byte) (h Hit, ok bool) {
	n, end := Number(line)
	if end == 0 || end >= len(line) {
		return Hit{}, false
	}
	switch line[end] {
	case ':':
		h = Hit{Line: n, Text: line[end+1:]}
		if c, e := Number(h.Text); e > 0 && e < len(h.Text) && h.Text[e] == ':' {
			h.Col, h.Text = c, h.Text[e+1:]
		}
		return h, true
	case '-':
		return Hit{Line: n, Text: line[end+1:], Context: true}, true
	}
	return Hit{}, false
}

// findSepNum finds the first sep DIGITS sep in line at index > 0 and returns
// the index of the first sep, the index just past the second and the number.
func findSepNum(line []byte, sep byte) (at, end, n int) {
	for i := 1; i < len(line)-2; i++ {
		j := bytes.IndexByte(line[i:len(line)-2], sep)
		if j < 0 {
			break
		}
		i += j
		if c := line[i+1]; c < '0' || c > '9' {
			continue // most seps ("--", ": ", "::") have no number after them
		}
		v, e := Number(line[i+1:])
		if e > 0 && i+1+e < len(line) && line[i+1+e] == sep {
			return i, i + 2 + e, v
		}
	}
	return -1, -1, 0
}

// Number parses the decimal digits at the start of b; end is 0 when
// there are none or too many.
func Number(b []byte) (n, end int) {
	for end < len(b) && b[end] >= '0' && b[end] <= '9' {
		if end == maxLineDigits {
			return 0, 0
		}
		n = n*10 + int(b[end]-'0')
		end++
	}
	return n, end
}

// plainPath reports whether p has no whitespace, as real paths almost never do.
func plainPath(p []byte) bool {
	for _, c := range p {
		if c == ' ' || c == '\t' {
			return false
		}
	}
	return true
}

// validPath applies the rules documented on ParseHit.
func validPath(p []byte) bool {
	digits := true
	for _, c := range p {
		if c < 0x20 || c == 0x7f {
			return false
		}
		if c < '0' || c > '9' {
			digits = false
		}
	}
	return len(p) > 0 && !digits
}
