package scorer

import (
	"strings"

	"github.com/kompress/kompress/router"
	"github.com/kompress/kompress/tokenize"
)

// line is one line of the text being compressed.
type line struct {
	start, end int  // byte span, without the '\n'
	w0, w1     int  // its words: words[w0:w1]
	indent     int  // leading blank columns; a tab counts as 4
	verbatim   bool // kept byte for byte
	marker     bool // starts with a list bullet or number
}

// layout splits text into lines, assigns words to them, and marks the lines
// compression must not touch: markdown headings (# and setext), table rows,
// fenced code, indented code blocks, and failure reports.
func layout(text string, words []tokenize.Word, kind router.Kind, find func(router.Kind, []byte) [][]byte) []line {
	lines := make([]line, 0, strings.Count(text, "\n")+1)
	wi := 0
	for start := 0; ; {
		end := strings.IndexByte(text[start:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += start
		}
		l := line{start: start, end: end, w0: wi}
		for wi < len(words) && words[wi].Start < end {
			wi++
		}
		l.w1 = wi
		if l.w1 > l.w0 {
			l.indent = indentCols(text[start:words[l.w0].Start])
		}
		lines = append(lines, l)
		if end == len(text) {
			break
		}
		start = end + 1
	}

	failing := failureLines(text, lines, kind, find)
	var fence string // the open fence's marker, "" outside fenced code
	ref := 0         // indentation of the last non-blank prose line
	prevBlank := true
	for i := 0; i < len(lines); i++ {
		l := &lines[i]
		blank := l.w1 == l.w0
		content := ""
		if !blank {
			content = strings.TrimRight(text[words[l.w0].Start:l.end], " \t\r\v\f")
		}
		switch {
		case fence != "":
			l.verbatim = true
			if strings.HasPrefix(content, fence) && strings.TrimLeft(content, fence[:1]) == "" {
				fence = ""
			}
			continue
		case blank:
			prevBlank = true
			continue
		case strings.HasPrefix(content, "```") || strings.HasPrefix(content, "~~~"):
			l.verbatim = true
			fence = content[:3]
			for len(fence) < len(content) && content[len(fence)] == fence[0] {
				fence = content[:len(fence)+1]
			}
			prevBlank = false
			continue
		}
		switch {
		case failing[i], isATXHeading(content), isTableRow(content), isByteRow(content), isCountLine(content), hasPlace(content):
			l.verbatim = true
		case i+1 < len(lines) && isSetextUnderline(text, words, lines[i+1]):
			l.verbatim = true
			lines[i+1].verbatim = true
			i++
		case prevBlank && l.indent >= ref+4:
			if n := codeBlock(text, words, lines[i:], ref); n > 0 {
				for j := i; j < i+n; j++ {
					lines[j].verbatim = true
				}
				i += n - 1
				prevBlank = false
				continue
			}
		}
		l.marker = isListMarker(text[words[l.w0].Start:words[l.w0].End])
		ref = l.indent
		prevBlank = false
	}
	return lines
}

func indentCols(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\t' {
			n += 4
		} else {
			n++
		}
	}
	return n
}

// isATXHeading reports "# Title" through "###### Title".
func isATXHeading(s string) bool {
	n := 0
	for n < len(s) && s[n] == '#' {
		n++
	}
	return n >= 1 && n <= 6 && (n == len(s) || s[n] == ' ' || s[n] == '\t')
}

// isCountLine reports a tool's count summary, every clause of which opens
// with a count: "28 files would be reformatted, 20 files would be left
// unchanged.", "3 passed, 1 failed". Dropping a word there changes what
// was counted.
func isCountLine(s string) bool {
	if strings.Count(s, " ") > 20 {
		return false
	}
	for clause := range strings.SplitSeq(s, ", ") {
		n := 0
		for n < len(clause) && clause[n] >= '0' && clause[n] <= '9' {
			n++
		}
		if n == 0 || n+1 >= len(clause) || clause[n] != ' ' || clause[n+1] < 'a' || clause[n+1] > 'z' {
			return false
		}
	}
	return true
}

// isTableRow reports markdown and box-drawn table rows: | a | b |, and
// +---+---+ borders.
func isTableRow(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == '|' || (s[len(s)-1] == '|' && strings.Count(s, "|") >= 2) {
		return true
	}
	if s[0] == '+' && len(s) >= 3 && strings.Trim(s, "+-=:") == "" {
		return true
	}
	return strings.Count(s, " | ") >= 2
}

// isByteRow reports a row of a byte table: an address or offset, then at
// least four byte values in hex, as hexdump -C, xxd, od -x and a
// sanitizer's shadow-memory dump print them ("=>0x0c087fff8000: fa fa
// 00[fa]fa"). Dropping a word there would shift every byte after it.
func isByteRow(s string) bool {
	s = strings.TrimPrefix(s, "=>")
	// The fields are split at spaces, tabs and brackets; the first is the
	// offset and the next four must be bytes (words of 2, 4, 6 or 8 hex
	// digits). Most lines fail at the first field: no allocation.
	for k := 0; k < 5; k++ {
		var f string
		f, s = byteRowField(s)
		if k == 0 {
			off := strings.TrimSuffix(strings.TrimPrefix(f, "0x"), ":")
			if len(off) < 4 || !isHexString(off) {
				return false
			}
			continue
		}
		if l := len(f); !(l == 2 || l == 4 || l == 6 || l == 8) || !isHexString(f) {
			return false
		}
	}
	return true
}

