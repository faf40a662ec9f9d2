package router

import (
	"bytes"

	"github.com/kompress/kompress/internal/jsonscan"
)

// toolLine votes for the lines of tools whose every line has a shape of its
// own, before the generic rules (which would read a sanitizer report as
// prose, a valgrind log as code, psql's "----+----" rule as a diff):
// valgrind and sanitizer reports, strace, TAP (node --test), curl -v, psql
// and sqlite3 messages, shellcheck and eslint reports are Log; psql's
// aligned tables and box-drawn tables (sqlite3 -box) are Table.
func toolLine(line []byte) (kind, weight uint8) {
	t := trimBlank(line)
	if len(t) == 0 {
		return kNone, wNone
	}
	switch t[0] {
	case '=':
		// valgrind "==123== Invalid read", ASan "==123==ERROR:", shadow rows "=>0x0c08...: fa fa"
		if len(t) > 4 && t[1] == '=' {
			if _, e := leadingNum(t[2:]); e > 0 && hasPrefix(t[2+e:], "==") {
				return kLog, wStrong
			}
		}
		if hasPrefix(t, "=>0x") {
			return kLog, wStrong
		}
	case '-':
		if len(t) > 4 && t[1] == '-' {
			if _, e := leadingNum(t[2:]); e > 0 && hasPrefix(t[2+e:], "--") {
				return kLog, wStrong // valgrind's "--123-- " notes
			}
		}
		if hasPrefix(t, "--- SIG") {
			return kLog, wStrong // strace signal
		}
		if psqlRule(t) {
			return kTable, wStrong
		}
	case '+':
		if hasPrefix(t, "+++ exited with ") || hasPrefix(t, "+++ killed by ") {
			return kLog, wStrong
		}
	case '#':
		// sanitizer frames "#0 0x55d1 in main a.c:6"; TAP comments "# Subtest: x", "# pass 2"
		if _, e := leadingNum(t[1:]); e > 0 && hasPrefix(t[1+e:], " 0x") {
			return kLog, wStrong
		}
		if GDBFrame(t) {
			return kLog, wStrong
		}
		for _, p := range [...]string{"# Subtest: ", "# tests ", "# pass ", "# fail ", "# suites ", "# cancelled ", "# skipped ", "# todo ", "# duration_ms "} {
			if hasPrefix(t, p) {
				return kLog, wStrong
			}
		}
	case 'o', 'n':
		if tapResult(t) {
			return kLog, wStrong
		}
	case '%', 'D':
		if hasPrefix(t, "% Total ") || hasPrefix(t, "Dload ") {
			return kLog, wStrong // curl's progress meter
		}
		if hasPrefix(t, "DETAIL:  ") && len(line) == len(t) {
			return kLog, wStrong // psql
		}
	case 'T':
		if hasPrefix(t, "TAP version ") {
			return kLog, wStrong
		}
	case '0':
		if hasPrefix(t, "0x") && bytes.Contains(t[:min(len(t), 24)], []byte(": ")) && shadowRow(t) {
			return kLog, wStrong // a sanitizer's shadow bytes
		}
	case '*':
		if len(t) > 2 && t[1] == ' ' && len(line) == len(t) && curlInfo(t[2:]) {
			return kLog, wStrong // curl -v "* Connected to ..."
		}
	case '>', '<':
		if len(line) == len(t) && (len(t) == 1 || t[1] == ' ' && httpLine(t[2:])) {
			return kLog, wStrong // curl -v request and response headers
		}
	case '{', '}':
		if hasPrefix(t[1:], " [") && bytes.HasSuffix(t, []byte(" bytes data]")) {
			return kLog, wStrong // curl -v "{ [5032 bytes data]"
		}
	case 'S':
		if hasPrefix(t, "SUMMARY: ") || hasPrefix(t, "Shadow byte") || hasPrefix(t, "Suppressed: ") {
			return kLog, wStrong
		}
	case 'P', 'R':
		if hasPrefix(t, "Parse error") || hasPrefix(t, "Runtime error") {
			return kLog, wStrong // sqlite3
		}
		if GDBSignal(t) || hasPrefix(t, "Program exited") {
			return kLog, wStrong // gdb
		}
	case '[':
		if hasPrefix(t, "[Thread debugging using ") || hasPrefix(t, "[Inferior ") || hasPrefix(t, "[New Thread ") {
			return kLog, wStrong // gdb
		}
	case 'H':
		if hasPrefix(t, "HTTP/") && len(line) == len(t) && httpStatus(t) {
			return kLog, wStrong // curl -i: the status line heads the response headers
		}
	case 'L', 'E':
		for _, p := range [...]string{"LINE ", "DETAIL:  ", "HINT:  ", "ERROR:  "} {
			if hasPrefix(t, p) && len(line) == len(t) {
				return kLog, wStrong // psql
			}
		}
	case 'I':
		if hasPrefix(t, "In ") && bytes.Contains(t, []byte(" line ")) && t[len(t)-1] == ':' {
			return kLog, wStrong // shellcheck "In x.sh line 3:"
		}
	case '^':
		if hasPrefix(t, "^-- SC") || hasPrefix(t, "^--- ") {
			return kLog, wStrong // shellcheck, sqlite3
		}
	case '(':
		if _, e := leadingNum(t[1:]); e > 0 && (hasPrefix(t[1+e:], " rows)") || hasPrefix(t[1+e:], " row)")) {
			return kTable, wStrong // psql's "(60 rows)"
		}
	case 0xe2:
		if boxRow(t) {
			return kTable, wStrong // sqlite3 -box, psql unicode borders
		}
		if hasPrefix(t, "●") {
			return kLog, wStrong // jest
		}
	}
	if _, ok := LintRow(t); ok && isDigit(t[0]) {
		return kLog, wStrong
	}
	if _, _, _, ok := CompactRow(t); ok && len(line) == len(t) {
		return kLog, wStrong
	}
	if syscallLine(t) {
		return kLog, wStrong
	}
	if line[0] == ' ' && planLine(t) {
		return kLog, wStrong // a psql EXPLAIN row: an indented plan, not a table's cells
	}
	if len(line) == len(t) && gdbRegister(t) {
		return kLog, wStrong // gdb's "info registers": a backtrace's neighbour, not a table
	}
	if BlameLine(line) {
		return kCode, wStrong // git blame: source code, each line annotated
	}
	if DiffStatRow(line) {
		return kDiff, wStrong // git --stat, before psql's rows, which it looks like
	}
	if line[0] == ' ' && t[0] != '|' && t[len(t)-1] != '|' && pipeColumns(t) >= 1 {
		return kTable, wWeak // psql aligned rows: " info | x | view"
	}
	return kNone, wNone
}

