package failure

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/kompress/kompress/internal/ansi"
	"github.com/kompress/kompress/internal/toolline"
)

// reader judges the lines of one text by the report rules. Some rules need
// the lines around a line: a caret line counts after a diagnostic and takes
// the source line it points at along; a word such as "failure" counts only
// outside running text; the first frame after an exception counts.
type reader struct {
	text  []byte
	spans [][2]uint32 // each line's bytes, without '\n' and a trailing '\r'
	// The lines that hold ANSI escapes, without them; plainAt[i] is line
	// i's index in plain plus one, or 0 when it has none. Both are nil when
	// no line has escapes.
	plain   [][]byte
	plainAt []uint32
	mark    []bool // the failure lines

	prose []int8 // 1: the line reads as running text; 0: not; -1: not yet known

	lastFail  int   // index of the last failure line, or -8 before any
	exception bool  // the last failure line opened a Java exception (its first "at" frame counts)
	minitest  int   // lines left of a minitest failure's report under "  1) Failure:" (its title and message), or 0
	miniFrame bool  // under minitest's "  3) Error:": the first frame counts
	libFrames bool  // among an assertion library's frames under an exception: the first frame past them counts
	mocha     bool  // after mocha's "N failing": its numbered titles count
	jasmine   uint8 // under jasmine's "  Message:" (1) or "  Stack:" (2): see jasmineFailure
	rspec     bool  // in rspec's "Failures:" section: see rspecFailure
	rspecExc  int   // the indent of rspec's "KeyError:" above its message, or 0
	rspecMsg  int   // the indent of rspec's "Failure/Error:" above its message, or 0
	rspecLeft int   // message lines under "Failure/Error:" still taken (a bound on a long diff)
	sanitizer bool  // inside an AddressSanitizer (or kin) report
	// sanOrigin: under MemorySanitizer's "Uninitialized value was created
	// by …" or "… stored to memory at", whose first frame in the program
	// names where the value came from.
	sanOrigin bool
	gdb       bool // after gdb's "Program received signal": backtrace frames count
	gdbThread int  // the thread gdb's signal line names (0: none); its backtrace's frames count
	gdbStop   bool // after gdb's signal line, until the line that says where the program stopped
	placeEnd  int  // the "Error:" line below gfortran's place line: the excerpt above it counts
	ocamlNext int  // the next line of OCaml's error message, which goes on in indented lines under "Error:"; 0: none
	issueEnd  int  // past the last line of a bandit finding of medium or high severity: its Severity and Location count
	eunit     bool // under eunit's "calc: add_test...*failed*": see eunitFrame
	doctest   bool // under doctest's "Failed example:": see doctestFailure
	lastEvent int  // the last event number gcc -fanalyzer's latest "events 8-12" heading declares
	// vgFrames: after a valgrind error's heading or a leak's loss record,
	// its frames count up to the first that names a source line of the
	// program ("by 0x1092F3: main (bad.c:15)", not libc's "printf
	// (printf.c:33)"): 1 until the first frame, 2 among the frames, 0 when
	// done.
	vgFrames uint8
	vgBlock  bool // the frames say where a block was allocated (a leak) or freed (a use after free)
	pathLine int  // index of the last unindented lone path (an eslint file header), or -1
	warnOnly bool // the last failure line is a warning or note diagnostic: its carets are not kept
	// rake: the lines since "rake aborted!" are its exception and bare
	// backtrace frames; rakeFrame, a frame of them has counted.
	rake, rakeFrame bool
	// composer: under Composer's "  Problem 1", whose "    - …" lines
	// say why the requirements could not be resolved.
	composer bool
	// clj: the lines under clojure.test's "FAIL in (t) (f.clj:3)": 1 its
	// testing context, 2 past "expected: ", 3 past "  actual: " (then
	// frames); cljFrame, the program's first frame has counted.
	clj      int
	cljFrame bool

	// rows: the text is a table whose rows are data; the failure vocabulary
	// inside a row (a description that mentions errors, lsof's
	// "(readlink: Permission denied)" on every row) is a value, and the
	// kind's status-cell rule judges rows instead.
	rows bool
	// page: the text is an HTML page, whose text is running text: only
	// the strong forms count there.
	page bool
	// race: the text holds "race detected during execution of test" at all,
	// asked once rather than of every line.
	race bool
}

// raceInTest ends the line the race detector adds to a test's failure.
const raceInTest = ": race detected during execution of test"

// raceRare indexes raceInTest's 'x', by which the phrase is sought: logs
// are full of ": ".
var raceRare = strings.IndexByte(raceInTest, 'x')

// maxReaderText is the longest text one reader judges: its line table
// holds 32-bit offsets, half the memory of a big text's table of ints.
// A variable so that tests can judge a small text in parts.
var maxReaderText = 1<<32 - 1

func newReader(text []byte) *reader {
	return resetReader(new(reader), text)
}

// readers pools the readers of short texts: views ask line by line (a table
// row, a search view's non-hit line), and a reader's slices would be most
// of such a call's cost.
var readers = sync.Pool{New: func() any { return new(reader) }}

// shortText is the longest text whose reader is pooled; longer ones are
// allocated, so the pool never holds a big input's line tables.
const shortText = 4 << 10

// resetReader makes r a fresh reader of text, reusing its slices.
func resetReader(r *reader, text []byte) *reader {
	n := bytes.Count(text, []byte{'\n'}) + 1
	esc := bytes.IndexByte(text, 0x1b) >= 0
	// Escapes may split the phrase in the raw text: then every line is asked.
	spans, mark, prose := r.spans[:0], r.mark[:0], r.prose[:0]
	if cap(spans) < n {
		spans = make([][2]uint32, 0, n)
	}
	*r = reader{text: text, spans: spans, lastFail: -8, pathLine: -1,
		race: esc || toolline.ContainsRare(text, []byte(raceInTest), raceRare)}
	for start := 0; start < len(text); {
		end := bytes.IndexByte(text[start:], '\n')
		next := len(text)
		if end < 0 {
			end = len(text)
		} else {
			end += start
			next = end + 1
		}
		e := end
		if e > start && text[e-1] == '\r' {
			e--
		}
		r.spans = append(r.spans, [2]uint32{uint32(start), uint32(e)})
		start = next
	}
	if esc {
		r.plainAt = make([]uint32, len(r.spans))
		for i := range r.spans {
			if l := r.raw(i); bytes.IndexByte(l, 0x1b) >= 0 {
				r.plain = append(r.plain, ansi.Strip(l))
				r.plainAt[i] = uint32(len(r.plain))
			}
		}
	}
	if cap(mark) < len(r.spans) {
		mark, prose = make([]bool, len(r.spans)), make([]int8, len(r.spans))
	}
	r.mark, r.prose = mark[:len(r.spans)], prose[:len(r.spans)]
	clear(r.mark)
	for i := range r.prose {
		r.prose[i] = -1
	}
	return r
}

func (r *reader) raw(i int) []byte { return r.text[r.spans[i][0]:r.spans[i][1]] }

// line returns line i as the reader sees it, without ANSI escapes.
func (r *reader) line(i int) []byte {
	if r.plainAt != nil && r.plainAt[i] != 0 {
		return r.plain[r.plainAt[i]-1]
	}
	return r.raw(i)
}

// next returns the line after line i, nil after the last.
func (r *reader) next(i int) []byte {
	if i+1 >= len(r.spans) {
		return nil
	}
	return r.line(i + 1)
}

// judge marks the failure lines. only, when set, says which lines the report
// rules judge (search hits and HTML markup are not judged); also adds the
// kind's own rules (a table's status cells).
func (r *reader) judge(only, also func(plain []byte) bool) {
	tests := failedGoTests(r.text)
	for i := range r.spans {
		plain := r.line(i)
		// message must see every line to follow which test is running.
		msg := tests != nil && tests.message(plain)
		if only != nil && !only(plain) {
			continue
		}
		if msg || r.report(i, plain) || also != nil && also(plain) {
			r.mark[i] = true
			r.lastFail = i
			r.warnOnly = warningDiagnostic(plain)
		}
	}
}

