package logview

import (
	"bytes"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/kompress/kompress/internal/lossy"

	"github.com/kompress/kompress/internal/queryterm"

	"github.com/kompress/kompress/internal/testevent"

	"github.com/kompress/kompress/internal/ansi"
	"github.com/kompress/kompress/internal/toolline"
	"github.com/kompress/kompress/router"
)

// Log compresses build, test and package-manager logs. It keeps every
// failure line with a little context, whole tracebacks, race detector
// reports, failing TAP tests' YAML diagnostics and compiler diagnostics
// (long goroutine dumps and stacks trimmed to their first frames), summary
// lines and the first and last lines; the rest is collapsed by template into
// one example and a count. The view is the input's lines in input order,
// each at most once, plus omission notes; ANSI escapes are stripped from it.
// Passing tests of `go test -v`, TAP and node's spec reporter are reduced to
// counts, and `go test -json` is rendered as readable text (see GoTestJSON).
//
// It returns lossy.ErrNoGain when the input is empty, holds NUL bytes, is
// 2 GiB or more (lines are kept as 32-bit offsets), or the view would not be
// at least 10% smaller.
func Log(in []byte, o lossy.Options) ([]byte, error) {
	if len(in) == 0 || len(in) > math.MaxInt32 || bytes.IndexByte(in, 0) >= 0 {
		return nil, lossy.ErrNoGain
	}
	if testevent.IsStream(in) {
		return GoTestJSON(in, o)
	}
	return logRead(in, o).compress(in, o)
}

// logRead parses in and marks its tests' lines.
func logRead(in []byte, o lossy.Options) *logDoc {
	d := logParse(in, o)
	gotestAttributeVerbose(d)
	if len(d.tests) == 0 {
		logTapHide(d)
	}
	return d
}

// logClass is what a line reports, as far as keeping it goes.
type logClass uint8

const (
	logPlain   logClass = iota
	logFailure          // kept with context
	logSummary          // kept alone
	logNotable          // warnings: the first few of each template kept
)

// logTrace tells how a line takes part in a stack trace, which decides how
// the trace is trimmed.
type logTrace uint8

const (
	logNoTrace   logTrace = iota
	logGoTrace            // goroutine dumps: innermost frames come first
	logStack              // Java and JavaScript "at ..." frames, innermost first
	logPyTrace            // Python tracebacks: innermost frame comes last
	logDiagBlock          // rustc diagnostic bodies, bounded in length
	logRaceTrace          // race reports: every section kept, frames trimmed
)

// logLine is one input line and what the planner knows about it. A 100 MB
// log has millions: the line is kept as its place in logDoc.src (see
// logDoc.raw), and the fields are ordered to pack without padding.
type logLine struct {
	text []byte // the line without ANSI escapes, "\r" overwrites and a trailing "\r"
	key  uint64 // template: numbers masked, first words only

	start, end int32 // the input line, without its newline: logDoc.src[start:end]
	block      int32 // index of the line this one continues (traceback, snippet), or -1
	gor        int32 // goroutine ordinal within a Go trace
	pos        int32 // frame line ordinal within its trace section
	span       int32 // frame lines in the section (Python tracebacks)
	test       int32 // index into logDoc.tests of the test this line belongs to, or -1
	tpos       int32 // ordinal of the line within its failing test's output
	find       int32 // on the line that counts a lint finding, 1 + its index in logDoc.finds; 0 on most lines

	class  logClass
	trace  logTrace
	must   bool  // reported by failure.Lines: shown verbatim and never dropped
	hidden bool  // passing-test chatter, accounted for by counts
	passed byte  // for hidden lines: 'P' of a passing test, 'S' of a skipped one
	ends   bool  // for hidden lines: the result line of its test, counted in notes
	dup    bool  // a goroutine whose stack an earlier one shows (counted in that one's note), or a frame of a trace that repeats an earlier one's frames
	qscore uint8 // query words the line holds, when it holds enough
	keep   bool
	drop   uint8 // why the line was dropped; groups the omission notes
	lint   bool  // part of a lint finding below error level, counted in a note
	cut    uint8 // a drop reason the line's part gives it at every level: logDropLib, logDropSource, logDropRepeat; 0 on most lines
}

// logFinding is what the line that counts a lint finding knows of it: kept
// apart from logLine, which a 100 MB log has millions of.
type logFinding struct {
	rule []byte // the finding's rule
	loc  []byte // and its location
	file []byte // and its file, in a compact report
}

// finding returns the lint finding l counts, nil on most lines.
func (d *logDoc) finding(l *logLine) *logFinding {
	if l.find == 0 {
		return nil
	}
	return &d.finds[l.find-1]
}

// addFinding keeps f and returns what logLine.find holds for it.
func (d *logDoc) addFinding(f logFinding) int32 {
	d.finds = append(d.finds, f)
	return int32(len(d.finds))
}

// Reasons a line was dropped, each with its own omission note.
const (
	logDropTemplate uint8 = iota
	logDropFrames
	logDropGoroutines
	logDropTestLines
	logDropSameStack // counted in the note of the goroutine shown for the stack
	logDropLint
	logDropSameTrace // frames that repeat those of a trace shown above, line for line
	logDropCopy      // a copy of a warning shown above with its tally: counted with the lines around it, never shown
	logDropLib       // frames in the runtime or a library (see toolline.JSLibraryFrame)
	logDropSource    // source lines of a jest code frame around the failing one
	logDropRepeat    // lines of node's closing list of failing tests that repeat the report above
	logDropCoverage  // go test -cover rows past their figure's quota, counted by figure
	logDropWarnCode  // the source excerpt under a compiler's warning, when warnings are many
)

type logDoc struct {
	src     []byte // the text the lines are in: the input, or go test -json's decoded text
	lines   []logLine
	finds   []logFinding // the lint findings lines count (logLine.find)
	tests   []gotestTest
	queried []int32         // lines matching the query, best first
	shown   map[uint64]int  // lines of each template shown so far by render
	tallied map[string]bool // warnings render shows once, with a count of their copies
	copies  []logCopy       // later copies of warnings, each with its first copy (see markCopies)
	copyAll map[int32]int   // the copies of each first copy, itself included
	lint    logLintNote     // dropped lint findings not yet in a note
	// gorRep maps the header line of each goroutine dropped for having
	// the stack of a shown one to that one (see logGroupGoroutines).
	gorRep map[int]logGor
}

// logParams is one level of compression; later levels keep less.
type logParams struct {
	head, tail    int // first and last lines kept
	before, after int // context around failure lines
	notable       int // warnings kept per template
	notableAll    int // a template of at most this many warnings is kept whole
	groups        int // templates shown in one omitted run
	firstFrames   int // frames kept of the first goroutine or stack section
	frames        int // frames kept of every other goroutine
	goroutines    int // goroutines kept in a dump
	pyHead        int // traceback lines kept at the top (outermost calls)
	pyTail        int // and at the bottom, next to the exception
	diagLines     int // lines kept of one rustc diagnostic
	testLines     int // output lines kept of one failing test
	lineBytes     int // longer shown lines are cut, unless they must stay
	queryLines    int // lines matching the query kept
	summaries     int // summary lines kept per template
	lintLocs      int // locations listed per rule of dropped lint findings
}

