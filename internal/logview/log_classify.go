package logview

import (
	"bytes"
	"unsafe"

	"github.com/kompress/kompress/internal/toolline"
)

// logClassify tells whether a line reports a failure, a summary or a
// warning. It is a hand-written scan over the line's words: no regular
// expressions on the hot path.
func logClassify(text []byte) logClass { return logClassifyIn(text, true) }

// logRaceInTest ends the line the race detector adds to a test's failure.
const logRaceInTest = ": race detected during execution of test"

// logClassifyIn is logClassify of a line of a text that may hold
// logRaceInTest (race false: the text has none, asked once rather than of
// every line).
func logClassifyIn(text []byte, race bool) logClass {
	t := logTrimBlank(text)
	if len(t) == 0 {
		return logPlain
	}
	if t[0] >= 'a' && t[0] <= 'z' && len(t) == len(text) {
		// dmesg -x names each line's level: err and worse are failures,
		// warn a warning, whatever words the message holds.
		if level, _, ok := toolline.KernelLevel(t); ok {
			switch string(level) {
			case "emerg", "alert", "crit", "err":
				return logFailure
			case "warn":
				if logWords(text) != logFailure {
					return logNotable
				}
			}
		}
	}
	switch {
	case !logOpeners[t[0]] && !logOpeners[text[0]]:
		// None of the openers below: only the race report's line may match.
		if race && bytes.Contains(t, []byte(logRaceInTest)) {
			return logFailure
		}
	case bytes.HasPrefix(t, []byte("--- FAIL")), bytes.HasPrefix(t, []byte("FAIL")),
		bytes.HasPrefix(text, []byte("E: ")), bytes.HasPrefix(text, []byte("npm ERR!")),
		bytes.HasPrefix(text, []byte("npm error")), bytes.HasPrefix(t, []byte("not ok ")),
		bytes.HasPrefix(text, []byte("make: ***")), logPytestE(text),
		bytes.HasPrefix(t, []byte("● ")), bytes.HasPrefix(t, []byte("× ")),
		bytes.HasPrefix(text, []byte("WARNING: DATA RACE")), logRaceFound(t),
		race && bytes.Contains(t, []byte(logRaceInTest)):
		// "● suite › test" heads a jest failure; "× test" is vitest's.
		return logFailure
	case bytes.HasPrefix(text, []byte("W: ")), bytes.HasPrefix(text, []byte("npm warn")),
		bytes.HasPrefix(text, []byte("npm WARN")):
		if logWords(text) == logFailure {
			return logFailure
		}
		return logNotable
	case logGoPackageLine(text):
		if bytes.Contains(text, []byte("[no test files]")) {
			return logPlain
		}
		return logSummary
	case bytes.Equal(t, []byte("PASS")), bytes.Equal(t, []byte("OK")):
		return logSummary
	}
	if logErlangFailure(text) {
		return logFailure
	}
	if t[0] >= '0' && t[0] <= '9' || t[0] == ':' {
		if status, ok := toolline.AccessLog(t); ok {
			// An access log line: a server error is a failure, a client
			// error (404) notable, the rest plain.
			switch {
			case status >= 500:
				return logFailure
			case status >= 400:
				return logNotable
			}
			return logPlain
		}
	}
	if (t[0] == '<' || t[0] == '>') && logCurlExchange(t) {
		return logSummary
	}
	if t[0] == '(' && len(t) == len(text) && logDebuggerAnswer(t) {
		return logSummary
	}
	if sev, ok := logDiagnostic(text); ok {
		return sev
	}
	class := logWords(text)
	if class == logPlain && (logSummaryPrefix(t) || logPlanTop(text)) {
		return logSummary
	}
	return class
}

// logDebuggerAnswer matches a debugger session's command, "(lldb) frame
// variable", "(gdb) print q", and the top-level variables lldb answers
// with, "(int) i = 3", "(Queue &) q = 0x00007fffffffe680: {": what was
// asked of the program and what it held, kept as a summary is.
func logDebuggerAnswer(t []byte) bool {
	if bytes.HasPrefix(t, []byte("(lldb) ")) || bytes.HasPrefix(t, []byte("(gdb) ")) {
		return true
	}
	p := bytes.Index(t, []byte(") "))
	if p < 2 || p > 200 {
		return false
	}
	r := t[p+2:]
	e := 0
	for e < len(r) && (r[e] == '_' || r[e] >= 'a' && r[e] <= 'z' || r[e] >= 'A' && r[e] <= 'Z' || e > 0 && r[e] >= '0' && r[e] <= '9') {
		e++
	}
	return e > 0 && bytes.HasPrefix(r[e:], []byte(" = "))
}

// logCurlExchange matches curl -v's request and response lines, "> GET
// /api HTTP/1.1" and "< HTTP/1.1 200 OK": what was asked and what came
// back, among the handshake lines around them.
func logCurlExchange(t []byte) bool {
	if bytes.HasPrefix(t, []byte("< HTTP/")) {
		_, ok := toolline.HTTPStatus(t[2:])
		return ok
	}
	if !bytes.HasPrefix(t, []byte("> ")) {
		return false
	}
	sp := bytes.IndexByte(t[2:], ' ')
	if sp <= 0 {
		return false
	}
	for _, c := range t[2 : 2+sp] {
		if c < 'A' || c > 'Z' {
			return false
		}
	}
	return bytes.Contains(t[2+sp:], []byte(" HTTP/"))
}