// report applies the one definition of a failure report (see Report) to
// line i, whose text without ANSI escapes is plain.
func (r *reader) report(i int, plain []byte) bool {
	t := trimIndent(plain)
	if len(t) == 0 {
		return false
	}
	exception := r.exception
	r.exception = false
	if r.composer {
		if hasPrefix(t, "- ") && len(plain) > len(t) {
			return true
		}
		r.composer = false
	}
	if r.clj > 0 {
		if hit, ok := r.clojureLine(plain, t); ok {
			return hit
		}
	}
	if earlyFirst[t[0]] {
		if hit, ok := r.earlyReport(i, plain, t); ok {
			return hit
		}
	}
	if hit, ok := r.eunitFrame(t); ok {
		return hit
	}
	if hit, ok := r.doctestFailure(plain); ok {
		return hit
	}
	if t[0] == '|' || t[0] == '+' || t[0] >= 0x80 || t[0] == '\'' {
		if hit, ok := r.analyzerEvent(i, t); ok {
			return hit
		}
	}
	if hit, ok := r.jasmineFailure(i, plain, t); ok {
		return hit
	}
	if hit, ok := r.rspecFailure(plain, t); ok {
		return hit
	}
	if t[0] == '{' && bytes.Contains(t, []byte(`"Action":"`)) && !toolline.ErlangCrash(t) {
		return jsonEventFailure(t)
	}
	if hasPrefix(t, "ok  ") || hasPrefix(t, "ok \t") || hasPrefix(t, "--- PASS") || hasPrefix(t, "--- SKIP") {
		return false
	}
	// The rules below whose forms need a ':' ("path:N:", "kern  :err   : ",
	// "Error: msg") are asked only of lines that hold one; t and body are
	// parts of plain.
	colon := bytes.IndexByte(plain, ':') >= 0
	if plain[0] != ' ' && plain[0] != '\t' && lonePath(t) {
		r.pathLine = i
	}
	if t[len(t)-1] == ':' && isDigit(t[0]) {
		if isErr, ok := minitestHead(t); ok {
			r.minitest, r.miniFrame = minitestLines, isErr
			if isErr {
				r.minitest = 1 // the title; the exception line counts by itself
			}
			return true
		}
	}
	if (t[0] == 'F' || t[0] == 'E') && len(plain) == len(t) && bustedFailure(t) {
		r.minitest, r.miniFrame = minitestLines, false
		return true // busted: "Failure -> spec/queue_spec.lua @ 8"; the name and message under it count
	}
	if (t[0] == 0xe2 || (t[0] == 'F' || t[0] == 'E') && len(plain) == len(t)) && testthatHead(t) {
		r.minitest, r.miniFrame = minitestLines, false
		return true
	}
	if r.minitest > 0 || r.miniFrame {
		if hit, ok := r.minitestLine(i, t); ok {
			return hit
		}
	}
	if i == r.ocamlNext && i > 0 && len(plain) > len(t) {
		r.ocamlNext++
		return true // the rest of OCaml's error message: "         float", "  Hint: Did you mean `2.'?"
	}
	if t[0] == 'F' && len(plain) == len(t) && ocamlPlace(t) && r.ocamlError(i) {
		return true
	}
	// Tools whose every line has a prefix or a shape of its own decide alone.
	if t[0] == 'P' || t[0] == 'T' || t[0] == '#' || r.gdbStop {
		if hit, ok := r.gdbLine(t); ok {
			return hit
		}
	}
	if body, ok := valgrindBody(t); ok {
		return r.valgrind(i, body)
	}
	if t[0] != '[' && t[0] != '+' && t[0] != '-' && bytes.IndexByte(t, '(') < 0 {
		// not a system call nor one of strace's "+++", "---" or "[pid N]" lines
	} else if hit, ok := straceLine(t); ok {
		return hit
	}
	if !colon {
		// no "kern  :err   : " prefix
	} else if level, _, ok := toolline.KernelLevel(t); ok {
		switch string(level) {
		case "emerg", "alert", "crit", "err":
			return true // dmesg -x names the level; the message may not
		}
	}
	if hit, ok := r.sanitizerLine(i, t); ok {
		return hit
	}
	if t[0] == '>' || i < r.issueEnd {
		if hit, ok := r.banditLine(i, t); ok {
			return hit
		}
		if len(plain) == len(t) && pytestFailing(t, r.next(i)) {
			return true
		}
	}
	body := trimGutter(t)
	if len(body) == 0 {
		return false
	}
	if _, _, ok := toolline.ShellcheckHeader(body); ok {
		return r.shellcheckError(i)
	}
	if ok, failed := toolline.CTestResult(body); ok {
		return failed // ctest marks a test that did not pass: "***Failed", "***Timeout"
	}
	if r.mietteError(i, body) {
		return true
	}
	if len(plain) == len(t) && toolline.BiomeHeader(plain) {
		// biome names the location in a heading above the message: an
		// error's ("× msg" under it) counts.
		for j := i + 1; j < len(r.spans) && j <= i+2; j++ {
			if n := trimIndent(r.line(j)); len(n) > 0 {
				return r.mietteError(j, n)
			}
		}
		return false
	}
	if i == r.lastFail+1 && (hasPrefix(body, ",-[") || hasPrefix(body, "╭─[")) && toolline.MietteFrame(body) {
		return true // where the miette error above it points
	}
	if hasPrefix(body, "thrown in ") && i-r.lastFail <= 4 && bytes.Contains(body, []byte(" on line ")) {
		return true // PHP's place of an uncaught exception, under its stack trace
	}
	if hasPrefix(body, "#0 ") && i >= 2 && i-2 == r.lastFail && string(trimIndent(r.line(i-1))) == "Stack trace:" && phpFrame(body) {
		return true // where the function that threw was called: "#0 /app/cart.php(22): Cart->add()"
	}
	if r.libFrames && !hasPrefix(body, "at ") {
		r.libFrames = false
	}
	switch {
	case hasPrefix(body, "--> ") && location(body[4:]):
		// rustc's location of the diagnostic above it: an error's counts,
		// a warning's does not.
		return i == r.lastFail+1
	case exception && len(plain) > len(t) && i == r.lastFail+1 && r.elixirFrame(body):
		return true // the frame an Elixir exception was raised in: "    calc.exs:2: Calc.div/2"
	case exception && hasPrefix(body, "at ") && i == r.lastFail+1:
		r.libFrames = assertionFrame(body)
		return true // the frame that threw
	case r.libFrames && hasPrefix(body, "at "):
		// Under an assertion library's frames, the first of the tests'
		// own says which assertion failed.
		r.libFrames = assertionFrame(body)
		return !r.libFrames
	case r.caret(i, plain):
		return true
	case r.mocha && mochaTitle(t):
		return true
	}
	if isDigit(body[0]) || body[0] == ':' {
		if status, ok := toolline.AccessLog(body); ok {
			return status >= 500 // a request the web server failed; 4xx are the client's
		}
	}
	if colon && toolError(body) {
		return true
	}
	if body[0] == 'F' && toolline.PyLibFrame(body) && !r.lastPyFrame(i, len(plain)-len(body)) {
		// A Python traceback's frame in the standard library or an installed
		// package, other than the last (where the exception was raised):
		// the program's frames and the exception say what failed. Its
		// source line and carets do not count either.
		r.warnOnly = true
		return false
	}
	if strong, weak := startFailure(body); strong || weak && !r.page && !r.paragraph(i) {
		r.exception = javaException(body) || hasPrefix(body, "** (")
		if testCounts(body, "failing") {
			r.mocha = true
		}
		return true
	}
	if (colon || hasSuffix(body, "Interrupt") || bytes.IndexByte(body, 'w') >= 0) && exceptionLine(body) {
		r.exception = true
		return true
	}
	if r.race && bytes.Contains(t, []byte(raceInTest)) {
		return true
	}
	if len(plain) == len(t) && i-r.lastFail <= 2 && r.pytestRaised(t) {
		return true
	}
	if len(plain) == len(t) && t[len(t)-1] == ':' && r.placeError(i, t) {
		return true
	}

	if len(plain) > len(t) && i-r.lastFail <= 2 && r.lastFail >= 0 && placeLine(t) && esbuildError(r.line(r.lastFail)) {
		r.placeEnd = i + 2
		return true // esbuild's location under its error: "    src/api.ts:1:22:"
	}
	if len(plain) > len(t) && r.lastFail >= 0 && i-r.lastFail <= 8 && toolline.SassPlace(t) && hasPrefix(r.line(r.lastFail), "Error: ") {
		return true // Dart Sass's place of the error above its excerpt: "  styles/main.scss 4:16  root stylesheet"
	}
	if i-r.lastFail == 1 && t[len(t)-1] == ')' && len(plain) == len(t) && hasPrefix(r.line(i-1), "[!] ") && rollupPlace(t) {
		return true // rollup's place under its error: "src/config.json (1:10)"
	}
	if i-r.lastFail != 2 || t[len(t)-1] != ':' {
		// not a place right under an error and a blank line
	} else if p := trimGutterBox(t); hasPrefix(p, "on ") && toolline.TerraformPlace(p[len("on "):]) && len(trimGutterBox(r.line(i-1))) == 0 {
		return true // Terraform's place under its error: "  on main.tf line 12, in locals:"
	}
	if i < r.placeEnd && excerptLine(t) {
		return true // the source line under an error's place
	}
	if r.rake {
		if hit, ok := r.rakeLine(plain); ok {
			return hit
		}
	}
	if r.toolReport(i, plain, t, colon) {
		return true
	}
	if plain[len(plain)-1] != 'e' || !hasSuffix(plain, "validate") {
		// not "… fails to validate"
	} else if p, ok := bytes.CutSuffix(plain, []byte(" fails to validate")); ok && len(p) > 0 && bytes.IndexByte(p, ' ') < 0 {
		return true // xmllint's verdict on a file: "catalog.xml fails to validate"
	}
	if colon && len(plain) == len(t) && plain[len(plain)-1] != ':' {
		if at := bytes.IndexByte(plain, '@'); at > 0 && plain[at-1] == ':' {
			// A VHDL simulation's report: errors and failures report, notes
			// and warnings do not ("tb.vhd:26:5:@66ns:(assertion failure): …").
			if sev := toolline.GHDLReport(plain[at:]); sev != nil {
				return bytes.HasSuffix(sev, []byte(" error")) || bytes.HasSuffix(sev, []byte(" failure"))
			}
		}
		if sev, _, _, ok := toolline.HlintRow(plain); ok {
			return string(sev) == "Error" // hlint: hints raised to errors report, warnings and suggestions are findings
		}
	}
	if plain[0] == 'm' && hasPrefix(plain, "mandoc: ") {
		if level, _, _, ok := toolline.MandocRow(plain); ok {
			// mandoc -T lint: its errors and what it cannot render report,
			// its warnings and style notes are findings.
			return string(level) != "WARNING" && string(level) != "STYLE"
		}
	}
	if plain[0] == 'p' && plain[len(plain)-1] == ':' {
		if _, _, ok := toolline.BashismRow(plain); ok {
			return false // checkbashisms: advice on portability, counted as findings
		}
	}
	if c := plain[len(plain)-1]; colon && len(plain) == len(t) && (c == '.' || c == '!') {
		if _, _, ok := toolline.ChktexTerse(plain); ok {
			return false // ChkTeX -v0: advice on a LaTeX source, "a.tex:11:15:9:`]' expected, found `)'."
		}
	}
	if plain[0] != ' ' && plain[0] != '\t' && ((colon || bytes.IndexByte(plain, '-') >= 0) && diagnostic(plain) || perlDiagnostic(plain)) {
		return true
	}
	if plain[len(plain)-1] == ')' && len(plain) == len(t) {
		if level, _, _, ok := toolline.PuppetLintRow(plain); ok {
			return string(level) == "ERROR" // puppet-lint: errors report, warnings are findings
		}
		if _, _, ok := toolline.PerlcriticRow(plain); ok {
			// Perl::Critic: the gravest policies (severity 5) report;
			// the rest are advice, counted as lint findings.
			return hasSuffix(plain, "(Severity: 5)")
		}
	}
	if len(plain) == len(t) && (colon && toolline.SystemdFinding(plain) || plain[0] == 'U' && hasPrefix(plain, "Unit ") && hasSuffix(plain, " has a bad unit file setting.") ||
		hasSuffix(plain, " Refusing.") && bytes.IndexByte(plain, ':') > 0 && toolline.SystemdUnit(plain[:bytes.IndexByte(plain, ':')])) {
		return true // systemd-analyze verify: each finding is one to fix, "ignoring" or not, and the units it refuses
	}
	if r.eslintRow(t) || r.staticcheckRow(t) {
		return true
	}
	if colon && t[0] == 'l' && len(plain) == len(t) {
		if level, ok := toolline.TidyRow(t); ok {
			return string(level) == "Error" // HTML Tidy: errors report; warnings and infos are findings
		}
	}
	if !colon {
		// no "path: line N, col M, "
	} else if sev, _, _, ok := toolline.CompactRow(t); ok {
		// eslint -f compact and kin: errors report, warnings are findings.
		return string(sev) == "error" || string(sev) == "fatal"
	}
	if r.rows && cells(plain) {
		return false
	}
	if colon && styleFinding(plain) {
		return false // a linter's style finding, whatever its message says ("E501 line too long")
	}
	strong, weak := wordFailure(plain)
	if strong || weak && !r.page && !r.paragraph(i) {
		if testCounts(t, "failing") || junitFailures(t) {
			r.mocha = true // the numbered titles below count: "1) emptyTotal(LedgerTest)"
		}
		return true
	}
	return false
}

