package toolline

import "bytes"

// LintRow parses a row of eslint's stylish report, "12:5  error  msg
// rule" (unindented), and returns its severity, "error" or "warning".
func LintRow(t []byte) (severity string, ok bool) {
	_, e := Number(t)
	if e == 0 || e >= len(t) || t[e] != ':' {
		return "", false
	}
	_, e2 := Number(t[e+1:])
	if e2 == 0 {
		return "", false
	}
	end := e + 1 + e2
	if end < len(t) && t[end] == '-' {
		// unified's reporters (alex, remark-lint, textlint's stylish) give
		// a range: "3:5-3:9  warning  …".
		r := t[end+1:]
		_, a := Number(r)
		if a == 0 || a >= len(r) || r[a] != ':' {
			return "", false
		}
		_, b := Number(r[a+1:])
		if b == 0 {
			return "", false
		}
		end += 1 + a + 1 + b
	}
	r := trimBlank(t[end:])
	if len(r) == len(t[end:]) {
		return "", false
	}
	if f, ok := bytes.CutPrefix(r, []byte("✓ ")); ok {
		r = f // textlint marks a finding it can fix
	}
	for _, sev := range [...]string{"error", "warning"} {
		if hasPrefix(r, sev+" ") {
			return sev, true
		}
	}
	return "", false
}

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
	n, e := Number(t[i+len(" line "):])
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
	_, e := Number(t[i+3:])
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
			n := CurlRowLen(b[e+1 : r])
			if n == 0 {
				break
			}
			e += 1 + n
			if e < r {
				break // the body goes on after the row, on its line
			}
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

// curlRowWidth is the width of a row of curl's progress meter: its
// twelve fields are padded to fixed widths.
const curlRowWidth = 78

