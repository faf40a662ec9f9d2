package router

import (
	"bytes"

	"github.com/kompress/kompress/internal/toolline"
)

// logPrefixes open log lines of common tools, matched after leading spaces
// are removed. Grouped by tool so gaps are easy to see.
var logPrefixes = []string{
	// go test, go build, go vet
	"goos: ", "goarch: ", // go test -bench's header
	"=== RUN", "=== PAUSE", "=== CONT", "=== NAME", "--- PASS", "--- FAIL", "--- SKIP", "PASS", "FAIL", "ok  \t", "?   \t",
	"panic:", "goroutine ", "created by ", "exit status ", "go: ", "coverage: ", "[recovered",
	// cargo, rustc
	"Compiling ", "Finished ", "Running ", "Checking ", "Downloading ", "Downloaded ", "Updating ", "Blocking ", "Fresh ",
	"Doc-tests ", "error[E", "error: ", "error:", "warning: ", "warning[", "note: ", "help: ", "--> ", "running ",
	"test result:", "failures:", "---- ", "thread '", "stack backtrace:", "Some errors have", "For more information about",
	// npm, yarn, node
	"npm ", "added ", "removed ", "changed ", "up to date", "audited ", "found 0 vulnerabilities", "yarn ", "node:", "at ",
	// apt, dpkg
	"Reading package lists", "Building dependency tree", "Reading state information", "E: ", "W: ", "N: ",
	"Get:", "Hit:", "Ign:", "Err:", "Fetched ", "Setting up ", "Unpacking ", "Selecting previously unselected",
	"Preparing to unpack", "Processing triggers", "The following ", "Need to get ", "After this operation",
	"update-alternatives:", "(Reading database", "Suggested packages:", "Recommended packages:", "debconf:",
	"dpkg: ", "dpkg-", "Removing ", "Purging ", "Created symlink", "Do you want to continue",
	"Inst ", "Conf ", "Remv ", "Purg ", // apt-get -s: "Inst pkg [old] (new repo [arch])"
	// make, C toolchains
	"make: ", "make[", "cc ", "gcc ", "g++ ", "clang ", "clang++ ", "ld: ", "/usr/bin/ld:", "collect2:", "cc1: ", "cc1plus: ",
	"In file included from", "ar ", "ranlib ", "cmake ", "-- ", "[ ", "ninja: ",
	// gcc -v: the driver's settings, search paths and the tools it runs
	"Using built-in specs.", "COLLECT_GCC=", "COLLECT_GCC_OPTIONS=", "COLLECT_LTO_WRAPPER=", "COMPILER_PATH=", "LIBRARY_PATH=",
	"Configured with: ", "Thread model: ", "Supported LTO compression", "gcc version ", "compiled by GNU C version ",
	"GGC heuristics:", "ignoring nonexistent directory ", "ignoring duplicate directory ", "#include \"...\" search starts here:",
	"#include <...> search starts here:", "End of search list.", "Compiler executable checksum:", "GNU assembler version ",
	// make -d (GNU make's debug trace), indented by depth
	"Considering target file ", "Trying pattern rule ", "Trying implicit prerequisite ", "Trying rule prerequisite ",
	"Looking for an implicit rule ", "Looking for a rule ", "Avoiding implicit rule recursion", "Rejecting impossible ",
	"Rejecting rule ", "No implicit rule found ", "Found an implicit rule ", "Found prerequisite ", "Finished prerequisites of ",
	"No need to remake target ", "Must remake target ", "Successfully remade target ", "Pruning file ", "Reading makefile",
	"Updating makefiles", "Updating goal targets", "Live child ", "Reaping winning child", "Reaping losing child", "Removing child ",
	"Putting child ", "Got a SIGCHLD",
	"[ RUN      ]", "[       OK ]", "[  FAILED  ]", "[  PASSED  ]", "[  SKIPPED ]", "[ DISABLED ]", "[==========]", "[----------]", // googletest
	"Test project ", "Total Test time (real)", "Errors while running CTest", "Internal ctest changing", // ctest
	"[Suite] ", "[OK] ", "[FAILED] ", "[SKIPPED] ", "Unhandled exception: ", // nim's std/unittest and its runtime
	// Python
	"Traceback (most recent call last):", "File \"", "Ran ", "OK", "FAILED", "ERROR: ", "FAIL: ", "During handling of",
	"The above exception", "collected ", "collecting ", "rootdir: ", "cachedir: ", "PASSED", "SKIPPED", "XFAIL", "XPASS",
	"Trying:", "Expecting:", "Expecting nothing", "Failed example:", // doctest -v
	// tcl's errorInfo: an indented phrase a frame, each under the command it ran
	"while executing", "invoked from within", "(procedure \"", "(file \"",
	// bandit's report: each issue, the run's header and its metrics
	">> Issue: [", "Run started:", "Code scanned:", "Run metrics:", "Files skipped (",
	// rspec
	"Failure/Error:", "Failures:", "Pending:", "Failed examples:", "rspec ./", "Randomized with seed ", "# ./", // "Finished in" is cargo's "Finished "
	// php -l and the PHP CLI
	"No syntax errors detected in ", "Errors parsing ", "PHP Parse error:", "PHP Fatal error:", "PHP Warning:", "PHP Notice:", "PHP Deprecated:",
	// JVM builds
	"[INFO]", "[WARNING]", "[ERROR]", "[DEBUG]", "BUILD SUCCESS", "BUILD FAILED", "BUILD FAILURE", "> Task ", "Caused by:",
	// generic
	"Error: ", "ERROR:", "Warning: ", "WARNING:", "fatal: ", "fatal error:", "FATAL", "Killed", "Segmentation fault",
	"syntax error at ",            // perl: "syntax error at x.pl line 6, near \"$k (\""
	"Fatal: ", "Hint: ", "Warn: ", // fpc's and nim's messages without a place, svelte-check's warnings
	"Aborted", "Process exited", "✓", "✔", "✗", "✘", "✖", "⚠ ", "[ OK ]", "[FAIL]", "Done in ", "Step ", "Successfully ",
	"Executing ", "Installing ", "Collecting ", "Requirement already", "Downloading",
	// git merge, rebase and status
	"Auto-merging ", "CONFLICT (", "Automatic merge failed", "On branch ", "Your branch is ", "You have unmerged paths",
	"Unmerged paths:", "Changes to be committed:", "Changes not staged for commit:", "Untracked files:",
	"no changes added to commit", "nothing to commit", "both modified:   ", "modified:   ", "new file:   ", "deleted:    ",
	"(use \"git ", "(fix conflicts and ",
	// command traces: go build -x, make -n, sh -x
	"WORK=", "mkdir -p ", "+ ", "cd /", "cd $", "go tool ", "cat >", "EOF",
}