// bindLine judges BIND's zone loading messages (named-checkconf -z,
// named-checkzone) at line i: a zone's or view's report other than "loaded
// serial N", a loader's "dns_master_load: db.lab.test:8: …", and, once a
// zone's "loading from master file db.lab.test failed" names its file, the
// lines above it about that file ("db.lab.test:6: unknown RR type '5x'").
func (r *reader) bindLine(i int, t []byte) (hit, ok bool) {
	if toolline.BindZoneLine(t) {
		const from = "loading from master file "
		if k := bytes.Index(t, []byte(from)); k > 0 {
			f := t[k+len(from):]
			if e := bytes.Index(f, []byte(" failed")); e > 0 && bytes.IndexByte(f[:e], ' ') < 0 {
				r.markFileLines(i, f[:e])
			}
		}
		return !bytes.Contains(t, []byte(": loaded serial ")), true
	}
	if hasPrefix(t, "dns_") {
		if c := bytes.Index(t, []byte(": ")); c > 4 && bytes.IndexByte(t[:c], ' ') < 0 {
			if h, ok := toolline.ParseHit(t[c+2:]); ok && !h.Context {
				return true, true
			}
		}
	}
	return false, false
}

// markFileLines marks the lines of the 64 above line i that open with
// "file:N:".
func (r *reader) markFileLines(i int, file []byte) {
	for j := i - 1; j >= 0 && j >= i-64; j-- {
		l := r.line(j)
		if hasPrefix(l, string(file)) && len(l) > len(file)+2 && l[len(file)] == ':' && isDigit(l[len(file)+1]) {
			r.mark[j] = true
		}
	}
}

// rCheckStep judges a step of R CMD check, "* checking Rd files ...
// WARNING": an ERROR or WARNING reports (CRAN refuses both), a NOTE does
// not. A step whose output comes first ("* checking tests ...", "  Running
// 'testthat.R'") has its result on a line of its own a few lines below.
func (r *reader) rCheckStep(i int, plain []byte) bool {
	if bytes.HasSuffix(plain, []byte(" ... ERROR")) || bytes.HasSuffix(plain, []byte(" ... WARNING")) {
		return true
	}
	if !bytes.HasSuffix(plain, []byte(" ...")) {
		return false
	}
	for j := i + 1; j < len(r.spans) && j <= i+4; j++ {
		switch l := r.line(j); {
		case string(l) == " ERROR" || string(l) == " WARNING":
			return true
		case hasPrefix(l, "* "):
			return false
		}
	}
	return false
}

// gosecIssue reports a gosec issue's heading.
func gosecIssue(t []byte) bool {
	_, _, _, ok := toolline.GosecRow(t)
	return ok
}

// rollupPlace reports rollup's place of an error, "src/config.json (1:10)".
func rollupPlace(t []byte) bool {
	p := bytes.LastIndex(t, []byte(" ("))
	if p <= 0 || bytes.IndexByte(t[:p], ' ') >= 0 {
		return false
	}
	r := t[p+2 : len(t)-1]
	_, a := leadingNum(r)
	if a == 0 || a >= len(r) || r[a] != ':' {
		return false
	}
	_, b := leadingNum(r[a+1:])
	return b > 0 && a+1+b == len(r)
}

// lldbThread reports whether line i, an lldb frame line, is one of the
// frames under a stopped thread's line ("* thread #1, … stop reason =
// signal SIGSEGV …") that counted, with only frames between them.
func (r *reader) lldbThread(i int) bool {
	if !bytes.Contains(r.line(i), []byte(": 0x")) {
		return false
	}
	for j := i - 1; j >= 0 && j >= i-64; j-- {
		l := trimIndent(r.line(j))
		switch {
		case hasPrefix(l, "* thread #"):
			return r.mark[j]
		case !hasPrefix(l, "frame #") && !hasPrefix(l, "* frame #"):
			return false
		}
	}
	return false
}

// earlyFirst marks the bytes the lines earlyReport judges start with.
var earlyFirst = func() (t [256]bool) {
	for _, c := range []byte("zd_PFE[") {
		t[c] = true
	}
	return t
}()

// earlyReport judges, before the other rules, the forms whose lines those
// would misjudge: BIND's zone loading, Composer's problems, clojure.test's
// headings, gosec's issues. t is plain without its indent.
func (r *reader) earlyReport(i int, plain, t []byte) (hit, ok bool) {
	switch t[0] {
	case 'z', 'd', '_':
		if len(plain) == len(t) && (t[0] == '_' || hasPrefix(t, "zone ") || hasPrefix(t, "dns_")) {
			return r.bindLine(i, t)
		}
	case 'P':
		if len(plain) > len(t) && hasPrefix(t, "Problem ") && isDigit(t[len(t)-1]) {
			if _, e := leadingNum(t[len("Problem "):]); e == len(t)-len("Problem ") {
				r.composer = true
				return true, true // Composer: "  Problem 1", the "    - …" lines under it
			}
		}
	case '[':
		if sev, _, _, ok := toolline.GosecRow(plain); ok {
			// gosec: issues of high and medium severity report, as bandit's
			// do; low ones are findings, whatever their message says.
			return string(sev) == "HIGH" || string(sev) == "MEDIUM", true
		}
	case 'F', 'E':
		if len(plain) == len(t) && (hasPrefix(plain, "FAIL in (") || hasPrefix(plain, "ERROR in (")) && plain[len(plain)-1] == ')' {
			r.clj, r.cljFrame = 1, false
			return true, true // clojure.test: "FAIL in (string-test) (cart_test.clj:36)"
		}
	}
	return false, false
}

// clojureLine judges a line under clojure.test's report of a failed
// assertion, "FAIL in (coupon-test) (cart_test.clj:24)" or "ERROR in …":
// the testing context, "expected: …", "  actual: …" (an error's exception)
// and, of the stack trace under it, the program's first frame count; a
// blank line ends the report. ok is false for lines the other rules judge.
func (r *reader) clojureLine(plain, t []byte) (hit, ok bool) {
	switch {
	case len(t) == 0:
		r.clj = 0
		return false, false
	case hasPrefix(plain, "expected: "):
		r.clj = 2
		return true, true
	case hasPrefix(plain, "  actual: "):
		r.clj = 3
		return true, true
	case r.clj == 1:
		return true, true // the testing context: "fixed coupon never goes negative"
	case r.clj == 3:
		frame, lib := toolline.ClojureFrame(plain)
		if !frame {
			return false, false
		}
		hit = !lib && !r.cljFrame
		r.cljFrame = r.cljFrame || hit
		return hit, true
	}
	return false, false
}

// rakeLine judges a line under "rake aborted!": of the bare backtrace
// frames ("/app/Rakefile:8:in `block in <top (required)>'"), the first
// (where the exception was raised) and the program's own count, as in a
// Python traceback; frames of Ruby's library, of gems and of bin/ stubs
// do not. "Tasks: TOP => …" or a blank line ends the trace; ok is false for
// the lines the other rules judge (the exception and its message).
func (r *reader) rakeLine(plain []byte) (hit, ok bool) {
	if len(bytes.TrimSpace(plain)) == 0 || hasPrefix(plain, "Tasks: ") || hasPrefix(plain, "(See full trace") {
		r.rake = false
		return false, false
	}
	frame, lib := toolline.RubyFrame(plain)
	if !frame || plain[0] == ' ' || plain[0] == '\t' {
		return false, false
	}
	first := !r.rakeFrame
	r.rakeFrame = true
	return first || !lib, true
}

// mietteError reports the heading of a miette-style error (oxlint, biome,
// pnpm): "× msg", or in ASCII "x msg" right above its excerpt's
// ",-[file:line:col]". Warnings ("! msg", "⚠ msg") are lint findings.
func (r *reader) mietteError(i int, t []byte) bool {
	if hasPrefix(t, "× ") {
		return len(bytes.TrimSpace(t[len("× "):])) > 0
	}
	if hasPrefix(t, "x ") && len(t) > 2 && t[2] != ' ' && i+1 < len(r.spans) {
		return toolline.MietteFrame(trimIndent(r.line(i + 1)))
	}
	return false
}