// logDefault is the level of compression without a target ratio.
var logDefault = logParams{head: 5, tail: 10, before: 2, after: 2, notable: 3, notableAll: 16, groups: 8, firstFrames: 12, frames: 4, goroutines: 12, pyHead: 6, pyTail: 16, diagLines: 60, testLines: 200, lineBytes: 320, queryLines: 40, summaries: 40, lintLocs: 16}

// scaled returns the level that keeps about s times what p keeps: s below
// 1 keeps less (down to the failure lines, what must stay and one example
// per omitted run at s = 0), above 1 more.
func (p logParams) scaled(s float64) logParams {
	f := func(n, least int) int { return max(least, int(math.Round(float64(n)*s))) }
	return logParams{
		head: f(p.head, 0), tail: f(p.tail, 0), before: f(p.before, 0), after: f(p.after, 0),
		notable: f(p.notable, 0), notableAll: f(p.notableAll, 0), groups: f(p.groups, 1),
		firstFrames: f(p.firstFrames, 1), frames: f(p.frames, 0), goroutines: f(p.goroutines, 1),
		pyHead: f(p.pyHead, 0), pyTail: f(p.pyTail, 1), diagLines: f(p.diagLines, 1), testLines: f(p.testLines, 1),
		lineBytes: f(p.lineBytes, 80), queryLines: f(p.queryLines, 1), summaries: f(p.summaries, 1), lintLocs: f(p.lintLocs, 1),
	}
}

func logParse(in []byte, o lossy.Options) *logDoc {
	n := bytes.Count(in, []byte{'\n'}) + 1
	d := &logDoc{src: in, lines: make([]logLine, 0, n)}
	// Most logs hold no escape and no carriage return: then every line is
	// its own visible text, told once for the whole input.
	visible := bytes.IndexByte(in, 0x1b) >= 0 || bytes.IndexByte(in, '\r') >= 0
	// Escapes may split the race detector's phrase in the raw text.
	race := visible || toolline.ContainsRare(in, []byte(logRaceInTest), strings.IndexByte(logRaceInTest, 'x')) // by its rare 'x'
	for start := 0; start < len(in); {
		end := bytes.IndexByte(in[start:], '\n')
		if end < 0 {
			end = len(in)
		} else {
			end += start
		}
		text := in[start:end]
		if visible {
			text = ansi.Visible(text)
		}
		d.lines = append(d.lines, logLineOf(start, end, text, race))
		start = end + 1
	}
	logMarkBlocks(d.lines)
	d.logGroupGoroutines()
	d.markMust(o.FailureLines(router.Log, in))
	logMarkRepeatedTraces(d.lines, d.src)
	logMarkAssertDiff(d.lines)
	logMarkAssertPairs(d.lines)
	logMarkGDBValues(d.lines)
	d.markLint()
	logMarkRecords(d.lines)
	logMarkHexDumps(d.lines)
	logMarkListHeads(d.lines)
	logMarkFileFindings(d.lines)
	logMarkDiagMessages(d.lines)
	return d
}

// logMarkAssertDiff keeps the changed lines of the assertion diffs that
// test runners print under a failing test: after mocha's "+ actual -
// expected" heading or jest's and vitest's "- Expected" / "+ Received"
// pair, each "+ owner: 'x'" and "- owner: 'y'" line, up to the test's
// stack frames or source excerpt. They are the failure's detail; the
// unchanged lines around them are context. Under jest's "- Expected:" and
// "+ Received:" the values follow unmarked, up to a blank line, and are kept
// too; so is vitest's location line "❯ tests/a.test.js:7:41".
func logMarkAssertDiff(ls []logLine) {
	in, values := false, false
	for i := range ls {
		t := logTrimBlank(ls[i].text)
		c := byte(0)
		if len(t) > 0 {
			c = t[0]
		}
		switch {
		case c == '+' && (bytes.HasPrefix(t, []byte("+ actual - expected")) || bytes.HasPrefix(t, []byte("+ expected - actual"))):
			in = true
			ls[i].must = true
		case c == '-' && logExpectedHeading(ls, i):
			in, values = true, bytes.HasSuffix(t, []byte(":"))
			ls[i].must = true
		case c == 0xe2 && bytes.HasPrefix(t, []byte("❯ ")) && logLocation(t[len("❯ "):]):
			in, values = false, false
			ls[i].must = true
		case c == 'a' && bytes.HasPrefix(t, []byte("at ")) || logMochaTitle(t) || c == '>' && bytes.HasPrefix(t, []byte("> ")) || logGutter(t):
			in, values = false, false
		case in && values && len(t) == 0:
			values = bytes.HasPrefix(logNextText(ls, i), []byte("+ Received:"))
		case in && values:
			ls[i].must = true
		case in && len(t) > 1 && (t[0] == '+' || t[0] == '-') && t[1] != t[0]:
			ls[i].must = true
		}
	}
}

// logMarkAssertPairs keeps what an assertion says it expected and got,
// together: node's AssertionError fields "actual: 65," and "expected: 41,"
// (either order, adjacent), jest's "Expected constructor: TypeError" with
// the "Received …:" lines under it, and testify's "Error:" field with its
// continuation lines ("dial tcp …: connection refused", "expected: …",
// "actual  : …") up to the next field.
func logMarkAssertPairs(ls []logLine) {
	for i := 0; i < len(ls); i++ {
		t := logTrimBlank(ls[i].text)
		if len(t) < 7 {
			continue
		}
		switch t[0] {
		case 'a', 'e':
			if i+1 < len(ls) && logNodeAssertPair(t, logTrimBlank(ls[i+1].text)) {
				ls[i].must, ls[i+1].must = true, true
				i++
			}
		case 'E':
			if logJestExpected(t) {
				got := false
				for j := i + 1; j < len(ls) && j <= i+3; j++ {
					if u := logTrimBlank(ls[j].text); logJestReceived(u) {
						ls[j].must, got = true, true
					}
				}
				ls[i].must = ls[i].must || got
			} else if f, ok := logTestifyField(ls[i].text); ok && string(f) == "Error" {
				ls[i].must = true
				for j := i + 1; j < len(ls) && j <= i+20 && logTestifyMore(ls[j].text); j++ {
					ls[j].must = true
				}
			}
		}
	}
}

// logNodeAssertPair matches node's "actual: X," and "expected: Y," on
// consecutive lines, in either order.
func logNodeAssertPair(a, b []byte) bool {
	return bytes.HasPrefix(a, []byte("actual: ")) && bytes.HasPrefix(b, []byte("expected: ")) ||
		bytes.HasPrefix(a, []byte("expected: ")) && bytes.HasPrefix(b, []byte("actual: "))
}

// logJestExpected matches jest's "Expected: 3", "Expected constructor:
// TypeError", "Expected substring: …": "Expected", at most two words, a
// colon.
func logJestExpected(t []byte) bool {
	return logJestLabel(t, "Expected")
}

func logJestReceived(t []byte) bool {
	return logJestLabel(t, "Received")
}

func logJestLabel(t []byte, word string) bool {
	r, ok := bytes.CutPrefix(t, []byte(word))
	if !ok || len(r) < 2 {
		return false
	}
	c := bytes.IndexByte(r, ':')
	return c >= 0 && c <= 24 && (c == 0 || r[0] == ' ') && bytes.Count(r[:c], []byte(" ")) <= 2 && c+1 < len(r) && r[c+1] == ' '
}

