package failure

import (
	"bytes"

	"github.com/kompress/kompress/internal/testevent"

	"github.com/kompress/kompress/internal/toolline"
)

// startFailure matches failure reports by how the (unindented) line
// starts. strong forms count anywhere; weak ones ("Error handling ...")
// only outside running text.
func startFailure(t []byte) (strong, weak bool) {
	switch t[0] {
	case '-':
		return hasPrefix(t, "--- FAIL"), false
	case 'F':
		return wordAt(t, "FAIL") || wordAt(t, "FAILED") || hasPrefix(t, "Fatal") || raceFound(t) || deadlockFound(t) ||
			hasPrefix(t, "File \"") && bytes.Contains(t, []byte("\", line ")), false
	case 'W':
		return hasPrefix(t, "WARNING: DATA RACE") || hasPrefix(t, "WRITE of size "), false
	case 'f':
		// Ruby's backtrace frames under an uncaught exception, as Python's
		// "File ..., line N": "from t.rb:9:in `<main>'".
		// ansible-playbook's failed task on a host: "failed: [db1] (item=3) => {…}".
		return hasPrefix(t, "failures:") || hasPrefix(t, "fatal") || hasPrefix(t, "from ") && rubyFrame(t[len("from "):]) ||
			hasPrefix(t, "failed: ["), false
	case 'p':
		return hasPrefix(t, "panic:"), false
	case 'P':
		return hasPrefix(t, "Parse error"), false
	case 'R':
		return hasPrefix(t, "Runtime error") || hasPrefix(t, "READ of size "), false
	case 'T':
		return hasPrefix(t, "Traceback (most recent call last)"), false
	case 'E':
		// apt "E: ...", "Err:1 http://...", pytest "E   assert 1 == 2",
		// "Error: ...", "ERROR:  relation ...", "Exception in thread".
		if hasPrefix(t, "E: ") || hasPrefix(t, "Err:") || hasPrefix(t, "E   ") || hasPrefix(t, "Exception in thread") ||
			hasPrefix(t, "Exception Group Traceback") || wordAt(t, "ERROR") {
			return true, false
		}
		if wordAt(t, "Error") {
			return reportAfter(t[len("Error"):]), true
		}
	case 'e':
		if wordAt(t, "error") {
			return reportAfter(t[len("error"):]), true
		}
	case 'n':
		return hasPrefix(t, "npm ERR!") || hasPrefix(t, "npm error") || hasPrefix(t, "not ok "), false
	case 'C':
		return hasPrefix(t, "Caused by:") || hasPrefix(t, "CMake Error") || toolline.ErlangCrash(t), false
	case 'i', '{':
		return toolline.ErlangCrash(t), false
	case 'S':
		// The Go runtime's crash report on a signal, before its goroutine
		// dump: "SIGQUIT: quit", "SIGSEGV: segmentation violation".
		return hasPrefix(t, "Suppressed: ") || hasPrefix(t, "SIGQUIT: ") || hasPrefix(t, "SIGSEGV: ") ||
			hasPrefix(t, "SIGABRT: ") || hasPrefix(t, "SIGBUS: "), false
	case 'K':
		return wordAt(t, "Killed"), false
	case 'A':
		return wordAt(t, "Aborted"), false
	case 'l':
		return hasPrefix(t, "left: "), false // Rust assert_eq! detail
	case 'r':
		return hasPrefix(t, "right: "), false
	case 'm':
		return hasPrefix(t, "make: ***") || hasPrefix(t, "make[") && bytes.Contains(t, []byte("]: ***")), false
	case 'd':
		return hasPrefix(t, "dpkg: error"), false
	case 'D':
		// rustfmt --check heads each file it would change with the one
		// line that names it: "Diff in /src/m2.rs:1:".
		return hasPrefix(t, "Diff in ") && hasSuffix(t, ":") && bytes.IndexByte(t[len("Diff in "):], ' ') < 0, false
	case 'c':
		return hasPrefix(t, "curl: ("), false
	case '<':
		return hasPrefix(t, "< HTTP/") && httpStatusFailed(t[2:]) || checkstyleError(t), false
	case 'H':
		return hasPrefix(t, "HTTP/") && httpStatusFailed(t), false
	case '#':
		// TAP's count of failed tests, and Test::More's "#   Failed test 'name'".
		return hasPrefix(t, "# fail ") && !zeroAfter(t[len("# fail"):]) || hasPrefix(t, "#   Failed test"), false
	case 0xe2:
		// jest's "● suite › test" titles; "● Console" is its log capture.
		return hasPrefix(t, "● ") && !hasPrefix(t, "● Console"), false
	case 0xc3:
		// vitest's failed test, "× tests/a.test.js > suite > name 3ms": a
		// mark that opens the line (in running text "×" multiplies).
		return hasPrefix(t, "× "), false
	case '=':
		// Erlang's logger: "=ERROR REPORT==== 1-Dec-2026::15:36:30 ===",
		// a crash, a supervisor's report of a child's exit.
		return hasPrefix(t, "=ERROR REPORT====") || hasPrefix(t, "=CRASH REPORT====") || hasPrefix(t, "=SUPERVISOR REPORT===="), false
	case '[':
		// A level tag: prettier's "[error] a.html: SyntaxError: ..." and
		// the source excerpt it prints under it.
		return hasPrefix(t, "[error] "), false
	case '*':
		// An Elixir exception, uncaught or failing an ExUnit test: "**
		// (KeyError) key :qty not found".
		return len(t) > 4 && hasPrefix(t, "** (") && t[4] >= 'A' && t[4] <= 'Z' && bytes.IndexByte(t, ')') > 4, false
	case '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return false, exunitTitle(t)
	}
	return false, false
}