// trimGutter drops the frame that Python draws around an ExceptionGroup's
// tracebacks ("  | ", "+ ") from the start of an unindented line.
func trimGutter(t []byte) []byte {
	for len(t) > 0 {
		switch {
		case t[0] == '|' && (len(t) == 1 || t[1] == ' ' || t[1] == '\t'):
			t = trimIndent(t[1:])
		case hasPrefix(t, "+ "):
			t = trimIndent(t[2:])
		default:
			return t
		}
	}
	return t
}

// trimGutterBox is line without its indent and a box's "│" gutter
// (Terraform's diagnostics in colour).
func trimGutterBox(line []byte) []byte {
	t := trimIndent(line)
	if s, ok := bytes.CutPrefix(t, []byte("│")); ok {
		t = trimIndent(s)
	}
	return t
}

// paragraph reports whether line i is running text: it reads as a sentence
// and so does a line next to it that starts with another word. A word like
// "failure" there is prose ("a failure of the program to operate"), not a
// report; lines of a log that share their first word ("npm warn") are not
// a paragraph.
func (r *reader) paragraph(i int) bool {
	if listItem(r.line(i)) {
		return true // a changelog's "- Fix stream errors"
	}
	if !r.isProse(i) {
		return false
	}
	first := firstWord(r.line(i))
	if longParagraph(r.line(i), first) {
		return true // a paragraph on one line: Wikipedia text, unwrapped Markdown
	}
	for _, j := range [2]int{i - 1, i + 1} {
		if j >= 0 && j < len(r.spans) && r.isProse(j) && !bytes.Equal(firstWord(r.line(j)), first) {
			return true
		}
	}
	return false
}

// longParagraph reports a prose line of at least 25 words and two or more
// sentences that does not open like a report ("Error: ...", "Fatal ...").
func longParagraph(b, first []byte) bool {
	if bytes.Count(b, []byte(" ")) < 24 || bytes.Count(b, []byte(". ")) < 2 {
		return false
	}
	w := bytes.ToLower(bytes.TrimRight(first, ":!"))
	if string(w) == "e" { // apt's "E:"
		return false
	}
	for _, p := range []string{"err", "fatal", "fail", "panic", "npm", "warn"} {
		if bytes.HasPrefix(w, []byte(p)) {
			return false
		}
	}
	return true
}

// listItem reports a Markdown list item or heading.
func listItem(b []byte) bool {
	t := trimIndent(b)
	return len(t) > 2 && (t[0] == '-' || t[0] == '*' || t[0] == '+') && t[1] == ' ' && t[2] != '-' || hasPrefix(t, "#") && bytes.HasPrefix(bytes.TrimLeft(t, "#"), []byte(" "))
}

func (r *reader) isProse(i int) bool {
	if r.prose[i] < 0 {
		r.prose[i] = 0
		if proseLine(r.line(i)) {
			r.prose[i] = 1
		}
	}
	return r.prose[i] == 1
}

// proseLine reports a line of six or more words, nearly all of them plain
// words of letters with their punctuation.
func proseLine(b []byte) bool {
	words, plain := 0, 0
	for _, w := range bytes.Fields(b) {
		words++
		w = bytes.TrimLeft(w, `("'`)
		w = bytes.TrimRight(w, `.,;:!?)"'`)
		ok := len(w) > 0
		for _, c := range w {
			if !isLetter(c) && c != '-' && c != '\'' {
				ok = false
				break
			}
		}
		if ok {
			plain++
		}
	}
	return words >= 6 && plain*10 >= words*8
}

func firstWord(b []byte) []byte {
	b = trimIndent(b)
	if i := bytes.IndexAny(b, " \t"); i >= 0 {
		return b[:i]
	}
	return b
}

// caret reports a caret or underline line ("^", "^~~~", "  |   ^^^^ not
// found", "^--- error here", "~~~") that follows a failure line closely,
// and marks the source line it points at, the last line before it that is
// neither blank nor another caret line.
func (r *reader) caret(i int, plain []byte) bool {
	if i-r.lastFail > 8 || r.warnOnly || !caretLine(plain) {
		return false
	}
	if _, sev, ok := toolline.ShellcheckNote(plain); ok && string(sev) != "error" {
		return false // shellcheck's warning, info and style notes
	}
	for j := i - 1; j > r.lastFail-1 && j >= 0; j-- {
		l := r.line(j)
		if isBlankLine(l) || caretLine(l) || bareGutter(l) {
			continue
		}
		if j > 0 && !r.mark[j-1] && styleFinding(r.line(j-1)) {
			return false // the excerpt of a style finding under an error's reach
		}
		r.mark[j] = true
		break
	}
	return true
}

// styleFinding reports a linter's located finding below error level,
// which diagnostic does not count (see toolline.StyleFindingLine).
func styleFinding(plain []byte) bool {
	_, _, ok := toolline.StyleFindingLine(plain)
	return ok
}

// caretLine reports a line whose marks, after an optional "|" gutter, are
// carets and underlines: at least one '^', or '~' alone (tsc, gcc ranges).
func caretLine(b []byte) bool {
	t := trimIndent(b)
	if len(t) > 0 && t[0] == '|' {
		t = trimIndent(t[1:])
	}
	if len(t) == 0 {
		return false
	}
	carets, tildes, others := 0, 0, 0
	k := 0
	for ; k < len(t); k++ {
		switch t[k] {
		case '^':
			carets++
		case '~':
			tildes++
		case '-', '+', '|':
			others++
		case ' ', '\t':
		default:
			goto done
		}
	}
done:
	if k < len(t) && carets == 0 {
		return false // "~/dir" or "-rw-r--r--": text, not marks
	}
	return carets > 0 || tildes > 0 && others == 0
}

// warningDiagnostic reports a compiler diagnostic of warning or note level
// ("a.c:3:5: warning: unused variable"), whose snippet lines are not part of
// a failure report: warnings come by the hundred in a build that works.
func warningDiagnostic(plain []byte) bool {
	h, ok := toolline.ParseHit(plain)
	if !ok || h.Context {
		return false
	}
	m := trimIndent(h.Text)
	return hasPrefix(m, "warning") || hasPrefix(m, "note:") || hasPrefix(m, "- warning")
}

// bareGutter reports rustc's and gcc's empty gutter line ("  |").
func bareGutter(b []byte) bool {
	t := trimIndent(b)
	return len(t) == 1 && t[0] == '|'
}

func isBlankLine(b []byte) bool { return len(trimIndent(b)) == 0 }

// mochaTitle reports mocha's numbered failure titles ("  1) Array").
func mochaTitle(t []byte) bool {
	_, e := leadingNum(t)
	return e > 0 && e < len(t)-1 && t[e] == ')' && t[e+1] == ' '
}

// jasmineFailure judges jasmine's report of a failed spec: its numbered
// title ("1) calc divides") right above "  Message:", the message under
// that ("    Expected 13 to be 14."), and under "  Stack:" the first frame
// with a location (jasmine's own "at <Jasmine>" frames come first). The
// message holds no failure word; nor does the title, the only line naming
// the spec. ok is false for a line that is none of these.
func (r *reader) jasmineFailure(i int, plain, t []byte) (hit, ok bool) {
	indented := len(plain)-len(t) >= 4
	switch {
	case r.jasmine == 1 && indented:
		return true, true
	case r.jasmine == 1 && string(t) == "Stack:":
		r.jasmine = 2
		return false, true
	case r.jasmine == 2 && indented && hasPrefix(t, "at "):
		if n := len(t); n < 3 || t[n-1] != ')' || !isDigit(t[n-2]) {
			return false, true // "at <Jasmine>", "at JSON.parse (<anonymous>)"
		}
		r.jasmine = 0
		return true, true
	}
	r.jasmine = 0
	switch {
	case len(plain) == len(t) && mochaTitle(t) && i+1 < len(r.spans) && string(trimIndent(r.line(i+1))) == "Message:":
		return true, true
	case string(t) == "Message:" && i == r.lastFail+1 && i > 0 && mochaTitle(r.line(i-1)):
		r.jasmine = 1
		return true, true
	}
	return false, false
}

// rspecMessageLines bounds the lines of one failure's message under its
// "Failure/Error:" line taken as failure lines (a long diff's first ones).
const rspecMessageLines = 30

// rspecFailure judges rspec's report: in its "Failures:" section (not
// "Pending:", whose failures are expected) the numbered titles of failed
// examples ("  1) Cart#total sums prices"), the failing line ("Failure/Error:
// expect(cart.total).to eq(12)") and the message under it ("expected: 12",
// "got: 11", "expected [] to be a kind of Cart::Item", a diff), and the
// backtrace frames ("# ./lib/cart.rb:18:in `find'"); after it, the rerun
// line of each failed example ("rspec ./spec/cart_spec.rb:20 #
// Cart#total sums prices"), and the message of an exception, printed
// under its name ("KeyError:"). ok is false for a line that is none of
// these.
func (r *reader) rspecFailure(plain, t []byte) (hit, ok bool) {
	indent := len(plain) - len(t)
	switch {
	case indent == 0 && (string(t) == "Failures:" || string(t) == "Pending:" || hasPrefix(t, "Finished in ")):
		r.rspec = string(t) == "Failures:"
		return false, true
	case indent == 0 && hasPrefix(t, "rspec ./") && bytes.Contains(t, []byte(" # ")):
		return true, true
	case !r.rspec:
		return false, false
	case r.rspecExc > 0 && indent > r.rspecExc:
		return true, true // the exception's message, under its name
	case r.rspecMsg > 0 && indent > r.rspecMsg && r.rspecLeft > 0:
		// The expectation's message under the failing line: "expected
		// [] to be a kind of Cart::Item", a diff of what was wanted.
		r.rspecLeft--
		return true, true
	}
	r.rspecExc, r.rspecMsg = 0, 0
	switch {
	case indent > 2 && hasPrefix(t, "Failure/Error: "):
		r.rspecMsg, r.rspecLeft = indent, rspecMessageLines
		return true, true
	case indent > 2 && len(t) > 1 && t[len(t)-1] == ':' && exceptionName(t[:len(t)-1]):
		r.rspecExc = indent // "     KeyError:", its message on the lines below
		return true, true
	case indent == 2 && mochaTitle(t):
		return true, true
	case indent > 2 && (hasPrefix(t, "expected: ") || hasPrefix(t, "got: ") || hasPrefix(t, "# ./") && bytes.Contains(t, []byte(":in `"))):
		return true, true
	}
	return false, false
}