// logTestifyField parses a testify assertion field, "        \tError:      \t…"
// (spaces, a tab, the name and colon, padding, a tab).
func logTestifyField(l []byte) ([]byte, bool) {
	t := bytes.TrimLeft(l, " ")
	if len(t) < 3 || t[0] != '\t' {
		return nil, false
	}
	t = t[1:]
	c := bytes.IndexByte(t, ':')
	if c <= 0 || !(t[0] >= 'A' && t[0] <= 'Z') || bytes.IndexByte(t[:c], '\t') >= 0 {
		return nil, false
	}
	r := bytes.TrimLeft(t[c+1:], " ")
	return t[:c], len(r) > 0 && r[0] == '\t'
}

// logTestifyMore matches a testify field's continuation line, "        \t            \t…".
func logTestifyMore(l []byte) bool {
	t := bytes.TrimLeft(l, " ")
	if len(t) < 2 || t[0] != '\t' {
		return false
	}
	r := bytes.TrimLeft(t[1:], " ")
	return len(r) > 0 && r[0] == '\t' && len(r) < len(t)-1
}

// logExpectedHeading reports whether line i opens jest's or vitest's diff:
// "- Expected" (with a count, "- Expected  - 2", or a colon) and, on the
// next line that is not blank, "+ Received".
func logExpectedHeading(ls []logLine, i int) bool {
	t := logTrimBlank(ls[i].text)
	if !bytes.HasPrefix(t, []byte("- Expected")) {
		return false
	}
	if rest := t[len("- Expected"):]; len(rest) > 0 && rest[0] != ' ' && rest[0] != ':' {
		return false
	}
	for j := i + 1; j < len(ls) && j <= i+4; j++ {
		if u := logTrimBlank(ls[j].text); bytes.HasPrefix(u, []byte("+ Received")) {
			return true
		}
	}
	return false
}

// logNextText returns the next line after i that is not blank, without its
// indentation, or nil.
func logNextText(ls []logLine, i int) []byte {
	for j := i + 1; j < len(ls); j++ {
		if t := logTrimBlank(ls[j].text); len(t) > 0 {
			return t
		}
	}
	return nil
}

// logLocation reports "path:line:col" (or "path:line") alone: a test
// runner's pointer to where the failure was raised.
func logLocation(t []byte) bool {
	c := bytes.IndexByte(t, ':')
	if c <= 0 || bytes.IndexAny(t[:c], " \t") >= 0 {
		return false
	}
	_, e := toolline.Number(t[c+1:])
	if e == 0 {
		return false
	}
	rest := t[c+1+e:]
	if len(rest) > 0 && rest[0] == ':' {
		_, e = toolline.Number(rest[1:])
		if e == 0 {
			return false
		}
		rest = rest[1+e:]
	}
	return len(rest) == 0
}

// logGutter reports a source excerpt line under a gutter: "7 |   code".
func logGutter(t []byte) bool {
	_, e := toolline.Number(t)
	return e > 0 && e < len(t) && (t[e] == '|' || bytes.HasPrefix(t[e:], []byte(" |")))
}

// logMarkGDBValues keeps what gdb prints under a selected frame: "info
// locals" ("next = 0x0") and "print" ("$1 = {key = 5, left = 0x0}"), the
// values that say why the program crashed. They follow a frame line and
// its source line.
func logMarkGDBValues(ls []logLine) {
	after := -1 // index of the last gdb frame line, or -1
	for i := range ls {
		t := ls[i].text
		switch {
		case toolline.GDBFrame(t):
			after = i
		case after < 0:
		case i == after+1 && len(t) > 1 && t[0] >= '0' && t[0] <= '9' && bytes.IndexByte(t, '\t') > 0:
			after = i // the frame's source line: "7\t    return f(x);"
		case i == after+1 && logGDBValue(t):
			ls[i].must = true
			after = i
		default:
			after = -1
		}
	}
}

// logGDBValue matches "name = value" and "$3 = value" at the start of a line.
func logGDBValue(t []byte) bool {
	n := 0
	if len(t) > 0 && t[0] == '$' {
		n = 1
	}
	s := n
	for n < len(t) && (t[n] == '_' || t[n] >= 'a' && t[n] <= 'z' || t[n] >= 'A' && t[n] <= 'Z' || t[n] >= '0' && t[n] <= '9' || t[n] == '.') {
		n++
	}
	return n > s && bytes.HasPrefix(t[n:], []byte(" = "))
}

// logMochaTitle matches the numbered title that opens one failure in
// mocha's report: "1) Ledger", "12) \"after all\" hook".
func logMochaTitle(t []byte) bool {
	n := 0
	for n < len(t) && t[n] >= '0' && t[n] <= '9' {
		n++
	}
	return n > 0 && n+1 < len(t) && t[n] == ')' && t[n+1] == ' '
}

// logMarkListHeads keeps a line that introduces an indented list ("The
// following NEW packages will be installed:", "Suggested packages:") as a
// summary, so that lists of different sections never run together.
func logMarkListHeads(ls []logLine) {
	for i := 0; i+1 < len(ls); i++ {
		t := bytes.TrimRight(ls[i].text, " ")
		next := ls[i+1].text
		if ls[i].class == logPlain && len(t) > 1 && t[len(t)-1] == ':' && t[0] != ' ' && t[0] != '\t' &&
			len(next) > 0 && (next[0] == ' ' || next[0] == '\t') && len(bytes.TrimSpace(next)) > 0 {
			ls[i].class = logSummary
		}
	}
}

// logMarkFileFindings keeps the lines of a checker's list of offending
// files, a path alone under a level tag or a verdict: prettier --check's
// "[warn] src/m1.js", black --check's "would reformat src/a.py". The list
// is the answer: which files to fix.
func logMarkFileFindings(ls []logLine) {
	for i := range ls {
		t := ls[i].text
		if len(t) == 0 || t[0] != '[' && t[0] != 'w' && t[0] != 'W' {
			continue // none of the prefixes below
		}
		rest, ok := []byte(nil), false
		for _, p := range [...]string{"[warn] ", "[warning] ", "[error] ", "would reformat ", "Would reformat: "} {
			if rest, ok = bytes.CutPrefix(t, []byte(p)); ok {
				break
			}
		}
		if ok && len(rest) > 0 && bytes.IndexAny(rest, " \t") < 0 && bytes.IndexAny(rest, "./") >= 0 {
			ls[i].must = true
		}
	}
}

// logMarkDiagMessages keeps the message of an OCaml diagnostic whose
// location is kept: under 'File "m1.ml", line 4, characters 24-44:', past
// the quoted source and its carets, "Warning 8 [partial-match]: this
// pattern-matching is not exhaustive." (or "Error: ..."). Without it the
// location says where, but not what.
func logMarkDiagMessages(ls []logLine) {
	for i := range ls {
		t := ls[i].text
		if !ls[i].must || !bytes.HasPrefix(t, []byte(`File "`)) || !bytes.HasSuffix(t, []byte(":")) || !bytes.Contains(t, []byte(`", line `)) {
			continue
		}
		for j := i + 1; j < len(ls) && j <= i+8; j++ {
			u := logTrimBlank(ls[j].text)
			if logGutter(u) || len(u) > 0 && len(bytes.Trim(u, "^~ ")) == 0 {
				continue // the source line and its carets
			}
			if bytes.HasPrefix(u, []byte("Warning ")) || bytes.HasPrefix(u, []byte("Error")) || bytes.HasPrefix(u, []byte("Alert ")) {
				ls[j].must = true
			}
			break
		}
	}
}