// logByFirst indexes the list by first byte, so a line is checked only
// against the entries that can match it; logSecond[c] holds the second
// bytes of the entries starting with c (all of them for a one-byte entry),
// so that most lines skip the list without reading it.
var (
	logByFirst [256][]string
	logSecond  [256][4]uint64
)

func init() {
	for _, p := range logPrefixes {
		logByFirst[p[0]] = append(logByFirst[p[0]], p)
		if len(p) == 1 {
			logSecond[p[0]] = [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
		} else {
			logSecond[p[0]][p[1]>>6] |= 1 << (p[1] & 63)
		}
	}
}

// stampFirst and levelFirst mark the bytes toolline.SkipTimestamp's and
// toolline.LevelPrefix's forms start with (after a '[').
var stampFirst, levelFirst = byteSet("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"), byteSet("ABCDEFGHIJKLMNOPQRSTUVWXYZiwedt")

// logLine reports whether a line reads as a build, test, package-manager or
// service log line.
// t is trimBlank(line), f is features(line).
func logLine(line, t []byte, f feat) bool {
	indent := len(line) - len(t)
	if len(t) == 0 {
		return false
	}
	// Several patterns below hold a ':' and cannot start much before the
	// first one, so searching from there saves rescanning every line.
	colon := -1
	if f&fColon != 0 {
		colon = bytes.IndexByte(t, ':')
	}
	prefixes := logByFirst[t[0]]
	if len(t) >= 2 && logSecond[t[0]][t[1]>>6]&(1<<(t[1]&63)) == 0 {
		prefixes = nil // no entry has the line's second byte
	}
	for _, p := range prefixes {
		if len(p) > 1 && (len(t) < 2 || t[1] != p[1]) {
			continue // the second byte rules out most entries without a compare
		}
		if hasPrefix(t, p) && prefixFits(line, t, p) {
			return true
		}
	}
	// Timestamps open with a digit or a month's capital, levels with a
	// capital or a few lower-case letters, maybe after a '[': most lines
	// are not asked.
	c := t[0]
	if c == '[' && len(t) > 1 {
		c = t[1]
	}
	if stampFirst[c] && toolline.SkipTimestamp(t) || indent == 0 && t[0] == '[' && toolline.KernelStamp(t) {
		return true
	}
	if indent == 0 && t[0] == '[' && f&fTab != 0 && tabLevel(t) {
		return true // "[main]\tINFO\tprofile include tests: None" (bandit, Python's logging with tabs)
	}
	if levelFirst[c] && toolline.LevelPrefix(t) {
		return true
	}
	if indent == 0 && t[0] >= 'a' && t[0] <= 'z' && f&fColon != 0 {
		if _, _, ok := toolline.KernelLevel(t); ok {
			return true // dmesg -x
		}
	}
	if indent == 0 && f&fColon != 0 {
		if _, ok := toolline.AccessLog(t); ok {
			return true
		}
	}
	switch {
	case t[0] == '#' && len(t) > 2 && t[1] == ' ' && isPathLine(t[2:]):
		return true // go build package header "# example.com/x"
	case indent > 0 && colon >= 0 && f&fDot != 0 && indexFrom(t, max(colon-3, 0), []byte(".go:")) >= 0 && goTestOutput(t):
		return true
	case t[0] == '/' && bytes.Contains(t, []byte(" +0x")):
		return true // Go stack frame location
	case indent > 0 && isHexDigit(t[0]) && perfScriptFrame(t):
		return true // a frame of a perf script sample
	case t[0] == '/' && indent == 0 && len(t) > 1 && isWordByte(t[1]) && bytes.Contains(t, []byte(" -")) && bytes.IndexByte(t[:bytes.IndexByte(t, ' ')], ':') < 0:
		// The path must name something: "//   - item" is a comment's list.
		return true // a traced command: "/usr/lib/go/pkg/tool/linux_amd64/compile -o ..."

	case t[0] >= '0' && t[0] <= '9':
		// gcc/rustc source snippet "  6 |   code" and backtrace frames "  3: sym".
		_, e := toolline.Number(t)
		if e > 0 && (hasPrefix(t[e:], " | ") || hasPrefix(t[e:], " |\n") || len(t) == e+2 && t[e+1] == '|') {
			return true
		}
		if e > 0 && indent > 0 && hasPrefix(t[e:], ": ") {
			return true
		}
		if e > 0 && indent == 0 && hasPrefix(t[e:], ": (") && t[len(t)-1] == ')' {
			return true // a Lisp backtrace's frame, its call in parentheses: "3: (MEAN (1 2 3 \"4\"))"
		}
		if e > 0 && indent == 0 && hasPrefix(t[e:], " upgraded, ") {
			return true // apt's "2 upgraded, 5 newly installed, 0 to remove and 1 not upgraded."
		}
	case t[0] == 'i' && toolline.ErlangFrame(t) != nil:
		return true
	case indent > 0 && t[len(t)-1] == ')' && clojureFrame(line):
		return true // a Clojure stack frame: "    cart_test$parse_line.invoke (cart_test.clj:16)"
	case t[0] == 'f' && indent >= 4 && includeChain(t):
		return true // gcc's include chain: "                 from fastsum.c:1:"
	case t[0] == 'L' && len(t) > 1 && isDigit(t[1]):
		// htmlhint's source excerpt "L3 |<div id=a>": quoted markup is
		// part of the report, not a page.
		if _, e := toolline.Number(t[1:]); e > 0 && hasPrefix(t[1+e:], " |") {
			return true
		}
	case t[0] == '^':
		// A caret under a quoted source line with its message on the same
		// line: htmlhint's "^ Tag must be paired, missing: [ </p> ]".
		e := 1
		for e < len(t) && (t[e] == '^' || t[e] == '~') {
			e++
		}
		if e+1 < len(t) && t[e] == ' ' && (isUpper(t[e+1]) || isLower(t[e+1])) {
			return true
		}
	}
	if exceptionName(t, colon) {
		return true
	}
	nodeColon := colon
	if f&fDot == 0 {
		nodeColon = -1 // no ".py::"
	}
	if testRunnerLine(line, t, nodeColon) {
		return true
	}
	if colon > 0 && indent == 0 && toolSeverity(t, colon) {
		return true // a program's own message: "configure: error: libz is required", "cc1: warning: ..."
	}
	if colon >= 0 {
		i := -1
		if f&fParen != 0 { // the '(' must come before "): "
			i = indexFrom(t, max(colon-1, 0), []byte("): "))
		}
		if i > 0 && bytes.IndexByte(t[:i], '(') > 0 {
			// tsc and MSVC diagnostics: "src/a.ts(3,5): error TS2322: ..."
			r := t[i+3:]
			if hasPrefix(r, "error") || hasPrefix(r, "warning") || hasPrefix(r, "fatal error") {
				return true
			}
			if indent == 0 && hasPrefix(r, " ") && cmakeScript(t[:bytes.LastIndexByte(t[:i], '(')]) {
				return true // cmake --trace: "/usr/share/cmake-3.25/Modules/X.cmake(95):  if(...)"
			}
		}
		if indent > 0 && f&fDash != 0 && placeThenSeverity(t[colon:]) {
			return true // pyright, indented under its file: "  /src/cart.py:10:32 - error: Argument of type ..."
		}
		if f&fParen != 0 && severityAfterPlace(t, colon) {
			return true // fpc, nim: "inventory.pas(28,21) Error: Identifier not found"
		}
		if i := indexFrom(t, colon, []byte(": In ")); i > 0 {
			r := t[i+5:]
			return hasPrefix(r, "function ") || hasPrefix(r, "member function ")
		}
	}
	if f&fDot == 0 {
		return false
	}
	if perlMessage(t, indent > 0) {
		return true
	}
	if i := indexEllipsis(t); i > 0 {
		// unittest and cargo test results: "test_x (m.C.test_x) ... ok".
		r := t[i+5:]
		for _, p := range [...]string{"ok", "FAIL", "ERROR", "skipped", "ignored", "expected failure"} {
			if hasPrefix(r, p) {
				return true
			}
		}
	}
	return false
}

// toolSeverity reports a line a program heads with its name and a
// severity: "configure: error: …", "ld: warning: …", "cc1: fatal error: …".
// colon is the first ':' of t; the name before it has no blank.
func toolSeverity(t []byte, colon int) bool {
	r := t[colon:]
	if !hasPrefix(r, ": error: ") && !hasPrefix(r, ": warning: ") && !hasPrefix(r, ": fatal error: ") {
		return false
	}
	return bytes.IndexByte(t[:colon], ' ') < 0 && bytes.IndexByte(t[:colon], '\t') < 0
}

// stepResult reports a step of a configure-style check and its result:
// "checking for stdio.h... yes", "checking for suffix of executables... ":
// words, "... " right after the last one, then at most a short result. A
// weak vote: prose may trail off so. A line ending in "..." is text cut
// short (apropos), not a step.
func stepResult(t []byte) bool {
	i := bytes.Index(t, []byte("... "))
	if i <= 0 || t[i-1] == ' ' || t[i-1] == '.' || bytes.IndexByte(t[:i], ' ') < 0 {
		return false
	}
	return len(t)-i <= 44
}

// severityAfterPlace reports a diagnostic whose place, in parentheses, is
// followed by a severity word that ends at the line's first colon (colon):
// Free Pascal's "inventory.pas(28,21) Error: Identifier not found" and
// nim's "ledger.nim(19, 28) Error: type mismatch". Only the bytes just
// before the colon are read.
func severityAfterPlace(t []byte, colon int) bool {
	s := colon
	for s > 0 && colon-s < len("Warning") && (isLower(t[s-1]) || isUpper(t[s-1])) {
		s--
	}
	if s < 4 || t[s-1] != ' ' || t[s-2] != ')' || !isDigit(t[s-3]) {
		return false // most lines: no ") Word:" before the colon
	}
	switch string(t[s:colon]) {
	case "Error", "Warning", "Fatal", "Note", "Hint":
		return true
	}
	return false
}

// placeThenSeverity reports the rest of a diagnostic from the colon
// after its path: ":10:32 - error: msg" (pyright, tsc --pretty),
// ":3 - warning: msg".
func placeThenSeverity(r []byte) bool {
	_, e := toolline.Number(r[1:])
	if e == 0 {
		return false
	}
	r = r[1+e:]
	if len(r) > 1 && r[0] == ':' {
		if _, e = toolline.Number(r[1:]); e == 0 {
			return false
		}
		r = r[1+e:]
	}
	return hasPrefix(r, " - error") || hasPrefix(r, " - warning") || hasPrefix(r, " - information")
}

// tabLevel reports a logger's line with tabs between its fields: a
// bracketed name, a tab, a level in capitals, a tab.
func tabLevel(t []byte) bool {
	e := bytes.IndexByte(t, ']')
	if e < 2 || e > 40 || e+1 >= len(t) || t[e+1] != '\t' {
		return false
	}
	r := t[e+2:]
	tab := bytes.IndexByte(r, '\t')
	if tab < 0 {
		return false
	}
	switch string(r[:tab]) {
	case "DEBUG", "INFO", "WARNING", "WARN", "ERROR", "CRITICAL", "FATAL", "NOTICE", "TRACE":
		return true
	}
	return false
}

// prefixFits rejects prefix matches that are prose or code, such as "OKAY"
// for "OK" or "at least" for "at ".
func prefixFits(line, t []byte, p string) bool {
	switch p {
	case "OK", "PASS", "FAIL", "FAILED", "PASSED", "XPASS", "Killed", "Aborted":
		return len(t) == len(p) || !isWordByte(t[len(p)])
	case "at ":
		// JavaScript and Rust stack frames: "at fn (file:1:2)", "at ./src/lib.rs:6:15".
		return bytes.IndexByte(t, ':') > 0 && (bytes.IndexByte(t, '(') > 0 || bytes.IndexByte(t, '/') > 0)
	case "running ":
		return bytes.Contains(t, []byte(" test"))
	case "while executing", "invoked from within":
		return len(t) == len(p) && len(t) < len(line) // alone on an indented line
	case "(procedure \"", "(file \"":
		return len(t) < len(line) && bytes.HasSuffix(t, []byte(")")) && bytes.Contains(t, []byte(" line ")) // "(procedure "load" line 1)"
	case "# ./":
		return bytes.Contains(t, []byte(":in `")) // an rspec backtrace frame: "# ./lib/cart.rb:15:in `discount'"
	case "Step ":
		return len(t) > 5 && t[5] >= '0' && t[5] <= '9'
	case "[ ":
		return bytes.IndexByte(t, '%') > 0 // cmake progress "[ 50%] Building"
	case "-- ":
		return t[0] == line[0] && len(t) > 3 && t[3] >= 'A' && t[3] <= 'Z' // cmake "-- Configuring done"
	case "cc ", "gcc ", "g++ ", "clang ", "clang++ ", "ar ", "ranlib ", "cmake ":
		return bytes.Contains(t, []byte(" -")) // a command line with flags
	case "added ", "removed ", "changed ", "audited ":
		return bytes.Contains(t, []byte(" package"))
	case "Running ", "Compiling ", "Checking ", "Finished ", "Fresh ":
		return true
	case "The following ":
		return bytes.Contains(t, []byte("package"))
	case "Inst ", "Conf ", "Remv ", "Purg ":
		return aptAction(t[5:])
	}
	return true
}

// aptAction reports whether r, after apt-get -s's "Inst " or "Conf ", is a
// package name followed by its versions: "perl [5.36.0-7] (5.36.0-8 Debian:12 [amd64])".
func aptAction(r []byte) bool {
	n := 0
	for n < len(r) && (isLower(r[n]) || r[n] >= '0' && r[n] <= '9' || r[n] == '-' || r[n] == '+' || r[n] == '.' || r[n] == ':') {
		n++
	}
	return n > 0 && (hasPrefix(r[n:], " (") || hasPrefix(r[n:], " [")) && (r[len(r)-1] == ')' || r[len(r)-1] == ']')
}

// testRunnerLine matches the lines of test runners that have no fixed
// prefix: pytest's section banners, -v results and progress, "E" failure
// lines, and the closing counts "2 failed, 3 passed in 0.12s". line is the
// whole line, t the line without its indent, colon the index of the first
// ':' in t or -1 (also when t has no '.', so no ".py::").
func testRunnerLine(line, t []byte, colon int) bool {
	if _, _, ok := toolline.Banner(t); ok {
		return true
	}
	if failMarker(line) || toolline.TestCounts(t) || toolline.ProgressEnd(t) {
		return true
	}
	return colon >= 0 && indexFrom(t, max(colon-3, 0), []byte(".py::")) >= 0 && toolline.NodeResult(t)
}

// indexEllipsis is bytes.Index(t, " ... "), found from the dots, which
// are rarer than spaces.
func indexEllipsis(t []byte) int {
	for i := 0; i < len(t); i++ {
		j := bytes.IndexByte(t[i:], '.')
		if j < 0 {
			break
		}
		i += j
		if i > 0 && t[i-1] == ' ' && i+3 < len(t) && t[i+1] == '.' && t[i+2] == '.' && t[i+3] == ' ' {
			return i - 1
		}
	}
	return -1
}

// indexFrom is bytes.Index(b, p) for a p that cannot occur before b[from].
func indexFrom(b []byte, from int, p []byte) int {
	if i := bytes.Index(b[from:], p); i >= 0 {
		return from + i
	}
	return -1
}

// failMarker matches pytest's "E   " lines, which hold the exception and
// assertion details under a quoted source line; "E" is in column 0.
func failMarker(line []byte) bool {
	return len(line) >= 4 && line[0] == 'E' && line[1] == ' ' && line[2] == ' ' && line[3] == ' '
}

// flowMarker matches pytest's ">   code" line: the quoted source line where a
// traceback entry failed.
func flowMarker(line []byte) bool {
	return len(line) >= 5 && line[0] == '>' && line[1] == ' ' && line[2] == ' ' && line[3] == ' '
}

// goTestOutput matches indented go test messages "file_test.go:12: text".
func goTestOutput(t []byte) bool {
	h, ok := toolline.ParseHit(t)
	return ok && !h.Context && bytes.HasSuffix(h.Path, []byte(".go")) && len(h.Text) > 0 && h.Text[0] == ' '
}

// exceptionLine matches "ValueError: bad", "java.lang.IllegalStateException: x"
// and "Exception in thread ...": a dotted CamelCase name ending in Error,
// Exception or Warning, then ':' or the end of the line.
func exceptionLine(t []byte) bool {
	if hasPrefix(t, "Exception in thread") {
		return true
	}
	end := 0
	for end < len(t) && (isWordByte(t[end]) || t[end] == '.' || t[end] == '$') {
		end++
	}
	if end == 0 || end < len(t) && t[end] != ':' {
		return false
	}
	name := t[:end]
	if i := bytes.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	if len(name) == 0 || !isUpper(name[0]) {
		return false
	}
	for _, s := range [...]string{"Error", "Exception", "Warning", "Interrupt", "Exit"} {
		if bytes.HasSuffix(name, []byte(s)) {
			return true
		}
	}
	return false
}

// exceptionName is exceptionLine(t) for a t whose first ':' is at colon
// (or -1). The name can only end there, or at the end of the line, so its
// suffix is checked before its bytes are.
func exceptionName(t []byte, colon int) bool {
	e := colon
	if e < 0 {
		e = len(t)
	}
	if e == 0 || hasPrefix(t, "Exception in thread") {
		return exceptionLine(t)
	}
	switch t[e-1] {
	case 'r', 'n', 'g', 't': // Error, Exception, Warning, Interrupt, Exit
		return exceptionLine(t)
	}
	return false
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

func digits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

// loggerReports votes Log for the reports of Erlang's logger, a header
// "=SUPERVISOR REPORT==== 1-Dec-2026::15:36:30.001451 ===" and the indented
// Erlang terms under it up to a blank line, which read as code line by
// line.
func loggerReports(b []byte, lines []lineInfo) {
	for i := 0; i < len(lines); i++ {
		if li := &lines[i]; li.weight == wForced || li.end-li.start < 12 || b[li.start] != '=' {
			continue // not a header: see erlangReportHeader's first test
		}
		if !erlangReportHeader(lines[i].text(b)) {
			continue
		}
		lines[i].kind, lines[i].weight = kLog, wStrong
		for i+1 < len(lines) && !lines[i+1].blank && lines[i+1].weight != wForced {
			next := lines[i+1].text(b)
			if len(next) == 0 || next[0] != ' ' && next[0] != '\t' {
				break
			}
			i++
			lines[i].kind, lines[i].weight = kLog, wStrong
		}
	}
}

// tapDiagnostics votes Log for the YAML block a TAP producer indents under
// a test's result, "  ---" to "  ...": eslint -f tap and node --test put a
// failure's message, severity and location there, and a long block read
// line by line is prose or configuration.
func tapDiagnostics(b []byte, lines []lineInfo) {
	for i := 0; i+1 < len(lines); i++ {
		t := lines[i].text(b)
		if len(t) < 4 || t[0] != 'o' && t[0] != 'n' || !toolline.TAPResult(t) {
			continue
		}
		open := trimBlank(lines[i+1].text(b))
		if string(open) != "---" || lines[i+1].weight == wForced {
			continue
		}
		end := i + 2
		for end < len(lines) && lines[end].weight != wForced {
			l := lines[end].text(b)
			if len(l) > 0 && l[0] != ' ' && l[0] != '\t' {
				break // a line at the margin: the block was not closed
			}
			end++
			if string(trimBlank(l)) == "..." {
				break
			}
		}
		for k := i + 1; k < end; k++ {
			if !lines[k].blank {
				lines[k].kind, lines[k].weight = kLog, wStrong
			}
		}
		i = end - 1
	}
}

// erlangReportHeader matches "=ERROR REPORT==== 1-Dec-2026::15:36:30 ===".
func erlangReportHeader(t []byte) bool {
	if len(t) < 12 || t[0] != '=' || t[1] < 'A' || t[1] > 'Z' {
		return false
	}
	k := bytes.Index(t, []byte(" REPORT===="))
	return k > 1 && bytes.HasSuffix(t, []byte(" ===")) && bytes.IndexByte(t[1:k], ' ') < 0
}

// quotedSource votes Log for a source line a checker quotes between its
// diagnostic and a caret line, unindented (cppcheck: "buf.c:6:42: error:
// ...", then the line, then "    ^"), which alone reads as code.
func quotedSource(b []byte, lines []lineInfo) {
	for i := 1; i+1 < len(lines); i++ {
		li := &lines[i]
		if li.kind != kCode || li.weight == wForced || lines[i-1].kind != kLog || !caretLine(lines[i+1].text(b)) {
			continue
		}
		if h, ok := toolline.ParseHit(lines[i-1].text(b)); !ok || !isDiagnostic(h) {
			continue
		}
		li.kind, li.weight = kLog, wStrong
		lines[i+1].kind, lines[i+1].weight = kLog, wStrong
	}
}

// numberedExcerpts votes Log for the source a report quotes with its line
// numbers and a tab ("6\tdef tmp():", "7\t    return open(…)"), the
// numbers rising by one, when a log line stands at most four lines above
// it with no blank between: bandit's issues ("Location: ./server.py:7",
// then the excerpt). Alone such lines are a column of numbers and a
// column of text, a TSV.
func numberedExcerpts(b []byte, lines []lineInfo) {
	lastLog := -10 // the last line voted Log strongly, not by this pass
	for i := 0; i < len(lines); i++ {
		li := &lines[i]
		if li.blank {
			lastLog = -10
			continue
		}
		if li.kind == kLog && li.weight >= wStrong {
			lastLog = i
			continue
		}
		if li.feat&fTab == 0 || i-lastLog > 4 || li.weight == wForced {
			continue
		}
		n, ok := excerptNumber(li.text(b))
		if !ok {
			continue
		}
		j := i + 1
		for ; j < len(lines) && !lines[j].blank && lines[j].weight != wForced; j++ {
			m, ok := excerptNumber(lines[j].text(b))
			if !ok || m != n+1 {
				break
			}
			n = m
		}
		if j-i < 2 {
			continue
		}
		for k := i; k < j; k++ {
			lines[k].kind, lines[k].weight = kLog, wStrong
		}
		i = j - 1
	}
}

// excerptNumber returns the line number opening a quoted source line, a
// number at column 0 then a tab.
func excerptNumber(t []byte) (int, bool) {
	n, e := 0, 0
	for e < len(t) && e < 9 && isDigit(t[e]) {
		n = n*10 + int(t[e]-'0')
		e++
	}
	return n, e > 0 && e < len(t) && t[e] == '\t'
}

// caretLine matches a line of blanks, then a caret and maybe tildes:
// "      ^", "   ^~~~".
func caretLine(t []byte) bool {
	t = trimBlank(t)
	if len(t) == 0 || t[0] != '^' {
		return false
	}
	for _, c := range t[1:] {
		if c != '~' && c != '^' && c != ' ' {
			return false
		}
	}
	return true
}

// cmakeScript reports a path that names a CMake script, as cmake --trace
// prints before each command it runs.
func cmakeScript(p []byte) bool {
	return bytes.HasSuffix(p, []byte(".cmake")) || bytes.HasSuffix(p, []byte("CMakeLists.txt"))
}

// perfScriptFrame reports a frame of a sample perf script prints, under
// the sample's "prof 8691 37058.813612: 500000 cpu-clock:ppp:" line: an
// address, the symbol with its offset, the object in parentheses:
// "ffffffff815a4bc1 next_uptodate_folio+0xc1 ([kernel.kallsyms])".
func perfScriptFrame(t []byte) bool {
	i := 0
	for i < len(t) && isHexDigit(t[i]) {
		i++
	}
	if i == 0 || i >= len(t) || t[i] != ' ' || t[len(t)-1] != ')' {
		return false
	}
	sym := t[i+1:]
	sp := bytes.IndexByte(sym, ' ')
	return sp > 0 && hasPrefix(sym[sp:], " (") && (bytes.Contains(sym[:sp], []byte("+0x")) || string(sym[:sp]) == "[unknown]")
}

func isHexDigit(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' }

// perlMessage reports a line perl prints for a script: a compile error,
// warning or die message ending in its place, "... at inventory.pl line 4."
// (maybe "..., <STDIN> line 2."), and perl -c's verdicts "x.pl had
// compilation errors." and "x.pl syntax OK"; indented, a frame of the
// stack Carp's confess and cluck print under the message, "main::load(\"a\")
// called at carp.pl line 6". Only the line's end is read.
func perlMessage(t []byte, indented bool) bool {
	n := len(t)
	if t[n-1] == '.' {
		n--
	}
	if n == 0 {
		return false
	}
	switch c := t[n-1]; { // most lines are ruled out by their last bytes
	case c == 's' && n < len(t):
		return !indented && bytes.HasSuffix(t, []byte(" had compilation errors."))
	case c == 'K' && n == len(t):
		return !indented && bytes.HasSuffix(t, []byte(" syntax OK"))
	case !isDigit(c):
		return false
	}
	r, ok := cutLineNumber(t)
	if !ok {
		return false
	}
	if i := bytes.LastIndex(r, []byte(", <")); i > 0 && r[len(r)-1] == '>' {
		if r, ok = cutLineNumber(r[:i]); !ok { // the place of the last read: ", <STDIN> line 2"
			return false
		}
	}
	sp := bytes.LastIndexByte(r, ' ')
	if sp <= 0 || sp == len(r)-1 {
		return false
	}
	if indented {
		return bytes.HasSuffix(r[:sp], []byte(" called at"))
	}
	return bytes.HasSuffix(r[:sp], []byte(" at"))
}

// cutLineNumber returns t without its trailing " line N" or " line N.",
// and whether it had one.
func cutLineNumber(t []byte) ([]byte, bool) {
	n := len(t)
	if n > 0 && t[n-1] == '.' {
		n--
	}
	e := n
	for e > 0 && isDigit(t[e-1]) {
		e--
	}
	if e == n || !bytes.HasSuffix(t[:e], []byte(" line ")) {
		return nil, false
	}
	return t[:e-len(" line ")], true
}

// includeChain reports a line of gcc's and clang's include chain under
// "In file included from a.h:3,": "from PATH:N," or, the last, "from
// PATH:N:", which Python's "from x import y" is not.
func includeChain(t []byte) bool {
	if !hasPrefix(t, "from ") || len(t) < len("from a:1,") || t[len(t)-1] != ',' && t[len(t)-1] != ':' {
		return false
	}
	p := t[len("from ") : len(t)-1]
	c := bytes.LastIndexByte(p, ':')
	if c <= 0 || c == len(p)-1 || bytes.IndexByte(p[:c], ' ') >= 0 {
		return false
	}
	for _, d := range p[c+1:] {
		if !isDigit(d) {
			return false
		}
	}
	return true
}

// clojureFrame reports a Clojure frame without Java's "at " (Maven's
// frames, "at org.a.B.run (B.java:3)", are read as Java's).
func clojureFrame(line []byte) bool {
	ok, _ := toolline.ClojureFrame(line)
	return ok && !hasPrefix(trimBlank(line), "at ")
}