// logErlangFailure matches the header of an Erlang logger report of a
// failure: "=ERROR REPORT====", "=CRASH REPORT====", "=SUPERVISOR
// REPORT====" (a child's exit), each followed by the date.
func logErlangFailure(text []byte) bool {
	return len(text) > 0 && text[0] == '=' && (bytes.HasPrefix(text, []byte("=ERROR REPORT====")) ||
		bytes.HasPrefix(text, []byte("=CRASH REPORT====")) || bytes.HasPrefix(text, []byte("=SUPERVISOR REPORT====")))
}

// logOpeners are the first bytes of the line openers logClassify knows
// (of the line or of its text after the indentation): a line starting
// with another byte skips their comparisons.
var logOpeners = func() (t [256]bool) {
	for _, c := range []byte("-FnPOEmWo?") {
		t[c] = true
	}
	t[0xE2], t[0xC3] = true, true // "● ", "× "
	return t
}()

// logPlanTop matches the top node of a PostgreSQL EXPLAIN plan, which psql
// indents by one space: " Sort  (cost=34.1..34.2 rows=13 width=40) (actual
// time=...)". Its nested nodes ("  ->  Hash Join  (cost=...") are detail.
func logPlanTop(text []byte) bool {
	if len(text) < 2 || text[0] != ' ' || text[1] == ' ' {
		return false
	}
	k := bytes.Index(text, []byte("  (cost="))
	return k > 1 && bytes.IndexByte(text[:k], '|') < 0 && !bytes.HasPrefix(text[1:], []byte("->"))
}

// logRaceFound matches the race detector's "Found 2 data race(s)".
func logRaceFound(t []byte) bool {
	r, ok := bytes.CutPrefix(t, []byte("Found "))
	return ok && len(r) > 0 && r[0] >= '1' && r[0] <= '9' && bytes.HasSuffix(r, []byte(" data race(s)"))
}

// logPytestE matches pytest's "E       assert x == y" lines.
func logPytestE(text []byte) bool {
	return len(text) > 3 && text[0] == 'E' && text[1] == ' ' && text[2] == ' '
}

// logGoPackageLine matches go test's per-package result lines:
// "ok  \tpkg\t0.01s", "FAIL\tpkg\t0.01s", "?   \tpkg\t[no test files]".
func logGoPackageLine(text []byte) bool {
	for _, p := range [][]byte{[]byte("ok  \t"), []byte("ok \t"), []byte("?   \t"), []byte("FAIL\t")} {
		if bytes.HasPrefix(text, p) && len(text) > len(p) && text[len(p)] != ' ' {
			return true
		}
	}
	return false
}

// logDiagnostic matches compiler diagnostics at the start of a line,
// "path.ext:LINE[:COL]: message", and reads their severity: warnings are
// notable, notes plain, everything else (errors, go vet) a failure.
func logDiagnostic(text []byte) (logClass, bool) {
	i := 0
	dot := false
	for i < len(text) && text[i] != ':' && text[i] != ' ' && text[i] != '\t' {
		dot = dot || text[i] == '.'
		i++
	}
	// A drive letter ("C:\src\a.c:3:1: error") is part of the path.
	if i == 1 && len(text) > 3 && (text[2] == '\\' || text[2] == '/') {
		i = 2
		for i < len(text) && text[i] != ':' && text[i] != ' ' && text[i] != '\t' {
			dot = dot || text[i] == '.'
			i++
		}
	}
	if !dot || i == 0 || i >= len(text) || text[i] != ':' {
		return logPlain, false
	}
	k := i + 1
	digits := 0
	for k < len(text) && text[k] >= '0' && text[k] <= '9' {
		k++
		digits++
	}
	if digits == 0 || k >= len(text) || text[k] != ':' {
		return logPlain, false
	}
	k++
	for k < len(text) && text[k] >= '0' && text[k] <= '9' {
		k++
	}
	if k < len(text) && text[k] == ':' {
		k++
	}
	if k >= len(text) || text[k] != ' ' {
		return logPlain, false
	}
	msg := bytes.TrimLeft(text[k:], " ")
	switch {
	case logHasFoldPrefix(msg, "warning"):
		return logNotable, true
	case logHasFoldPrefix(msg, "note:"), logHasFoldPrefix(msg, "info:"):
		return logPlain, true
	}
	return logFailure, true
}