// psqlRule reports psql's header rule "-------+------" (or "+----+----+").
func psqlRule(t []byte) bool {
	plus := 0
	for _, c := range t {
		switch c {
		case '-':
		case '+':
			plus++
		default:
			return false
		}
	}
	return plus > 0 && len(t) > plus+2
}

// pipeColumns counts " | " column separators of a psql row.
func pipeColumns(t []byte) int {
	if bytes.IndexByte(t, '\t') >= 0 {
		return 0
	}
	return bytes.Count(t, []byte(" | "))
}

// boxRow reports a row or rule of a box-drawn table: it starts with one of
// │ ┌ ├ └ ║ ╔ ╠ ╚ ┃ ┏ ┣ ┗ and holds another box character after it.
func boxRow(t []byte) bool {
	for _, p := range [...]string{"│", "┌", "├", "└", "║", "╔", "╠", "╚", "┃", "┏", "┣", "┗", "╭", "╰"} {
		if hasPrefix(t, p) {
			rest := t[len(p):]
			return bytes.Contains(rest, []byte("│")) || bytes.Contains(rest, []byte("┐")) || bytes.Contains(rest, []byte("┤")) ||
				bytes.Contains(rest, []byte("┘")) || bytes.Contains(rest, []byte("║")) || bytes.Contains(rest, []byte("┃"))
		}
	}
	return false
}