// checkstyleError matches a finding of severity error in a checkstyle XML
// report, one element a line as shellcheck -f checkstyle writes them:
// "<error line='5' column='1' severity='error' message='...' source='ShellCheck.SC2168' />".
// Findings of severity warning or info are not failures.
func checkstyleError(t []byte) bool {
	return hasPrefix(t, "<error ") && (bytes.Contains(t, []byte(" severity='error'")) || bytes.Contains(t, []byte(` severity="error"`)))
}

// exunitTitle matches ExUnit's title of a failed test, "1) test pop
// empty (StackTest)": its number, "test" (or "doctest", "property"), the
// name and the module in parentheses.
func exunitTitle(t []byte) bool {
	_, e := leadingNum(t)
	r, ok := bytes.CutPrefix(t[e:], []byte(") "))
	if !ok || len(r) == 0 || r[len(r)-1] != ')' {
		return false
	}
	if !hasPrefix(r, "test ") && !hasPrefix(r, "doctest ") && !hasPrefix(r, "property ") {
		return false
	}
	open := bytes.LastIndex(r, []byte(" ("))
	return open > 0 && open+3 < len(r) && r[open+2] >= 'A' && r[open+2] <= 'Z'
}

// toolError matches a tool's error report under its own name: "jq: error
// (at ev.jsonl:6): Cannot index number", "gawk: fatal: cannot open file",
// "cc1: error: unrecognized option": the program name in lower case, then
// "error" or "fatal" and a colon, a bracket or a parenthesis.
func toolError(t []byte) bool {
	n := 0
	for n < len(t) && n < 32 && (t[n] >= 'a' && t[n] <= 'z' || isDigit(t[n]) || t[n] == '-' || t[n] == '_' || t[n] == '.') {
		n++
	}
	if n == 0 || !hasPrefix(t[n:], ": ") {
		return false
	}
	r := t[n+2:]
	for _, w := range [...]string{"error", "fatal"} {
		if a, ok := bytes.CutPrefix(r, []byte(w)); ok && len(a) > 0 && (a[0] == ':' || a[0] == '[' || hasPrefix(a, " (")) {
			return true
		}
	}
	return false
}

// reportAfter reports what follows a leading "Error"/"error" in a report
// ("Error: x", "error[E0425]", "Error 2", "error TS2322"), as opposed to a
// sentence that starts with the word.
func reportAfter(a []byte) bool {
	if len(a) == 0 {
		return true
	}
	switch a[0] {
	case ':', '[', '!':
		return true
	case ' ':
		return len(a) > 1 && (isDigit(a[1]) || a[1] >= 'A' && a[1] <= 'Z' && len(a) > 2 && a[2] >= 'A' && a[2] <= 'Z')
	}
	return false
}