// logWords scans the words of a line (runs of letters, digits and '_') for
// failure and warning vocabulary. Words inside paths and flag values do not
// count, so "packagefile errors=/tmp/…" and "-p errors" stay plain.
func logWords(text []byte) logClass {
	class := logPlain
	fieldStart, flagValue := 0, false
	// pathLike is logPathLike of the field, looked up for the fields that
	// hold a word logWordClass knows: 0 not yet, 1 no, 2 yes.
	pathLike := uint8(0)
	prevWord, beforePrev := []byte(nil), []byte(nil)
	for i := 0; i < len(text); {
		c := text[i]
		if c == ' ' || c == '\t' {
			i++
			if i < len(text) && text[i] != ' ' && text[i] != '\t' {
				flagValue = text[fieldStart] == '-' && i-fieldStart > 2
				fieldStart = i
			}
			pathLike = 1 // blanks hold no path
			continue
		}
		if i == fieldStart {
			pathLike = 0
		} else if logPunct[c] {
			// A run of punctuation inside a field: nothing to judge.
			for i++; i < len(text) && logPunct[text[i]]; i++ {
			}
			continue
		}
		if c >= 0x80 {
			if logFailureSymbol(text[i:]) {
				return logFailure
			}
			if bytes.HasPrefix(text[i:], []byte("⚠")) && class == logPlain {
				class = logNotable
			}
			i++
			continue
		}
		if !logWordByte(c) {
			i++
			continue
		}
		j := i
		for j < len(text) && logWordByte(text[j]) {
			j++
		}
		word := text[i:j]
		next, after, prev := byte(0), byte(0), byte(0)
		if j < len(text) {
			next = text[j]
		}
		if j+1 < len(text) {
			after = text[j+1]
		}
		if i > 0 {
			prev = text[i-1]
		}
		// logWordClass knows no word shorter than 3 or longer than 24
		// bytes, nor one its vocabulary cannot hold: skip the call for
		// those. Words joined to names ("assert-plus", "errors.New",
		// "pkg@error", "-p errors") name things rather than report them.
		if len(word) >= 3 && len(word) <= 24 && logWordKnown(word) &&
			!(prev == '-' || prev == '.' || prev == '@' || next == '-' || next == '@' || next == '=' ||
				(next == '.' && logWordByte(after)) || flagValue) {
			last := prevWord
			if (bytes.Equal(beforePrev, []byte("no")) || bytes.Equal(beforePrev, []byte("No"))) && !bytes.Equal(prevWord, logDash) {
				last = beforePrev // "No syntax errors detected" counts none, as "no errors" does
			}
			wc := logWordClass(word, last, text[j:])
			if wc != logPlain && pathLike == 0 {
				pathLike = 1
				if logPathLike(text[fieldStart:]) {
					pathLike = 2
				}
			}
			if pathLike == 2 {
				wc = logPlain
			}
			switch wc {
			case logFailure:
				return logFailure
			case logNotable:
				class = logNotable
			case logSummary:
				if class == logPlain {
					class = logSummary
				}
			}
		}
		beforePrev, prevWord = prevWord, word
		if i != fieldStart || (next != ' ' && next != '\t' && next != 0) {
			// Only a number standing alone counts things: "3 passed",
			// not "case[0] PASSED".
			prevWord = logDash
		}
		i = j
	}
	return class
}

// logWordKnown reports whether logWordClass can tell word anything but
// plain: a word of its vocabulary's first letter and length, or a name
// ending in Error or Exception. Most words of a line are neither.
func logWordKnown(word []byte) bool {
	first := word[0]
	if first >= 'A' && first <= 'Z' {
		if bytes.HasSuffix(word, []byte("Error")) || bytes.HasSuffix(word, []byte("Exception")) {
			return true
		}
		first += 'a' - 'A'
	}
	return logVocabLens[first]&(1<<len(word)) != 0
}

// logDash stands for a word that counts nothing (see logWords); shared,
// never written.
var logDash = []byte("-")

func logWordByte(c byte) bool { return logWordBytes[c] }

// logPunct marks the ASCII bytes that are neither blanks nor word bytes:
// logWords passes a run of them at once.
var logPunct = func() (t [256]bool) {
	for c := 0; c < 0x80; c++ {
		t[c] = !logWordBytes[c] && c != ' ' && c != '\t'
	}
	return t
}()

var logWordBytes = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
	}
	return t
}()

// logPathLike reports whether the field starting at f looks like a path or
// URL, where words are names rather than reports.
func logPathLike(f []byte) bool {
	for _, c := range f {
		switch c {
		case ' ', '\t':
			return false
		case '/', '\\':
			return true
		}
	}
	return false
}

func logFailureSymbol(b []byte) bool {
	for _, s := range []string{"✗", "✘", "✖", "✕", "❌", "💥"} {
		if bytes.HasPrefix(b, []byte(s)) {
			return true
		}
	}
	return false
}

// logWordClass classifies one word given the word before it and the rest
// of the line after it.
func logWordClass(word, prev, rest []byte) logClass {
	next := byte(0)
	if len(rest) > 0 {
		next = rest[0]
	}
	if len(word) < 3 || len(word) > 24 {
		return logPlain
	}
	// TypeError:, ZeroDivisionError, NullPointerException, ...
	for _, suf := range []string{"Error", "Exception"} {
		if len(word) > len(suf) && bytes.HasSuffix(word, []byte(suf)) && word[0] >= 'A' && word[0] <= 'Z' &&
			(next == ':' || next == 0 || next == ' ') {
			return logFailure
		}
	}
	first := word[0]
	if first >= 'A' && first <= 'Z' {
		first += 'a' - 'A'
	}
	if logVocabLens[first]&(1<<len(word)) == 0 {
		return logPlain // no word of the switch below starts so and is so long
	}
	var buf [24]byte
	lw := buf[:len(word)]
	for k, c := range word {
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		lw[k] = c
	}
	zero := bytes.Equal(prev, []byte("0")) || bytes.Equal(prev, []byte("no")) || bytes.Equal(prev, []byte("No"))
	switch string(lw) { // the words of logVocabulary, which must list them all
	case "error", "fail", "failed", "failure", "failures", "fatal", "panic", "panicked",
		"traceback", "exception", "assertion", "assert", "segfault", "aborted", "abort",
		"crashed", "critical", "refused", "denied", "unhandled", "uncaught", "timeout":
		if zero {
			return logSummary
		}
		if string(lw) == "timeout" && next != ':' {
			return logPlain
		}
		return logFailure
	case "errors":
		if zero {
			return logSummary
		}
		return logFailure
	case "err":
		if bytes.Equal(word, []byte("ERR")) {
			return logFailure
		}
	case "status", "code":
		// "exit status 2", "exit code 1", "exited with code 127"
		if (bytes.Equal(prev, []byte("exit")) || bytes.Equal(prev, []byte("with"))) && next == ' ' {
			return logExitCode(rest)
		}
	case "warning", "warnings", "warn", "deprecated", "deprecation":
		if zero {
			return logSummary
		}
		return logNotable
	case "passed", "passing", "skipped", "pending", "tests", "packages", "upgraded",
		"installed", "vulnerabilities", "examples", "specs", "suites", "assertions", "succeeded":
		if len(prev) > 0 && prev[0] >= '0' && prev[0] <= '9' {
			return logSummary
		}
	}
	return logPlain
}