// logMarkRecords keeps the first line of each record of "Key: value"
// fields (apt-cache show, dpkg -s: records separated by blank lines), as a
// summary: "Package: grep" names what the fields below it describe; in apt
// history logs, each transaction's Commandline too.
func logMarkRecords(ls []logLine) {
	for i := 0; i < len(ls); {
		j, fields := i, 0
		for j < len(ls) && len(ls[j].text) > 0 {
			if logField(ls[j].text) {
				fields++
			}
			j++
		}
		if fields >= 3 && logField(ls[i].text) && ls[i].class == logPlain {
			ls[i].class = logSummary
		}
		// An apt history transaction (/var/log/apt/history.log) says what
		// was run in its Commandline, however long its package lists.
		if fields >= 3 && bytes.HasPrefix(ls[i].text, []byte("Start-Date: ")) {
			for k := i + 1; k < j; k++ {
				if bytes.HasPrefix(ls[k].text, []byte("Commandline: ")) && ls[k].class == logPlain {
					ls[k].class = logSummary
				}
			}
		}
		i = j + 1
	}
}

// logMarkHexDumps keeps the structure of a dump that is mostly bytes in
// hex, as openssl x509 -text, openssl req -text and the like print a
// certificate: every line that is not hex bytes is a summary ("Public-Key:
// (4096 bit)", "Exponent: 65537 (0x10001)", "Not After : …", the
// subject's names), while the hex lines (moduli, signatures, key ids)
// share one template and are cut to an example. It applies when a quarter
// of the lines, and at least eight, are hex bytes.
func logMarkHexDumps(ls []logLine) {
	n, prev := 0, false
	for i := range ls {
		prev = logHexLine(ls[i].text, prev)
		if prev {
			n++
		}
	}
	if n < 8 || n*4 < len(ls) {
		return
	}
	prev = false
	for i := range ls {
		hex := logHexLine(ls[i].text, prev)
		if !hex && ls[i].class == logPlain && len(logTrimBlank(ls[i].text)) > 0 {
			ls[i].class = logSummary
		}
		prev = hex
	}
}

// logHexLine reports a line of hex bytes joined by colons, four or more,
// or fewer when the line above is one (a dump's last line, "f7:f3:89").
func logHexLine(t []byte, afterHex bool) bool {
	// Asked of every line: most fail on how they end, "…:8e:" or "…:8e".
	n := len(t)
	if n > 0 && t[n-1] == ':' {
		n--
	}
	if n < 2 || !logHexDigit(t[n-1]) || !logHexDigit(t[n-2]) || n > 2 && t[n-3] != ':' && t[n-3] != ' ' && t[n-3] != '\t' {
		return false
	}
	k := 0
	for k < len(t) && (t[k] == ' ' || t[k] == '\t') {
		k++
	}
	t = t[k:]
	if len(t) > 2 && t[2] != ':' || !logHexDigit(t[0]) {
		return false
	}
	end, bytes := logHexRun(t, 0)
	return end == len(t) && (bytes >= 4 || bytes >= 1 && afterHex)
}

// logField reports whether a line is an unindented "Key: value" field with
// a capitalised key of letters, digits and '-'.
func logField(t []byte) bool {
	if len(t) == 0 || t[0] < 'A' || t[0] > 'Z' {
		return false
	}
	i := 1
	for i < len(t) && (logWordByte(t[i]) || t[i] == '-') {
		i++
	}
	return i < len(t) && t[i] == ':' && (i+1 == len(t) || t[i+1] == ' ')
}

// logNewLine reads the line src[start:end].
func logNewLine(src []byte, start, end int) logLine {
	return logLineOf(start, end, ansi.Visible(src[start:end]), true)
}

// logLineOf is logNewLine of the line whose visible text is text, in a
// text that may hold logRaceInTest (see logClassifyIn).
func logLineOf(start, end int, text []byte, race bool) logLine {
	return logLine{start: int32(start), end: int32(end), text: text, key: logKey(text), class: logClassifyIn(text, race), block: -1, pos: -1, test: -1}
}

// raw returns the input line of l, without its newline.
func (d *logDoc) raw(l *logLine) []byte { return d.src[l.start:l.end] }

func (d *logDoc) compress(in []byte, o lossy.Options) ([]byte, error) {
	inLen := len(in)
	d.matchQuery(o.Query)
	d.markCopies()
	out := d.view(logDefault)
	if budget, size, ok := o.Budget(in); ok {
		var lo, hi float64
		out, lo, hi = lossy.Fit(out, budget, size, d.view, logDefault.scaled)
		if hi > lo {
			out = d.fill(out, budget, size, logDefault.scaled(lo), logDefault.scaled(hi))
		}
	}
	if float64(len(out)) > float64(inLen)*(1-lossy.MinGain) {
		return nil, lossy.ErrNoGain
	}
	return out, nil
}

// view plans and renders the view at level p.
func (d *logDoc) view(p logParams) []byte {
	d.plan(p)
	return d.render(p)
}

// fill returns the view of level lo (out, within budget) with as many of
// the lines that level hi (over budget) adds as still fit: one scale step
// can add hundreds of lines at once, so --target-ratio would land far
// below what it asks. The lines are taken evenly from the runs lo drops,
// the first line of each run, then the second, and so on.
func (d *logDoc) fill(out []byte, budget int, size func([]byte) int, lo, hi logParams) []byte {
	ls := d.lines
	d.plan(hi)
	more := make([]bool, len(ls))
	for i := range ls {
		more[i] = ls[i].keep
	}
	d.plan(lo)
	// The lines hi adds, ordered by their place within their run of
	// dropped lines: rank 0 first.
	type extra struct{ rank, line int32 }
	var extras []extra
	rank := int32(0)
	for i := range ls {
		if ls[i].keep {
			rank = 0
			continue
		}
		if more[i] {
			extras = append(extras, extra{rank, int32(i)})
			rank++
		}
	}
	if len(extras) < 2 {
		return out
	}
	sort.SliceStable(extras, func(a, b int) bool { return extras[a].rank < extras[b].rank })
	keep := make([]bool, len(ls))
	for i := range ls {
		keep[i] = ls[i].keep
	}
	with := func(k int) []byte {
		for i := range ls {
			ls[i].keep = keep[i]
		}
		for _, e := range extras[:k] {
			ls[e.line].keep = true
		}
		return d.render(lo)
	}
	// The largest k whose view fits, by bisection: views grow with k, if
	// not strictly.
	a, b := 0, len(extras)
	for a+1 < b {
		m := (a + b) / 2
		if v := with(m); size(v) <= budget {
			a, out = m, v
		} else {
			b = m
		}
	}
	return out
}

// matchQuery finds the lines that hold at least half of the query's words
// (case-insensitive), best first; plan keeps the first of them.
func (d *logDoc) matchQuery(query string) {
	terms := queryterm.Split(query)
	if len(terms) == 0 {
		return
	}
	need := (len(terms) + 1) / 2
	for i := range d.lines {
		l := &d.lines[i]
		if n := queryterm.Score(queryterm.Lower(l.text), terms); n >= need {
			l.qscore = uint8(min(n, 255))
			d.queried = append(d.queried, int32(i))
		}
	}
	// Best matches first; plan keeps as many as its level allows.
	sort.SliceStable(d.queried, func(a, b int) bool {
		return d.lines[d.queried[a]].qscore > d.lines[d.queried[b]].qscore
	})
}