// location reports rustc's "src/main.rs:4:20" after " --> ".
func location(t []byte) bool {
	t = bytes.TrimSpace(t)
	h, ok := toolline.ParseHit(append(t[:len(t):len(t)], ':', ' ')) // a copy: t is the caller's text
	return ok && !h.Context
}

// shellcheckError reports shellcheck's heading "In script.sh line 3:" when
// a note under it is of severity error: notes of warning, info and style
// level come by the dozen in a script that works, like a compiler's
// warnings.
func (r *reader) shellcheckError(i int) bool {
	for j := i + 1; j < len(r.spans) && j < i+64; j++ {
		l := r.line(j)
		if _, _, ok := toolline.ShellcheckHeader(l); ok {
			return false
		}
		if _, sev, ok := toolline.ShellcheckNote(l); ok && string(sev) == "error" {
			return true
		}
	}
	return false
}

// httpStatusFailed reports "HTTP/1.1 500 Internal Server Error" and other
// statuses of 400 and above.
func httpStatusFailed(t []byte) bool {
	code, ok := toolline.HTTPStatus(t)
	return ok && code >= 400 && code < 600
}

// deadlockFound matches jstack's report of a deadlock, "Found one
// Java-level deadlock:" above the threads and "Found 1 deadlock." after.
func deadlockFound(t []byte) bool {
	if hasPrefix(t, "Found one ") && hasSuffix(t, " deadlock:") {
		return true // "Java-level", "JVM-level"...
	}
	n, e := leadingNum(t[min(len(t), len("Found ")):])
	r := t[min(len(t), len("Found ")+e):]
	return hasPrefix(t, "Found ") && e > 0 && n > 0 && (string(r) == " deadlock." || string(r) == " deadlocks.")
}

// raceFound matches the race detector's closing "Found 2 data race(s)".
func raceFound(t []byte) bool {
	n, e := leadingNum(t[min(len(t), len("Found ")):])
	return hasPrefix(t, "Found ") && e > 0 && n > 0 && string(t[len("Found ")+e:]) == " data race(s)"
}

// diagnostic matches "file:line:col: message" and "file:line: error: ..." at
// the start of a line, and "file(line,col): error ..." (tsc, MSVC).
func diagnostic(line []byte) bool {
	if i := bytes.Index(line, []byte("): ")); i > 0 && bytes.IndexByte(line[:i], '(') > 0 {
		r := line[i+3:]
		if hasPrefix(r, "error") || hasPrefix(r, "warning") || hasPrefix(r, "fatal") {
			return true
		}
	}
	if toolline.DottedDiagnostic(line) {
		return true // bison, valac: "calc.y:8.7: warning: …", "shop.vala:28.9-28.30: error: …"
	}
	// One parse serves the Ruby frame's test and the hit's below.
	h, ok := toolline.ParseHit(line)
	if ok && rubyHit(h) && bytes.Contains(line, []byte("': ")) {
		return true // Ruby's uncaught exception: "t.rb:5:in `fetch': key not found: :qty (KeyError)"
	}
	if toolline.MarkdownlintRow(line) {
		return true // markdownlint-cli2: "README.md:11 error MD012/no-multiple-blanks ..."
	}
	if ok && h.Col == 0 && len(h.Text) > 0 && isDigit(h.Text[0]) {
		// tsc --pretty: "src/api.ts:2:10 - error TS6133: ...". cspell's
		// issues ("README.md:20:20 - Unknown word (gittutorial)") are
		// spelling findings, as a linter's warnings are, not failures.
		_, e := leadingNum(h.Text)
		r := h.Text[e:]
		return hasPrefix(r, " - error") || hasPrefix(r, " - warning")
	}
	if res, ok := toolline.CheckRecord(h.Text); ok && h.Col == 0 && !h.Context {
		return res != 'P' // Check's failed or erred test: "ck.c:9:F:strings:t_msg:0: length was 3, want 4"
	}
	if !ok || h.Context || len(h.Text) < 2 || h.Text[0] != ' ' {
		return false
	}
	if h.Col > 0 {
		if _, ok := toolline.StyleFinding(h.Text); ok {
			// RuboCop's conventions, refactorings, warnings and infos and
			// pycodestyle's style codes are findings in code that runs, as a
			// linter's warnings are.
			return false
		}
		return h.Text[1] != ' ' && h.Text[1] != '\t'
	}
	r := h.Text[1:]
	if exceptionName(r) {
		return true // pytest's "shop.py:23: ValueError" under a failing test's excerpt
	}
	if toolline.LibxmlDiagnostic(r) {
		return true // xmllint: "catalog.xml:8: element isbn: Schemas validity error : Element 'isbn': …"
	}
	if toolline.VultureFinding(r) {
		return true // vulture: "billing.py:38: unreachable code after 'return' (100% confidence)"
	}
	for _, p := range [...]string{"error", "warning", "note:", "fatal", "Error", "undefined reference", "multiple definition"} {
		if hasPrefix(r, p) {
			return true
		}
	}
	return false
}