// logVocabulary is every word logWordClass's switch knows, lower case.
var logVocabulary = []string{
	"error", "fail", "failed", "failure", "failures", "fatal", "panic", "panicked",
	"traceback", "exception", "assertion", "assert", "segfault", "aborted", "abort",
	"crashed", "critical", "refused", "denied", "unhandled", "uncaught", "timeout",
	"errors", "err", "status", "code",
	"warning", "warnings", "warn", "deprecated", "deprecation",
	"passed", "passing", "skipped", "pending", "tests", "packages", "upgraded",
	"installed", "vulnerabilities", "examples", "specs", "suites", "assertions", "succeeded",
}

// logVocabLens has bit n set for the first byte of each word of
// logVocabulary n bytes long: most words of a line are told plain by it.
var logVocabLens = func() (t [256]uint32) {
	for _, w := range logVocabulary {
		t[w[0]] |= 1 << len(w)
	}
	return t
}()

// logExitCode reads the number that follows "exit status" or "exit code";
// only a non-zero exit is a failure.
func logExitCode(rest []byte) logClass {
	rest = bytes.TrimLeft(rest, " ")
	if len(rest) == 0 || rest[0] < '0' || rest[0] > '9' {
		return logPlain
	}
	if rest[0] == '0' && (len(rest) == 1 || rest[1] < '0' || rest[1] > '9') {
		return logSummary
	}
	return logFailure
}

// logSummaryPrefixes open the closing lines of common tools.
var logSummaryPrefixes = []string{
	"BUILD SUCCESSFUL", "BUILD FAILED", "Finished ", "Successfully ", "Done in ", "Fetched ",
	"Ran ", "OK (", "FAILED (", "test result:", "coverage:", "Tests:", "Test Suites:",
	"Time:", "added ", "up to date", "audited ", "found 0 vulnerabilities", "real\t",
	"Build succeeded", "Compiled successfully", "webpack compiled", "Snapshots:",
	"Planning Time:", "Execution Time:", // PostgreSQL EXPLAIN ANALYZE totals
}

// logSummaryFirst marks the first bytes of logSummaryPrefixes and of
// "make": a line that starts with another byte is no summary, told without
// comparing every prefix (logClassify asks of most lines of a log).
var logSummaryFirst = func() (t [256]bool) {
	for _, p := range logSummaryPrefixes {
		t[p[0]] = true
	}
	t['m'] = true
	return t
}()

// logSummaryPrefix matches the closing lines of common tools.
func logSummaryPrefix(t []byte) bool {
	if len(t) == 0 || !logSummaryFirst[t[0]] {
		return false
	}
	for _, p := range logSummaryPrefixes {
		if len(t) >= len(p) && t[0] == p[0] && string(t[:len(p)]) == p {
			return true
		}
	}
	// make: Leaving directory '/x', make[2]: Leaving directory '/x'
	if bytes.HasPrefix(t, []byte("make")) {
		if i := bytes.Index(t, []byte(": Leaving directory")); i > 0 && i < 12 {
			return true
		}
	}
	return false
}

func logHasFoldPrefix(b []byte, prefix string) bool {
	return len(b) >= len(prefix) && bytes.EqualFold(b[:len(prefix)], []byte(prefix))
}

// logMarkBlocks links the lines that continue a traceback, goroutine dump,
// stack or compiler diagnostic to the line that starts it, and numbers the
// frames so plan can trim long traces.
func logMarkBlocks(ls []logLine) {
	for i := 0; i < len(ls); {
		t := ls[i].text
		tl := bytes.TrimLeft(t, " ") // asked of every line, once
		// The first bytes pick the heads a line may be: most lines are
		// none, and are told so without a comparison of each.
		c, cl := byte(0), byte(0)
		if len(t) > 0 {
			c = t[0]
		}
		if len(tl) > 0 {
			cl = tl[0]
		}
		switch {
		case c == 'T' && bytes.HasPrefix(t, []byte("Traceback (most recent call last):")):
			i = logPyBlock(ls, i)
		case logPytestHead(t):
			logPytestBlock(ls, i)
			i++
		case cl == 0xe2 && bytes.HasPrefix(tl, []byte("● ")):
			logJestBlock(ls, i)
			i++ // stacks and snippets inside are marked on their own
		case c == 'p' && bytes.HasPrefix(t, []byte("panic: ")), c == 'f' && bytes.HasPrefix(t, []byte("fatal error: ")),
			c == 'S' && (bytes.HasPrefix(t, []byte("SIGQUIT: quit")) || bytes.HasPrefix(t, []byte("SIGSEGV: ")) ||
				bytes.HasPrefix(t, []byte("SIGABRT: "))):
			i = logGoBlock(ls, i)
		case c == 'W' && bytes.Equal(t, []byte("WARNING: DATA RACE")):
			i = logRaceBlock(ls, i)
		case cl == 'n' && bytes.HasPrefix(tl, []byte("not ok ")):
			i = logTapBlock(ls, i)
		case cl == 0xe2 && bytes.HasPrefix(tl, []byte("✖ ")):
			logIndentBlock(ls, i)
			i++ // stacks inside are marked on their own
		case (c == 'e' || c == 'w') && logRustHead(t):
			i = logRustBlock(ls, i)
		case logErlangFailure(t):
			// The report's fields and terms, up to the blank line after it.
			j := i + 1
			for ; j < len(ls) && len(bytes.TrimSpace(ls[j].text)) > 0; j++ {
				ls[j].block, ls[j].trace, ls[j].pos = int32(i), logDiagBlock, int32(j-i-1)
			}
			i = j
		case c == 's' && bytes.Equal(t, []byte("stack backtrace:")):
			i = logRustBacktrace(ls, i)
		case i+2 < len(ls) && logClojureFrame(ls[i+2].text) && !bytes.HasPrefix(logTrimBlank(ls[i+2].text), []byte("at ")) &&
			logClojureFrame(ls[i+1].text) && !logClojureFrame(t):
			// Before Java's: its first frame is behind " at " too, the
			// next are not (Maven's all are, read as Java's).
			i = logFrameBlock(ls, i, toolline.ClojureFrame)
		case i+1 < len(ls) && logStackFrame(ls[i+1].text) && !logStackFrame(t):
			i = logStackBlock(ls, i)
		case i+1 < len(ls) && logRubyFrame(ls[i+1].text) && !logRubyFrame(t):
			i = logRubyBlock(ls, i)
		default:
			if _, ok := logDiagnostic(t); ok {
				i = logSnippetBlock(ls, i)
				continue
			}
			i++
		}
	}
}