// byteRowField returns the first field of s as isByteRow splits it, and
// the rest of s after it ("" when none is left).
func byteRowField(s string) (field, rest string) {
	sep := func(c byte) bool { return c == ' ' || c == '\t' || c == '[' || c == ']' }
	i := 0
	for i < len(s) && sep(s[i]) {
		i++
	}
	j := i
	for j < len(s) && !sep(s[j]) {
		j++
	}
	return s[i:j], s[j:]
}

func isHexString(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return s != ""
}

// isSetextUnderline reports a line of only '=' or only '-' (at least 3)
// under a heading.
func isSetextUnderline(text string, words []tokenize.Word, l line) bool {
	if l.w1-l.w0 != 1 || l.indent > 3 {
		return false
	}
	w := text[words[l.w0].Start:words[l.w0].End]
	return len(w) >= 3 && (strings.Trim(w, "=") == "" || strings.Trim(w, "-") == "")
}

// isListMarker reports bullets and item numbers: - * + • 1. 2) a) iv.
func isListMarker(w string) bool {
	switch w {
	case "-", "*", "+", "•", "◦", "▪", "‣", "–":
		return true
	}
	if len(w) < 2 || len(w) > 5 || (w[len(w)-1] != '.' && w[len(w)-1] != ')') {
		return false
	}
	body := w[:len(w)-1]
	if body[0] == '(' {
		body = body[1:]
	}
	if body == "" {
		return false
	}
	digits, letters := 0, 0
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
			letters++
		default:
			return false
		}
	}
	return digits == len(body) || (letters == 1 && len(body) == 1 && w[len(w)-1] == ')')
}

// codeBlock returns how many of lines (the first preceded by a blank line
// and indented at least 4 columns past ref) form an indented code block, or
// 0 when the block reads as indented prose, as in a man page's nested
// paragraphs. A block may contain blank lines; it ends before a line
// indented less than ref+4.
func codeBlock(text string, words []tokenize.Word, lines []line, ref int) int {
	n, last, code, nonBlank := 0, 0, 0, 0
	for n < len(lines) {
		l := lines[n]
		if l.w1 > l.w0 {
			if l.indent < ref+4 {
				break
			}
			nonBlank++
			if isCodeLike(strings.TrimRight(text[words[l.w0].Start:l.end], " \t\r")) {
				code++
			}
			last = n + 1
		}
		n++
	}
	if nonBlank == 0 || 2*code < nonBlank {
		return 0
	}
	return last // trailing blank lines are not part of the block
}

// isCodeLike reports a line that reads as a command or source code rather
// than a sentence: a shell or REPL prompt, a statement terminator or brace
// at the end, an operator digraph, or dense symbols.
func isCodeLike(s string) bool {
	for _, p := range []string{"$ ", "% ", "# ", ">>> ", "> ", "C:\\"} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	if s == "" {
		return false
	}
	switch s[len(s)-1] {
	case ';', '{', '}', '\\':
		return true
	}
	for _, op := range []string{":=", "==", "!=", "->", "=>", "&&", "||", "//", "/*", "()", "::", "<-"} {
		if strings.Contains(s, op) {
			return true
		}
	}
	sym, total := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t':
		case '{', '}', '[', ']', '(', ')', '<', '>', '=', ';', '$', '|', '&', '*', '\\', '"', '\'':
			sym++
			total++
		default:
			total++
		}
	}
	return total > 0 && sym*10 >= total
}

// hasPlace reports a line that names a place in a file, "cart.py:12",
// "spec/queue_spec.lua:9:", "deploy.sh line 4": a tool's report that
// reached the prose compressor (a log the router took for prose) or prose
// pointing at code. Its words are the reference: kept as they are.
func hasPlace(s string) bool {
	k, sp := -1, -1 // the next ':' and " line " from i, as offsets from 0
	for i := 0; i < len(s); i++ {
		// Only a ':' or a space before a digit may end the file's name;
		// IndexByte finds the ':' of most lines that have one.
		if k < i {
			if k = strings.IndexByte(s[i:], ':'); k >= 0 {
				k += i
			} else {
				k = len(s)
			}
		}
		if sp < i {
			if sp = strings.Index(s[i:], " line "); sp >= 0 {
				sp += i
			} else {
				sp = len(s)
			}
		}
		switch {
		case k == len(s) && sp == len(s):
			return false
		case sp < k:
			i = sp
			if i+6 >= len(s) || s[i+6] < '0' || s[i+6] > '9' {
				continue
			}
		default:
			i = k
			if i+1 >= len(s) || s[i+1] < '0' || s[i+1] > '9' {
				continue
			}
		}
		if fileBefore(s, i) {
			return true
		}
	}
	return false
}

// fileBefore reports whether the word that ends at s[i] is a file name: a
// dot (an extension) or a slash in it, no space, not a number ("1.2:3").
func fileBefore(s string, i int) bool {
	j := i
	dot := false
	for j > 0 && s[j-1] != ' ' && s[j-1] != '\t' && s[j-1] != '(' && s[j-1] != '\'' && s[j-1] != '"' {
		j--
		if s[j] == '.' || s[j] == '/' {
			dot = true
		}
	}
	return dot && i-j >= 3 && s[i-1] != '.' && (s[j] < '0' || s[j] > '9')
}