// testCounts reports "2 failing" style counts with a non-zero number.
// elixirFrame reports a frame of an Elixir stacktrace, "calc.exs:2:
// Calc.div/2" or "(elixir 1.14.0) lib/code.ex:1245: Code.require_file/2",
// under the "** (ArithmeticError) …" line above it.
func (r *reader) elixirFrame(body []byte) bool {
	if !hasPrefix(r.line(r.lastFail), "** (") {
		return false
	}
	if body[0] == '(' {
		if k := bytes.Index(body, []byte(") ")); k > 0 {
			body = body[k+2:]
		}
	}
	h, ok := toolline.ParseHit(body)
	return ok && !h.Context && h.Col == 0 && bytes.IndexByte(h.Text, '/') > 0
}

// minitestLines bounds a minitest failure's title and message.
const minitestLines = 16

// minitestHead reports minitest's heading of a failed test, "  1)
// Failure:" or "  3) Error:", and whether it is an error.
func minitestHead(t []byte) (isErr, ok bool) {
	_, e := leadingNum(t)
	if e == 0 {
		return false, false
	}
	switch string(t[e:]) {
	case ") Failure:":
		return false, true
	case ") Error:":
		return true, true
	}
	return false, false
}

// bustedFailure reports busted's heading of a failed or erred test.
func bustedFailure(t []byte) bool {
	kind, ok := toolline.BustedHead(t)
	return ok && (string(kind) == "Failure" || string(kind) == "Error")
}

// testthatHead reports R testthat's heading of a failed expectation, "──
// 1. Failure ('test-stats.R:3'): weighted mean uses weights ───" in the
// summary, "Failure ('test-money.R:5'): …" in the progress reporter's
// report (or Error); the message under it counts as minitest's does.
func testthatHead(t []byte) bool {
	kind, ok := toolline.TestthatHead(t)
	return ok && (string(kind) == "Failure" || string(kind) == "Error")
}

// minitestLine judges the lines under minitest's "  1) Failure:": the
// title with the assertion's place, "QueueTest#test_order
// [queue_test.rb:16]:", and the message up to the blank line after it
// ("Expected: [1, 2, 3]", "  Actual: [3, 1, 2]", a diff's lines), at most
// 16 lines; under "  3) Error:" the title and, past the exception line and
// an excerpt, the first frame ("    queue_test.rb:7:in `peek'").
func (r *reader) minitestLine(i int, t []byte) (hit, ok bool) {
	if r.minitest > 0 && r.minitest < minitestLines && isBlankLine(r.line(i-1)) {
		r.minitest = 0 // the blank line after the message
	}
	if _, head := minitestHead(t); head {
		r.minitest, r.miniFrame = 0, false
		return false, false
	}
	if r.minitest > 0 {
		r.minitest--
		return true, true
	}
	if rubyFrame(t) {
		r.miniFrame = false
		return true, true
	}
	return false, false
}

// phpFrame reports a frame of PHP's stack trace, "#0
// /tmp/app/cart.php(22): Cart->add()".
func phpFrame(t []byte) bool {
	k := bytes.Index(t, []byte("): "))
	if k < 0 {
		return false
	}
	open := bytes.LastIndexByte(t[:k], '(')
	if open < 4 {
		return false
	}
	_, e := leadingNum(t[open+1 : k])
	return e > 0 && open+1+e == k
}

// junitFailures reports JUnit 4's heading of its failures, "There were 5
// failures:" or "There was 1 failure:", above their numbered titles.
func junitFailures(t []byte) bool {
	return hasPrefix(t, "There were ") && hasSuffix(t, " failures:") || string(t) == "There was 1 failure:"
}

// assertionFrame reports a frame of an assertion library or of the test
// runner's, "at org.junit.Assert.fail(Assert.java:89)": the frames under
// an AssertionError start there, and the test's own comes after them.
func assertionFrame(body []byte) bool {
	f := body[len("at "):]
	for _, p := range [...]string{"org.junit.", "junit.framework.", "org.hamcrest.", "org.opentest4j.", "org.assertj.", "org.testng.Assert"} {
		if hasPrefix(f, p) {
			return true
		}
	}
	return false
}

func testCounts(t []byte, word string) bool {
	n, e := leadingNum(t)
	return e > 0 && n > 0 && hasPrefix(t[e:], " "+word)
}

// eslintRow reports eslint's stylish rows of severity error ("  12:5
// error  'x' is not defined  no-undef") and marks the file header above
// them.
func (r *reader) eslintRow(t []byte) bool {
	if sev, ok := toolline.LintRow(t); !ok || sev != "error" {
		return false // warnings are lint findings, by the hundred in a build that works
	}
	if r.pathLine >= 0 {
		r.mark[r.pathLine] = true
	}
	return true
}

// staticcheckRow judges a row of staticcheck -f stylish under its file's
// header, "(11, 3)   SA4017  Sprintf doesn't have side effects …": every
// check staticcheck reports is an error (it exits 1), and the header
// names the file, as eslint's does.
func (r *reader) staticcheckRow(t []byte) bool {
	if len(t) < 8 || t[0] != '(' {
		return false
	}
	_, e := leadingNum(t[1:])
	rest := t[1+e:]
	if e == 0 || !hasPrefix(rest, ", ") {
		return false
	}
	_, e = leadingNum(rest[2:])
	rest = rest[2+e:]
	if e == 0 || !hasPrefix(rest, ")  ") {
		return false
	}
	f := bytes.Fields(rest[1:])
	if len(f) < 2 || !staticcheckCode(f[0]) {
		return false
	}
	if r.pathLine >= 0 {
		r.mark[r.pathLine] = true
	}
	return true
}

// staticcheckCode matches a check's name: letters then four digits,
// "SA1004", "S1003", "ST1005", "QF1001", "U1000".
func staticcheckCode(w []byte) bool {
	k := 0
	for k < len(w) && w[k] >= 'A' && w[k] <= 'Z' {
		k++
	}
	if k == 0 || k > 3 || len(w)-k != 4 {
		return false
	}
	_, e := leadingNum(w[k:])
	return e == 4
}

// lonePath reports an unindented line that is one path ("/src/app.js",
// "src/a.ts"), as eslint prints above a file's rows.
func lonePath(t []byte) bool {
	// No blank, by two byte searches: bytes.IndexAny builds its set anew
	// for every line.
	return len(t) > 1 && (t[0] == '/' || t[0] == '.' || bytes.IndexByte(t, '/') > 0) &&
		bytes.IndexByte(t, ' ') < 0 && bytes.IndexByte(t, '\t') < 0 &&
		bytes.LastIndexByte(t, '.') > bytes.LastIndexByte(t, '/')
}

// javaException reports a line that opens a Java exception whose next
// frame says where it was thrown.
func javaException(t []byte) bool {
	return hasPrefix(t, "Exception in thread") || hasPrefix(t, "Caused by:") || hasPrefix(t, "Suppressed:")
}

// valgrindBody returns the text after valgrind's "==123== " prefix.
func valgrindBody(t []byte) ([]byte, bool) {
	if len(t) < 5 || t[0] != '=' || t[1] != '=' {
		return nil, false
	}
	_, e := leadingNum(t[2:])
	if e == 0 || !hasPrefix(t[2+e:], "==") {
		return nil, false
	}
	rest := t[4+e:]
	if len(rest) > 0 && rest[0] != ' ' {
		return nil, false // "==123==ERROR: AddressSanitizer": a sanitizer
	}
	return trimIndent(rest), true
}

// valgrind judges the body of a valgrind line: an error's heading and the
// first frame under it, leaks, a terminating signal, non-zero summaries.
func (r *reader) valgrind(i int, body []byte) bool {
	if hasPrefix(body, "at 0x") || hasPrefix(body, "by 0x") {
		if r.vgFrames == 0 {
			return false
		}
		r.vgFrames = 2
		if programFrame(body) {
			r.vgFrames = 0
			return true
		}
		// A leak's or a block's top frame is valgrind's allocator ("at
		// 0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)"),
		// the same under every one: the frames below say where.
		return !r.vgBlock || !bytes.Contains(body, []byte("/vgpreload_"))
	}
	r.vgBlock = false
	if r.vgFrames == 2 {
		r.vgFrames = 0 // the stack ended with no source line in it
	}
	if valgrindHeading(body) {
		r.vgFrames = 1
		return true
	}
	if valgrindBlock(body) {
		r.vgFrames, r.vgBlock = 1, true
		return true
	}
	if hasPrefix(body, "ERROR SUMMARY: ") {
		n, e := leadingNum(body[len("ERROR SUMMARY: "):])
		return e > 0 && n > 0
	}
	for _, p := range [...]string{"definitely lost: ", "indirectly lost: ", "possibly lost: "} {
		if hasPrefix(body, p) {
			n, e := leadingNum(bytes.ReplaceAll(body[len(p):], []byte(","), nil))
			return e > 0 && n > 0
		}
	}
	if bytes.Contains(body, []byte(" are definitely lost in loss record ")) || bytes.Contains(body, []byte(" are possibly lost in loss record ")) {
		r.vgFrames, r.vgBlock = 1, true // where the block was allocated: the frames under it, as an error's
		return true
	}
	return false
}