// logMarkRepeatedTraces marks the frames of a Python traceback or a Java or
// JavaScript stack that repeats, line for line, the frames of an earlier
// one whose head is shown (a worker logging the same exception on every
// order): they are counted in a note, and the lines that differ, the
// exception and its message, stay. Frames that differ in any byte (another
// line number, another value in a quoted source line) are no repeat. The
// frames dropped are byte-equal to lines shown above, so every failure line
// among them still appears verbatim in the view.
func logMarkRepeatedTraces(ls []logLine, src []byte) {
	var first map[string]bool // frames of the traces seen, joined by newlines
	var frames []byte
	for i := 0; i < len(ls); {
		head := ls[i].block
		if head < 0 || ls[i].trace != logPyTrace && ls[i].trace != logStack {
			i++
			continue
		}
		// The block's lines from here: its frames, and for a Java chain
		// the "Caused by:" lines between them.
		j := i
		frames = frames[:0]
		n := 0
		for ; j < len(ls) && ls[j].block == head; j++ {
			if ls[j].trace != logNoTrace {
				frames = append(frames, src[ls[j].start:ls[j].end]...)
				frames = append(frames, '\n')
				n++
			}
		}
		if n < 2 || !ls[head].must {
			i = j
			continue
		}
		if first == nil {
			first = make(map[string]bool)
		}
		if !first[string(frames)] {
			first[string(frames)] = true
			i = j
			continue
		}
		for k := i; k < j; k++ {
			if ls[k].trace != logNoTrace {
				ls[k].dup, ls[k].must = true, false
			}
		}
		i = j
	}
}

// logPytestHead matches pytest's "____ test_name ____" section rule.
func logPytestHead(t []byte) bool {
	return len(t) > 8 && bytes.HasPrefix(t, []byte("___")) && bytes.HasSuffix(t, []byte("___")) &&
		bytes.Contains(t, []byte("_ ")) && bytes.Contains(t, []byte(" _"))
}

// logPytestBlock marks a pytest failure section: the test's code, the
// "E   " lines and "file:line: Error" up to the next section or "====" rule.
func logPytestBlock(ls []logLine, head int) {
	for i := head + 1; i < len(ls); i++ {
		t := ls[i].text
		if logPytestHead(t) || bytes.HasPrefix(t, []byte("====")) {
			return
		}
		ls[i].block, ls[i].trace, ls[i].pos = int32(head), logDiagBlock, int32(i-head-1)
	}
}

// logCodeFrameContext matches a source line of a code frame that is not
// the failing one: "      4 |   total() { … }", not "    > 5 |   discount…"
// nor the caret line under it. The failing line, its caret and the stack
// frames under the frame say where the test failed.
func logCodeFrameContext(t []byte) bool {
	s := bytes.TrimLeft(t, " ")
	k := 0
	for k < len(s) && s[k] >= '0' && s[k] <= '9' {
		k++
	}
	return k > 0 && len(s) < len(t) && bytes.HasPrefix(s[k:], []byte(" |")) && (len(s) == k+2 || s[k+2] == ' ')
}

// logJestBlock marks a jest failure: the "● suite › test" line and the
// indented message, diff, code frame and stack under it, up to the next
// failure or the next line at the left margin.
func logJestBlock(ls []logLine, head int) {
	for i := head + 1; i < len(ls); i++ {
		t := ls[i].text
		if len(t) > 0 && (t[0] != ' ' || bytes.HasPrefix(bytes.TrimLeft(t, " "), []byte("● "))) {
			return
		}
		ls[i].block, ls[i].trace, ls[i].pos = int32(head), logDiagBlock, int32(i-head-1)
		if logCodeFrameContext(t) {
			ls[i].cut = logDropSource
		}
	}
}