// perlDiagnostic matches Perl's errors and warnings, which end in their
// place: "syntax error at m1.pl line 3, near \"my \"", "Global symbol
// \"$y\" requires explicit package name … at m1.pl line 3.", a die's
// "cannot open /etc/app.conf: No such file or directory at deep.pl line 2."
// (perl -e's place is "-e line 1"; a read adds ", <STDIN> line 5."). The
// file is a path or has an extension, so that running text such as "at
// the line 5" is none.
func perlDiagnostic(line []byte) bool {
	// Asked of most lines of a log: only a line that ends as Perl's do
	// ('.', a line number, a quoted "near" text) is searched.
	if len(line) < 12 {
		return false
	}
	if end := line[len(line)-1]; end != '.' && end != '"' && !isDigit(end) {
		return false
	}
	for rest := line; ; {
		k := bytes.Index(rest, []byte(" at "))
		if k < 0 {
			return false
		}
		rest = rest[k+len(" at "):]
		sp := bytes.IndexByte(rest, ' ')
		if sp <= 0 || !hasPrefix(rest[sp:], " line ") {
			continue
		}
		file := rest[:sp]
		if string(file) != "-e" && bytes.IndexAny(file, "./") < 0 {
			continue
		}
		_, e := leadingNum(rest[sp+len(" line "):])
		after := rest[sp+len(" line ")+e:]
		if e > 0 && (len(after) == 0 || after[0] == '.' || after[0] == ',') {
			return true
		}
	}
}

// exceptionName reports a line that is only an exception's class name:
// "ValueError", "KeyError", "IllegalStateException".
func exceptionName(t []byte) bool {
	if len(t) < 6 || t[0] < 'A' || t[0] > 'Z' || !hasSuffix(t, "Error") && !hasSuffix(t, "Exception") {
		return false
	}
	for _, c := range t {
		if !isLetter(c) && !isDigit(c) && c != '_' {
			return false
		}
	}
	return true
}

// rubyFrame matches a Ruby backtrace location, "t.rb:9:in `block in
// <main>'" (Ruby 3.4 quotes with "'" alone: "in 'Hash#fetch'").
func rubyFrame(t []byte) bool {
	h, ok := toolline.ParseHit(t)
	return ok && rubyHit(h)
}

// rubyHit is rubyFrame for a line ParseHit has read as h.
func rubyHit(h toolline.Hit) bool {
	return !h.Context && h.Col == 0 && (hasPrefix(h.Text, "in `") || hasPrefix(h.Text, "in '"))
}

// wordFailure scans the words of a line for the failure vocabulary of the
// package doc, with the context rules that keep "0 errors", "--fail-fast"
// and "log.Fatal" out. strong words count anywhere; weak ones ("failed",
// "failure", "fatal", "errors") only outside running text, where licences
// and manuals use them as words ("a failure of the program to operate").
func wordFailure(b []byte) (strong, weak bool) {
	if bytes.IndexByte(b, 0xe2) >= 0 {
		for _, m := range [...]string{"✗", "✘", "✖", "✕", "❌"} { // ✕: jest's failed test
			if bytes.Contains(b, []byte(m)) {
				return true, false
			}
		}
	}
	// One class table: 0 not a letter, 1 a letter, 2 a letter wordHit
	// judges words starting with; words of other letters are skipped whole.
	// wordHit judges none of the words it would be asked of but "E" and
	// those of 4 to 40 letters: the others are not asked.
	for i := 0; i < len(b); {
		k := wordClass[b[i]]
		if k == 0 {
			i++
			continue
		}
		j := i + 1
		for j < len(b) && wordClass[b[j]] != 0 {
			j++
		}
		if n := j - i; k == 2 && (n >= 4 && n <= 40 || n == 1 && b[i] == 'E') {
			switch wordHit(b, i, j) {
			case hitStrong:
				return true, false
			case hitWeak:
				weak = true
			}
		}
		i = j
	}
	return false, weak
}