// CurlRowLen returns the length of the progress row t starts with, or 0:
// all of t when it is one, else the row's fixed width when the body's
// bytes follow it on the line ("... --:--:--     0{", the first row
// written before the body's first byte).
func CurlRowLen(t []byte) int {
	if curlProgressRow(t) {
		return len(t)
	}
	if len(t) > curlRowWidth && curlProgressRow(t[:curlRowWidth]) {
		return curlRowWidth
	}
	return 0
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

// LibxmlDiagnostic matches the message of libxml2's report (xmllint)
// after its place, "parser error : Opening and ending tag mismatch: …",
// "element isbn: Schemas validity error : Element 'isbn': …": a domain
// word, then "error" or "warning", then " : ".
func LibxmlDiagnostic(r []byte) bool {
	i := bytes.Index(r, []byte(" error : "))
	if i < 0 {
		i = bytes.Index(r, []byte(" warning : "))
	}
	if i <= 0 {
		return false
	}
	w := r[:i]
	if j := bytes.LastIndexByte(w, ' '); j >= 0 {
		w = w[j+1:]
	}
	switch string(w) {
	case "parser", "validity", "namespace", "IO", "XInclude", "Schemas", "XPath", "encoding":
		return true
	}
	return false
}

// VultureFinding matches vulture's report of dead code after its place,
// "unused import 'os' (90% confidence)".
func VultureFinding(r []byte) bool {
	return bytes.HasSuffix(r, []byte("% confidence)"))
}

// DottedDiagnostic matches a compiler's diagnostic whose place is GNU's
// "line.column" form, as bison and valac print it: "calc.y:8.7: warning:
// empty rule without %empty", "calc.y:13.1-6: warning: …", "shop.vala:28.9-28.30:
// error: …"; and one on a whole file, "calc.y: warning: 12 shift/reduce
// conflicts", whose path has an extension.
func DottedDiagnostic(t []byte) bool {
	c := bytes.IndexByte(t, ':')
	if c <= 0 || bytes.IndexByte(t[:c], ' ') >= 0 || bytes.IndexByte(t[:c], '\t') >= 0 {
		return false
	}
	r := t[c+1:]
	if hasPrefix(r, " ") {
		// the whole file: a path with an extension ("calc.y")
		d := bytes.LastIndexByte(t[:c], '.')
		if d <= 0 || c-d < 2 || c-d > 6 || t[0] == '-' {
			return false
		}
		return diagnosticWord(r[1:])
	}
	num := func() bool {
		_, e := Number(r)
		r = r[e:]
		return e > 0
	}
	if !num() || !hasPrefix(r, ".") {
		return false
	}
	r = r[1:]
	if !num() {
		return false
	}
	if hasPrefix(r, "-") {
		r = r[1:]
		if !num() {
			return false
		}
		if hasPrefix(r, ".") {
			r = r[1:]
			if !num() {
				return false
			}
		}
	}
	return hasPrefix(r, ": ") && diagnosticWord(r[2:])
}

// diagnosticWord reports the severity that opens a compiler's message,
// "error: ", "warning: ", "note: " or "fatal error: ".
func diagnosticWord(r []byte) bool {
	return hasPrefix(r, "error: ") || hasPrefix(r, "warning: ") || hasPrefix(r, "note: ") || hasPrefix(r, "fatal error: ")
}

// PydocstylePlace parses pydocstyle's line above a finding, the place and
// what is there: "pkg/a.py:1 at module level:", "pkg/a.py:15 in public
// class `Completer`:", "… in private nested function `f`:"; it returns
// the place, "pkg/a.py:15".
func PydocstylePlace(t []byte) (loc []byte, ok bool) {
	if len(t) < 8 || t[len(t)-1] != ':' {
		return nil, false
	}
	c := bytes.IndexByte(t, ':')
	if c <= 3 || !bytes.HasSuffix(t[:c], []byte(".py")) {
		return nil, false
	}
	_, e := Number(t[c+1:])
	if e == 0 {
		return nil, false
	}
	r := t[c+1+e:]
	if string(r) == " at module level:" || hasPrefix(r, " in public ") || hasPrefix(r, " in private ") {
		return t[:c+1+e], true
	}
	return nil, false
}

// PydocstyleCode parses the finding under a pydocstyle place, "D101:
// Missing docstring in public class" (t without its indent), and returns
// its code.
func PydocstyleCode(t []byte) ([]byte, bool) {
	if len(t) < 7 || t[0] != 'D' || t[4] != ':' || t[5] != ' ' {
		return nil, false
	}
	_, e := Number(t[1:4])
	return t[:4], e == 3
}

// FlawfinderHit parses flawfinder's line for a hit, its place, risk level,
// category and function: "net.c:15:  [5] (buffer) gets:".
func FlawfinderHit(t []byte) bool {
	if len(t) < 12 || t[len(t)-1] != ':' {
		return false
	}
	i := bytes.Index(t, []byte(":  ["))
	if i <= 0 || bytes.IndexByte(t[:i], ' ') >= 0 {
		return false
	}
	r := t[i+len(":  ["):]
	if len(r) < 8 || !isDigit(r[0]) || r[1] != ']' || r[2] != ' ' || r[3] != '(' {
		return false
	}
	c := bytes.LastIndexByte(t[:i], ':')
	if c <= 0 {
		return false
	}
	_, e := Number(t[c+1 : i])
	return e > 0 && c+1+e == i && bytes.IndexByte(r, ')') > 4
}

// SassPlace parses Dart Sass's place under a message's excerpt, t without
// its indent: "styles/main.scss 4:16  root stylesheet", "_vars.scss 2:3
// @import" (a stylesheet's path, then line:column, then what is there).
func SassPlace(t []byte) bool {
	sp := 0
	for sp < len(t) && sp < 256 && t[sp] != ' ' {
		sp++
	}
	if sp <= 5 || sp == len(t) || t[sp-1] != 's' {
		return false // "….scss", "….sass", "….css"
	}
	p := t[:sp]
	if !bytes.HasSuffix(p, []byte(".scss")) && !bytes.HasSuffix(p, []byte(".sass")) && !bytes.HasSuffix(p, []byte(".css")) {
		return false
	}
	r := t[sp+1:]
	_, e := Number(r)
	if e == 0 || e >= len(r) || r[e] != ':' {
		return false
	}
	_, e2 := Number(r[e+1:])
	if e2 == 0 {
		return false
	}
	r = r[e+1+e2:]
	return len(r) == 0 || hasPrefix(r, "  ")
}

// SassExcerpt matches a line of Dart Sass's source excerpt, t without its
// indent: its top and bottom ("╷", "╵"), a quoted line ("4 │ .btn {") and
// the marks under it ("│    ^^^^").
func SassExcerpt(t []byte) bool {
	if string(t) == "╷" || string(t) == "╵" {
		return true
	}
	_, e := Number(t)
	r := bytes.TrimLeft(t[e:], " ")
	if !hasPrefix(r, "│") {
		return false
	}
	r = r[len("│"):]
	if e > 0 {
		// the quoted line, one bar only (a box table's row has more)
		return hasPrefix(r, " ") && !bytes.Contains(r, []byte("│"))
	}
	// the marks under it: carets, maybe a label
	r = bytes.TrimLeft(r, " ")
	return len(r) > 0 && r[0] == '^'
}

// TidyRow parses HTML Tidy's report of a place, "line 3 column 32 -
// Warning: discarding unexpected </td>", and returns its level ("Warning",
// "Error", "Info", "Access").
func TidyRow(t []byte) (level []byte, ok bool) {
	if !hasPrefix(t, "line ") {
		return nil, false
	}
	r := t[len("line "):]
	_, e := Number(r)
	if e == 0 || !hasPrefix(r[e:], " column ") {
		return nil, false
	}
	r = r[e+len(" column "):]
	_, e = Number(r)
	if e == 0 || !hasPrefix(r[e:], " - ") {
		return nil, false
	}
	r = r[e+len(" - "):]
	c := bytes.IndexByte(r, ':')
	if c <= 0 || c > 8 || c+1 >= len(r) || r[c+1] != ' ' {
		return nil, false
	}
	switch string(r[:c]) {
	case "Warning", "Error", "Info", "Access", "Config":
		return r[:c], true
	}
	return nil, false
}

// CompactRow parses a row of a "compact" lint report (eslint -f compact,
// jshint, csslint): "src/a.js: line 12, col 5, Error - msg (rule)". It
// returns the severity in lower case ("error", "warning"), the location
// ("src/a.js:12:5") and the rule, when the row names one. jshint's own
// reporter names no severity ("js/a.js: line 19, col 20, Duplicate key
// 'a'.") and counts every row as an error ("24 errors"): its severity is
// "error".
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
	_, e := Number(r)
	if e == 0 || !hasPrefix(r[e:], ", col ") {
		return nil, nil, nil, false
	}
	_, e2 := Number(r[e+len(", col "):])
	if e2 == 0 {
		return nil, nil, nil, false
	}
	m := r[e+len(", col ")+e2:]
	if !hasPrefix(m, ", ") {
		return nil, nil, nil, false
	}
	m = m[2:]
	d := bytes.Index(m, []byte(" - "))
	if d <= 0 || d > 12 || bytes.IndexByte(m[:d], ' ') >= 0 {
		// jshint: the message at once, a sentence.
		if len(m) == 0 || m[0] == ' ' || !bytes.HasSuffix(m, []byte(".")) && !bytes.HasSuffix(m, []byte(")")) {
			return nil, nil, nil, false
		}
		d, severity = -3, []byte("error")
	} else {
		severity = bytes.ToLower(m[:d])
	}
	loc = append(append(append(append([]byte(nil), t[:i]...), ':'), r[:e]...), ':')
	loc = append(loc, r[e+len(", col "):e+len(", col ")+e2]...)
	if k := bytes.LastIndexByte(m, '('); k > d && m[len(m)-1] == ')' && bytes.IndexAny(m[k:], " \t") < 0 {
		rule = m[k+1 : len(m)-1]
	}
	return severity, loc, rule, true
}