// visible reports whether a line takes part in head, tail and context.
func (l *logLine) visible() bool { return !l.hidden || l.must }

// plan decides which lines to keep at level p.
func (d *logDoc) plan(p logParams) {
	ls := d.lines
	vis := make([]int32, 0, len(ls))
	for i := range ls {
		ls[i].keep, ls[i].drop = false, logDropTemplate
		if ls[i].visible() {
			vis = append(vis, int32(i))
		}
	}
	for k := 0; k < len(vis) && k < p.head; k++ {
		ls[vis[k]].keep = true
	}
	for k := max(0, len(vis)-p.tail); k < len(vis); k++ {
		ls[vis[k]].keep = true
	}
	for _, i := range d.queried[:min(len(d.queried), p.queryLines)] {
		ls[i].keep = true
	}
	// A warning outranks the info lines around it: a template of a few
	// warnings ("queue depth 889 above threshold 500", each with its own
	// values) is kept whole; only a flood of them is cut to its first few.
	warnings := make(map[uint64]int)
	var texts map[string]int // warnings that name their place, by text
	for _, i := range vis {
		if ls[i].class == logNotable {
			warnings[ls[i].key]++
			if logOwnPlace(ls[i].text) {
				if texts == nil {
					texts = make(map[string]int)
				}
				texts[string(ls[i].text)]++
			}
		}
	}
	seen := make(map[uint64]int)
	var shownText map[string]bool // warnings kept, by text
	for k, i := range vis {
		l := &ls[i]
		switch l.class {
		case logFailure:
			for c := max(0, k-p.before); c <= min(len(vis)-1, k+p.after); c++ {
				ls[vis[c]].keep = true
			}
		case logSummary:
			// Hundreds of "ok  \tpkg" lines say little more than their count.
			if seen[l.key] < p.summaries {
				l.keep = true
			}
			seen[l.key]++
		case logNotable:
			if shownText[string(l.text)] && texts[string(l.text)] > p.notable {
				// More copies of one warning than the quota: one is kept,
				// render counts the others under it, and the quota shows
				// the template's other warnings.
				break
			}
			if seen[l.key] < p.notable || warnings[l.key] <= p.notableAll {
				l.keep = true
				if shownText == nil {
					shownText = make(map[string]bool)
				}
				shownText[string(l.text)] = true
			}
			seen[l.key]++
		}
		if l.test >= 0 && !l.hidden {
			// Output of a failing (or unfinished) test is kept whole, bounded.
			l.keep = true
		}
	}
	// go test -cover's line per package and go test -bench's line per
	// benchmark are results the run was for, however many: "ok  pkg 0.01s
	// coverage: 85.2% of statements", "BenchmarkJoin-2  2000  1035 ns/op".
	results, covered := 0, 0
	for _, i := range vis {
		cover := logCoverage(ls[i].text)
		if cover {
			covered++
		}
		if results < p.summaries*25 && (cover || logBench(ls[i].text)) {
			ls[i].keep = true
			results++
		}
	}
	if covered > p.summaries {
		// Hundreds of packages: the first few rows of each status and
		// figure ("ok … coverage: 50.0%", "… [no test files]"-like 0.0%
		// rows) stand for the rest, which a note counts by figure.
		perFigure := make(map[string]int)
		for _, i := range vis {
			if !logCoverage(ls[i].text) {
				continue
			}
			f := string(logCoverFigure(ls[i].text))
			if perFigure[f] >= p.notable {
				ls[i].keep, ls[i].drop = false, logDropCoverage
			}
			perFigure[f]++
		}
	}
	// A build's many warnings keep their place and message; the excerpt
	// of source under each ("    5 |   if (x = 3) return x;", "      |
	// ^") is dropped, counted where it was: the file holds it, and the
	// excerpts under errors stay.
	warnCode := d.warningExcerpts() > p.notable
	for i := range ls {
		l := &ls[i]
		if l.block >= 0 && ls[l.block].keep {
			l.keep = true
			if warnCode && !l.must && d.warningExcerpt(l) {
				l.keep, l.drop = false, logDropWarnCode
			}
		}
		if drop := l.trimmed(p); drop != logDropTemplate && (l.keep || drop != l.cut) {
			// A line cut for its part (a library frame) that nothing
			// keeps is counted with the lines around it.
			l.keep, l.drop = false, drop
		}
	}
	for i := range ls {
		if ls[i].lint {
			ls[i].keep, ls[i].drop = false, logDropLint
		}
	}
	// A warning that comes word for word, excerpt and all, more often than
	// the quota is shown once, at its first copy, with a count: its other
	// copies go even where head, tail or a failure's context would keep
	// them (a header's warning in each of twelve files of a build).
	for _, c := range d.copies {
		if d.copyAll[c.first] <= p.notable {
			continue
		}
		for j := int(c.line); j < len(ls) && (j == int(c.line) || ls[j].block == c.line); j++ {
			ls[j].keep, ls[j].drop = false, logDropCopy
		}
	}
	// Must lines are kept last, so a line kept only because it must (a
	// warning past its template's quota, say) does not bring its snippet.
	for i := range ls {
		if ls[i].must {
			ls[i].keep = true
		}
	}
}

// warningExcerpt reports a line of the source excerpt under a compiler's
// warning (a logNotable diagnostic; the warning's own line may be a
// failure line, which stays).
func (d *logDoc) warningExcerpt(l *logLine) bool {
	if l.block < 0 || l.trace != logNoTrace {
		return false
	}
	// A warning printed, excerpt and all, again and again (a header's, in
	// each file of a build) is shown once with its excerpt and a tally
	// (see markCopies): the excerpt costs little and stays.
	return d.lines[l.block].class == logNotable && d.copyAll[l.block] <= 1 && logSnippetLine(l.text)
}

// warningExcerpts counts the warnings with a source excerpt under them.
func (d *logDoc) warningExcerpts() int {
	n := 0
	for i := range d.lines {
		l := &d.lines[i]
		if l.block >= 0 && int(l.block) == i-1 && d.warningExcerpt(l) {
			n++
		}
	}
	return n
}

// logCoverage matches go test -cover's report of a package's coverage,
// "ok  \tpkg\t0.01s\tcoverage: 85.2% of statements" (or a package
// without tests, "\tpkg\t\tcoverage: 0.0% of statements").
func logCoverage(t []byte) bool {
	if len(t) == 0 || t[len(t)-1] != 's' && t[len(t)-1] != ']' {
		return false // asked of every line: most end otherwise
	}
	k := bytes.Index(t, []byte("coverage: "))
	if k <= 0 || (t[k-1] != '\t' && t[k-1] != ' ') {
		return false
	}
	return bytes.Contains(t[k:], []byte("% of statements"))
}

// logCoverFigure returns what groups a go test -cover row: its status
// word ("ok", "FAIL", "untested" for a package without test files) and its
// figure, "ok 50.0%".
func logCoverFigure(t []byte) []byte {
	status := t
	if k := bytes.IndexByte(t, '\t'); k >= 0 {
		status = bytes.TrimSpace(t[:k])
	}
	k := bytes.Index(t, []byte("coverage: "))
	fig := t[k+len("coverage: "):]
	if e := bytes.IndexByte(fig, '%'); e >= 0 {
		fig = fig[:e+1]
	}
	out := make([]byte, 0, len(status)+1+len(fig))
	if len(status) == 0 {
		status = []byte("untested")
	}
	out = append(append(out, status...), ' ')
	return append(out, fig...)
}