// logPyBlock marks a Python traceback: the indented frame lines and the
// exception line that ends it.
func logPyBlock(ls []logLine, head int) int {
	i := head + 1
	for i < len(ls) && len(ls[i].text) > 0 && (ls[i].text[0] == ' ' || ls[i].text[0] == '\t') {
		i++
	}
	span := int32(i - head - 1)
	lastFrame := -1
	for k := head + 1; k < i; k++ {
		ls[k].block, ls[k].trace, ls[k].pos, ls[k].span = int32(head), logPyTrace, int32(k-head-1), span
		if bytes.HasPrefix(bytes.TrimLeft(ls[k].text, " \t"), []byte("File \"")) {
			lastFrame = k
		}
	}
	// The frames in the standard library or an installed package, but the
	// last, where the exception was raised, are library frames, with their
	// source lines and carets (indented deeper than the frame).
	for k := head + 1; k < lastFrame; k++ {
		s := bytes.TrimLeft(ls[k].text, " \t")
		if !toolline.PyLibFrame(s) {
			continue
		}
		indent := len(ls[k].text) - len(s)
		ls[k].cut = logDropLib
		for k+1 < lastFrame && len(ls[k+1].text)-len(bytes.TrimLeft(ls[k+1].text, " \t")) > indent {
			k++
			ls[k].cut = logDropLib
		}
	}
	if i < len(ls) && len(ls[i].text) > 0 {
		ls[i].block = int32(head) // the exception itself
		i++
	}
	return i
}

// logGoBlock marks a Go panic or fatal error with its goroutine dump.
func logGoBlock(ls []logLine, head int) int {
	gor, pos := int32(-1), int32(-1)
	i := head + 1
	for ; i < len(ls); i++ {
		t := ls[i].text
		switch {
		case bytes.HasPrefix(t, []byte("goroutine ")) && bytes.HasSuffix(t, []byte("]:")):
			gor++
			pos = -1
			ls[i].gor, ls[i].pos = gor, pos
			ls[i].trace = logGoTrace
			if gor == 0 {
				ls[i].trace = logNoTrace // the first header always stays
			}
		case gor < 0 && (bytes.HasPrefix(t, []byte("PC=")) || bytes.HasPrefix(t, []byte("m="))):
			// SIGQUIT's "PC=0x408c6e m=0 sigcode=0" before the goroutines.
		case len(t) == 0, bytes.HasPrefix(t, []byte("panic: ")), bytes.HasPrefix(t, []byte("\tpanic: ")),
			bytes.HasPrefix(t, []byte("[signal ")), bytes.HasPrefix(t, []byte("fatal error: ")),
			bytes.HasPrefix(t, []byte("exit status ")):
			if len(t) == 0 && gor >= 0 {
				ls[i].trace, ls[i].gor, ls[i].pos = logGoTrace, gor, pos
			}
		case t[0] == '\t', bytes.HasPrefix(t, []byte("created by ")), logGoFrame(t),
			bytes.HasPrefix(t, []byte("...additional frames elided...")):
			if gor >= 0 {
				pos++
				ls[i].trace, ls[i].gor, ls[i].pos = logGoTrace, gor, pos
			}
		default:
			return i
		}
		ls[i].block = int32(head)
	}
	return i
}

// logRaceRule is the line the race detector prints around each report.
var logRaceRule = []byte("==================")

// logRaceBlock marks a Go race detector report, from the rule above
// "WARNING: DATA RACE" to the rule that closes it: the access and
// goroutine-creation sections are all kept, their frames numbered so plan
// can trim very deep stacks.
func logRaceBlock(ls []logLine, head int) int {
	if head > 0 && bytes.Equal(ls[head-1].text, logRaceRule) {
		ls[head-1].block = int32(head)
	}
	section, pos := int32(-1), int32(-1)
	i := head + 1
	for ; i < len(ls); i++ {
		t := ls[i].text
		switch {
		case bytes.Equal(t, logRaceRule):
			ls[i].block = int32(head)
			return i + 1
		case len(t) == 0:
		case t[0] == ' ' || t[0] == '\t':
			if section >= 0 {
				pos++
				ls[i].trace, ls[i].gor, ls[i].pos = logRaceTrace, section, pos
			}
		case bytes.HasSuffix(t, []byte(":")), bytes.HasPrefix(t, []byte("Location is ")), t[0] == '[':
			// "Read at 0x… by goroutine 7:", "Goroutine 7 (running) created at:"
			section++
			pos = -1
		default:
			return i
		}
		ls[i].block = int32(head)
	}
	return i
}

// logTapBlock marks the YAML diagnostic of a failing TAP test, from "not
// ok" through "---" to the "..." that closes it, indented two more than
// the test line.
func logTapBlock(ls []logLine, head int) int {
	open, end := logTapYAML(ls, head)
	if !open {
		return head + 1
	}
	for i := head + 1; i < end; i++ {
		ls[i].block, ls[i].trace, ls[i].pos = int32(head), logDiagBlock, int32(i-head-1)
	}
	return end
}

// logTapYAML reports whether a YAML block ("---" … "...") follows the TAP
// test line at head, and the index after it.
func logTapYAML(ls []logLine, head int) (bool, int) {
	ind := logIndent(ls[head].text) + 2
	yaml := func(i int, mark string) bool {
		t := ls[i].text
		return len(t) == ind+len(mark) && logIndent(t) == ind && string(t[ind:]) == mark
	}
	if head+1 >= len(ls) || !yaml(head+1, "---") {
		return false, head + 1
	}
	i := head + 2
	for ; i < len(ls); i++ {
		if yaml(i, "...") {
			return true, i + 1
		}
		if len(ls[i].text) > 0 && logIndent(ls[i].text) < ind {
			break // unterminated: the block ends where its indentation does
		}
	}
	return true, i
}