// doctestFailure judges a failed example of Python's doctest: "Failed
// example:", the example, "Expected:" and "Got:" (or "Exception raised:")
// and the indented lines under each, up to the next unindented line. ok is
// false for the lines other rules judge.
func (r *reader) doctestFailure(plain []byte) (hit, ok bool) {
	switch string(plain) {
	case "Failed example:":
		r.doctest = true
		return true, true
	case "Expected:", "Got:", "Exception raised:", "Expected nothing", "Got nothing":
		return r.doctest, r.doctest
	}
	if !r.doctest {
		return false, false
	}
	if hasPrefix(plain, "    ") {
		return true, true
	}
	r.doctest = false
	return false, false
}

// eunitFrame judges the stack under eunit's "calc: add_test...*failed*"
// up to its "**error:...": the frames in the code under test count ("in
// call from calc:divide/2 (calc.erl, line 4)"), eunit's own do not. ok is
// false for the lines other rules judge.
func (r *reader) eunitFrame(t []byte) (hit, ok bool) {
	if hasSuffix(t, "...*failed*") || hasSuffix(t, "...*timed out*") {
		r.eunit = true
		return false, false
	}
	if !r.eunit {
		return false, false
	}
	if hasPrefix(t, "**") || hasPrefix(t, "===") {
		r.eunit = false
		return false, false
	}
	m := toolline.ErlangFrame(t)
	if m == nil {
		return false, false
	}
	return !hasPrefix(m, "eunit"), true
}

// analyzerEvent judges the path of events gcc -fanalyzer draws under a
// warning: its last event, which says what went wrong ("(12) second ‘free’
// here; first ‘free’ was at (11)"), is a failure line; the others are
// context. Each function's heading ("‘parse’: events 8-12") says which
// number ends its part; a part is the last when no heading follows it.
// ok is false for lines that are neither.
func (r *reader) analyzerEvent(i int, t []byte) (hit, ok bool) {
	if n, ok := eventsHeading(t); ok {
		r.lastEvent = n
		return false, true
	}
	n, ok := eventLabel(t)
	if !ok {
		return false, false
	}
	if n != r.lastEvent {
		return false, true
	}
	for j := i + 1; j < len(r.spans) && j < i+16; j++ {
		l := trimIndent(r.line(j))
		if _, ok := eventsHeading(l); ok {
			return false, true // the path goes on in a called or calling function
		}
		if len(l) > 0 && l[0] != '|' && l[0] != '<' && l[0] != '+' && l[0] != '-' {
			break
		}
	}
	return true, true
}

// eventsHeading parses the heading of one function's events in gcc
// -fanalyzer's path, "‘parse’: events 8-12", "+--> ‘dup_name’: events 5-7"
// or "‘f’: event 1", and returns the last event's number.
func eventsHeading(t []byte) (last int, ok bool) {
	t = bytes.TrimPrefix(t, []byte("+--> "))
	k := bytes.Index(t, []byte(": event"))
	if k <= 0 || (t[0] != '\'' && !hasPrefix(t, "‘")) {
		return 0, false
	}
	r := t[k+len(": event"):]
	if hasPrefix(r, "s ") {
		_, e := leadingNum(r[2:])
		if e == 0 || len(r) < 2+e+2 || r[2+e] != '-' {
			return 0, false
		}
		r = r[2+e+1:]
	} else if hasPrefix(r, " ") {
		r = r[1:]
	} else {
		return 0, false
	}
	n, e := leadingNum(r)
	return n, e > 0 && e == len(r)
}

// eventLabel parses an event's label under its caret in gcc -fanalyzer's
// path, "|      |     (11) first ‘free’ here", and returns its number.
func eventLabel(t []byte) (n int, ok bool) {
	i := 0
	for i < len(t) && (t[i] == '|' || t[i] == ' ') {
		i++
	}
	if i == 0 || i >= len(t) || t[i] != '(' {
		return 0, false
	}
	n, e := leadingNum(t[i+1:])
	return n, e > 0 && hasPrefix(t[i+1+e:], ") ")
}

// valgrindBlock reports the line under a memcheck error that says it
// touched a freed block, over the stack that freed it: "Address 0x4a40950
// is 16 bytes inside a block of size 24 free'd". Where the block was freed
// is what a use after free is fixed by; where a block was allocated
// ("… alloc'd", "Block was alloc'd at") is mostly the function the error
// names, and stays context.
func valgrindBlock(body []byte) bool {
	return hasPrefix(body, "Address 0x") && hasSuffix(body, " free'd") || hasPrefix(body, "Block was freed at")
}

// valgrindHeading reports the first line of an error of memcheck, helgrind
// ("Possible data race during read of size 4 at 0x10C060 by thread #3",
// "Thread #3: lock order \"0x10C0C0 before 0x10C080\" violated") or drd
// ("Conflicting store by thread 3 at 0x0010c060 size 4").
func valgrindHeading(body []byte) bool {
	for _, p := range [...]string{"Invalid read", "Invalid write", "Invalid free", "Mismatched free", "Conditional jump or move depends on uninitialised",
		"Use of uninitialised value", "Syscall param", "Source and destination overlap", "Process terminating with", "Argument 'size' of function",
		"Jump to the invalid address", "Invalid address", "Stack overflow", "Warning: invalid file descriptor",
		"Possible data race during ", "Conflicting load by thread ", "Conflicting store by thread ", "Mutex not locked by ", "Destroying locked mutex",
		"Recursive locking not allowed", "Lock order violated"} {
		if hasPrefix(body, p) {
			return true
		}
	}
	if !hasPrefix(body, "Thread #") {
		return false
	}
	return bytes.Contains(body, []byte(": lock order ")) && hasSuffix(body, " violated") ||
		bytes.Contains(body, []byte(" unlocked a not-locked lock")) || bytes.Contains(body, []byte(" unlocked lock ")) ||
		bytes.Contains(body, []byte(" still holds ")) || bytes.Contains(body, []byte("'s call to ")) && hasSuffix(body, " failed")
}

// vgLibraries is where valgrind maps shared objects on amd64 (ld.so at
// 0x4000000, libc and the rest above it); the program itself lies below,
// at 0x108000 when built as PIE, else 0x400000.
const vgLibraries = 0x4000000

// programFrame reports a valgrind frame that names a source line of the
// program itself: "by 0x1092C5: main (list.c:32)", not glibc's own
// "by 0x48AD65A: printf (printf.c:33)" when its debug info is installed,
// which names a source line too. A frame whose address does not read
// counts by its source line alone.
func programFrame(body []byte) bool {
	if !sourceFrame(body) {
		return false
	}
	addr := body[len("at 0x"):]
	if k := bytes.IndexByte(addr, ':'); k > 0 {
		if a, err := strconv.ParseUint(string(addr[:k]), 16, 64); err == nil {
			return a < vgLibraries
		}
	}
	return true
}

// sourceFrame reports a valgrind frame that names a source line, "at
// 0x10919C: worker (race.c:8)", not "(in /usr/lib/x86_64-linux-gnu/libc.so.6)".
func sourceFrame(body []byte) bool {
	if !hasSuffix(body, ")") {
		return false
	}
	k := bytes.LastIndexByte(body, '(')
	c := bytes.LastIndexByte(body, ':')
	if k < 0 || c < k || hasPrefix(body[k+1:], "in ") {
		return false
	}
	_, e := leadingNum(body[c+1:])
	return e > 0 && c+1+e == len(body)-1
}

// sanitizerLine judges AddressSanitizer, LeakSanitizer, ThreadSanitizer and
// UBSan reports: "==123==ERROR: AddressSanitizer: ...", the access ("READ of
// size 4"), the first frame under each heading, "SUMMARY: ...Sanitizer",
// leaks and "==123==ABORTING". Shadow-byte tables are data. ok is false for
// lines that are none of these.
func (r *reader) sanitizerLine(i int, t []byte) (hit, ok bool) {
	if len(t) > 4 && t[0] == '=' && t[1] == '=' {
		_, e := leadingNum(t[2:])
		if e > 0 && hasPrefix(t[2+e:], "==") {
			rest := t[4+e:]
			switch {
			case hasPrefix(rest, "ERROR:"), hasPrefix(rest, "WARNING:"):
				r.sanitizer = true
				return true, true
			case hasPrefix(rest, "ABORTING"):
				r.sanitizer = false
				return true, true
			}
		}
	}
	switch {
	case hasPrefix(t, "SUMMARY: ") && bytes.Contains(t, []byte("Sanitizer")):
		r.sanitizer = false
		return true, true
	case hasPrefix(t, "WARNING: ThreadSanitizer:"):
		r.sanitizer = true
		return true, true
	case !r.sanitizer:
		return false, false
	case hasPrefix(t, "READ of size "), hasPrefix(t, "WRITE of size "), hasPrefix(t, "Direct leak of "), hasPrefix(t, "Indirect leak of "),
		hasPrefix(t, "Read of size "), hasPrefix(t, "Write of size "), hasPrefix(t, "Previous write of size "), hasPrefix(t, "Previous read of size "):
		return true, true
	case hasPrefix(t, "Uninitialized value was "):
		r.sanOrigin = true
		return true, true // MemorySanitizer's origin: "Uninitialized value was created by a heap allocation"
	case r.sanOrigin && hasPrefix(t, "#"):
		if sanitizerProgramFrame(t) {
			r.sanOrigin = false
			return true, true
		}
		return false, true
	case hasPrefix(t, "#0 "):
		return i == r.lastFail+1, true
	case hasPrefix(t, "#"):
		return false, true
	}
	return false, false
}

// sanitizerProgramFrame reports a sanitizer's frame in the program: one
// with a source place ("#1 0x… in main /src/sched.cpp:19:22") outside the C
// library's sources (csu/, sysdeps/) and the system's, and not an
// interceptor without one ("#0 0x… in malloc (/bin/a+0x56ca0)").
func sanitizerProgramFrame(t []byte) bool {
	in := bytes.Index(t, []byte(" in "))
	if in < 0 || t[len(t)-1] == ')' {
		return false
	}
	sp := bytes.LastIndexByte(t, ' ')
	place := t[sp+1:]
	return bytes.IndexByte(place, ':') > 0 && !hasPrefix(place, "csu/") && !bytes.Contains(place, []byte("sysdeps/")) &&
		!hasPrefix(place, "/usr/") && !hasPrefix(place, "/lib")
}