// wordClass is 1 for letters and 2 for the first letters, either case, of
// the words wordHit can judge a hit: the cases of its switch on
// lower(w[0]), and 'E' of npm's "E404".
var wordClass = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-('a'-'A')] = 1, 1
	}
	for _, c := range []byte("efpzkdsctur") {
		t[c], t[c-'a'+'A'] = 2, 2
	}
	return t
}()

// Levels of a word's hit: see wordFailure.
const (
	hitNone = iota
	hitWeak
	hitStrong
)

func level(strong bool) int {
	if strong {
		return hitStrong
	}
	return hitNone
}

func weakIf(ok bool) int {
	if ok {
		return hitWeak
	}
	return hitNone
}

// wordHit judges the word b[i:j] in its line: hitNone, hitWeak or
// hitStrong.
func wordHit(b []byte, i, j int) int {
	w := b[i:j]
	if len(w) == 1 && w[0] == 'E' && (i == 0 || !isLetter(b[i-1]) && !isDigit(b[i-1])) {
		// npm's "E404", "E403": E and an HTTP status of 400 or more, then
		// a non-word byte ("E820" in dmesg names a BIOS memory map).
		return level(j+3 <= len(b) && (b[j] == '4' || b[j] == '5') && isDigit(b[j+1]) && isDigit(b[j+2]) &&
			(j+3 == len(b) || !isDigit(b[j+3]) && !isLetter(b[j+3])))
	}
	if len(w) < 4 || len(w) > 40 {
		return hitNone
	}
	// Identifiers, flags and path components: "-Werror", "--fail-fast",
	// "errors.New", "log.Fatal", "fail_count", "tests/failures/a.txt".
	if i > 0 && (b[i-1] == '-' || b[i-1] == '_' || b[i-1] == '.' || b[i-1] == '/' || b[i-1] == '`' || isDigit(b[i-1])) {
		return hitNone
	}
	if j < len(b) && (b[j] == '_' || b[j] == '/' || isDigit(b[j]) || b[j] == '-' && j+1 < len(b) && isLetter(b[j+1]) ||
		b[j] == '.' && j+1 < len(b) && isLetter(b[j+1])) {
		return hitNone
	}
	after := b[j:]
	switch lower(w[0]) {
	case 'e':
		switch {
		case string(w) == "ERROR":
			return level(!zeroAfter(after))
		case equalFold(w, "error"):
			if len(after) > 0 && (after[0] == ':' || after[0] == '[' || after[0] == '!') ||
				hasPrefix(after, " ") && len(after) > 1 && isDigit(after[1]) && after[1] != '0' { // make's "Error 2"
				return hitStrong
			}
			return weakIf(countBefore(b, i) > 0 && wholeCount(b, i)) // javac's "1 error"
		case equalFold(w, "errors"):
			return weakIf(!zeroAfter(after) && !zeroBefore(b, i))
		case w[0] == 'E' && len(w) >= 4 && isUpperWord(w):
			return level(npmCode(w)) // ENOENT, EACCES; E404 is handled below
		case hasSuffix(w, "Error") || hasSuffix(w, "Exception"):
			return level(len(after) > 0 && after[0] == ':')
		case string(w) == "exit" || string(w) == "exited":
			return level(nonZeroExit(after))
		}
	case 'f':
		switch {
		case equalFold(w, "fail"), equalFold(w, "failed"), equalFold(w, "failure"), equalFold(w, "failures"), equalFold(w, "failing"):
			return weakIf(!zeroAfter(after) && !zeroBefore(b, i))
		case equalFold(w, "fatal"):
			return hitWeak
		}
	case 'p':
		return level(equalFold(w, "panic") && hasPrefix(after, ":") || string(w) == "panicked" ||
			string(w) == "permitted" && hasSuffix(b[:i], "Operation not "))
	case 'z':
		return level(string(w) == "zero" && hasSuffix(b[:i], "non-") && hasPrefix(after, " exit"))
	case 'k':
		return level(string(w) == "killed" && i >= 8 && string(b[i-8:i]) == "signal: ")
	case 'd':
		return level(string(w) == "denied" && (hasSuffix(b[:i], "Permission ") || hasSuffix(b[:i], "permission ") || hasSuffix(b[:i], "Access ")))
	case 'r':
		return level(string(w) == "refused" && (hasSuffix(b[:i], "Connection ") || hasSuffix(b[:i], "connection ")))
	case 's':
		// The switch is on the lower-cased first letter: "Segmentation" is here.
		return level(string(w) == "such" && bytes.Contains(b, []byte("No such file or directory")) ||
			string(w) == "Segmentation" && hasPrefix(after, " fault"))
	case 'c':
		return level(string(w) == "core" && hasPrefix(after, " dumped") || string(w) == "command" && hasPrefix(after, " not found"))
	case 't':
		return level(string(w) == "timed" && hasPrefix(after, " out"))
	case 'u':
		return level(string(w) == "undefined" && hasPrefix(after, " reference"))
	}
	return hitNone
}