// logTrimBlank is logTrimBlank(t) without building a cutset on
// every call: it runs on every line.
func logTrimBlank(t []byte) []byte {
	i := 0
	for i < len(t) && (t[i] == ' ' || t[i] == '\t') {
		i++
	}
	if i == len(t) {
		return nil // as bytes.TrimLeft
	}
	return t[i:]
}

func logIndent(t []byte) int {
	return len(t) - len(bytes.TrimLeft(t, " "))
}

// logIndentBlock marks the body of a failure reported by a mark such as
// node's spec reporter's "✖ name (3ms)": the lines indented deeper than it,
// and blank lines between them.
func logIndentBlock(ls []logLine, head int) {
	ind := logIndent(ls[head].text)
	last := head
	for i := head + 1; i < len(ls); i++ {
		t := ls[i].text
		if len(bytes.TrimSpace(t)) == 0 {
			continue
		}
		if logIndent(t) <= ind {
			break
		}
		last = i
	}
	for i := head + 1; i <= last; i++ {
		ls[i].block, ls[i].trace, ls[i].pos = int32(head), logDiagBlock, int32(i-head-1)
	}
}

// logGoFrame matches a frame's function line, "pkg.Func(0x1, ...)".
func logGoFrame(t []byte) bool {
	p := bytes.IndexByte(t, '(')
	if p <= 0 || t[len(t)-1] != ')' {
		return false
	}
	return bytes.IndexByte(t[:p], ' ') < 0
}

// logStackFrame matches Java and JavaScript frames ("\tat a.b(C.java:3)",
// "    at f (file.js:1:2)", "npm verbose stack     at …") and the
// "... 12 more" and "Caused by:" lines between them.
func logStackFrame(t []byte) bool {
	t = bytes.TrimPrefix(t, []byte("npm verbose stack"))
	s := logTrimBlank(t)
	if len(s) == len(t) {
		return bytes.HasPrefix(t, []byte("Caused by: "))
	}
	return bytes.HasPrefix(s, []byte("at ")) || (bytes.HasPrefix(s, []byte("... ")) && bytes.HasSuffix(s, []byte(" more")))
}

func logStackBlock(ls []logLine, head int) int {
	section, pos := int32(0), int32(0)
	code := false // a frame outside the runtime has been seen
	i := head + 1
	for ; i < len(ls) && logStackFrame(ls[i].text); i++ {
		if bytes.HasPrefix(ls[i].text, []byte("Caused by: ")) {
			section++
			pos, code = 0, false
			ls[i].block = int32(head)
			continue
		}
		ls[i].block, ls[i].trace, ls[i].gor, ls[i].pos = int32(head), logStack, section, pos
		js := toolline.JSLibraryFrame(ls[i].text)
		if js && !code && bytes.Contains(ls[i].text, []byte("node_modules")) {
			// Under Node's own frames, the first in a package is the
			// code that called it: a package's install script, a test
			// runner's assertion. It stays, as the program's frames do.
			js = false
		}
		if !js && !bytes.Contains(ls[i].text, []byte("(node:")) && !bytes.Contains(ls[i].text, []byte("at node:")) {
			code = true
		}
		if pos > 0 && (js || toolline.JavaLibraryFrame(ls[i].text)) {
			// Counted with the other library frames, and not against the
			// frames shown: the program's frames below them stay.
			ls[i].cut = logDropLib
			continue
		}
		pos++
	}
	return i
}

// logRubyFrame matches a Ruby backtrace frame (toolline.RubyFrame); most
// lines are turned away by their last byte.
func logRubyFrame(t []byte) bool {
	if len(t) == 0 || t[len(t)-1] != '\'' {
		return false
	}
	ok, _ := toolline.RubyFrame(t)
	return ok
}

// logClojureFrame matches a Clojure stack frame (toolline.ClojureFrame);
// most lines are turned away by their last byte.
func logClojureFrame(t []byte) bool {
	if len(t) == 0 || t[len(t)-1] != ')' {
		return false
	}
	ok, _ := toolline.ClojureFrame(t)
	return ok
}

// logRubyBlock marks the frames of a Ruby backtrace under its head (the
// exception, or rake's "Error: message").
func logRubyBlock(ls []logLine, head int) int {
	return logFrameBlock(ls, head, toolline.RubyFrame)
}

// logFrameBlock marks the frames frame reads under head: those of the
// language's library (lib) after the first are cut as library frames, as
// logStackBlock cuts Java's and Node's: the first says where the exception
// was raised, the program's say how it got there.
func logFrameBlock(ls []logLine, head int, frame func([]byte) (ok, lib bool)) int {
	i, pos := head+1, int32(0)
	for ; i < len(ls); i++ {
		ok, lib := frame(ls[i].text)
		if !ok {
			break
		}
		ls[i].block, ls[i].trace, ls[i].pos = int32(head), logStack, pos
		if pos > 0 && lib {
			ls[i].cut = logDropLib
			continue
		}
		pos++
	}
	return i
}

// logRustBacktrace marks a Rust panic backtrace: numbered frames
// ("   4: rlib::parse_port") and their "at file:line" lines. A frame in
// the standard library or a crate from the registry (toolline.RustLibSymbol, RustLibPlace)
// is cut as a library frame: the panic's own line names where it happened,
// and the program's frames say how it got there.
func logRustBacktrace(ls []logLine, head int) int {
	i := head + 1
	frame := -1 // the numbered line of the current frame
	for ; i < len(ls); i++ {
		s := bytes.TrimLeft(ls[i].text, " ")
		if len(s) == len(ls[i].text) {
			break
		}
		k := 0
		for k < len(s) && s[k] >= '0' && s[k] <= '9' {
			k++
		}
		numbered := k > 0 && k < len(s) && s[k] == ':'
		if !numbered && !bytes.HasPrefix(s, []byte("at ")) {
			break
		}
		ls[i].block, ls[i].trace, ls[i].pos = int32(head), logStack, int32(i-head-1)
		switch {
		case numbered:
			frame = i
			if toolline.RustLibSymbol(bytes.TrimLeft(s[k+1:], " ")) {
				ls[i].cut = logDropLib
			}
		case frame == i-1 && toolline.RustLibPlace(s[len("at "):]):
			ls[frame].cut, ls[i].cut = logDropLib, logDropLib
		case frame == i-1 && ls[frame].cut == logDropLib:
			ls[i].cut = logDropLib
		}
	}
	return i
}