// appendCoverage writes the note for ls[a:b], go test -cover rows dropped
// past their figure's quota: "[… 94 package coverage rows omitted: 60 ok
// 50.0%, 34 untested 0.0% …]", figures in the order they first come.
func (d *logDoc) appendCoverage(out []byte, a, b int) []byte {
	var figs [][]byte
	var counts []int
	for i := a; i < b; i++ {
		f := logCoverFigure(d.lines[i].text)
		k := slices.IndexFunc(figs, func(g []byte) bool { return bytes.Equal(g, f) })
		if k < 0 {
			figs, counts = append(figs, f), append(counts, 0)
			k = len(figs) - 1
		}
		counts[k]++
	}
	out = logRoom(out, 64+16*len(figs))
	out = append(out, "[… "...)
	out = strconv.AppendInt(out, int64(b-a), 10)
	out = append(out, " package coverage rows omitted:"...)
	for k, f := range figs {
		if k > 0 {
			out = append(out, ',')
		}
		out = append(out, ' ')
		out = strconv.AppendInt(out, int64(counts[k]), 10)
		out = append(append(out, ' '), f...)
	}
	return append(out, " …]\n"...)
}

// logBench is toolline.BenchResult, asked only of lines that start as a
// benchmark's name does.
func logBench(t []byte) bool {
	return len(t) > 9 && t[0] == 'B' && toolline.BenchResult(t)
}

// trimmed reports whether level p trims the line out of its trace or test
// block, and why; logDropTemplate means it does not.
func (l *logLine) trimmed(p logParams) uint8 {
	if l.cut == logDropLib && l.trace == logStack && !l.dup && l.pos >= l.stackLimit(p) {
		return logDropFrames // past the frames shown, one note counts them all
	}
	if l.cut != 0 && !l.dup {
		return l.cut
	}
	switch l.trace {
	case logGoTrace:
		if l.gor >= int32(p.goroutines) {
			return logDropGoroutines
		}
		if l.dup {
			return logDropSameStack
		}
		limit := p.frames
		if l.gor == 0 {
			limit = p.firstFrames
		}
		if l.pos >= int32(2*limit) {
			return logDropFrames
		}
	case logRaceTrace:
		// The two conflicting accesses come first and matter most; the
		// stacks of where the goroutines were created less so.
		limit := p.frames
		if l.gor < 2 {
			limit = p.firstFrames
		}
		if l.pos >= int32(2*limit) {
			return logDropFrames
		}
	case logStack:
		if l.dup {
			return logDropSameTrace
		}
		if l.pos >= l.stackLimit(p) {
			return logDropFrames
		}
	case logPyTrace:
		if l.dup {
			return logDropSameTrace
		}
		if l.pos >= int32(p.pyHead) && l.pos < l.span-int32(p.pyTail) {
			return logDropFrames
		}
	case logDiagBlock:
		if l.pos >= int32(p.diagLines) {
			return logDropTestLines
		}
	}
	if l.test >= 0 && !l.hidden && l.tpos >= int32(p.testLines) {
		return logDropTestLines
	}
	return logDropTemplate
}

// stackLimit is how many frames of l's section of a stack trace are shown.
func (l *logLine) stackLimit(p logParams) int32 {
	if l.gor == 0 {
		return int32(p.firstFrames)
	}
	return int32(p.frames * 2)
}

// logCopy is a later copy of a warning: its line and its first copy's.
type logCopy struct{ line, first int32 }

// markCopies finds the warnings that occur word for word more than once,
// each with the excerpt under it (gcc's "    7 |     return used ==
// r->cap;" and its carets): plan shows a warning that comes more often than
// its quota once, and render writes the tally under its excerpt. Only a
// warning that names its own place ("ring.h:7:17: warning: …", "warn.py:10:
// UserWarning: …") is the same warning as its copies: gfortran's "Warning:
// Unused variable …" is under a location line of its own. A few copies are
// shown as any warnings are: the same text may name another file (make -C
// dir runs the same build in each).
func (d *logDoc) markCopies() {
	ls := d.lines
	var first map[string]int32
	var key []byte
	for i := range ls {
		l := &ls[i]
		if l.class != logNotable || !l.visible() || !logOwnPlace(l.text) {
			continue
		}
		key = append(key[:0], l.text...)
		for j := i + 1; j < len(ls) && ls[j].block == int32(i); j++ {
			key = append(append(key, '\n'), ls[j].text...)
		}
		if first == nil {
			first, d.copyAll = make(map[string]int32), make(map[int32]int)
		}
		f, ok := first[string(key)]
		if !ok {
			f = int32(i)
			first[string(key)] = f
		} else {
			d.copies = append(d.copies, logCopy{int32(i), f})
		}
		d.copyAll[f]++
	}
}

// warningCopies returns, for the first copy of each warning that occurs
// more than quota times (see markCopies) and is kept, the line its tally
// goes under (its excerpt's last), how many copies were dropped and how
// many there are in all.
func (d *logDoc) warningCopies(quota int) map[int32][3]int {
	var out map[int32][3]int
	for _, c := range d.copies {
		if d.copyAll[c.first] <= quota || !d.lines[c.first].keep || d.lines[c.line].keep {
			continue
		}
		if out == nil {
			out = make(map[int32][3]int)
		}
		n, ok := out[c.first]
		if !ok {
			end := int(c.first)
			for end+1 < len(d.lines) && d.lines[end+1].block == c.first && d.lines[end+1].keep {
				end++
			}
			n = [3]int{end, 0, d.copyAll[c.first]}
		}
		n[1]++
		out[c.first] = n
	}
	return out
}

// render writes the kept lines and the notes that stand for the rest.
func (d *logDoc) render(p logParams) []byte {
	ls := d.lines
	out := make([]byte, 0, 4096)
	d.shown = make(map[uint64]int)
	d.lint = logLintNote{}
	copies := d.warningCopies(p.notable)
	d.tallied = nil
	var tally map[int32][2]int // by the line each tally goes under
	for i, n := range copies {
		if d.tallied == nil {
			d.tallied = make(map[string]bool, len(copies))
			tally = make(map[int32][2]int, len(copies))
		}
		d.tallied[string(ls[i].text)] = true
		tally[int32(n[0])] = [2]int{n[1], n[2]}
	}
	for i := 0; i < len(ls); {
		if ls[i].keep {
			if d.lint.lines > 0 && d.lint.ends(&ls[i]) {
				// A file's rows or a run of findings ended.
				out = d.lint.appendTo(out, p.lintLocs)
			}
			out = d.appendLine(out, &ls[i], p)
			if n, ok := tally[int32(i)]; ok {
				unit := " other copies of this line omitted: "
				if ls[i].block >= 0 {
					unit = " other copies of this warning and its excerpt omitted: "
				}
				out = logRoom(out, 80)
				out = append(out, "[… "...)
				out = strconv.AppendInt(out, int64(n[0]), 10)
				out = append(out, unit...)
				out = strconv.AppendInt(out, int64(n[1]), 10)
				out = append(out, " in all …]\n"...)
			}
			i++
			continue
		}
		j := i + 1
		for j < len(ls) && !ls[j].keep {
			j++
		}
		out = d.appendGap(out, i, j, p)
		i = j
	}
	// A lone trailing newline in the input gives an empty last line; do not
	// add a blank line for it.
	return d.lint.appendTo(out, p.lintLocs)
}