// npmCode reports node/npm error codes and npm's E404 style.
func npmCode(w []byte) bool {
	switch string(w) {
	case "ENOENT", "EACCES", "EPERM", "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EADDRINUSE", "ENOTFOUND",
		"EEXIST", "ENOTDIR", "EISDIR", "EINTEGRITY", "ERESOLVE", "ENOSPC", "EMFILE", "ELIFECYCLE", "ENOTEMPTY":
		return true
	}
	return false
}

// nonZeroExit reads " status 1", " code 2", " code: 2", " with code 2" and
// " with status 2" after "exit"/"exited".
func nonZeroExit(after []byte) bool {
	for _, p := range [...]string{" status ", " status: ", " code ", " code: ", " with code ", " with status ", " with exit code "} {
		if hasPrefix(after, p) {
			r := after[len(p):]
			if len(r) > 0 && r[0] == '-' {
				return true
			}
			n, e := leadingNum(r)
			return e > 0 && n != 0
		}
	}
	return false
}

// zeroAfter reports "=0", ": 0", " 0" and "=false" right after a word, as in
// "failures=0" or "ERROR 0", an XML attribute of zero ('failures="0"'), and
// a JSON or Python key of zero or false ('"failed": false', "'errors': 0").
func zeroAfter(after []byte) bool {
	if len(after) > 2 && (after[0] == '"' || after[0] == '\'') && after[1] == ':' {
		after = after[1:]
	}
	for _, p := range [...]string{"=0", ": 0", " 0", ":0", "=false", ": false", `="0"`, "='0'"} {
		if hasPrefix(after, p) && (len(after) == len(p) || !isDigit(after[len(p)])) {
			return true
		}
	}
	return false
}

// zeroBefore reports "0 failed", "no failures", "without failures", and
// "No syntax errors" (php -l): a negation and one word before it.
func zeroBefore(b []byte, i int) bool {
	before := b[:i]
	if countBefore(b, i) == 0 || wordBefore(before, "no ") || wordBefore(before, "No ") || wordBefore(before, "without ") {
		return true
	}
	k := len(before) - 1 // the space before the word
	if k < 0 || before[k] != ' ' {
		return false
	}
	for k > 0 && isLetter(before[k-1]) {
		k--
	}
	if k == len(before)-1 {
		return false
	}
	before = before[:k]
	return wordBefore(before, "no ") || wordBefore(before, "No ")
}

// wordBefore reports whether before ends with the word w (which ends in a
// space): "no " in "found no ", not in "piano ".
func wordBefore(before []byte, w string) bool {
	return hasSuffix(before, w) && (len(before) == len(w) || !isLetter(before[len(before)-len(w)-1]))
}

// wholeCount reports whether the number before word b[i:] is a word of its
// own ("1 error", not "complex128 error").
func wholeCount(b []byte, i int) bool {
	k := i - 2
	for k > 0 && isDigit(b[k-1]) {
		k--
	}
	return k == 0 || b[k-1] == ' ' || b[k-1] == '(' || b[k-1] == '\t'
}

// countBefore returns the number right before word b[i:] ("3 errors"), or
// -1 when there is none.
func countBefore(b []byte, i int) int {
	if i < 2 || b[i-1] != ' ' || !isDigit(b[i-2]) {
		return -1
	}
	k := i - 2
	for k > 0 && isDigit(b[k-1]) {
		k--
	}
	n, _ := leadingNum(b[k : i-1])
	return n
}