// straceLine judges a strace line: a system call that failed with an errno
// other than the ones programs expect in normal operation (EAGAIN, ECHILD,
// ENOTTY, EINTR...; ENOENT counts, since which file was missing is often
// the answer), a fatal signal, a non-zero exit or a kill. The errno's text
// ("No such file or directory") does not make a line count by itself. ok
// is false for lines that are not strace's.
func straceLine(t []byte) (hit, ok bool) {
	if hasPrefix(t, "[pid ") {
		if k := bytes.IndexByte(t, ']'); k > 0 {
			t = trimIndent(t[k+1:])
		}
	}
	switch {
	case hasPrefix(t, "+++ exited with "):
		n, e := leadingNum(t[len("+++ exited with "):])
		return e > 0 && n != 0, true
	case hasPrefix(t, "+++ killed by "):
		return true, true
	case hasPrefix(t, "--- SIG"):
		for _, s := range [...]string{"SIGSEGV", "SIGABRT", "SIGBUS", "SIGFPE", "SIGILL", "SIGKILL", "SIGSYS"} {
			if hasPrefix(t[4:], s) {
				return true, true
			}
		}
		return false, true
	}
	k := 0
	for k < len(t) && (isLetter(t[k]) || isDigit(t[k]) || t[k] == '_') {
		k++
	}
	if k == 0 || k >= len(t) || t[k] != '(' {
		return false, false
	}
	eq := bytes.LastIndex(t, []byte(") = "))
	if eq < 0 {
		eq = bytes.LastIndex(t, []byte(")= "))
	}
	if eq < 0 {
		return false, false
	}
	res := trimIndent(t[eq+bytes.IndexByte(t[eq:], '=')+1:])
	if !hasPrefix(res, "-1 E") {
		return false, true
	}
	errno := res[3:]
	if j := bytes.IndexByte(errno, ' '); j >= 0 {
		errno = errno[:j]
	}
	switch string(errno) {
	case "EAGAIN", "EWOULDBLOCK", "ECHILD", "ENOTTY", "EINPROGRESS", "ENODATA", "ENOSYS", "EINTR", "ERESTARTSYS", "ETIMEDOUT", "ENOTSUP", "EOPNOTSUPP":
		return false, true
	}
	return true, true
}

// Report reports whether text, judged without the lines around it, holds a
// failure report by the one definition: the rules of Lines for a log.
func Report(text []byte) bool {
	if len(text) == 0 {
		return false
	}
	r := newReader(text)
	r.judge(nil, nil)
	return slices.Contains(r.mark, true)
}

// gdbLine judges t as gdb's: its signal line, the line under it that says
// where the program stopped (after a "[Switching to Thread …]" note when
// the program has threads), and the frames of the backtraces after it. In
// "thread apply all bt" only the signalled thread's frames count: the
// others are waiting threads, context.
func (r *reader) gdbLine(t []byte) (hit, ok bool) {
	if toolline.GDBSignal(t) {
		r.gdb, r.gdbStop = true, true
		r.gdbThread, _ = toolline.GDBThreadSignal(t)
		return true, true
	}
	if r.gdbStop {
		if hasPrefix(t, "[Switching to ") {
			return false, true
		}
		r.gdbStop = false
		if gdbStop(t) {
			return true, true
		}
	}
	if n, ok := toolline.GDBThreadHeading(t); ok && r.gdbThread > 0 {
		r.gdb = n == r.gdbThread
		return false, true
	}
	if r.gdb && toolline.GDBFrame(t) {
		return true, true // the crashing program's stack
	}
	return false, false
}

// banditLine judges bandit's finding: ">> Issue: [B602:subprocess_popen_with_shell_equals_true] …"
// with the "Severity: High   Confidence: High" and "Location: app/x.py:10"
// lines under it count when its severity is medium or high; low ones
// ("Consider possible security implications associated with pickle
// module") are findings, as a linter's warnings are.
func (r *reader) banditLine(i int, t []byte) (hit, ok bool) {
	if hasPrefix(t, ">> Issue: [B") {
		if i+2 >= len(r.spans) {
			return false, true
		}
		sev := trimIndent(r.line(i + 1))
		if hasPrefix(sev, "Severity: High ") || hasPrefix(sev, "Severity: Medium ") {
			r.issueEnd = i + 3
			return true, true
		}
		return false, true
	}
	if i < r.issueEnd && (hasPrefix(t, "Severity: ") || hasPrefix(t, "Location: ")) {
		return true, true
	}
	return false, false
}

// pytestFailing reports pytest's mark of the statement that failed, the
// line of the test's source shown with '>' in its margin, right above the
// "E   " lines that say how: ">       assert total == 12" over "E
// assert 11 == 12". In a long test the statement is far down its
// excerpt, past what a view shows of it. next is the line after t.
func pytestFailing(t, next []byte) bool {
	return len(t) > 4 && hasPrefix(t, ">   ") && t[4] != '>' && hasPrefix(next, "E   ")
}

// pytestRaised reports pytest's location of the exception under a failing
// test's "E   " lines when the exception's name does not end in Error or
// Exception (a project's own: "inventory.py:17: OutOfStock"): the
// name alone after "path:N: ", right under an "E" line.
func (r *reader) pytestRaised(t []byte) bool {
	if r.lastFail < 0 || !hasPrefix(r.line(r.lastFail), "E ") {
		return false
	}
	h, ok := toolline.ParseHit(t)
	if !ok || h.Context || h.Col != 0 || len(h.Text) < 3 || h.Text[0] != ' ' {
		return false
	}
	name := h.Text[1:]
	if name[0] < 'A' || name[0] > 'Z' {
		return false
	}
	for _, c := range name {
		if !isLetter(c) && !isDigit(c) && c != '_' {
			return false
		}
	}
	return true
}

// placeError reports gfortran's place line, "stats.f90:16:29:" on a line
// of its own, when the message a few lines under it (below the source
// excerpt) is an error: "Error: Syntax error in argument list at (1)",
// "Fatal Error: Cannot open module file". A warning's place is a finding,
// as a compiler's warning diagnostics are.
func (r *reader) placeError(i int, t []byte) bool {
	if !placeLine(t) {
		return false
	}
	for j := i + 1; j < len(r.spans) && j <= i+6; j++ {
		l := r.line(j)
		if placeLine(l) {
			return false
		}
		if hasPrefix(l, "Error: ") || hasPrefix(l, "Fatal Error: ") {
			r.placeEnd = j
			return true
		}
	}
	return false
}

// ocamlPlace reports OCaml's location heading, "File \"shapes.ml\", lines
// 3-5, characters 11-25:" (Python's "File \"x.py\", line 3, in f" has no
// characters and no colon at the end).
func ocamlPlace(t []byte) bool {
	return t[len(t)-1] == ':' && hasPrefix(t, "File \"") && bytes.Contains(t, []byte(", characters ")) &&
		(bytes.Contains(t, []byte("\", line ")) || bytes.Contains(t, []byte("\", lines ")))
}

// ocamlError reports whether the message under OCaml's location heading i
// (below its source excerpt) is an error: then the heading counts, and the
// message's indented lines under "Error:". A warning's heading is a finding.
func (r *reader) ocamlError(i int) bool {
	for j := i + 1; j < len(r.spans) && j <= i+12; j++ {
		l := r.line(j)
		if hasPrefix(l, "File \"") {
			return false
		}
		if hasPrefix(l, "Error: ") {
			r.placeEnd, r.ocamlNext = j, j+1
			return true
		}
	}
	return false
}

// placeLine reports "path:line:col:" with nothing after it.
func placeLine(t []byte) bool {
	if len(t) < 6 || t[len(t)-1] != ':' || !isDigit(t[len(t)-2]) {
		return false
	}
	h, ok := toolline.ParseHit(t)
	return ok && !h.Context && h.Col > 0 && len(h.Text) == 0
}

// excerptLine reports a source line quoted under its line number, as gcc
// and gfortran print it, "   16 |     call f(x, 3", and esbuild with a box
// drawing bar, "      1 │ import { retry } from \"./retry\";".
func excerptLine(t []byte) bool {
	_, e := leadingNum(t)
	return e > 0 && (hasPrefix(t[e:], " | ") || hasPrefix(t[e:], " │ "))
}

// esbuildError reports esbuild's heading of an error, "✘ [ERROR] Could not
// resolve \"./retry\"" (an "X" for the mark without Unicode); its warnings
// ("▲ [WARNING] …") are findings.
func esbuildError(t []byte) bool {
	return hasPrefix(t, "✘ [ERROR] ") || hasPrefix(t, "X [ERROR] ")
}

// gdbStop reports the line under gdb's signal line that says where the
// program stopped: "0x000055555555515c in f (n=0x0) at a.c:5" (or without
// the address when the stop is at a line's start: "f (n=0x0) at a.c:5").
func gdbStop(t []byte) bool {
	k := bytes.Index(t, []byte(") at "))
	return k > 0 && bytes.IndexByte(t[:k], '(') > 0 && location(t[k+5:])
}

// cells reports whether a line of a table reads as a row of cells: it has
// a column gap (a tab, a '|' or '│', two spaces after its indent) or the
// commas of a CSV row. A line without one is no row of the table but a
// line between them (a message, a summary, the tool's own report), judged
// as in a log.
func cells(plain []byte) bool {
	if bytes.IndexByte(plain, '\t') >= 0 || bytes.IndexByte(plain, '|') >= 0 || bytes.Contains(plain, []byte("│")) ||
		bytes.Count(plain, []byte(",")) >= 2 {
		return true
	}
	t := trimIndent(plain)
	return bytes.Contains(bytes.TrimRight(t, " "), []byte("  "))
}