// tapResult reports TAP's "ok 1 - name" and "not ok 2 - name".
func tapResult(t []byte) bool {
	if hasPrefix(t, "not ok ") {
		t = t[7:]
	} else if hasPrefix(t, "ok ") {
		t = t[3:]
	} else {
		return false
	}
	_, e := leadingNum(t)
	return e > 0 && (len(t) == e || hasPrefix(t[e:], " - ") || hasPrefix(t[e:], " # "))
}

// shadowRow reports "0x0c087fff7fb0: 00 00 fa" rows.
func shadowRow(t []byte) bool {
	i := bytes.IndexByte(t, ':')
	f := bytes.Fields(t[i+1:])
	if len(f) < 4 {
		return false
	}
	for _, w := range f[:4] {
		w = bytes.Trim(w, "[]")
		if len(w) < 2 || !jsonscan.IsHex(w[0]) || !jsonscan.IsHex(w[1]) {
			return false
		}
	}
	return true
}

// httpStatus reports a status line: "HTTP/1.1 200 OK", "HTTP/2 404".
func httpStatus(t []byte) bool {
	sp := bytes.IndexByte(t, ' ')
	if sp < 0 {
		return false
	}
	_, e := leadingNum(t[sp+1:])
	return e == 3 && (len(t) == sp+4 || t[sp+4] == ' ')
}

// curlInfo reports curl -v's informational lines.
func curlInfo(r []byte) bool {
	for _, p := range [...]string{"Trying ", "Connected to ", "Closing connection", "Connection #", "HTTP ", "Mark bundle", "Re-using", "Hostname ",
		"processing: ", "ALPN", "TLSv", "SSL ", "Server certificate", "  subject:", "  start date:", "  expire date:", "  issuer:",
		"Failed to connect", "Could not resolve", "Uses proxy", "Host ", "using HTTP", "old SSL", "CAfile:", "CApath:", "Request completely sent"} {
		if hasPrefix(r, p) || hasPrefix(trimBlank(r), p) {
			return true
		}
	}
	return false
}

// httpLine reports a request or status line or a header of curl -v: "GET /
// HTTP/1.1", "HTTP/1.1 200 OK", "Content-Type: x", or the empty line that
// ends them.
func httpLine(r []byte) bool {
	if len(r) == 0 || hasPrefix(r, "HTTP/") {
		return true
	}
	for _, m := range [...]string{"GET ", "POST ", "PUT ", "DELETE ", "HEAD ", "PATCH ", "OPTIONS "} {
		if hasPrefix(r, m) {
			return true
		}
	}
	i := bytes.IndexByte(r, ':')
	if i <= 0 {
		return false
	}
	for _, c := range r[:i] {
		if !(isWordByte(c) || c == '-') {
			return false
		}
	}
	return true
}

// LintRow parses a row of eslint's stylish report, "12:5  error  msg
// rule" (unindented), and returns its severity, "error" or "warning".
func LintRow(t []byte) (severity string, ok bool) {
	_, e := leadingNum(t)
	if e == 0 || e >= len(t) || t[e] != ':' {
		return "", false
	}
	_, e2 := leadingNum(t[e+1:])
	if e2 == 0 {
		return "", false
	}
	r := trimBlank(t[e+1+e2:])
	if len(r) == len(t[e+1+e2:]) {
		return "", false
	}
	for _, sev := range [...]string{"error", "warning"} {
		if hasPrefix(r, sev+" ") {
			return sev, true
		}
	}
	return "", false
}