// jsonEventFailure judges a go test -json event: a fail action, or output
// whose text is itself a failure line.
func jsonEventFailure(t []byte) bool {
	if bytes.Contains(t, []byte(`"Action":"fail"`)) {
		return true
	}
	var ev testevent.Event
	if !testevent.Parse(t, &ev) || ev.Output == nil {
		return false
	}
	out := bytes.TrimRight(ev.Output, "\n")
	return Report(out)
}

// notHit reports a line of search output that is not a hit: hits (and
// ripgrep's heading-mode hits) are data. A compiler's or checker's
// diagnostic among them, "es.po:10:7: syntax error" (a place with a column,
// then one space: a source line seldom starts so, as the router holds too),
// is no hit: a tool's report the router took for search output keeps it.
func notHit(plain []byte) bool {
	if h, ok := toolline.ParseHit(plain); ok {
		t := h.Text
		return !h.Context && h.Col > 0 && len(t) > 1 && t[0] == ' ' && t[1] != ' ' && t[1] != '\t'
	}
	_, ok := toolline.ParseHeadingHit(plain)
	return !ok
}

// searchComplaint reports the search tool's own complaints ("grep: x: No
// such file or directory", "rg: dir: Permission denied (os error 13)").
func searchComplaint(plain []byte) bool {
	for _, p := range [...]string{"grep: ", "rg: ", "find: ", "ag: ", "fd: ", "ls: ", "ugrep: ", "git grep: "} {
		if hasPrefix(plain, p) {
			return true
		}
	}
	for _, s := range [...]string{"Permission denied", "No such file or directory", "(os error ", "Operation not permitted", "Input/output error"} {
		if bytes.Contains(plain, []byte(s)) {
			return true
		}
	}
	return false
}

// toolComplaint reports a command's complaint on stderr between the rows of
// its table: "du: cannot read directory '/etc/ssl/private': Permission
// denied", "stat: cannot statx 'x': No such file or directory", "df: /x: No
// such file or directory", "tar: x: Not found in archive". The line starts
// with the program's name and ": " and says what went wrong (by those
// phrases or the failure vocabulary); a row that merely holds such words in
// a cell (lsof's "(readlink: Permission denied)") does not start so.
func toolComplaint(plain []byte) bool {
	i := 0
	for i < len(plain) && i < 32 && (plain[i] >= 'a' && plain[i] <= 'z' || isDigit(plain[i]) && i > 0 ||
		i > 0 && (plain[i] == '-' || plain[i] == '_' || plain[i] == '.' || plain[i] == '+')) {
		i++
	}
	if i == 0 || !hasPrefix(plain[i:], ": ") {
		return false
	}
	rest := plain[i+2:]
	for _, s := range [...]string{"cannot ", "Cannot ", "Permission denied", "No such file or directory",
		"Operation not permitted", "Input/output error", "invalid option", "unrecognized option", "Not found",
		// errno texts a listing meets: a dead mount, a full or read-only disk
		"Transport endpoint is not connected", "Stale file handle", "Not a directory", "Read-only file system",
		"No space left on device", "Device or resource busy", "Connection refused"} {
		if bytes.Contains(rest, []byte(s)) {
			return true
		}
	}
	if len(rest) == 0 {
		return false
	}
	// "tar: Exiting with failure status due to previous errors", "tar:
	// Error is not recoverable: exiting now".
	strong, weak := startFailure(rest)
	if !strong && !weak {
		strong, weak = wordFailure(rest)
	}
	return strong || weak
}

// tableFailure reports rows with a cell that reads as a failed status. A
// cell is delimited by a column gap (tab, comma, '|', ';', quote, or two or
// more spaces), so a free-text column that merely mentions an error
// ("a fast memory error detector" in dpkg -l) is not a status.
func tableFailure(plain []byte) bool {
	if bytes.Contains(plain, []byte("│")) {
		plain = bytes.ReplaceAll(plain, []byte("│"), []byte("|")) // box-drawn tables (sqlite3 -box)
	}
	for i := 0; i < len(plain); {
		for i < len(plain) && gapBytes[plain[i]] {
			i++
		}
		j := i
		for ; j < len(plain); j++ {
			// A separator ends the cell, a space only when another follows.
			if c := plain[j]; gapBytes[c] && (c != ' ' || j+1 < len(plain) && plain[j+1] == ' ') {
				break
			}
		}
		cell := plain[i:j]
		if k := bytes.IndexByte(cell, ' '); k >= 0 {
			// "Exited (1) 2 hours ago": judge the first word with what follows.
			if equalFold(cell[:k], "exited") && statusCell(cell[:k], cell[k:]) {
				return true
			}
		} else if j > i && statusCell(cell, plain[j:]) {
			return true
		}
		i = j
	}
	return false
}