// lastPyFrame reports whether the frame on line i, indented by indent, is
// its traceback's last: the next line no deeper than it (past the frame's
// source line and carets) is not another frame.
func (r *reader) lastPyFrame(i, indent int) bool {
	for j := i + 1; j < len(r.spans) && j <= i+8; j++ {
		l := r.line(j)
		b := trimIndent(l)
		if len(b) == 0 {
			return true
		}
		if len(l)-len(b) > indent {
			continue // the source line, its carets
		}
		return !hasPrefix(b, "File \"")
	}
	return true
}

// octaveCaller matches a frame of Octave's "error: called from" list, t
// without its indent: "a at line 3 column 3", "load_rates at line 12
// column 5".
func octaveCaller(t []byte) bool {
	k := bytes.Index(t, []byte(" at line "))
	if k <= 0 || bytes.IndexByte(t[:k], ' ') >= 0 {
		return false
	}
	r := t[k+len(" at line "):]
	_, e := leadingNum(r)
	return e > 0 && (e == len(r) || hasPrefix(r[e:], " column "))
}

// shellJobSignal matches a shell's report of a job that a signal ended,
// "bash: line 1: 29017 Aborted                 ./a", "sh: 1: 4242
// Killed": the shell, maybe a line, the job's pid, the signal's name.
func shellJobSignal(t []byte) bool {
	c := bytes.IndexByte(t, ':')
	if c <= 0 || c > 5 || !hasPrefix(t[c:], ": ") {
		return false
	}
	switch string(t[:c]) {
	case "bash", "sh", "zsh", "dash":
	default:
		return false
	}
	r := t[c+2:]
	if hasPrefix(r, "line ") {
		_, e := leadingNum(r[len("line "):])
		if e == 0 || !hasPrefix(r[len("line ")+e:], ": ") {
			return false
		}
		r = r[len("line ")+e+2:]
	} else if _, e := leadingNum(r); e > 0 && hasPrefix(r[e:], ": ") {
		r = r[e+2:] // dash's "sh: 1: "
	}
	r = bytes.TrimLeft(r, " ")
	_, e := leadingNum(r)
	if e == 0 || !hasPrefix(r[e:], " ") {
		return false
	}
	r = bytes.TrimLeft(r[e:], " ")
	for _, sig := range [...]string{"Aborted", "Killed", "Terminated", "Segmentation fault", "Bus error", "Illegal instruction", "Floating point exception", "Quit", "Hangup", "Trace/breakpoint trap"} {
		if hasPrefix(r, sig) {
			return true
		}
	}
	return false
}

// redisErrors are the codes that open a Redis error reply; the first
// ones are also taken without redis-cli's "(error) ", being words no
// other line starts with.
var redisErrors = [...]string{"ERR ", "WRONGTYPE ", "NOAUTH ", "NOPERM ", "WRONGPASS ", "READONLY ", "CROSSSLOT ", "EXECABORT ",
	"NOSCRIPT ", "BUSYGROUP ", "NOGROUP ", "MASTERDOWN ", "OOM ", "BUSY ", "LOADING "}

// redisBare is how many of redisErrors are taken without "(error) ".
const redisBare = 12

// redisError matches redis-cli's error reply, "(error) ERR unknown
// command", or (output not to a terminal) the reply alone,
// "WRONGTYPE Operation against a key holding the wrong kind of value".
func redisError(t []byte) bool {
	codes := redisErrors[:redisBare]
	if r, ok := bytes.CutPrefix(t, []byte("(error) ")); ok {
		t, codes = r, redisErrors[:]
	}
	if len(t) < 5 || !isUpper(t[0]) || !isUpper(t[1]) {
		return false
	}
	for _, c := range codes {
		if hasPrefix(t, c) && len(t) > len(c) {
			return true
		}
	}
	return false
}

// playwrightFailure matches the heading of a failed test in Playwright's
// list report, t without its indent: "1) [chromium] › tests/a.spec.ts:12:5
// › adds an item ───".
func playwrightFailure(t []byte) bool {
	_, e := leadingNum(t)
	if e == 0 || !hasPrefix(t[e:], ") [") {
		return false
	}
	r := t[e+3:]
	k := bytes.IndexByte(r, ']')
	return k > 0 && hasPrefix(r[k:], "] › ")
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

// toolReport judges the report lines of tools that no wider rule reads,
// by the first byte of the line (plain; t is it without its indent).
func (r *reader) toolReport(i int, plain, t []byte, colon bool) bool {
	switch plain[0] {
	case ' ':
		switch {
		case hasPrefix(t, "ERR_PNPM_"):
			return true // pnpm: "ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL  web@1.0.0 test: `jest`"
		case playwrightFailure(t):
			return true // Playwright's report heading: "  1) [chromium] › tests/cart.spec.ts:12:5 › adds an item ───"
		case (hasPrefix(t, "frame #") || hasPrefix(t, "* frame #")) && r.lldbThread(i):
			// The stopped thread's backtrace in the program: "    frame #1:
			// 0x… queue`::drain(…) at queue.cpp:23:23" (not libc.so.6's).
			m := t[bytes.Index(t, []byte(": 0x"))+2:]
			sp := bytes.IndexByte(m, ' ')
			return sp > 0 && !(hasPrefix(m[sp+1:], "lib") && bytes.Contains(m[sp+1:min(len(m), sp+40)], []byte(".so")))
		case i-r.lastFail == 1 && hasPrefix(plain, "  what():  ") && hasPrefix(r.line(i-1), "terminate called "):
			return true // the message of a C++ uncaught exception: "  what():  config missing"
		case hasPrefix(t, "> ") && i-r.lastFail <= 3 && hasPrefix(r.line(r.lastFail), "[") && gosecIssue(r.line(r.lastFail)):
			return true // the line a gosec issue flags: "  > 42: \th := md5.Sum(…)"
		case hasPrefix(t, "[cause] ") && len(t) > len("[cause] "):
			return true // the cause under a Node error's stack: "  [cause] RollupError: Expected ';'"
		case hasPrefix(plain, "    (file \"") && r.lastFail >= 0 && i-r.lastFail <= 40 && bytes.Contains(plain, []byte("\" line ")):
			return true // Tcl's place of the error in the script: "    (file \"a.tcl\" line 2)"
		case i-r.lastFail == 1 && octaveCaller(t) && (string(r.line(i-1)) == "error: called from" || octaveCaller(trimIndent(r.line(i-1)))):
			return true // Octave's place under "error: called from": "    a at line 3 column 3"
		}
		return false
	case '[':
		// rollup's error, "[!] RollupError: src/a.json (1:10): Expected ';'", and
		// its place under it, "src/a.json (1:10)".
		return hasPrefix(plain, "[!] ") && len(plain) > len("[!] ")
	case '(':
		return redisError(plain) // redis-cli: "(error) ERR unknown command 'FOO'…"

	case ':':
		return hasPrefix(plain, "::error ") // a GitHub Actions annotation: "::error file=app.js,line=1::Missing semicolon"
	case '*':
		if hasPrefix(plain, "* thread #") {
			// lldb's stopped thread: "* thread #1, name = 'q', stop reason = signal SIGSEGV: invalid address (…)"
			return bytes.Contains(plain, []byte("stop reason = signal SIG")) || bytes.Contains(plain, []byte("stop reason = EXC_"))
		}
		if hasPrefix(plain, "* checking ") {
			return r.rCheckStep(i, plain)
		}
		return hasPrefix(plain, "*** - ") && len(plain) > len("*** - ") // CLISP's error: "*** - *: NIL is not a number"
	case 'A':
		if hasPrefix(plain, "Automatic merge failed") {
			return true // git merge
		}
		if hasPrefix(plain, "ASSERT:") && len(plain) > len("ASSERT:") {
			return true // shUnit2's failed assertion: "ASSERT:1.10.0 > 1.9.0 expected:<1> but was:<-1>"
		}
	case 'C':
		if hasPrefix(plain, "CONFLICT (") {
			return true // git merge, rebase, cherry-pick: "CONFLICT (content): Merge conflict in f.txt"
		}
	case 'E':
		if hasPrefix(plain, "ERR_PNPM_") {
			return true
		}
		if level, _, _, ok := toolline.ChktexRow(plain); ok {
			return string(level) == "Error" // ChkTeX: "Error 1 in a.tex line 3: …"; its warnings are findings
		}
	case 'Y':
		if hasPrefix(plain, "Your requirements could not be resolved") || hasPrefix(plain, "Your lock file does not contain a compatible set of packages") {
			return true // Composer's verdict above its problems
		}
	case 'T':
		if hasPrefix(plain, "The command '") && bytes.Contains(plain, []byte("' returned a non-zero code: ")) {
			return true // docker build (the legacy builder)
		}
	case 't':
		return hasPrefix(plain, "terminate called after throwing an instance of ") || hasPrefix(plain, "terminate called without an active exception")
	case 'r':
		if string(plain) == "rake aborted!" {
			r.rake, r.rakeFrame = true, false
			return true // rake's verdict, above the exception and its backtrace
		}
	case 'b', 's', 'z', 'd':
		if shellJobSignal(plain) {
			return true // the shell on a job a signal ended: "bash: line 1: 29017 Aborted    ./a"
		}
	case 'w', 'u', 'e':
		if colon && bytes.Contains(plain, []byte("exception: error(")) {
			return true // GNU Prolog: "warning: a.pl:1: user directive caused exception: error(type_error(…))"
		}
	}
	if isUpper(plain[0]) && redisError(plain) {
		return true // redis-cli, output not to a terminal: "WRONGTYPE Operation against a key…"
	}
	// Tcl's error message, above its trace: "divide by zero", then
	// "    while executing".
	if i+1 < len(r.spans) {
		sp := r.spans[i+1]
		n := sp[1] - sp[0] // the raw line: as long, unless escapes colour it
		if (n == uint32(len("    while executing")) || r.plainAt != nil && n > uint32(len("    while executing"))) && string(r.line(i+1)) == "    while executing" {
			return true
		}
	}
	return false
}
