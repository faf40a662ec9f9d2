package tableview

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/kompress/kompress/internal/ansi"
)

// phpcs's full report (PHP_CodeSniffer, the default) is one block per file:
// "FILE: path", "FOUND 18 ERRORS AND 1 WARNING AFFECTING 9 LINES", then a
// row per finding, "  6 | ERROR   | [x] Opening brace should be on a new
// line", its message wrapped onto rows with empty cells ("    |         |
// characters (Generic.Files.LineLength.TooLong)", the sniff last with -s).
// The column parser read the wrapped rows as rows of their own and the
// FILE lines as rows too, and dropped them: the second file's name, the
// ends of messages and the sniffs were lost. Table crushes it here
// instead: every line but the warnings is kept, and each file's warnings
// become one note after its last row, counting the rows dropped above it
// and naming their sniffs and lines, as lint findings are elsewhere (a
// warning is no failure; an error row is).

// tablePhpcsEntry parses a finding's first row: its line number and
// whether it is a warning.
func tablePhpcsEntry(l []byte) (line []byte, warning, ok bool) {
	t := bytes.TrimLeft(l, " ")
	i := 0
	for i < len(t) && isDigitByte(t[i]) {
		i++
	}
	if i == 0 || !bytes.HasPrefix(t[i:], []byte(" | ")) {
		return nil, false, false
	}
	r := t[i+3:]
	switch {
	case bytes.HasPrefix(r, []byte("WARNING | ")):
		return t[:i], true, true
	case bytes.HasPrefix(r, []byte("ERROR   | ")):
		return t[:i], false, true
	}
	return nil, false, false
}

// tablePhpcsWrap reports a wrapped row of a finding's message.
func tablePhpcsWrap(l []byte) bool {
	t := bytes.TrimLeft(l, " ")
	if len(t) == len(l) || !bytes.HasPrefix(t, []byte("| ")) {
		return false
	}
	t = bytes.TrimLeft(t[2:], " ")
	return bytes.HasPrefix(t, []byte("| "))
}

// tablePhpcsRender returns the report without its warnings, or nil when in
// is no phpcs full report or has no warnings.
func tablePhpcsRender(in []byte) []byte {
	plain := in
	if bytes.IndexByte(in, 0x1b) >= 0 {
		plain = ansi.Strip(in) // phpcs --colors: "\x1b[31mERROR\x1b[0m"
	}
	if !bytes.HasPrefix(bytes.TrimLeft(plain, "\r\n"), []byte("FILE: ")) || !bytes.Contains(plain, []byte("\nFOUND ")) {
		return nil
	}
	lines, plainLines := tableLines(in), tableLines(plain)
	if len(lines) != len(plainLines) {
		return nil
	}
	out := make([]byte, 0, len(in))
	type group struct {
		sniff string
		lines []string
	}
	var warns []group     // this file's warnings, by sniff in order of first use
	dropped, rows := 0, 0 // rows: the lines of this file's warnings
	flush := func() {
		if len(warns) == 0 {
			return
		}
		n := 0
		parts := make([]string, 0, len(warns))
		for _, g := range warns {
			n += len(g.lines)
			at := " at lines "
			if len(g.lines) == 1 {
				at = " at line "
			}
			parts = append(parts, g.sniff+" ×"+strconv.Itoa(len(g.lines))+at+strings.Join(g.lines, ", "))
		}
		unit := " lint warnings ("
		if n == 1 {
			unit = " lint warning ("
		}
		out = append(out, "[… "+strconv.Itoa(n)+unit+strconv.Itoa(rows)+" lines) omitted above: "+strings.Join(parts, "; ")+" …]\n"...)
		warns, rows = warns[:0], 0
	}
	for i := 0; i < len(lines); i++ {
		l := plainLines[i]
		num, warning, ok := tablePhpcsEntry(l)
		if !ok || !warning {
			if bytes.HasPrefix(l, []byte("FILE: ")) || len(warns) > 0 && !ok && !tablePhpcsWrap(l) {
				flush() // the file's last row is behind
			}
			out = append(append(out, lines[i]...), '\n')
			continue
		}
		msg := append([]byte(nil), l...)
		j := i + 1
		for j < len(lines) && tablePhpcsWrap(plainLines[j]) {
			msg = append(append(msg, ' '), bytes.TrimSpace(plainLines[j])...)
			j++
		}
		dropped += j - i
		rows += j - i
		sniff := "warning"
		if k := bytes.LastIndexByte(msg, '('); k >= 0 && bytes.HasSuffix(msg, []byte(")")) && bytes.IndexByte(msg[k:], ' ') < 0 {
			sniff = string(msg[k+1 : len(msg)-1])
		}
		at := -1
		for g := range warns {
			if warns[g].sniff == sniff {
				at = g
			}
		}
		if at < 0 {
			warns = append(warns, group{sniff: sniff})
			at = len(warns) - 1
		}
		warns[at].lines = append(warns[at].lines, string(num))
		i = j - 1
	}
	flush()
	if dropped == 0 {
		return nil
	}
	if in[len(in)-1] != '\n' && len(out) > 0 {
		out = out[:len(out)-1]
	}
	return out
}