// gapBytes are what lies between tableFailure's cells: the separators (tab,
// comma, '|', ';', quote) and the space. A table, since tableFailure asks of
// every byte of every row.
var gapBytes = [256]bool{'\t': true, ',': true, '|': true, ';': true, '"': true, ' ': true}

func statusCell(cell, after []byte) bool {
	for _, s := range [...]string{"error", "failed", "fail", "failure", "crashloopbackoff", "imagepullbackoff",
		"errimagepull", "oomkilled", "evicted", "unhealthy", "createcontainererror", "invalidimagename"} {
		if equalFold(cell, s) {
			return true
		}
	}
	if equalFold(cell, "exited") {
		// docker ps "Exited (1) 2 hours ago"
		if hasPrefix(after, " (") {
			n, e := leadingNum(after[2:])
			return e > 0 && n != 0
		}
	}
	return false
}

// exceptionLine matches "ValueError: bad", "java.lang.IllegalStateException:
// x" and "KeyboardInterrupt" at the start of a line.
func exceptionLine(t []byte) bool {
	end := 0
	for end < len(t) && (isLetter(t[end]) || isDigit(t[end]) || t[end] == '_' || t[end] == '.' || t[end] == '$') {
		end++
	}
	if end < len(t) && hasPrefix(t[end:], " [") {
		// node's "AssertionError [ERR_ASSERTION]: 1 == 2"
		if k := bytes.Index(t[end:], []byte("]:")); k > 0 && bytes.IndexByte(t[end+2:end+k], ' ') < 0 {
			t = append(t[:end:end], t[end+k+1:]...)
		}
	}
	// pytest's "ImportError while importing test module '/x/test_a.py'."
	// names the exception before what it interrupted, with no colon.
	while := end < len(t) && hasPrefix(t[end:], " while ")
	if end == 0 || end < len(t) && t[end] != ':' && !while || end == len(t) && !bytes.HasSuffix(t, []byte("Interrupt")) {
		return false
	}
	name := t[:end]
	if i := bytes.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	if len(name) < 5 || name[0] < 'A' || name[0] > 'Z' {
		return false
	}
	return hasSuffix(name, "Error") || hasSuffix(name, "Exception") || hasSuffix(name, "Interrupt") || hasSuffix(name, "Failure") ||
		hasSuffix(name, "ExceptionGroup")
}

func trimIndent(b []byte) []byte {
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return b[i:]
}

// wordAt reports whether t starts with the word w.
func wordAt(t []byte, w string) bool {
	return hasPrefix(t, w) && (len(t) == len(w) || !isLetter(t[len(w)]) && !isDigit(t[len(w)]) && t[len(w)] != '_' && t[len(w)] != '.' && t[len(w)] != '-')
}

func hasPrefix(b []byte, p string) bool { return len(b) >= len(p) && string(b[:len(p)]) == p }
func hasSuffix(b []byte, p string) bool { return len(b) >= len(p) && string(b[len(b)-len(p):]) == p }

func hasPrefixFold(b []byte, p string) bool {
	return len(b) >= len(p) && equalFold(b[:len(p)], p)
}

// equalFold is ASCII case folding, enough for the vocabulary here.
func equalFold(a []byte, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if lower(a[i]) != lower(b[i]) {
			return false
		}
	}
	return true
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func isLetter(c byte) bool { return letterBytes[c] }

var letterBytes = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-('a'-'A')] = true, true
	}
	return t
}()

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isUpperWord(w []byte) bool {
	for _, c := range w {
		if !(c >= 'A' && c <= 'Z' || isDigit(c)) {
			return false
		}
	}
	return true
}

func leadingNum(b []byte) (n, end int) {
	for end < len(b) && isDigit(b[end]) && end < 10 {
		n = n*10 + int(b[end]-'0')
		end++
	}
	return n, end
}