// syscallLine reports strace's "openat(AT_FDCWD, ...) = 3", with a "[pid
// N]" prefix or an unfinished/resumed call.
func syscallLine(t []byte) bool {
	if hasPrefix(t, "[pid ") {
		if k := bytes.IndexByte(t, ']'); k > 0 {
			t = trimBlank(t[k+1:])
		}
	}
	if hasPrefix(t, "<... ") && bytes.Contains(t, []byte(" resumed>")) {
		return true
	}
	k := 0
	for k < len(t) && (isLower(t[k]) || isDigit(t[k]) || t[k] == '_') {
		k++
	}
	if k < 2 || k >= len(t) || t[k] != '(' {
		return false
	}
	if bytes.HasSuffix(t, []byte("<unfinished ...>")) {
		return true
	}
	i := bytes.LastIndex(t, []byte("= "))
	if i < 0 || !bytes.HasSuffix(bytes.TrimRight(t[:i], " "), []byte(")")) {
		return false
	}
	r := t[i+2:]
	return len(r) > 0 && (isDigit(r[0]) || r[0] == '-' || r[0] == '?' || hasPrefix(r, "0x"))
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// ShellcheckHeader parses shellcheck's tty heading of a finding, "In
// deploy.sh line 3:", and returns the file and the line number.
func ShellcheckHeader(t []byte) (file []byte, line int, ok bool) {
	if !hasPrefix(t, "In ") || len(t) < 4 || t[len(t)-1] != ':' {
		return nil, 0, false
	}
	i := bytes.LastIndex(t, []byte(" line "))
	if i < 3 {
		return nil, 0, false
	}
	n, e := leadingNum(t[i+len(" line "):])
	if e == 0 || i+len(" line ")+e != len(t)-1 {
		return nil, 0, false
	}
	return t[3:i], n, true
}

// ShellcheckNote parses shellcheck's note under a source line, "  ^-- SC2086
// (info): Double quote ...", and returns its code and severity (error,
// warning, info, style).
func ShellcheckNote(t []byte) (code, severity []byte, ok bool) {
	t = trimBlank(t)
	if len(t) == 0 || t[0] != '^' {
		return nil, nil, false
	}
	i := bytes.Index(t, []byte(" SC"))
	if i < 0 || bytes.IndexFunc(t[:i], func(r rune) bool { return r != '^' && r != '-' }) >= 0 {
		return nil, nil, false
	}
	_, e := leadingNum(t[i+3:])
	r := t[i+3+e:]
	if e == 0 || !hasPrefix(r, " (") {
		return nil, nil, false
	}
	k := bytes.IndexByte(r, ')')
	if k < 2 {
		return nil, nil, false
	}
	return t[i+1 : i+3+e], r[2:k], true
}

// CurlUninterleave removes what curl -v writes into a response body when
// its stderr and the body share one file: progress rows after a '\r'
// ("\r 45  122k   45 56k    0     0 ... 5828k"), and when such a row ends
// its line, the newline and the "* Closing connection 0" notes after it.
// It returns b itself when there is nothing to remove, and the number of
// bytes removed before each offset of the result as cuts: cuts[k] = {at,
// n} says n bytes were removed at offset at of the result.
func CurlUninterleave(b []byte) (clean []byte, cuts [][2]int) {
	if bytes.IndexByte(b, '\r') < 0 {
		return b, nil
	}
	i := 0
	for {
		k := bytes.IndexByte(b[i:], '\r')
		if k < 0 {
			break
		}
		k += i
		e := k
		for e < len(b) && b[e] == '\r' {
			r := e + 1
			for r < len(b) && b[r] != '\r' && b[r] != '\n' {
				r++
			}
			if !curlProgressRow(b[e+1 : r]) {
				break
			}
			e = r
		}
		if e == k {
			i = k + 1
			continue
		}
		if e < len(b) && b[e] == '\n' {
			e++
			for hasPrefix(b[e:], "* ") {
				n := bytes.IndexByte(b[e:], '\n')
				if n < 0 {
					break
				}
				e += n + 1
			}
		}
		clean = append(clean, b[i:k]...)
		cuts = append(cuts, [2]int{len(clean), e - k})
		i = e
	}
	if cuts == nil {
		return b, nil
	}
	return append(clean, b[i:]...), cuts
}

// curlProgressRow reports a row of curl's progress meter: twelve fields of
// sizes, percentages, speeds and times ("100  122k  100  122k    0     0
// 5755k      0 --:--:-- --:--:-- --:--:-- 5828k").
func curlProgressRow(t []byte) bool {
	f := bytes.Fields(t)
	if len(f) != 12 {
		return false
	}
	for _, x := range f {
		for _, c := range x {
			if !isDigit(c) && c != ':' && c != '-' && c != '.' && c != 'k' && c != 'M' && c != 'G' {
				return false
			}
		}
	}
	return bytes.Count(t, []byte{':'}) >= 6
}

// copyrightFormat reports a machine-readable Debian copyright file (DEP-5),
// whose first line names its format: "Format:
// https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/".
func copyrightFormat(b []byte) bool {
	first, _, _ := bytes.Cut(b[:min(len(b), 200)], []byte{'\n'})
	first = bytes.TrimSpace(first)
	return hasPrefix(first, "Format: http") && bytes.Contains(first, []byte("/copyright-format/"))
}

// CompactRow parses a row of a "compact" lint report (eslint -f compact,
// jshint, csslint): "src/a.js: line 12, col 5, Error - msg (rule)". It
// returns the severity in lower case ("error", "warning"), the location
// ("src/a.js:12:5") and the rule, when the row names one.
func CompactRow(t []byte) (severity, loc, rule []byte, ok bool) {
	// The path holds no blank, so ": line " can only start right before
	// the first one: look there rather than search the line.
	i := 0
	for i < len(t) && t[i] != ' ' && t[i] != '\t' {
		i++
	}
	i--
	if i <= 0 || !hasPrefix(t[i:], ": line ") {
		return nil, nil, nil, false
	}
	r := t[i+len(": line "):]
	_, e := leadingNum(r)
	if e == 0 || !hasPrefix(r[e:], ", col ") {
		return nil, nil, nil, false
	}
	_, e2 := leadingNum(r[e+len(", col "):])
	if e2 == 0 {
		return nil, nil, nil, false
	}
	m := r[e+len(", col ")+e2:]
	if !hasPrefix(m, ", ") {
		return nil, nil, nil, false
	}
	m = m[2:]
	d := bytes.Index(m, []byte(" - "))
	if d <= 0 || d > 12 {
		return nil, nil, nil, false
	}
	severity = bytes.ToLower(m[:d])
	loc = append(append(append(append([]byte(nil), t[:i]...), ':'), r[:e]...), ':')
	loc = append(loc, r[e+len(", col "):e+len(", col ")+e2]...)
	if k := bytes.LastIndexByte(m, '('); k > d && m[len(m)-1] == ')' && bytes.IndexAny(m[k:], " \t") < 0 {
		rule = m[k+1 : len(m)-1]
	}
	return severity, loc, rule, true
}

// GDBSignal reports gdb's line for a signal that stopped or killed the
// program: "Program received signal SIGSEGV, Segmentation fault.",
// "Program terminated with signal SIGABRT, Aborted.".
func GDBSignal(t []byte) bool {
	return hasPrefix(t, "Program received signal SIG") || hasPrefix(t, "Program terminated with signal SIG")
}

// GDBFrame reports a frame of a gdb backtrace: "#0  0x0000555555555149 in
// f (n=0x0) at a.c:5", "#3  main (argc=1) at a.c:15", "#1  0x7ffff in
// __libc_start_call_main () from /lib/x86_64-linux-gnu/libc.so.6". gdb puts
// two spaces after the frame number, sanitizers one.
func GDBFrame(t []byte) bool {
	if len(t) < 2 || t[0] != '#' {
		return false
	}
	_, e := leadingNum(t[1:])
	if e == 0 || !hasPrefix(t[1+e:], "  ") {
		return false
	}
	r := t[3+e:]
	if hasPrefix(r, "0x") {
		k := bytes.Index(r, []byte(" in "))
		if k < 0 {
			return false
		}
		r = r[k+4:]
	}
	k := bytes.Index(r, []byte(" ("))
	if k <= 0 || bytes.IndexByte(r[:k], ' ') >= 0 {
		return false
	}
	return bytes.Contains(r[k:], []byte(") at ")) || bytes.Contains(r[k:], []byte(") from ")) || r[len(r)-1] == ')'
}

// gdbRegister reports a row of gdb's "info registers": a register name, its
// raw value in hex and its natural value, in columns:
// "rax            0x1c                28", "eflags         0x10246             [ PF ZF IF RF ]".
func gdbRegister(t []byte) bool {
	n := 0
	for n < len(t) && (isLower(t[n]) || isDigit(t[n]) || t[n] == '_') {
		n++
	}
	if n < 2 || n > 8 || !isLower(t[0]) {
		return false
	}
	s := n
	for s < len(t) && t[s] == ' ' {
		s++
	}
	if s-n < 2 || !hasPrefix(t[s:], "0x") {
		return false
	}
	h := s + 2
	for h < len(t) && (isDigit(t[h]) || t[h] >= 'a' && t[h] <= 'f') {
		h++
	}
	if h == s+2 || h+2 > len(t) || t[h] != ' ' || t[h+1] != ' ' {
		return false
	}
	return len(bytes.TrimSpace(t[h:])) > 0
}

// planLine reports a row of a PostgreSQL EXPLAIN plan, which psql prints as
// a one-column "QUERY PLAN" table: a node "->  Hash Join  (cost=1.2..3.4
// rows=5 width=6) (actual time=...)", the top node "Sort  (cost=...", and
// the totals "Planning Time: 0.2 ms", "Execution Time: 9.1 ms".
func planLine(t []byte) bool {
	if hasPrefix(t, "Planning Time: ") || hasPrefix(t, "Execution Time: ") || hasPrefix(t, "Planning:") && len(bytes.TrimSpace(t)) == len("Planning:") {
		return true
	}
	k := bytes.Index(t, []byte("  (cost="))
	if k < 0 {
		k = bytes.Index(t, []byte("  (actual time="))
	}
	return k > 0 && bytes.IndexByte(t[:k], '|') < 0
}

// DiffStatRow reports a row of git's --stat: " path | 12 +++--",
// " dir/{a => b}/x.go |   3 +-", " logo.png | Bin 0 -> 1204 bytes", and
// " mode-only.sh | 0". The bar of + and - (or Bin, or a zero) tells it from
// a psql row with a number in its second column (" alice | 12").
func DiffStatRow(line []byte) bool {
	if len(line) < 6 || line[0] != ' ' || line[1] == ' ' {
		return false
	}
	i := bytes.LastIndex(line, []byte(" | "))
	if i <= 1 {
		return false
	}
	r := trimBlank(line[i+3:])
	if hasPrefix(r, "Bin ") {
		return bytes.HasSuffix(r, []byte(" bytes")) || len(r) == 3
	}
	n, e := leadingNum(r)
	if e == 0 {
		return false
	}
	if e == len(r) {
		return n == 0
	}
	if r[e] != ' ' || e+1 == len(r) {
		return false
	}
	for _, c := range r[e+1:] {
		if c != '+' && c != '-' {
			return false
		}
	}
	return true
}

// BlameLine reports a line of git blame's default output: a commit (with
// "^" at the boundary), maybe the path, then "(author date time zone line)"
// and the source line: "575f5149 a/b.go (Ann Lee 2026-11-29 13:48:16 +0000
// 12) code". It is source code with annotations, so it is never a table.
func BlameLine(line []byte) bool {
	t := line
	if len(t) > 0 && t[0] == '^' {
		t = t[1:]
	}
	h := 0
	for h < len(t) && (isDigit(t[h]) || t[h] >= 'a' && t[h] <= 'f') {
		h++
	}
	if h < 7 || h > 40 || h == len(t) || t[h] != ' ' {
		return false
	}
	o := bytes.IndexByte(t[h:], '(')
	if o < 0 {
		return false
	}
	c := bytes.IndexByte(t[h+o:], ')')
	if c < 0 {
		return false
	}
	in := bytes.TrimRight(t[h+o+1:h+o+c], " ")
	// in ends "2026-11-29 13:48:16 +0000   12"
	e := len(in)
	for e > 0 && isDigit(in[e-1]) {
		e--
	}
	if e == len(in) || e < 27 || in[e-1] != ' ' {
		return false
	}
	z := bytes.TrimRight(in[:e], " ")
	if len(z) < 25 || z[len(z)-6] != ' ' || z[len(z)-5] != '+' && z[len(z)-5] != '-' || !digits(z[len(z)-4:]) {
		return false
	}
	d := z[len(z)-25 : len(z)-6]
	return digits(d[:4]) && d[4] == '-' && d[7] == '-' && d[10] == ' ' && d[13] == ':' && d[16] == ':'
}