func (d *logDoc) appendLine(out []byte, l *logLine, p logParams) []byte {
	d.shown[l.key]++
	out = logRoom(out, int(l.end-l.start)+1)
	if l.must {
		// Verbatim but for colour: the view never shows ANSI escapes.
		out = append(out, bytes.TrimSuffix(ansi.Strip(d.raw(l)), []byte{'\r'})...)
		return append(out, '\n')
	}
	return append(logAppendCut(out, l.text, p.lineBytes), '\n')
}

// logRoom returns out with room for n more bytes, doubling its capacity
// when it must grow: append alone grows a big slice by a quarter at a
// time, so a 25 MB view of a 100 MB log would be copied some twenty times
// over, five times its size in garbage.
func logRoom(out []byte, n int) []byte {
	if cap(out)-len(out) >= n {
		return out
	}
	return slices.Grow(out, max(n, cap(out)))
}

// logAppendCut appends text, cut after about limit bytes with a note.
func logAppendCut(out, text []byte, limit int) []byte {
	if len(text) <= limit+40 {
		return append(out, text...)
	}
	cut := lossy.RuneStart(text, limit)
	out = append(out, text[:cut]...)
	out = append(out, ' ')
	return append(out, lossy.Omitted(len(text)-cut, "bytes")...)
}

// appendGap writes the notes for the dropped lines ls[a:b].
func (d *logDoc) appendGap(out []byte, a, b int, p logParams) []byte {
	ls := d.lines
	for i := a; i < b; {
		if ls[i].hidden {
			// Each run of passing-test lines is counted where it was.
			j := i + 1
			for j < b && ls[j].hidden {
				j++
			}
			if note := d.appendHidden(nil, i, j); j-i == 1 && len(ls[i].text) < len(note) {
				// A note would be no shorter than the line it stands for.
				out = d.appendLine(out, &ls[i], p)
			} else {
				out = append(out, note...)
			}
			i = j
			continue
		}
		if ls[i].drop == logDropLint {
			f := d.finding(&ls[i])
			var file []byte
			if f != nil {
				file = f.file
			}
			if d.lint.file != nil && !bytes.Equal(d.lint.file, file) {
				out = d.lint.appendTo(out, p.lintLocs) // the next file's findings start
			}
			d.lint.add(f)
			i++
			continue
		}
		if d.lint.lines > 0 && len(bytes.TrimSpace(ls[i].text)) == 0 {
			// A file's rows ended, at the blank line after them, among
			// dropped lines: its note goes under its own header, before
			// the next file's (eslint's stylish report names the file only
			// above its rows).
			out = d.lint.appendTo(out, p.lintLocs)
		}
		j := i + 1
		for j < b && !ls[j].hidden && logNoteOf(ls[j].drop) == logNoteOf(ls[i].drop) {
			j++
		}
		switch {
		case ls[i].drop == logDropSameStack:
			out = d.appendSameStack(out, i, j)
		case j-i == 1 && logNoteOf(ls[i].drop) != logDropTemplate:
			// A note would be no shorter than the line it stands for.
			out = d.appendLine(out, &ls[i], p)
		case ls[i].drop == logDropFrames:
			out = logAppendNote(out, j-i, "stack frame lines")
		case ls[i].drop == logDropSameTrace:
			out = logAppendNote(out, j-i, "stack frame lines, the same as in a trace above,")
		case ls[i].drop == logDropCoverage:
			out = d.appendCoverage(out, i, j)
		case ls[i].drop == logDropLib:
			out = logAppendNote(out, j-i, "runtime and library frame lines")
		case ls[i].drop == logDropRepeat:
			out = logAppendNote(out, j-i, "lines repeating the report above")
		case ls[i].drop == logDropSource:
			out = logAppendNote(out, j-i, "source lines around the failing one")
		case ls[i].drop == logDropWarnCode:
			out = logAppendNote(out, j-i, "source lines")
		case ls[i].drop == logDropGoroutines:
			out = logAppendNote(out, j-i, "lines of further goroutines")
		case ls[i].drop == logDropTestLines:
			out = d.appendCutBlock(out, i, j, p)
		default:
			out = d.appendTemplates(out, i, j, p)
		}
		i = j
	}
	return out
}

// logNoteOf returns the reason whose note counts a line dropped for drop:
// copies of a warning are counted among the lines around them, as lines
// like those shown.
func logNoteOf(drop uint8) uint8 {
	if drop == logDropCopy {
		return logDropTemplate
	}
	return drop
}

// appendHidden writes the note for ls[a:b], hidden lines of passing and
// skipped tests.
func (d *logDoc) appendHidden(out []byte, a, b int) []byte {
	passed, skipped := 0, 0
	anyPassed, anySkipped := false, false
	if d.lines[a].passed == 'A' {
		// Catch2's passing assertions (-s), not tests.
		for _, l := range d.lines[a:b] {
			if l.ends {
				passed++
			}
		}
		unit := gotestUnit(passed, "passing assertion")
		if b-a != passed {
			unit += " (" + strconv.Itoa(b-a) + " lines)"
		}
		return append(append(out, lossy.Omitted(passed, unit)...), '\n')
	}
	for _, l := range d.lines[a:b] {
		if l.passed == 'S' {
			anySkipped = true
		} else {
			anyPassed = true
		}
		switch {
		case !l.ends:
		case l.passed == 'S':
			skipped++
		default:
			passed++
		}
	}
	kinds := "passing tests"
	if anySkipped {
		kinds = "skipped tests"
		if anyPassed {
			kinds = "passing and skipped tests"
		}
	}
	out = append(out, gotestNote(passed, skipped, b-a, kinds)...)
	return append(out, '\n')
}

func logAppendNote(out []byte, n int, unit string) []byte {
	out = logRoom(out, 64)
	out = append(out, lossy.Omitted(n, unit)...)
	return append(out, '\n')
}

// appendTemplates collapses ls[a:b] by template: one example of each of the
// largest templates stands for the lines like it. Notes stand where the
// lines they count were, so each note counts exactly the dropped lines
// between the shown lines around it: "similar lines" when each shares the
// template of a line in view above it, "other lines" otherwise.
// logOwnPlace reports a line that starts with its place, "path:N:".
func logOwnPlace(t []byte) bool {
	h, ok := toolline.ParseHit(t)
	return ok && !h.Context
}

// copied reports a copy of a warning shown with the count of its copies.
func (d *logDoc) copied(l *logLine) bool {
	return l.class == logNotable && d.tallied[string(l.text)]
}