// ErlangCrash reports the Erlang runtime's report of a crash at start-up
// (erl -s m f whose function raised): "init terminating in do_boot
// ({badarith,[…]})", the same as a term, "{\"init terminating in
// do_boot\",{badarith,…}}", and "Crash dump is being written to:
// erl_crash.dump...done".
func ErlangCrash(t []byte) bool {
	return hasPrefix(t, "init terminating in do_boot") || hasPrefix(t, "{\"init terminating in do_boot\"") ||
		hasPrefix(t, "Crash dump is being written to: ")
}

// GDBSignal reports gdb's line for a signal that stopped or killed the
// program: "Program received signal SIGSEGV, Segmentation fault.",
// "Program terminated with signal SIGABRT, Aborted.", and for a program
// with threads the thread that received it: "Thread 3 \"worker\" received
// signal SIGSEGV, Segmentation fault.".
func GDBSignal(t []byte) bool {
	if hasPrefix(t, "Thread ") {
		_, ok := GDBThreadSignal(t)
		return ok
	}
	return hasPrefix(t, "Program received signal SIG") || hasPrefix(t, "Program terminated with signal SIG")
}

// GDBThreadSignal returns the number of the thread in gdb's "Thread 3
// \"worker\" received signal SIGSEGV, Segmentation fault." (the name in
// quotes is left out when the thread has none).
func GDBThreadSignal(t []byte) (n int, ok bool) {
	n, r, ok := gdbThreadNumber(t)
	if !ok {
		return 0, false
	}
	if hasPrefix(r, " \"") {
		k := bytes.IndexByte(r[2:], '"')
		if k < 0 {
			return 0, false
		}
		r = r[2+k+1:]
	}
	return n, hasPrefix(r, " received signal SIG")
}

// GDBThreadHeading returns the number of the thread that "thread apply all
// bt" heads its backtrace with: "Thread 3 (Thread 0x7ffff75d06c0 (LWP
// 14749) \"worker\"):".
func GDBThreadHeading(t []byte) (n int, ok bool) {
	n, r, ok := gdbThreadNumber(t)
	return n, ok && hasPrefix(r, " (Thread ") && hasSuffix(r, "):")
}

// gdbThreadNumber reads "Thread N" at the start of t and returns N and what
// follows it.
func gdbThreadNumber(t []byte) (n int, rest []byte, ok bool) {
	if !hasPrefix(t, "Thread ") {
		return 0, nil, false
	}
	n, e := Number(t[len("Thread "):])
	return n, t[len("Thread ")+e:], e > 0
}