// logRustHead matches "error[E0308]: …", "error: …" and "warning: …" at the
// start of a line, which rustc follows with an indented body.
func logRustHead(t []byte) bool {
	for _, p := range []string{"error", "warning"} {
		if !bytes.HasPrefix(t, []byte(p)) {
			continue
		}
		r := t[len(p):]
		if len(r) > 0 && r[0] == '[' {
			if e := bytes.IndexByte(r, ']'); e > 0 {
				r = r[e+1:]
			}
		}
		return bytes.HasPrefix(r, []byte(": "))
	}
	return false
}

// logRustBlock marks a rustc diagnostic body: every line up to the next
// blank line or the next diagnostic.
func logRustBlock(ls []logLine, head int) int {
	i := head + 1
	for ; i < len(ls) && logRustBody(ls[i].text); i++ {
		ls[i].block, ls[i].trace, ls[i].pos = int32(head), logDiagBlock, int32(i-head-1)
	}
	return i
}

// logRustBody matches the lines rustc prints under a diagnostic: indented
// "--> file:line", " |" gutters, numbered source lines, "= note:" and
// "help:"/"note:" sub-diagnostics.
func logRustBody(t []byte) bool {
	if len(t) == 0 {
		return false
	}
	if t[0] == ' ' || t[0] == '\t' {
		return true
	}
	if bytes.HasPrefix(t, []byte("help:")) || bytes.HasPrefix(t, []byte("note:")) {
		return true
	}
	k := 0
	for k < len(t) && t[k] >= '0' && t[k] <= '9' {
		k++
	}
	return k > 0 && k+1 < len(t) && t[k] == ' ' && (t[k+1] == '|' || t[k+1] == '+' || t[k+1] == '-')
}

// logSnippetBlock marks the source snippet and caret lines that gcc, clang
// and others print under a diagnostic ("   12 | code", "      |   ^~~").
func logSnippetBlock(ls []logLine, head int) int {
	i := head + 1
	for ; i < len(ls) && logSnippetLine(ls[i].text); i++ {
		ls[i].block = int32(head)
	}
	return i
}

func logSnippetLine(t []byte) bool {
	s := bytes.TrimLeft(t, " ")
	if len(s) == len(t) {
		return false
	}
	k := 0
	for k < len(s) && s[k] >= '0' && s[k] <= '9' {
		k++
	}
	s = bytes.TrimLeft(s[k:], " ")
	return len(s) > 0 && (s[0] == '|' || s[0] == '^' || s[0] == '~')
}

// logValgrindLine matches a line of a valgrind report, "==123== …" (not a
// sanitizer's "==123==ERROR: …").
func logValgrindLine(l []byte) bool {
	if len(l) < 6 || l[0] != '=' || l[1] != '=' {
		return false
	}
	k := 2
	for k < len(l) && l[k] >= '0' && l[k] <= '9' {
		k++
	}
	return k > 2 && bytes.HasPrefix(l[k:], []byte("== "))
}

// markMust marks the lines that must survive verbatim: failures, the
// failure lines of the text by failure.Lines, which the pipeline checks at
// the boundary, and the ones this package's own reading takes for failures.
func (d *logDoc) markMust(failures [][]byte) {
	ls := d.lines
	must := make(map[string]struct{}, len(failures))
	// lengths has the lengths of the failure lines, so that most other
	// lines are told apart without hashing them.
	var lengths [1024]bool
	// The keys alias the lines (failures are lines of d.src): no copy.
	for _, l := range failures {
		must[unsafe.String(unsafe.SliceData(l), len(l))] = struct{}{}
		lengths[min(len(l), len(lengths)-1)] = true
	}
	shown := make(map[string]bool)
	for i := range ls {
		line := bytes.TrimSuffix(d.raw(&ls[i]), []byte{'\r'})
		failed := false
		if len(must) > 0 && lengths[min(len(line), len(lengths)-1)] {
			_, failed = must[string(line)]
		}
		switch {
		case ls[i].class == logFailure && failed:
			ls[i].must = true
		case failed && logValgrindLine(line):
			// Each valgrind error is its heading and its frames down to
			// the program's: the same lines under another error ("Invalid
			// read of size 1", "main (list.c:32)" under two invalid
			// reads) say what and where that one is.
			ls[i].must = true
		case ls[i].class == logFailure:
			// Whether a line reports a failure is failure.Lines' judgement
			// (one definition for every view and the boundary): the view's
			// own reading only says how much context a failure gets. Failure
			// words in a line it does not count still make the line notable.
			ls[i].class = logNotable
		case failed && !shown[string(line)]:
			// The boundary looks for each failure line as a whole line of
			// the view; one copy of a repeated line satisfies it, and the
			// repeats collapse with their template.
			ls[i].must = true
			shown[unsafe.String(unsafe.SliceData(line), len(line))] = true
		}
	}
}
