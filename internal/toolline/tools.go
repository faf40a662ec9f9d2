package toolline

import "bytes"

// PsqlRule reports psql's header rule "-------+------" (or "+----+----+").
func PsqlRule(t []byte) bool {
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

// PipeColumns counts " | " column separators of a psql row.
func PipeColumns(t []byte) int {
	if bytes.IndexByte(t, '\t') >= 0 {
		return 0
	}
	return bytes.Count(t, []byte(" | "))
}

// BoxRow reports a row or rule of a box-drawn table: it starts with one of
// │ ┌ ├ └ ║ ╔ ╠ ╚ ┃ ┏ ┣ ┗ and holds another box character after it.
func BoxRow(t []byte) bool {
	for _, p := range [...]string{"│", "┌", "├", "└", "║", "╔", "╠", "╚", "┃", "┏", "┣", "┗", "╭", "╰"} {
		if hasPrefix(t, p) {
			rest := t[len(p):]
			return bytes.Contains(rest, []byte("│")) || bytes.Contains(rest, []byte("┐")) || bytes.Contains(rest, []byte("┤")) ||
				bytes.Contains(rest, []byte("┘")) || bytes.Contains(rest, []byte("║")) || bytes.Contains(rest, []byte("┃"))
		}
	}
	return false
}

// TAPResult reports TAP's "ok 1 - name" and "not ok 2 - name"; the dash
// is optional, and tape leaves it out: "ok 3 total of 2 x 2".
func TAPResult(t []byte) bool {
	if hasPrefix(t, "not ok ") {
		t = t[7:]
	} else if hasPrefix(t, "ok ") {
		t = t[3:]
	} else {
		return false
	}
	_, e := Number(t)
	return e > 0 && (len(t) == e || len(t) > e+1 && t[e] == ' ' && t[e+1] != ' ')
}

// ShadowRow reports "0x0c087fff7fb0: 00 00 fa" rows.
func ShadowRow(t []byte) bool {
	i := bytes.IndexByte(t, ':')
	f := bytes.Fields(t[i+1:])
	if len(f) < 4 {
		return false
	}
	for _, w := range f[:4] {
		w = bytes.Trim(w, "[]")
		if len(w) < 2 || !isHex(w[0]) || !isHex(w[1]) {
			return false
		}
	}
	return true
}

// HTTPStatus reads the code of a status line: "HTTP/1.1 200 OK",
// "HTTP/2 404". The caller checks the "HTTP/" the line starts with.
func HTTPStatus(t []byte) (code int, ok bool) {
	sp := bytes.IndexByte(t, ' ')
	if sp < 0 {
		return 0, false
	}
	n, e := Number(t[sp+1:])
	return n, e == 3 && (len(t) == sp+4 || t[sp+4] == ' ')
}

// CurlInfo reports curl -v's informational lines.
func CurlInfo(r []byte) bool {
	for _, p := range [...]string{"Trying ", "Connected to ", "Closing connection", "Connection #", "HTTP ", "Mark bundle", "Re-using", "Hostname ",
		"processing: ", "ALPN", "TLSv", "SSL ", "Server certificate", "  subject:", "  start date:", "  expire date:", "  issuer:",
		"Failed to connect", "Could not resolve", "Uses proxy", "Host ", "using HTTP", "old SSL", "CAfile:", "CApath:", "Request completely sent"} {
		if hasPrefix(r, p) || hasPrefix(trimBlank(r), p) {
			return true
		}
	}
	return false
}

// HTTPLine reports a request or status line or a header of curl -v: "GET /
// HTTP/1.1", "HTTP/1.1 200 OK", "Content-Type: x", or the empty line that
// ends them.
func HTTPLine(r []byte) bool {
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

// SyscallLine reports strace's "openat(AT_FDCWD, ...) = 3", with a "[pid
// N]" prefix or an unfinished/resumed call.
func SyscallLine(t []byte) bool {
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
	i := lastIndexPair(t, '=', ' ')
	if i < 0 || !bytes.HasSuffix(bytes.TrimRight(t[:i], " "), []byte(")")) {
		return false
	}
	r := t[i+2:]
	return len(r) > 0 && (isDigit(r[0]) || r[0] == '-' || r[0] == '?' || hasPrefix(r, "0x"))
}

// GDBRegister reports a row of gdb's "info registers": a register name, its
// raw value in hex and its natural value, in columns:
// "rax            0x1c                28", "eflags         0x10246             [ PF ZF IF RF ]".
func GDBRegister(t []byte) bool {
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

// PlanLine reports a row of a PostgreSQL EXPLAIN plan, which psql prints as
// a one-column "QUERY PLAN" table: a node "->  Hash Join  (cost=1.2..3.4
// rows=5 width=6) (actual time=...)", the top node "Sort  (cost=...", and
// the totals "Planning Time: 0.2 ms", "Execution Time: 9.1 ms".
func PlanLine(t []byte) bool {
	if hasPrefix(t, "Planning Time: ") || hasPrefix(t, "Execution Time: ") || hasPrefix(t, "Planning:") && len(bytes.TrimSpace(t)) == len("Planning:") {
		return true
	}
	// Both forms start "  (": one search for it, not one per form (this
	// runs on every indented line with a parenthesis, most lines of code).
	k, actual := -1, -1 // the first "  (cost=", the first "  (actual time="
	for i := 0; k < 0; {
		j := bytes.Index(t[i:], []byte("  ("))
		if j < 0 {
			break
		}
		i += j
		switch r := t[i+3:]; {
		case hasPrefix(r, "cost="):
			k = i
		case actual < 0 && hasPrefix(r, "actual time="):
			actual = i
		}
		i++
	}
	if k < 0 {
		k = actual
	}
	return k > 0 && bytes.IndexByte(t[:k], '|') < 0
}

// AccessLog reads a web server's access log line in the Common or Combined
// Log Format (nginx, Apache): host, identity and user, the time in
// brackets, the quoted request, then the response's status, as in
// `127.0.0.1 - - [01/Dec/2026:15:40:16 +0000] "GET / HTTP/1.1" 502 157`
// (Python's http.server: `[01/Dec/2026 18:11:53] "GET / HTTP/1.1" 200 -`).
func AccessLog(t []byte) (status int, ok bool) {
	open := bytes.IndexByte(t, '[')
	if open < 5 || t[open-1] != ' ' || bytes.Count(t[:open], []byte(" ")) != 3 {
		return 0, false
	}
	stamp := t[open+1:]
	// dd/Mon/yyyy:hh:mm:ss, or Python http.server's "dd/Mon/yyyy hh:mm:ss"
	if len(stamp) < 20 || stamp[0] < '0' || stamp[0] > '9' || stamp[2] != '/' || stamp[6] != '/' || stamp[11] != ':' && stamp[11] != ' ' {
		return 0, false
	}
	end := bytes.IndexByte(stamp, ']')
	if end < 0 || !hasPrefix(stamp[end:], "] \"") {
		return 0, false
	}
	req := stamp[end+3:]
	q := bytes.IndexByte(req, '"')
	if q < 0 || q+1 >= len(req) || req[q+1] != ' ' {
		return 0, false
	}
	n, e := Number(req[q+2:])
	if e != 3 {
		return 0, false
	}
	return n, true
}

// CTestResult reports ctest's line for a finished test, " 7/40 Test  #7:
// name ....   Passed    0.01 sec" (t without its indent), and whether the
// test did not pass: its status is marked "***" (***Failed, ***Timeout,
// ***Exception: SegFault, ***Not Run).
func CTestResult(t []byte) (result, failed bool) {
	_, e := Number(t)
	if e == 0 || e >= len(t) || t[e] != '/' {
		return false, false
	}
	r := t[e+1:]
	_, e = Number(r)
	if e == 0 || !hasPrefix(r[e:], " Test ") {
		return false, false
	}
	r = bytes.TrimLeft(r[e+len(" Test "):], " ")
	if len(r) < 2 || r[0] != '#' {
		return false, false
	}
	_, e = Number(r[1:])
	if e == 0 || !hasPrefix(r[1+e:], ": ") {
		return false, false
	}
	return true, bytes.Contains(r, []byte(" ***")) || bytes.Contains(r, []byte(".***"))
}

// CTestStart reports ctest's "Start  7: name" (t without its indent).
func CTestStart(t []byte) bool {
	if !hasPrefix(t, "Start ") {
		return false
	}
	r := bytes.TrimLeft(t[len("Start "):], " ")
	_, e := Number(r)
	return e > 0 && hasPrefix(r[e:], ": ")
}

// MietteFrame reports the frame that miette-style diagnostics (oxlint,
// biome, pnpm) draw around a source excerpt, in its ASCII or Unicode form:
// the location ",-[src/a.js:2:7]" or "╭─[src/a.js:2:7]" that opens it, and
// the "`----" or "╰────" that closes it (t without its indent).
func MietteFrame(t []byte) bool {
	for _, p := range [...]string{",-[", "╭─["} {
		if hasPrefix(t, p) {
			r := t[len(p):]
			return len(r) > 1 && r[len(r)-1] == ']' && bytes.IndexByte(r, ':') > 0 && bytes.IndexByte(r, ' ') < 0
		}
	}
	for _, p := range [...]string{"`--", "╰──"} {
		if hasPrefix(t, p) {
			return len(bytes.Trim(t, "`-─╰")) == 0
		}
	}
	return false
}

// BiomeHeader reports biome's heading of a diagnostic, "src/a.js:1:10
// lint/correctness/noUnusedVariables  FIXABLE  ━━━━━━━━": a location, a
// category, and a rule of '━' to the end of the line.
func BiomeHeader(line []byte) bool {
	if !bytes.HasSuffix(line, []byte("━━━")) {
		return false
	}
	h, ok := ParseHit(line)
	if !ok || h.Context {
		return false
	}
	_, e := Number(h.Text)
	return e > 0 && e < len(h.Text) && h.Text[e] == ' '
}

// PsqlCells reads psql's aligned output of one column whose cells span
// lines, as EXPLAIN (FORMAT JSON) and jsonb_pretty print them: a header,
// a rule of dashes, the cells' lines, each after one space and, but for a
// cell's last line, padded to the column's width and ended by '+', then
// the "(N rows)" footer. It returns the cells' text without the frame (a
// line break ends each cell's last line), and where in b the cells start
// (after the rule), the footer starts and the frame ends (after the
// footer's line break); ok is false when b does not start with such a
// frame.
func PsqlCells(b []byte) (cells []byte, head, foot, end int, ok bool) {
	header, rest, ok1 := bytes.Cut(b, []byte{'\n'})
	rule, _, ok2 := bytes.Cut(rest, []byte{'\n'})
	if !ok1 || !ok2 || len(rule) < 3 || len(bytes.Trim(rule, "-")) > 0 || len(bytes.TrimSpace(header)) == 0 {
		return nil, 0, 0, 0, false
	}
	head = len(header) + len(rule) + 2
	for at := head; at < len(b); {
		line, _, _ := bytes.Cut(b[at:], []byte{'\n'})
		next := min(at+len(line)+1, len(b))
		if len(line) > 1 && line[0] == '(' && (bytes.HasSuffix(line, []byte(" rows)")) || bytes.HasSuffix(line, []byte(" row)"))) {
			return cells, head, at, next, len(cells) > 0
		}
		if len(line) == 0 || line[0] != ' ' {
			return nil, 0, 0, 0, false
		}
		text := line[1:]
		if n := len(text); n > 0 && text[n-1] == '+' {
			text = bytes.TrimRight(text[:n-1], " ")
		}
		cells = append(append(cells, text...), '\n')
		at = next
	}
	return nil, 0, 0, 0, false
}