// GDBFrame reports a frame of a gdb backtrace: "#0  0x0000555555555149 in
// f (n=0x0) at a.c:5", "#3  main (argc=1) at a.c:15", "#1  0x7ffff in
// __libc_start_call_main () from /lib/x86_64-linux-gnu/libc.so.6". gdb puts
// two spaces after the frame number, sanitizers one.
func GDBFrame(t []byte) bool {
	if len(t) < 2 || t[0] != '#' {
		return false
	}
	_, e := Number(t[1:])
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

// DiffStatRow reports a row of git's --stat: " path | 12 +++--",
// " dir/{a => b}/x.go |   3 +-", " logo.png | Bin 0 -> 1204 bytes", and
// " mode-only.sh | 0". The bar of + and - (or Bin, or a zero) tells it from
// a psql row with a number in its second column (" alice | 12").
func DiffStatRow(line []byte) bool {
	if len(line) < 6 || line[0] != ' ' || line[1] == ' ' {
		return false
	}
	i := lastIndexPair(line, '|', ' ') - 1 // " | "
	for i >= 0 && line[i] != ' ' {
		i = lastIndexPair(line[:i+1], '|', ' ') - 1
	}
	if i <= 1 {
		return false
	}
	r := trimBlank(line[i+3:])
	if hasPrefix(r, "Bin ") {
		return bytes.HasSuffix(r, []byte(" bytes")) || len(r) == 3
	}
	n, e := Number(r)
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

func hasPrefix(b []byte, p string) bool { return len(b) >= len(p) && string(b[:len(p)]) == p }
func hasSuffix(b []byte, p string) bool { return len(b) >= len(p) && string(b[len(b)-len(p):]) == p }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// trimBlank drops the spaces and tabs b starts with.
func trimBlank(b []byte) []byte {
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return b[i:]
}

func digits(b []byte) bool {
	for _, c := range b {
		if !isDigit(c) {
			return false
		}
	}
	return len(b) > 0
}

func isLower(c byte) bool { return c >= 'a' && c <= 'z' }

func isHex(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

func isWordByte(c byte) bool {
	return isLower(c) || c >= 'A' && c <= 'Z' || isDigit(c) || c == '_'
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

// lastIndexPair is bytes.LastIndex(b, []byte{x, y}), found from the x
// bytes: for a two-byte needle the generic search hashes every byte.
func lastIndexPair(b []byte, x, y byte) int {
	for e := len(b) - 1; e > 0; {
		i := bytes.LastIndexByte(b[:e], x)
		if i < 0 {
			return -1
		}
		if b[i+1] == y {
			return i
		}
		e = i
	}
	return -1
}

// CheckRecord parses what follows "file:line:" in a test result of the C
// unit test framework Check ("ck.c:5:F:core:t_sq:9: Assertion 'x' failed"):
// the result, 'P' (passed), 'F' (failed) or 'E' (error: a signal, an early
// exit), then the test case, the test and the loop iteration.
func CheckRecord(text []byte) (result byte, ok bool) {
	if len(text) < 2 || text[1] != ':' || text[0] != 'P' && text[0] != 'F' && text[0] != 'E' {
		return 0, false
	}
	r := text[2:]
	for range 2 { // the test case and the test: names with no blank
		k := bytes.IndexByte(r, ':')
		if k <= 0 || bytes.IndexAny(r[:k], " \t") >= 0 {
			return 0, false
		}
		r = r[k+1:]
	}
	_, e := Number(r)
	if e == 0 || e >= len(r) || r[e] != ':' {
		return 0, false
	}
	return text[0], true
}

// cutEither returns t after whichever of a and b it starts with.
func cutEither(t []byte, a, b string) ([]byte, bool) {
	if r, ok := bytes.CutPrefix(t, []byte(a)); ok {
		return r, true
	}
	return bytes.CutPrefix(t, []byte(b))
}

// ErlangFrame parses a frame of an Erlang stack as eunit prints it, "in
// function calc:add/2 (calc.erl, line 7)" or "in call from
// eunit_proc:run_test/1 (eunit_proc.erl, line 531)", and returns its
// module ("calc"), or nil.
func ErlangFrame(t []byte) (module []byte) {
	r, ok := cutEither(t, "in function ", "in call from ")
	if !ok {
		return nil
	}
	const at = ".erl, line "
	i := bytes.LastIndex(r, []byte(at))
	c := bytes.IndexByte(r, ':')
	if i < 0 || c <= 0 || r[len(r)-1] != ')' {
		return nil
	}
	if _, e := Number(r[i+len(at):]); e == 0 || i+len(at)+e != len(r)-1 {
		return nil
	}
	return r[:c]
}

// MarkdownlintRow matches markdownlint-cli2's report of a rule broken, with or
// without a column: "README.md:11 error MD012/no-multiple-blanks ...",
// "CONDUCT.md:4:81 error MD013/line-length ...".
func MarkdownlintRow(line []byte) bool {
	i := bytes.IndexByte(line, ':')
	if i <= 0 || !plainPath(line[:i]) { // no blank before the colon
		return false
	}
	r := line[i+1:]
	_, e := Number(r)
	if e == 0 {
		return false
	}
	r = r[e:]
	if len(r) > 0 && r[0] == ':' {
		if _, e = Number(r[1:]); e == 0 {
			return false
		}
		r = r[1+e:]
	}
	return lintRule(r)
}

// lintRule reports what follows the location in MarkdownlintRow's line: a
// severity word, then a rule id of capitals and digits ("MD041"), maybe
// with its names after a slash.
func lintRule(text []byte) bool {
	r, ok := cutEither(text, " error ", " warning ")
	if !ok {
		return false
	}
	caps := 0
	for caps < len(r) && r[caps] >= 'A' && r[caps] <= 'Z' {
		caps++
	}
	_, e := Number(r[caps:])
	if caps == 0 || e < 2 {
		return false
	}
	end := caps + e
	return end < len(r) && (r[end] == ' ' || r[end] == '/')
}

// SpellFix reports what follows "file:line:" in codespell's report of a
// misspelling, " availabe ==> available" (one word, then its fixes).
func SpellFix(text []byte) bool {
	if len(text) < 2 || text[0] != ' ' {
		return false
	}
	i := bytes.Index(text, []byte(" ==> "))
	return i > 1 && bytes.IndexAny(text[1:i], " \t") < 0 && i+len(" ==> ") < len(text)
}

// StyleFindingLine parses a linter's located finding below error level,
// "app.rb:4:23: C: [Correctable] Layout/SpaceAroundOperators: …" (RuboCop's
// conventions, refactorings, warnings and infos) or "inv.py:5:1: E302
// expected 2 blank lines" (pycodestyle's style codes, see StyleCode), and
// returns its location ("inv.py:5:1") and its cop or code. A line whose
// first ": " is not followed by a capital is rejected without a parse.
func StyleFindingLine(line []byte) (loc, rule []byte, ok bool) {
	if len(line) == 0 || line[0] == ' ' || line[0] == '\t' {
		return nil, nil, false
	}
	k := bytes.Index(line, []byte(": "))
	if k <= 0 || k+3 >= len(line) || (line[k+2] < 'A' || line[k+2] > 'Z' || !isDigit(line[k+3]) && line[k+3] != ':') && !bytes.HasSuffix(line, []byte(clangFormatViolation)) {
		return nil, nil, false
	}
	h, ok := ParseHit(line)
	if !ok || h.Context || h.Col == 0 {
		return nil, nil, false
	}
	if rule, ok = StyleFinding(h.Text); !ok {
		return nil, nil, false
	}
	return line[:len(line)-len(h.Text)-1], rule, true
}

// StyleFinding reports the text after a finding's "path:line:col:" (as
// ParseHit reads it) that is a RuboCop offense below error level, a
// pycodestyle style code or a clang-format violation, with the cop or
// code.
func StyleFinding(text []byte) (rule []byte, ok bool) {
	if sev, cop, ok := RubocopOffense(text); ok {
		return cop, sev != 'E' && sev != 'F'
	}
	if string(text) == clangFormatViolation {
		// clang-format --dry-run: formatting, the same words at every place
		return []byte("clang-format-violations"), true
	}
	return StyleCode(text)
}

// clangFormatViolation is what clang-format --dry-run says after each
// place ("w.c:20:18:") it would reformat.
const clangFormatViolation = " warning: code should be clang-formatted [-Wclang-format-violations]"

// StyleCode parses the text after a pycodestyle (or flake8) finding's
// location, " E302 expected 2 blank lines, found 1", and returns its code
// when the code is a style one: pycodestyle's E1-E7 and W, mccabe's C9,
// pep8-naming's N. Pycodestyle's E9 (a syntax or read error) and pyflakes'
// F codes (an undefined name, an unused import) are not style.
func StyleCode(text []byte) ([]byte, bool) {
	if len(text) < 6 || text[0] != ' ' {
		return nil, false
	}
	k := 2
	for k < len(text) && isDigit(text[k]) {
		k++
	}
	if k != 5 && k != 6 || k >= len(text) || text[k] != ' ' {
		return nil, false
	}
	switch text[1] {
	case 'W', 'N':
	case 'C':
		if text[2] != '9' {
			return nil, false
		}
	case 'E':
		if text[2] == '9' || text[2] == '0' || text[2] == '8' {
			return nil, false
		}
	default:
		return nil, false
	}
	return text[1:k], true
}

// RubocopOffense parses the text after a RuboCop offense's location (its
// "path:line:col:" as ParseHit reads it): " C: [Correctable]
// Style/StringLiterals: Prefer single-quoted strings…". It returns the
// severity letter (C convention, R refactor, W warning, I info, E error,
// F fatal) and the cop ("Style/StringLiterals").
func RubocopOffense(text []byte) (severity byte, cop []byte, ok bool) {
	if len(text) < 6 || text[0] != ' ' || text[2] != ':' || text[3] != ' ' {
		return 0, nil, false
	}
	switch severity = text[1]; severity {
	case 'C', 'R', 'W', 'I', 'E', 'F':
	default:
		return 0, nil, false
	}
	r := text[4:]
	if hasPrefix(r, "[Correctable] ") || hasPrefix(r, "[Corrected] ") || hasPrefix(r, "[Todo] ") {
		r = r[bytes.IndexByte(r, ' ')+1:]
	}
	// The cop: a department and a name in CamelCase, "Layout/SpaceAroundOperators".
	e := bytes.Index(r, []byte(": "))
	slash := bytes.IndexByte(r, '/')
	if e <= 0 || slash <= 0 || slash > e || r[0] < 'A' || r[0] > 'Z' || bytes.IndexAny(r[:e], " \t") >= 0 {
		return 0, nil, false
	}
	return severity, r[:e], true
}

// TerraformPlace reports the place of a Terraform (or OpenTofu) diagnostic
// after its "  on ": "main.tf line 12, in locals:", "net/main.tf line 3:".
func TerraformPlace(t []byte) bool {
	sp := bytes.Index(t, []byte(" line "))
	if sp <= 0 || bytes.IndexByte(t[:sp], ' ') >= 0 || t[len(t)-1] != ':' {
		return false
	}
	r := t[sp+len(" line "):]
	n := 0
	for n < len(r) && isDigit(r[n]) {
		n++
	}
	return n > 0 && n < len(r) && (r[n] == ':' || hasPrefix(r[n:], ", in "))
}

// ChktexRow parses ChkTeX's report of a place, "Warning 26 in paper.tex
// line 9: You ought to remove spaces in front of punctuation.", and
// returns its level ("Warning", "Error", "Message"), the place as
// "paper.tex:9" and the message. The quoted source line and a caret line
// follow it.
func ChktexRow(t []byte) (level, place, msg []byte, ok bool) {
	sp := bytes.IndexByte(t, ' ')
	if sp < 0 {
		return nil, nil, nil, false
	}
	switch string(t[:sp]) {
	case "Warning", "Error", "Message":
	default:
		return nil, nil, nil, false
	}
	r := t[sp+1:]
	_, e := Number(r)
	if e == 0 || !hasPrefix(r[e:], " in ") {
		return nil, nil, nil, false
	}
	place, rest, ok := cutFileLine(r[e+len(" in "):])
	if !ok || !hasPrefix(rest, ": ") {
		return nil, nil, nil, false
	}
	return t[:sp], place, rest[2:], true
}

// cutFileLine reads "FILE line N" at the start of r, the place of ChkTeX's
// and checkbashisms' reports, and returns the place as "FILE:N" and what
// follows the number.
func cutFileLine(r []byte) (place, rest []byte, ok bool) {
	l := bytes.Index(r, []byte(" line "))
	if l <= 0 || bytes.IndexByte(r[:l], ' ') >= 0 {
		return nil, nil, false
	}
	n := r[l+len(" line "):]
	_, e := Number(n)
	if e == 0 {
		return nil, nil, false
	}
	return append(append(append([]byte(nil), r[:l]...), ':'), n[:e]...), n[e:], true
}

// PerlcriticRow parses a Perl::Critic violation: "Git.pm: Always unpack @_
// first at line 155, column 1.  See page 178 of PBP.  (Severity: 4)" (the
// default verbosity with several files; one file's rows have no "Git.pm: "),
// or with the policy named, "[Subroutines::RequireFinalReturn] Subroutine
// "f" does not end with "return" at line 9, column 1.  (Severity: 4)". It
// returns the rule (the policy's name, else the message) and the place
// ("Git.pm:155:1", or "155:1" without a file).
func PerlcriticRow(t []byte) (rule, place []byte, ok bool) {
	const sev = "(Severity: "
	n := len(t)
	if n < 40 || t[n-1] != ')' || !isDigit(t[n-2]) || !bytes.HasSuffix(t[:n-2], []byte(sev)) {
		return nil, nil, false
	}
	at := bytes.Index(t, []byte(" at line "))
	if at <= 0 {
		return nil, nil, false
	}
	r := t[at+len(" at line "):]
	_, e := Number(r)
	if e == 0 || !hasPrefix(r[e:], ", column ") {
		return nil, nil, false
	}
	c := r[e+len(", column "):]
	_, ec := Number(c)
	if ec == 0 || len(c) == ec || c[ec] != '.' {
		return nil, nil, false
	}
	msg := t[:at]
	var file []byte
	if msg[0] == '[' {
		if end := bytes.IndexByte(msg, ']'); end > 1 {
			rule = msg[1:end]
		}
	} else if colon := bytes.Index(msg, []byte(": ")); colon > 0 && bytes.IndexByte(msg[:colon], ' ') < 0 {
		file, msg = msg[:colon], msg[colon+2:]
	}
	if rule == nil {
		rule = msg
		// The name the message is about is the first quoted word, after
		// the message's own first word: "Subroutine \"f\" does not end with
		// \"return\"" is one rule whatever f is. Words quoted first
		// ("\"return\" statement with explicit \"undef\"") are its text.
		if q := bytes.IndexByte(msg, '"'); q > 0 {
			if e := bytes.IndexByte(msg[q+1:], '"'); e > 0 {
				rule = append(append(append([]byte(nil), msg[:q+1]...), "…"...), msg[q+1+e:]...)
			}
		}
	}
	if file != nil {
		place = append(append(place, file...), ':')
	}
	place = append(append(append(place, r[:e]...), ':'), c[:ec]...)
	return rule, place, true
}

// SystemdUnit reports a path that names a systemd unit file.
func SystemdUnit(p []byte) bool {
	for _, s := range [...]string{".service", ".socket", ".timer", ".mount", ".target", ".path", ".slice", ".automount", ".swap"} {
		if bytes.HasSuffix(p, []byte(s)) {
			return true
		}
	}
	return false
}

// SystemdFinding reports a finding of systemd-analyze verify (or of
// systemd loading a unit) on a line of a unit file: "web.service:7:
// Failed to parse service type, ignoring: notifyy". grep shows a unit
// file's line as "web.service:7:Type=notify", with no space.
func SystemdFinding(t []byte) bool {
	if c := bytes.IndexByte(t, ':'); c <= 0 || c+1 >= len(t) || !isDigit(t[c+1]) || !SystemdUnit(t[:c]) {
		return false // the unit's path ends before the first ':', its line number after it
	}
	h, ok := ParseHit(t)
	return ok && !h.Context && h.Col == 0 && len(h.Text) > 1 && h.Text[0] == ' ' && h.Text[1] >= 'A' && h.Text[1] <= 'Z' && SystemdUnit(h.Path)
}

// ChktexTerse parses a row of ChkTeX's terse format (-v0), "notes.tex:4:21:26:You
// ought to remove spaces in front of punctuation.": the file, line, column
// and warning number, then the message. It returns the place
// ("notes.tex:4:21") and the message.
func ChktexTerse(t []byte) (place, msg []byte, ok bool) {
	// Most lines fail at their first ':' (the line, column and number
	// after it), before ParseHit reads the line.
	c := bytes.IndexByte(t, ':')
	if c <= 0 {
		return nil, nil, false
	}
	r := t[c+1:]
	for k := 0; k < 3; k++ {
		_, e := Number(r)
		if e == 0 || e >= len(r) || r[e] != ':' {
			return nil, nil, false
		}
		r = r[e+1:]
	}
	h, ok := ParseHit(t)
	if !ok || h.Context || h.Col == 0 {
		return nil, nil, false
	}
	_, e := Number(h.Text)
	if e == 0 || e+2 > len(h.Text) || h.Text[e] != ':' || h.Text[e+1] == ' ' || isDigit(h.Text[e+1]) {
		return nil, nil, false
	}
	return t[:len(t)-len(h.Text)-1], h.Text[e+1:], true
}

// BashismRow parses checkbashisms' report of a place, "possible bashism in
// deploy.sh line 4 (should be '.', not 'source'):", above the line it
// quotes; it returns the place ("deploy.sh:4") and the explanation.
func BashismRow(t []byte) (place, rule []byte, ok bool) {
	const head = "possible bashism in "
	if !hasPrefix(t, head) || len(t) < len(head)+12 || t[len(t)-1] != ':' || t[len(t)-2] != ')' {
		return nil, nil, false
	}
	place, rest, ok := cutFileLine(t[len(head):])
	if !ok || !hasPrefix(rest, " (") {
		return nil, nil, false
	}
	return place, rest[2 : len(rest)-2], true
}

// TestthatHead reports the heading of an R testthat problem: the
// progress reporter's "Failure ('test-money.R:5'): parse_amount handles
// dollars" (also Error, Warning, Skip) and the summary's "── 1. Failure
// ('test-money.R:5'): …" or "── Failure ('test-stats.R:7'): … ───". kind is "Failure", "Error", "Warning" or "Skip".
func TestthatHead(t []byte) (kind []byte, ok bool) {
	if r, cut := bytes.CutPrefix(t, []byte("── ")); cut {
		// "── 1. Failure (…" (testthat 3's summary), "── Failure (…" (its
		// list of failed tests under R CMD check).
		if _, e := Number(r); e > 0 {
			if !hasPrefix(r[e:], ". ") {
				return nil, false
			}
			r = r[e+2:]
		}
		t = r
	}
	sp := bytes.IndexByte(t, ' ')
	if sp < 0 {
		return nil, false
	}
	switch string(t[:sp]) {
	case "Failure", "Error", "Warning", "Skip":
	default:
		return nil, false
	}
	r := t[sp+1:]
	if !hasPrefix(r, "('") {
		return nil, false
	}
	q := bytes.Index(r, []byte("'): "))
	if q < 3 || bytes.IndexByte(r[2:q], ':') < 0 {
		return nil, false
	}
	return t[:sp], true
}

// BustedHead reports the heading of a busted (Lua) test result, "Failure
// -> spec/queue_spec.lua @ 8" (also Error, Pending, Success), and returns
// its kind.
func BustedHead(t []byte) (kind []byte, ok bool) {
	a := bytes.IndexByte(t, ' ')
	if a <= 0 || !hasPrefix(t[a:], " -> ") {
		return nil, false
	}
	switch string(t[:a]) {
	case "Failure", "Error", "Pending", "Success":
	default:
		return nil, false
	}
	r := t[a+len(" -> "):]
	at := bytes.LastIndex(r, []byte(" @ "))
	if at <= 0 || bytes.IndexByte(r[:at], ' ') >= 0 {
		return nil, false
	}
	if _, e := Number(r[at+3:]); e == 0 || e != len(r)-at-3 {
		return nil, false
	}
	return t[:a], true
}

// BindZoneLine reports BIND's report on a zone, "zone shop.test/IN: not
// loaded due to errors.", or on a view's zone, "_default/shop.test/IN: bad
// owner name (check-names)".
func BindZoneLine(t []byte) bool {
	t = bytes.TrimPrefix(t, []byte("zone "))
	c := bytes.Index(t, []byte(": "))
	if c <= 3 || bytes.IndexByte(t[:c], ' ') >= 0 {
		return false
	}
	name := t[:c]
	return bytes.HasSuffix(name, []byte("/IN")) || bytes.HasSuffix(name, []byte("/CH")) || bytes.HasSuffix(name, []byte("/HS"))
}

// GHDLReport returns the severity of a VHDL simulator's report after the
// place (GHDL's "tb.vhd:21:9:" and NVC's alike): "@16ns:(report error): q
// mismatch" gives "report error", "@66ns:(assertion failure): 6 mismatches"
// "assertion failure"; nil when t is no such report.
func GHDLReport(t []byte) []byte {
	if len(t) < 4 || t[0] != '@' {
		return nil
	}
	c := bytes.Index(t, []byte(":("))
	if c < 2 || bytes.IndexByte(t[1:c], ' ') >= 0 {
		return nil
	}
	r := t[c+2:]
	e := bytes.Index(r, []byte("):"))
	if e <= 0 {
		return nil
	}
	sev := r[:e]
	if !hasPrefix(sev, "report ") && !hasPrefix(sev, "assertion ") {
		return nil
	}
	return sev
}

// MandocRow parses a message of mandoc -T lint, "mandoc: bash.1:408:2:
// WARNING: line scope broken: BR breaks SM", and returns its level
// (STYLE, WARNING, ERROR, UNSUPP, BADARG), the place ("bash.1:408:2") and
// the message's kind, its text before the last ": " ("line scope broken").
func MandocRow(t []byte) (level, place, rule []byte, ok bool) {
	r, cut := bytes.CutPrefix(t, []byte("mandoc: "))
	if !cut {
		return nil, nil, nil, false
	}
	h, hit := ParseHit(r)
	if !hit || h.Context || len(h.Text) < 3 || h.Text[0] != ' ' {
		return nil, nil, nil, false
	}
	m := h.Text[1:]
	c := bytes.Index(m, []byte(": "))
	if c <= 0 {
		return nil, nil, nil, false
	}
	switch string(m[:c]) {
	case "STYLE", "WARNING", "ERROR", "UNSUPP", "BADARG":
	default:
		return nil, nil, nil, false
	}
	rule = m[c+2:]
	if k := bytes.LastIndex(rule, []byte(": ")); k > 0 {
		rule = rule[:k]
	}
	return m[:c], r[:len(r)-len(h.Text)-1], rule, true
}

// HlintRow parses the heading of an hlint hint, "Inventory.hs:16:1-54:
// Warning: Eta reduce" (a span on one line; "a.hs:(3,1)-(5,20): …" over
// several), and returns its severity (Error, Warning, Suggestion, Ignore),
// the place ("Inventory.hs:16:1") and the hint. Its Found:, Perhaps: and
// Note: lines follow.
func HlintRow(t []byte) (severity, place, hint []byte, ok bool) {
	// The file's name ends at the first ':', in ".hs" or ".lhs".
	fc := bytes.IndexByte(t, ':')
	if !(fc > 3 && string(t[fc-3:fc]) == ".hs" || fc > 4 && string(t[fc-4:fc]) == ".lhs") {
		return nil, nil, nil, false
	}
	k := fc - 3 // file is t[:k+3], the place after it t[k+4:]
	if bytes.IndexByte(t[:fc], ' ') >= 0 {
		return nil, nil, nil, false
	}
	file := t[:k+3]
	r := t[k+4:]
	var l, c []byte
	if len(r) > 0 && r[0] == '(' {
		// "(3,1)-(5,20): "
		e := bytes.Index(r, []byte("): "))
		if e < 0 {
			return nil, nil, nil, false
		}
		lc := r[1:bytes.IndexByte(r, ')')]
		comma := bytes.IndexByte(lc, ',')
		if comma <= 0 {
			return nil, nil, nil, false
		}
		l, c, r = lc[:comma], lc[comma+1:], r[e+3:]
	} else {
		_, e := Number(r)
		if e == 0 || e >= len(r) || r[e] != ':' {
			return nil, nil, nil, false
		}
		l = r[:e]
		r = r[e+1:]
		_, e2 := Number(r)
		if e2 == 0 || e2 >= len(r) || r[e2] != '-' {
			return nil, nil, nil, false
		}
		c = r[:e2]
		r = r[e2+1:]
		_, e3 := Number(r)
		if e3 == 0 || !hasPrefix(r[e3:], ": ") {
			return nil, nil, nil, false
		}
		r = r[e3+2:]
	}
	colon := bytes.Index(r, []byte(": "))
	if colon <= 0 {
		return nil, nil, nil, false
	}
	switch string(r[:colon]) {
	case "Error", "Warning", "Suggestion", "Ignore":
	default:
		return nil, nil, nil, false
	}
	place = append(append(append(append(append([]byte(nil), file...), ':'), l...), ':'), c...)
	return r[:colon], place, r[colon+2:], true
}

// GosecRow parses gosec's heading of an issue, "[/app/main.go:42] - G404
// (CWE-338): Use of weak random number generator (Confidence: MEDIUM,
// Severity: HIGH)", and returns its severity (HIGH, MEDIUM, LOW), the place
// ("/app/main.go:42") and the rule ("G404"). Its source excerpt and an
// "Autofix:" line follow.
func GosecRow(t []byte) (severity, place, rule []byte, ok bool) {
	const sev = ", Severity: "
	if len(t) < 30 || t[0] != '[' || t[len(t)-1] != ')' {
		return nil, nil, nil, false
	}
	// The last '(' opens "(Confidence: HIGH, Severity: LOW)".
	o := bytes.LastIndexByte(t, '(')
	if o < 0 || !hasPrefix(t[o:], "(Confidence: ") {
		return nil, nil, nil, false
	}
	close := bytes.Index(t, []byte("] - G"))
	if close < 3 {
		return nil, nil, nil, false
	}
	r := t[close+len("] - "):]
	sp := bytes.IndexByte(r, ' ')
	s := bytes.LastIndex(t[o:], []byte(sev))
	if sp < 2 || s < 0 {
		return nil, nil, nil, false
	}
	s += o
	return t[s+len(sev) : len(t)-1], t[1:close], r[:sp], true
}

// PuppetLintRow parses a finding of puppet-lint's default format,
// "manifests/site.pp - WARNING: unquoted file mode on line 9 (check:
// unquoted_file_mode)", and returns its level (WARNING, ERROR), the place
// ("manifests/site.pp:9") and the check.
func PuppetLintRow(t []byte) (level, place, check []byte, ok bool) {
	const ck = " (check: "
	if len(t) < 30 || t[len(t)-1] != ')' {
		return nil, nil, nil, false
	}
	// The last '(' opens "(check: …)": asked before any search.
	c := bytes.LastIndexByte(t, '(') - 1
	if c < 0 || !hasPrefix(t[c:], ck) {
		return nil, nil, nil, false
	}
	d := bytes.Index(t, []byte(" - "))
	if d <= 0 || bytes.IndexByte(t[:d], ' ') >= 0 {
		return nil, nil, nil, false
	}
	r := t[d+3:]
	colon := bytes.Index(r, []byte(": "))
	if colon <= 0 || string(r[:colon]) != "WARNING" && string(r[:colon]) != "ERROR" {
		return nil, nil, nil, false
	}
	l := bytes.LastIndex(t[:c], []byte(" on line "))
	if l < 0 {
		return nil, nil, nil, false
	}
	n := t[l+len(" on line ") : c]
	if _, e := Number(n); e == 0 || e != len(n) {
		return nil, nil, nil, false
	}
	place = append(append(append([]byte(nil), t[:d]...), ':'), n...)
	return r[:colon], place, t[c+len(ck) : len(t)-1], true
}