func (d *logDoc) appendTemplates(out []byte, a, b int, p logParams) []byte {
	ls := d.lines
	show := make([]bool, b-a)
	if b-a <= 3 {
		// Short runs show in order, but lines whose template has been shown
		// often enough already are counted rather than repeated.
		var extra [3]uint64
		skipped := 0
		for i := a; i < b; i++ {
			n := d.shown[ls[i].key]
			for _, k := range extra[:i-a] {
				if k == ls[i].key {
					n++
				}
			}
			show[i-a] = n < logExamples && !d.copied(&ls[i]) && ls[i].drop != logDropCopy
			if !show[i-a] {
				skipped++
			}
			extra[i-a] = ls[i].key
		}
		if skipped < 2 {
			for k := range show {
				show[k] = ls[a+k].drop != logDropCopy
			}
		}
		return d.appendShown(out, a, b, show, p)
	}
	type group struct{ first, n int }
	idx := make(map[uint64]int, 8)
	var groups []group
	for i := a; i < b; i++ {
		k, ok := idx[ls[i].key]
		if !ok {
			k = len(groups)
			idx[ls[i].key] = k
			groups = append(groups, group{first: i})
		}
		groups[k].n++
	}
	shown := groups
	if len(groups) > p.groups {
		shown = append([]group(nil), groups...)
		sort.SliceStable(shown, func(x, y int) bool { return shown[x].n > shown[y].n })
		shown = shown[:p.groups]
	}
	for _, g := range shown {
		if d.shown[ls[g.first].key] >= logExamples || d.copied(&ls[g.first]) || ls[g.first].drop == logDropCopy {
			continue
		}
		show[g.first-a] = true
		if g.n == 2 {
			// A note would be no shorter than the line it stands for.
			for i := g.first + 1; i < b; i++ {
				if ls[i].key == ls[g.first].key && ls[i].drop != logDropCopy {
					show[i-a] = true
					break
				}
			}
		}
	}
	return d.appendShown(out, a, b, show, p)
}

// appendShown writes the lines of ls[a:b] that show marks, in input order,
// and one note for each run of the others, where that run was. A run of
// one line is shown when its note would say no less.
func (d *logDoc) appendShown(out []byte, a, b int, show []bool, p logParams) []byte {
	ls := d.lines
	for i := a; i < b; {
		if show[i-a] {
			out = d.appendLine(out, &ls[i], p)
			i++
			continue
		}
		j := i + 1
		for j < b && !show[j-a] {
			j++
		}
		// "Similar" lines have a line of their template in view above.
		similar := true
		for k := i; k < j && similar; k++ {
			similar = d.shown[ls[k].key] > 0
		}
		switch {
		case j-i == 1 && ls[i].drop != logDropCopy:
			// A note for one line says less than the line and saves
			// little: the line is shown.
			out = d.appendLine(out, &ls[i], p)
		case similar:
			out = logAppendNote(out, j-i, logUnit(j-i, "similar line"))
		default:
			out = logAppendNote(out, j-i, logUnit(j-i, "other line"))
		}
		i = j
	}
	return out
}

// logUnit adds the plural s to unit unless n is 1.
func logUnit(n int, unit string) string {
	if n == 1 {
		return unit
	}
	return unit + "s"
}

// logExamples is how many lines of one template a view shows before it only
// counts the rest.
const logExamples = 2

// logKey hashes the template of a line: its indentation, the fields before
// the first word, that word and up to two plain words after it, with every
// run of letters and digits that holds a digit masked (numbers, hex, times,
// versions, ids). "Setting up libfoo (1.2) ..." and "Get:12 http://..." so
// share a template with their siblings.
func logKey(text []byte) uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	i := 0
	for i < len(text) && i < 8 && (text[i] == ' ' || text[i] == '\t') {
		h = (h ^ uint64(text[i])) * prime
		i++
	}
	if i == 0 && len(text) > 0 && text[0] >= 'a' && text[0] <= 'z' {
		// dmesg -x: the level and the message, not "kern" and the uptime.
		if level, end, ok := toolline.KernelLevel(text); ok {
			for _, c := range level {
				h = (h ^ uint64(c)) * prime
			}
			i = end
			if r := text[end:]; len(r) > 0 && r[0] == '[' && toolline.KernelStamp(r) {
				i += bytes.IndexByte(r, ']') + 1
			}
		}
	}
	words, fields := 0, 0
	for i < len(text) && fields < 8 {
		for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
			i++
		}
		if i == len(text) {
			break
		}
		var fh uint64
		var j int
		var letters, plain bool
		if end, ok := logHexBytes(text, i); ok {
			// A dump of bytes (openssl's moduli and signatures) is one
			// template however its digits fall: letters in "be:32" are
			// no word, and each line a template of its own would crowd
			// out the labelled lines among them ("Public-Key: (4096 bit)").
			fh, j = (h^'#'^':')*prime, end
		} else {
			fh, j, letters, plain = logFieldHash((h^' ')*prime, text, i)
		}
		if words > 0 && (!plain || !letters) {
			break
		}
		h = fh
		fields++
		if letters {
			words++
			if words == 3 {
				break
			}
		}
		i = j
	}
	return h
}

// logHexBytes reports whether the field of text at i is a run of at least
// four bytes in hex joined by colons ("00:be:32:8e:", "59:D8:ED:E4"), and
// returns where it ends.
func logHexBytes(text []byte, i int) (end int, ok bool) {
	if i+2 >= len(text) || text[i+2] != ':' || !logHexDigit(text[i]) {
		return i, false // asked of every field logKey hashes: most fail here
	}
	end, n := logHexRun(text, i)
	return end, n >= 4
}

// logHexRun returns the end of the field at text[i:] and how many hex
// bytes joined by colons it holds, 0 when it is not such a run.
func logHexRun(text []byte, i int) (end, n int) {
	for i+1 < len(text) && logHexDigit(text[i]) && logHexDigit(text[i+1]) {
		n++
		i += 2
		if i == len(text) || text[i] != ':' {
			break
		}
		i++
	}
	if i < len(text) && text[i] != ' ' && text[i] != '\t' {
		return i, 0
	}
	return i, n
}

func logHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// logAlnumRun returns the end of the run of letters and digits starting at
// field[k], and whether it holds a digit.
func logAlnumRun(field []byte, k int) (e int, digit bool) {
	var class uint8
	for e = k; e < len(field); e++ {
		c := logAlnums[field[e]]
		if c == 0 {
			break
		}
		class |= c
	}
	return e, class&logDigit != 0
}

// logFieldHash reads the field of text that starts at i (up to a blank or
// the end) and returns h with its template hashed in (every run of letters
// and digits that holds a digit as '#'), where the field ends, whether it
// has a run of letters without digits, and whether it is a plain word:
// letters with at most trailing punctuation. One pass: logKey asks of every
// line's first fields.
func logFieldHash(h uint64, text []byte, i int) (_ uint64, end int, letters, plain bool) {
	const prime = 1099511628211
	plain = true
	k := i
	for k < len(text) {
		c := text[k]
		if c == ' ' || c == '\t' {
			break
		}
		if !logAlnum(c) {
			last := k+1 == len(text) || text[k+1] == ' ' || text[k+1] == '\t'
			if !last || (c != ':' && c != ',' && c != '.' && c != ';') {
				plain = false
			}
			h = (h ^ uint64(c)) * prime
			k++
			continue
		}
		e, digit := logAlnumRun(text, k)
		if digit {
			plain = false
			h = (h ^ '#') * prime
		} else {
			letters = true
			for _, c := range text[k:e] {
				h = (h ^ uint64(c)) * prime
			}
		}
		k = e
	}
	return h, k, letters, plain && letters
}

func logAlnum(c byte) bool { return logAlnums[c] != 0 }

// logAlnums classes the bytes of logKey's runs: 0 for none, logLetter for
// a letter or a byte past ASCII, logDigit for a digit.
var logAlnums = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		switch {
		case c >= '0' && c <= '9':
			t[c] = logDigit
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80:
			t[c] = logLetter
		}
	}
	return t
}()

const (
	logLetter uint8 = 1
	logDigit  uint8 = 2
)
