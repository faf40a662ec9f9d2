package router

import (
	"bytes"
	"strings"

	"github.com/kompress/kompress/internal/toolline"
)

// classify votes on one line (ANSI already stripped, no line ending).
func classify(line []byte) (kind, weight uint8) {
	kind, weight, _ = classifyLine(line)
	return kind, weight
}

// classifyLine is classify that also reports whether the vote came from
// isPathLine, so that callers need not ask again.
func classifyLine(line []byte) (kind, weight uint8, path bool) {
	kind, weight, path, _ = classifyHit(line)
	return kind, weight, path
}

// hitVote says what kind of search hit a Search vote came from, and its
// path's length; contextHits checks grep context lines with it.
type hitVote struct {
	context bool
	pathLen int32 // 0 when the vote came from no hit
}

// feat is the set of bytes a line holds that some detector needs, found in
// one pass, so that detectors needing a byte the line lacks are not run:
// most lines are judged by the generic rules after every tool's form has
// failed to match, and each form scanned the whole line to fail. The passes
// after classification (configs, csvTables) read it too.
type feat uint16

const (
	fColon   feat = 1 << iota // ':'
	fParen                    // '('
	fPipe                     // '|'
	fLess                     // '<'
	fDot                      // '.'
	fAt                       // '@'
	fDash                     // '-'
	fSolid                    // a byte isBlank does not skip
	fTick                     // '`'
	fComma                    // ','
	fTab                      // '\t'
	fCfg                      // one of "#;[]}=\"'": configLine's other bytes
	fBox                      // 0xe2, which starts the box-drawing characters
	fNewline                  // '\n', which ends a line (see lineEnd)
	fAll     = ^feat(0)
)

var featOf = func() (t [256]feat) {
	for c := range t {
		switch c {
		case ' ', '\t', '\r', '\f', '\v':
		default:
			t[c] = fSolid
		}
	}
	for c, f := range map[byte]feat{':': fColon, '(': fParen, '|': fPipe, '<': fLess, '.': fDot, '@': fAt, '-': fDash,
		'`': fTick, ',': fComma, '\t': fTab, 0xe2: fBox, '\n': fNewline} {
		t[c] |= f
	}
	for _, c := range "#;[]}=\"'" {
		t[c] |= fCfg
	}
	return t
}()

// features returns the features of line; eight bytes a step, as most lines
// are longer than that.
func features(line []byte) (f feat) {
	for len(line) >= 8 {
		f |= featOf[line[0]] | featOf[line[1]] | featOf[line[2]] | featOf[line[3]] |
			featOf[line[4]] | featOf[line[5]] | featOf[line[6]] | featOf[line[7]]
		line = line[8:]
	}
	for _, c := range line {
		f |= featOf[c]
	}
	return f
}

// classifyHit is classifyLine that also reports the search hit it found.
func classifyHit(line []byte) (kind, weight uint8, path bool, hv hitVote) {
	return classifyFeat(line, features(line))
}

// classifyFeat is classifyHit for a line whose features are f.
func classifyFeat(line []byte, f feat) (kind, weight uint8, path bool, hv hitVote) {
	if f&fSolid == 0 { // isBlank
		return kNone, wNone, false, hv
	}
	t := trimBlank(line) // the line without its indent, which several detectors read
	if len(line) > 10 && line[1] == ' ' && line[2] != ' ' && (line[0] == '*' || line[0] == '+' || line[0] == ' ') && branchRow(line) {
		return kTable, wStrong, false, hv // git branch -v; "+ " would read as a sh -x trace
	}
	if k, w := toolLine(line, t, f); w > 0 {
		return k, w, false, hv
	}
	if diffFirst[line[0]] {
		if k, w := classifyDiff(line); w > 0 {
			return k, w, false, hv
		}
	}
	if f&(fPipe|fTick|fBox) != 0 && treeLine(line) { // it needs "|-- ", "`-- " or a box character
		return kTable, wWeak, false, hv // one entry of a drawn tree: tree, npm ls, cargo tree
	}
	if f&fDash != 0 && len(t) < len(line) && perfGraphLine(t) {
		return kTable, wWeak, false, hv // a branch of a call graph under a perf report's row
	}
	if len(t) < len(line) && len(t) > 0 && t[0] == '|' {
		rest := t[1:]
		if isBlank(rest) || bytes.IndexByte(rest, '^') >= 0 || bytes.IndexByte(rest, '~') >= 0 {
			return kLog, wWeak, false, hv // a compiler's snippet gutter
		}
		if k, w := classify(rest); k != kDiff {
			return k, w, false, hv // pydoc's class body, a quoted block
		}
		return kNone, wNone, false, hv
	}
	if f&fBox != 0 && len(t) < len(line) && codeFrame(t) {
		return kLog, wWeak, false, hv // biome's excerpt under a diagnostic
	}
	if f&fComma != 0 && len(line)-len(t) == 2 && reverseDepends(t) {
		return kLog, wStrong, false, hv // apt-cache showpkg: "  openssh-client,libssl3 3.0.19"
	}
	if len(line) >= 14 && line[8] == ' ' && line[9] == ' ' && isHexDigit(line[0]) && hexDumpRow(line) {
		return kTable, wStrong, false, hv // hexdump -C: "00000010  03 00 3e 00 …  |..>.....|"
	}
	if len(t) == len(line) && f&(fDot|fColon) != 0 && (isDigit(line[0]) || ipFirst[line[0]]) && ipRow(line) {
		return kTable, wStrong, false, hv // ip link, ip addr, ip route: one link or route a row
	}
	if len(t) == len(line) && (isDigit(line[0]) || line[0] == 'A') && clockRow(line) {
		return kTable, wStrong, false, hv // sysstat: "15:52:50   lo   0.00   0.00 …" (sar, pidstat, mpstat)
	}
	if logLine(line, t, f) {
		return kLog, wStrong, false, hv
	}
	if f&fColon != 0 && toolline.MarkdownlintRow(line) {
		return kLog, wStrong, false, hv // markdownlint-cli2: "README.md:11 error MD012/no-multiple-blanks ..."
	}
	if f&(fColon|fDash) == 0 {
		// no "path:N:" nor "path-N-": not a hit
	} else if h, ok := toolline.ParseHit(line); ok && plausibleHitPath(h) && len(h.Path) < 1<<31 {
		if isDiagnostic(h) {
			return kLog, wStrong, false, hv
		}
		return kSearch, wStrong, false, hitVote{context: h.Context, pathLen: int32(len(h.Path))}
	}
	kind, weight, path = classifyPlain(line, f)
	return kind, weight, path, hv
}

// classifyPlain is classifyLine's tail, for lines that are not search hits;
// contextHits asks it again for "path-N-text" lines no match stands beside.
// f is features(line).
func classifyPlain(line []byte, f feat) (kind, weight uint8, path bool) {
	if isSeparator(line) {
		return kSearch, wWeak, false
	}
	if n := len(line); n >= 3 && isDigit(line[n-1]) { // countLine's first test
		if k, w := countLine(line); w > 0 {
			return k, w, false
		}
	}
	if f&fAt != 0 && edgeLine(line) {
		return kTable, wWeak, false
	}
	if isPathLine(line) {
		return kSearch, wWeak, true
	}
	if f&fLess != 0 {
		if k, w := classifyMarkup(line); w > 0 {
			return k, w, false
		}
	}
	if len(line) > 0 && tableFirst[line[0]] && tableRow(line) {
		return kTable, wStrong, false
	}
	if f&fLess != 0 && bytes.Contains(line, []byte("</")) && closingTag(line) {
		return kHTML, wWeak, false // text with inline markup: "a <em>data race</em> is"
	}
	if len(line) > 0 && isHexDigit(line[0]) && onelineCommit(line) {
		return kLog, wStrong, false // git log --oneline: history, as git log is
	}
	if f&fDot != 0 && stepResult(line) {
		return kLog, wWeak, false
	}
	if f&fDash != 0 && nameDescription(line) {
		return kTable, wWeak, false // apt-cache search, apropos: one entry a row
	}
	if len(line) > 2 && line[0] == ' ' && countRow(line) {
		return kTable, wWeak, false // uniq -c, wc -l, vmstat -s: "     44 Merge"
	}
	if f&fColon != 0 && paddedPathLabel(line) {
		return kTable, wWeak, false // file(1): "/usr/bin/ls:   ELF 64-bit LSB pie executable, ..."
	}
	k, w := classifyShape(line)
	return k, w, false
}

// diffFirst and tableFirst mark the bytes the lines classifyDiff and
// tableRow take start with, so that most lines are not asked.
var diffFirst, tableFirst = byteSet("d-+inOBsr "), byteSet("-dlcbpsirhu|+t")

// ipFirst marks the bytes other than digits an ip route row starts with:
// an IPv6 address's hex digits, "default", a route type (ipRow).
var ipFirst = byteSet("abcdeflmnptu")

func byteSet(s string) (t [256]bool) {
	for i := 0; i < len(s); i++ {
		t[s[i]] = true
	}
	return t
}

func classifyDiff(line []byte) (uint8, uint8) {
	switch line[0] {
	case 'd':
		if hasPrefix(line, "diff --git ") || hasPrefix(line, "diff -") {
			return kDiff, wStrong
		}
		if hasPrefix(line, "deleted file mode ") {
			return kDiff, wStrong
		}
	case '-':
		if hasPrefix(line, "--- a/") || hasPrefix(line, "--- /dev/null") {
			return kDiff, wStrong
		}
		if hasPrefix(line, "--- ") && (bytes.Contains(line, []byte("\t20")) || bytes.Contains(line, []byte("\t19"))) {
			return kDiff, wStrong // diff -u header with a timestamp
		}
	case '+':
		if hasPrefix(line, "+++ b/") || hasPrefix(line, "+++ /dev/null") {
			return kDiff, wStrong
		}
		if hasPrefix(line, "+++ ") && (bytes.Contains(line, []byte("\t20")) || bytes.Contains(line, []byte("\t19"))) {
			return kDiff, wStrong
		}
	case 'i':
		if hasPrefix(line, "index ") && bytes.Contains(line, []byte("..")) {
			return kDiff, wStrong
		}
	case 'n':
		if hasPrefix(line, "new file mode ") {
			return kDiff, wStrong
		}
	case 'O':
		if hasPrefix(line, "Only in ") && bytes.Contains(line, []byte(": ")) {
			return kDiff, wStrong
		}
	case 'B':
		if hasPrefix(line, "Binary files ") && bytes.HasSuffix(line, []byte(" differ")) {
			return kDiff, wStrong
		}
	case 's', 'r':
		if hasPrefix(line, "similarity index ") || hasPrefix(line, "rename from ") || hasPrefix(line, "rename to ") {
			return kDiff, wStrong
		}
	case ' ':
		if len(line) < 2 || line[1] == ' ' {
			break // stat lines have exactly one leading space
		}
		// git --stat: " path | 12 +++--" and " 3 files changed, ..."
		if i := bytes.Index(line, []byte(" | ")); i > 0 {
			after := line[i+3:]
			if _, e := toolline.Number(trimBlank(after)); e > 0 || hasPrefix(after, "Bin ") {
				return kDiff, wStrong
			}
		}
		if bytes.Contains(line, []byte(" changed, ")) && (bytes.Contains(line, []byte("insertion")) || bytes.Contains(line, []byte("deletion"))) {
			return kDiff, wStrong
		}
	}
	return kNone, wNone
}

// plausibleHitPath rejects "paths" that are prose or log fragments, which a
// line like "Note: see 2-3-4" would otherwise produce.
func plausibleHitPath(h toolline.Hit) bool {
	p := h.Path
	if bytes.IndexByte(p, '.') < 0 && bytes.IndexByte(p, '/') < 0 && bytes.IndexByte(p, '\\') < 0 && !isUpper(p[0]) {
		return false // "llvm-14-dev\t..." is a TSV row, not a context line of file "llvm"
	}
	if sp := bytes.IndexByte(p, ' '); sp >= 0 && (h.Context || bytes.IndexByte(p[:sp], '/') < 0) {
		return false // spaces only inside a path that already has a directory
	}
	// A path has a directory separator, an extension, or is a plain file name.
	for _, c := range p {
		if !(isWordByte(c) || c == '/' || c == '\\' || c == '.' || c == '-' || c == '~' || c == ' ' || c == '+' || c == '@' || c == ':' || c >= 0x80) {
			return false
		}
	}
	return true
}

// isDiagnostic reports whether a parsed hit is really a compiler or linter
// message: "file:line:col: message" (Go, gcc, clang, rustc short form) or
// "file:line: error: ...". grep -n text is the raw source line, which almost
// never starts with exactly one space after a column number.
func isDiagnostic(h toolline.Hit) bool {
	t := h.Text
	if h.Col > 0 && len(t) > 1 && t[0] == ' ' && t[1] != ' ' && t[1] != '\t' {
		return true
	}
	if h.Col > 0 && len(t) > 4 && t[0] == '@' && isDigit(t[1]) && toolline.GHDLReport(t) != nil {
		return true // a VHDL simulation's report: "tb.vhd:21:9:@16ns:(report error): q mismatch"
	}
	if h.Col > 0 && len(t) > 2 && isDigit(t[0]) {
		if _, e := toolline.Number(t); e+1 < len(t) && t[e] == ':' && (isUpper(t[e+1]) || t[e+1] == '`') {
			return true // ChkTeX -v0: "notes.tex:4:21:26:You ought to remove spaces …" (see toolline.ChktexTerse)
		}
	}
	if h.Col > 0 && len(t) == 0 {
		return true // gfortran's place, "stats.f90:16:29:", above its excerpt and message
	}
	if h.Col > 0 && hasPrefix(t, "   required ") {
		return true // a g++ template backtrace: "stl_algo.h:1809:14:   required from ‘void std::sort…’"
	}
	if h.Col == 0 && len(t) > 0 && t[0] == ' ' && tracebackEntry(t[1:]) {
		return true
	}
	if h.Col == 0 && len(t) > 2 && isDigit(t[0]) && hlintPlace(h.Path) && hlintSpan(t) {
		return true // hlint: "Inventory.hs:16:1-54: Warning: Eta reduce"
	}
	if h.Col == 0 && len(t) > 0 && isDigit(t[0]) {
		// tsc --pretty: "src/api.ts:2:10 - error TS6133: ..."; cspell:
		// "README.md:20:20 - Unknown word (gittutorial)".
		_, e := toolline.Number(t)
		r := t[e:]
		return hasPrefix(r, " - error") || hasPrefix(r, " - warning") || len(r) > 3 && hasPrefix(r, " - ") && isUpper(r[3])
	}
	if h.Col == 0 && rubyFrame(t) {
		return true // a Ruby backtrace's frame, as rake --trace prints it: "lib/a.rb:8:in `parse'"
	}
	if _, ok := toolline.CheckRecord(t); ok && h.Col == 0 {
		return true // Check's result of a C unit test: "ck.c:5:F:core:t_sq:9: Assertion ... failed"
	}
	if h.Col == 0 && toolline.SpellFix(t) {
		return true // codespell: "README:20: availabe ==> available"
	}
	if len(t) > 1 && t[0] == ' ' {
		t = t[1:]
		if lintCode(t) {
			return true // pylint's column is 0-based: "billing.py:1:0: C0114: Missing module docstring"
		}
		if h.Col == 0 && (toolline.LibxmlDiagnostic(t) || toolline.VultureFinding(t)) {
			return true // xmllint's "a.xml:8: parser error : …", vulture's "a.py:3: unused import 'os' (90% confidence)"
		}
		if h.Col == 0 && (string(t) == "Failure" || string(t) == "FAILED:" || string(t) == "PASSED:") {
			return true // googletest's assertion "gt.cc:10: Failure"; Catch2's "c2.cpp:9: FAILED:"
		}
		for _, p := range [...]string{"error:", "warning:", "note:", "fatal error:", "undefined reference", "multiple definition", "Error:", "Warning:",
			"ERROR:", "FATAL:", "WARNING:", "NOTICE:"} { // psql -f: "psql:migrate.sql:6: ERROR:  ..."
			if hasPrefix(t, p) {
				return true
			}
		}
		if w := bytes.IndexByte(t, ' '); w > len("Warning:") && bytes.HasSuffix(t[:w], []byte("Warning:")) && isUpper(t[0]) {
			return true // Python's warnings: "warn.py:7: DeprecationWarning: legacy() is deprecated"
		}
		// systemd-analyze verify: "web.service:7: Failed to parse service
		// type, ignoring: notifyy"; grep shows a unit file's line as
		// "web.service:7:Type=notify", with no space.
		return h.Col == 0 && isUpper(t[0]) && toolline.SystemdUnit(h.Path)
	}
	return false
}

// rubyFrame reports the text after "path:N:" of a Ruby backtrace frame:
// "in `block in run'" (Ruby 3.3 and older), "in 'Integer#parse'" (3.4),
// maybe with a "rescue in " or "block (2 levels) in " before the name. A
// grep hit's source line seldom is "in `" or "in '" and ends in "'".
func rubyFrame(t []byte) bool {
	return len(t) > 5 && t[0] == 'i' && t[1] == 'n' && t[2] == ' ' && (t[3] == '`' || t[3] == '\'') &&
		t[len(t)-1] == '\'' && bytes.IndexByte(t[4:len(t)-1], '\'') < 0
}

// lintCode reports text that opens with a linter's rule code, one to three
// capitals and three or four digits, then ':' or a space: pylint's
// "C0114: Missing module docstring", flake8's "E501 line too long".
func lintCode(t []byte) bool {
	n := 0
	for n < len(t) && n < 4 && isUpper(t[n]) {
		n++
	}
	d := n
	for d < len(t) && isDigit(t[d]) {
		d++
	}
	return n >= 1 && n <= 3 && d-n >= 3 && d-n <= 4 && d < len(t) && (t[d] == ':' || t[d] == ' ')
}

// tracebackEntry reports whether r, the text after "path:N: ", ends a
// pytest traceback entry: nothing (the location under a quoted excerpt), an
// exception name ("calc.py:2: ZeroDivisionError"), or, with --tb=short, the
// function ("x.py:3: in test_y"). grep -n text is a source line, which hardly
// ever is one of these after exactly one space.
func tracebackEntry(r []byte) bool {
	switch {
	case len(r) == 0:
		return true
	case hasPrefix(r, "in "):
		r = r[3:]
		if len(r) == 0 {
			return false
		}
		for _, c := range r {
			if !isWordByte(c) && c != '<' && c != '>' && c != '.' {
				return false // "<module>", "Class.method"
			}
		}
		return true
	}
	return bytes.IndexByte(r, ' ') < 0 && exceptionLine(r)
}

// countLine votes for grep -c and rg -c output, "path:count". A path with a
// directory is a strong vote; a bare file name ("main.go:3") a weak one.
// "key: value" has a space and "12:30" no letters, so neither is a path.
func countLine(line []byte) (uint8, uint8) {
	n := len(line)
	if n < 3 || line[n-1] < '0' || line[n-1] > '9' {
		return kNone, wNone
	}
	i := n - 1
	for i > 0 && line[i-1] >= '0' && line[i-1] <= '9' {
		i--
	}
	if i < 2 || line[i-1] != ':' || !isPathLine(line[:i-1]) {
		return kNone, wNone
	}
	if bytes.IndexByte(line[:i-1], '/') >= 0 || bytes.IndexByte(line[:i-1], '\\') >= 0 {
		return kSearch, wStrong
	}
	return kSearch, wWeak
}

// edgeLine reports whether a line is one edge of a dependency graph, two
// module paths the second with a version: go mod graph's
// "example.com/a golang.org/x/text@v0.3.0".
func edgeLine(line []byte) bool {
	sp := bytes.IndexByte(line, ' ')
	if sp <= 0 || bytes.IndexByte(line[sp+1:], '@') < 0 || bytes.IndexByte(line[sp+1:], ' ') >= 0 {
		return false
	}
	return isPathLine(line[:sp]) && isPathLine(line[sp+1:])
}

// treeLine reports whether a line is an entry of a tree drawn with box
// characters ("│   ├── name", "  └─┬ dep@1.0.0") or tree's ASCII fallback
// ("|   |-- name", "`-- name").
func treeLine(line []byte) bool {
	switch line[0] {
	case ' ', '|', '`', 0xE2:
	default:
		return false
	}
	i := 0
	for i < len(line) {
		if line[i] == ' ' {
			i++
		} else if hasPrefix(line[i:], "│") {
			i += len("│")
		} else if hasPrefix(line[i:], "\u00a0") {
			i += len("\u00a0") // tree pads "│" with no-break spaces
		} else if line[i] == '|' && i+1 < len(line) && line[i+1] == ' ' {
			i += 2
		} else {
			break
		}
	}
	r := line[i:]
	return hasPrefix(r, "├─") || hasPrefix(r, "└─") || hasPrefix(r, "|-- ") || hasPrefix(r, "`-- ")
}

// perfGraphLine reports a branch of the call graph perf report draws
// under an overhead row, indented: "|--43.81%--main", "--0.95%--memset",
// and the graph's first line "---main".
func perfGraphLine(t []byte) bool {
	switch {
	case hasPrefix(t, "|--"):
		t = t[3:]
	case hasPrefix(t, "---"):
		return len(t) > 3 && t[3] != '-' && t[3] != ' '
	case hasPrefix(t, "--"):
		t = t[2:]
	default:
		return false
	}
	_, e := toolline.Number(t)
	if e == 0 {
		return false
	}
	for e < len(t) && (isDigit(t[e]) || t[e] == '.') {
		e++
	}
	return hasPrefix(t[e:], "%--")
}

// isPathLine reports whether the whole line looks like one file path, as in
// rg -l, find and rg --heading output.
func isPathLine(line []byte) bool {
	if len(line) == 0 || len(line) > 4096 {
		return false
	}
	switch line[0] {
	case '-', '+', '#', '<', '{', '[', '(', '*', '@', '=', '>', '|', '!', '"', '\'', ' ', '\t':
		return false
	}
	slash, dot, letters := false, false, false
	for i, c := range line {
		switch pathClass[c] {
		case pathSlash:
			slash = true
		case pathDot:
			if i > 0 && i+1 < len(line) {
				dot = true
			}
		case pathColon:
			if !(i == 1 && len(line) > 2 && line[2] == '\\') {
				return false // only a drive letter's colon: "C:\src"
			}
		case pathStop:
			return false
		case pathLetter:
			letters = true
		}
	}
	if !letters {
		return false
	}
	if slash {
		return true
	}
	// A bare file name needs an extension of letters: "main.go", not "v1.2" or "end.".
	i := bytes.LastIndexByte(line, '.')
	if !dot || i <= 0 || i+1 >= len(line) || len(line)-i > 6 {
		return false
	}
	for _, c := range line[i+1:] {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// pathClass sorts bytes for isPathLine, one table lookup per byte.
var pathClass = func() (t [256]uint8) {
	for _, c := range "/\\" {
		t[c] = pathSlash
	}
	t['.'] = pathDot
	t[':'] = pathColon
	for _, c := range " \t,;()=\"{}" {
		t[c] = pathStop
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = pathLetter
		t[c-'a'+'A'] = pathLetter
	}
	return t
}()

const (
	pathOther uint8 = iota
	pathSlash
	pathDot
	pathColon
	pathStop
	pathLetter
)

func classifyMarkup(line []byte) (uint8, uint8) {
	t := trimBlank(line)
	if len(t) < 2 || t[0] != '<' {
		return kNone, wNone
	}
	c := t[1]
	if c == '/' || c == '!' || c == '?' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
		if bytes.IndexByte(t, '>') > 0 || bytes.IndexByte(t, '=') > 0 {
			return kHTML, wStrong
		}
		return kHTML, wWeak
	}
	return kNone, wNone
}

// closingTag reports whether line holds "</name>".
func closingTag(line []byte) bool {
	for i := bytes.Index(line, []byte("</")); i >= 0; {
		j := i + 2
		for j < len(line) && (isWordByte(line[j]) || line[j] == '-') {
			j++
		}
		if j > i+2 && j < len(line) && line[j] == '>' {
			return true
		}
		k := bytes.Index(line[i+2:], []byte("</"))
		if k < 0 {
			break
		}
		i += 2 + k
	}
	return false
}

// tableRow recognises rows whose shape is unmistakable: ls -l entries and
// dpkg -l rows.
func tableRow(line []byte) bool {
	// ls -l: "drwxr-xr-x 2 root root 4096 ..." (10 mode characters, maybe + or .)
	if len(line) > 12 && isModeType(line[0]) {
		ok := true
		for _, c := range line[1:10] {
			if c != 'r' && c != 'w' && c != 'x' && c != '-' && c != 's' && c != 'S' && c != 't' && c != 'T' {
				ok = false
				break
			}
		}
		if ok && (line[10] == ' ' || (line[10] == '.' || line[10] == '+' || line[10] == '@') && line[11] == ' ') {
			return true
		}
	}
	// dpkg -l: "ii  name  version  arch  description" and its header rules.
	if len(line) > 4 && line[2] == ' ' && line[3] == ' ' && isLower(line[0]) && isLower(line[1]) {
		switch string(line[:2]) {
		case "ii", "rc", "hi", "un", "iU", "iF", "pn", "iH":
			return true
		}
	}
	if hasPrefix(line, "||/ ") || hasPrefix(line, "+++-") {
		return true
	}
	if hasPrefix(line, "total ") {
		_, e := toolline.Number(line[6:])
		return e > 0 && 6+e == len(line) || e > 0 && len(line) > 6+e && (line[6+e] == 'K' || line[6+e] == 'M' || line[6+e] == 'G')
	}
	return false
}

// isModeType reports whether c is a file type in an ls -l mode: "-dlcbps".
func isModeType(c byte) bool {
	switch c {
	case '-', 'd', 'l', 'c', 'b', 'p', 's':
		return true
	}
	return false
}

func isLower(c byte) bool { return c >= 'a' && c <= 'z' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isWordByte(c byte) bool { return wordByte[c] }

var wordByte = func() (t [256]bool) {
	for c := range t {
		t[c] = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
	}
	return t
}()

// shape holds per-line counts gathered in one scan.
type shape struct {
	indent    int // leading spaces and tabs
	width     int // visual width of the indent, tabs to multiples of 8
	tabIndent bool
	words     int // runs of letters
	letters   int
	spaces    int
	gaps      int // interior runs of 2+ spaces
	tabs      int // interior tabs
	commas    int // commas not followed by a space
	commaSp   int // commas followed by a space
	tokens    int // whitespace-separated tokens
	punct     int // code punctuation: {}();=<>[]&|
	n         int
}

func measure(line []byte) shape {
	var s shape
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		if line[i] == '\t' {
			s.tabIndent = true
			s.width += 8 - s.width%8
		} else {
			s.width++
		}
		i++
	}
	s.indent = i
	s.n = len(line)
	// Runs of spaces and of letters are consumed whole: most bytes are in one.
	inToken := false
	for i < len(line) {
		k := shapeClass[line[i]]
		if k == shapeSpace {
			j := i + 1
			for j < len(line) && line[j] == ' ' {
				j++
			}
			s.spaces += j - i
			if j-i >= 2 && j < len(line) {
				s.gaps++
			}
			i, inToken = j, false
			continue
		}
		if k == shapeTab {
			s.tabs++
			i, inToken = i+1, false
			continue
		}
		if !inToken {
			s.tokens++
			inToken = true
		}
		switch k {
		case shapeLetter:
			j := i + 1
			for j < len(line) && shapeClass[line[j]] == shapeLetter {
				j++
			}
			s.letters += j - i
			s.words++
			i = j
			continue
		case shapeComma:
			if i+1 < len(line) && line[i+1] == ' ' {
				s.commaSp++
			} else if i+1 < len(line) {
				s.commas++
			}
		case shapePunct:
			s.punct++
		}
		i++
	}
	return s
}

// shapeClass sorts bytes for measure, one table lookup per byte.
var shapeClass = func() (t [256]uint8) {
	t[' '] = shapeSpace
	t['\t'] = shapeTab
	for c := 'a'; c <= 'z'; c++ {
		t[c] = shapeLetter
		t[c-'a'+'A'] = shapeLetter
	}
	for c := 0x80; c < 0x100; c++ {
		t[c] = shapeLetter
	}
	t[','] = shapeComma
	for _, c := range "{}();=[]<>&|" {
		t[c] = shapePunct
	}
	return t
}()

const (
	shapeOther uint8 = iota
	shapeSpace
	shapeTab
	shapeLetter
	shapeComma
	shapePunct
)

// classifyShape handles the lines no prefix decided: code, table rows and
// prose by their shape. Its votes are weak unless a code keyword opens a line
// that ends like code.
func classifyShape(line []byte) (uint8, uint8) {
	t := bytes.TrimSpace(line)
	if len(t) == 0 {
		return kNone, wNone
	}
	if codeLine(t) || hasPrefix(t, `"""`) || hasPrefix(t, "/*") {
		last := t[len(t)-1]
		if last == '{' || last == ';' || last == ')' || last == ':' || last == ',' || last == '(' || last == '}' || last == '\\' ||
			bytes.HasSuffix(t, []byte("; then")) || bytes.HasSuffix(t, []byte("; do")) {
			return kCode, wStrong
		}
		return kCode, wWeak
	}
	switch {
	case hasPrefix(t, "#!"):
		return kCode, wStrong
	case t[0] == '#' && !hasPrefix(t, "##"):
		return kNone, wNone // a shell or Python comment, or a Markdown heading: the neighbours decide
	}
	s := measure(line) // after the keyword checks, which decide many code lines without it
	switch {
	case hasPrefix(t, "* ") && s.words >= 3:
		return kProse, wWeak // a bullet; comment bodies are caught by the comment state
	case hasPrefix(t, "//") || hasPrefix(t, "/*") || hasPrefix(t, "* ") || len(t) == 1 && t[0] == '*' || hasPrefix(t, "*/"):
		return kCode, wWeak
	}
	if s.tabs >= 1 && s.indent == 0 && s.tokens <= 3*(s.tabs+1) {
		if s.tabs >= 2 && s.tokens <= s.tabs+3 {
			return kTable, wStrong // TSV
		}
		return kTable, wWeak
	}
	// Tables: interior tab or comma columns with short cells, or aligned
	// columns separated by runs of spaces; justified man page text has runs
	// of spaces too, but reads as words.
	if s.words >= 5 && (s.letters+s.spaces+s.tabs)*10 >= (s.n-s.indent)*9 {
		if s.n-s.indent >= 40 && s.punct*20 < s.n && !commentStart(t) {
			return kProse, wStrong
		}
		return kProse, wWeak
	}
	if s.commas >= 2 && s.commaSp == 0 && s.spaces <= s.commas && s.punct == 0 {
		return kTable, wWeak
	}
	if s.gaps >= 3 && s.tokens <= 2*(s.gaps+1) && s.width < 7 && !commentStart(t) {
		return kTable, wStrong // ps, df, ss, npm outdated rows
	}
	if s.gaps >= 2 && s.tokens <= 3*(s.gaps+1) && s.width < 7 {
		return kTable, wWeak
	}
	if s.gaps == 1 && s.tokens <= 3 && s.indent == 0 && s.words <= 3 {
		return kTable, wWeak
	}
	last := t[len(t)-1]
	if t[0] == '|' && last == '|' && s.indent == 0 && pipeRow(t) {
		return kTable, wWeak // a Markdown table's row (sqlite3 -markdown), whose pipes read as code punctuation
	}
	switch {
	case last == '{' || last == ';' || (last == '}' || last == ')') && len(t) <= 3:
		return kCode, wWeak
	case hasPrefix(t, "//") || hasPrefix(t, "/*") || hasPrefix(t, "* ") || len(t) == 1 && t[0] == '*' || hasPrefix(t, "*/"):
		return kCode, wWeak
	case s.tabIndent && s.punct > 0:
		return kCode, wWeak
	case s.punct*8 > s.n && s.n > 4:
		return kCode, wWeak
	}
	if s.words >= 6 && s.n-s.indent >= 40 && (s.letters+s.spaces)*10 >= (s.n-s.indent)*9 && s.punct == 0 && !commentStart(t) {
		return kProse, wStrong // a line of running text
	}
	if s.words >= 4 && (s.letters+s.spaces)*10 >= s.n*8 {
		return kProse, wWeak
	}
	if hasPrefix(t, "# ") || hasPrefix(t, "## ") || hasPrefix(t, "### ") || hasPrefix(t, "- ") || hasPrefix(t, "* ") {
		return kProse, wWeak
	}
	if s.words >= 2 && (s.letters+s.spaces)*10 >= s.n*7 {
		return kProse, wWeak
	}
	return kNone, wNone
}

// clockRow reports a row of a table that opens each row with the time of
// day, as sysstat's sar, pidstat and mpstat do: "HH:MM:SS" (maybe " AM" or
// " PM") or "Average:", a run of blanks, then at least four more cells
// apart by runs of blanks ("15:52:50    lo    0.00    0.00 …"). A log
// line's text after its stamp is words, one blank apart.
func clockRow(line []byte) bool {
	if len(line) < 20 {
		return false
	}
	var r []byte
	switch {
	case isDigit(line[0]) && line[2] == ':' && line[5] == ':' && isDigit(line[1]) && isDigit(line[3]) && isDigit(line[4]) &&
		isDigit(line[6]) && isDigit(line[7]):
		r = line[8:]
		if hasPrefix(r, " AM") || hasPrefix(r, " PM") {
			r = r[3:]
		}
	case line[0] == 'A' && hasPrefix(line, "Average:"):
		r = line[8:] // the rows of averages under the timed ones
	default:
		return false
	}
	if !hasPrefix(r, "  ") {
		return false
	}
	s := measure(r)
	return s.gaps >= 4 && s.tokens <= 2*(s.gaps+1)
}

// nameDescription reports an entry of a list of names with a summary each:
// a name with no blank at column 0, maybe a manual section, then " - "
// and the summary: apt-cache search's "libdbi-perl - Perl Database
// Interface", apropos' "pthread_create (3)   - create a new thread".
func nameDescription(line []byte) bool {
	n := 0
	for n < len(line) && nameByte[line[n]] {
		n++
	}
	if n < 2 || n == len(line) || line[n] != ' ' || line[0] == '-' || line[n-1] == ':' {
		return false
	}
	r := line[n:]
	if hasPrefix(r, " (") {
		e := bytes.IndexByte(r, ')')
		if e < 0 || e > 12 {
			return false
		}
		r = r[e+1:]
	}
	r = bytes.TrimLeft(r, " ")
	return len(r) > 2 && r[0] == '-' && r[1] == ' ' && r[2] != ' '
}

// countRow reports a row of a count and what it counts, the count right
// aligned by blanks: uniq -c's "     44 Merge", wc -l's "  188 router/x.go",
// vmstat -s's "   592696 K used memory". One blank follows the count; a
// tab (cat -n, nl) makes numbered source, not a count.
func countRow(line []byte) bool {
	t := trimBlank(line)
	if len(t) == len(line) || len(t) < 3 {
		return false
	}
	_, e := toolline.Number(t)
	return e > 0 && e+1 < len(t) && t[e] == ' ' && t[e+1] != ' ' && t[e+1] != '|'
}

// paddedPathLabel reports a path ending in ':' at column 0, then blanks
// padding what follows into a column: file(1)'s rows. A single blank
// after the colon is a message ("x.go: no such file").
func paddedPathLabel(line []byte) bool {
	c := bytes.IndexByte(line, ':')
	return c > 0 && c+3 < len(line) && line[c+1] == ' ' && line[c+2] == ' ' && isPathLine(line[:c])
}

// nameByte marks the bytes of a package or manual page name.
var nameByte = func() (t [256]bool) {
	for c := range t {
		t[c] = wordByte[c] || strings.IndexByte("-+._[@/:", byte(c)) >= 0
	}
	return t
}()

// pipeRow reports a line "| a | b |" or "|---|---|": framed by pipes, with
// at least one more between, and every pipe inside spaced or dashed
// ("a || b" is code).
func pipeRow(t []byte) bool {
	inner := 0
	for i := 1; i < len(t)-1; i++ {
		if t[i] != '|' {
			continue
		}
		if t[i-1] == '|' || t[i+1] == '|' || t[i-1] != ' ' && t[i-1] != '-' && t[i-1] != ':' {
			return false
		}
		inner++
	}
	return inner >= 1
}

// commentStart reports whether t opens with a comment marker of a common
// language, or a Markdown heading: such lines are never strong prose or table.
func commentStart(t []byte) bool {
	return len(t) > 0 && t[0] == '#' || hasPrefix(t, "//") || hasPrefix(t, "* ") || hasPrefix(t, "--")
}

// codeKeywords open lines of Go, C, Python, JavaScript, Rust and shell code, and SQL schema statements.
var codeKeywords = [...]string{
	"package ", "import ", "import (", "func ", "func(", "type ", "var ", "const ", "return", "defer ", "go func",
	"if ", "if(", "} else", "else {", "else:", "elif ", "for ", "for(", "while ", "while(", "switch ", "case ", "default:",
	"def ", "class ", "from ", "try:", "except", "finally:", "raise ", "with ", "async ", "await ", "lambda ", "yield ",
	"function ", "function(", "let ", "export ", "module.exports", "require(", "'use strict'", "\"use strict\"",
	"#include", "#define", "#ifdef", "#ifndef", "#if ", "#endif", "#else", "#undef", "#pragma", "typedef ", "struct ", "static ",
	"extern ", "unsigned ", "void ", "int ", "char ", "enum ", "union ", "inline ",
	"fn ", "pub ", "use ", "impl ", "mod ", "match ", "#[", "#!",
	"echo ", "fi", "done", "then", "esac", "local ", "break", "continue", "public ", "private ", "protected ",
	"CREATE TABLE ", "CREATE INDEX ", "CREATE UNIQUE INDEX ", "CREATE SEQUENCE ", "CREATE VIEW ", "ALTER TABLE ", "ALTER SEQUENCE ", "SET ", // SQL
}

var codeByFirst [256][]string

func init() {
	for _, k := range codeKeywords {
		codeByFirst[k[0]] = append(codeByFirst[k[0]], k)
	}
}

func codeLine(t []byte) bool {
	if len(t) == 0 {
		return false
	}
	for _, k := range codeByFirst[t[0]] {
		if hasPrefix(t, k) {
			if isWordByte(k[len(k)-1]) && len(t) > len(k) && isWordByte(t[len(k)]) {
				continue // "returned", "doneness": not the keyword
			}
			if len(k) <= 4 && isWordByte(k[len(k)-1]) {
				// Bare words like "fi" and "done" must be the whole line or end with ';'.
				return len(t) == len(k) || t[len(k)] == ';'
			}
			return true
		}
	}
	return false
}

// trimBlank drops leading spaces and tabs; cheaper than bytes.TrimLeft with
// a cutset on this hot path.
func trimBlank(b []byte) []byte {
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return b[i:]
}

// codeFrame reports a line of the code frame biome draws under a
// diagnostic (t without its indent): "2 │   return 1;", "> 1 │ function
// oops( {" (the line pointed at), "│   ^^^^" (the carets), and its diffs
// "1   │ - function·oops(·{", "  1 │ + function·_oops(·{". A weak vote: a
// file viewer's numbered lines (bat) look alike.
func codeFrame(t []byte) bool {
	if hasPrefix(t, "> ") {
		t = t[2:]
	}
	numbered := false
	for i := 0; i < 2; i++ {
		if _, e := toolline.Number(t); e > 0 {
			t, numbered = bytes.TrimLeft(t[e:], " "), true
		}
	}
	if !hasPrefix(t, "│") || len(t) > len("│") && t[len("│")] != ' ' || bytes.Contains(t[len("│"):], []byte("│")) {
		return false // a second bar makes a table's row: psql's unicode " 1 │ Ann │ Lisbon"
	}
	if numbered {
		return true
	}
	r := bytes.TrimLeft(t[len("│"):], " ")
	return len(r) > 0 && (r[0] == '^' || r[0] == '~' || hasPrefix(r, "+ "))
}

// hlintPlace reports a hit's path that is a Haskell source file, whose
// hits of a column span ("a.hs:16:1-54: Warning: …") are hlint's hints.
func hlintPlace(p []byte) bool {
	return bytes.HasSuffix(p, []byte(".hs")) || bytes.HasSuffix(p, []byte(".lhs"))
}

// hlintSpan reports the text of such a hit after the line: a column span
// and a severity, "1-54: Warning: Eta reduce".
func hlintSpan(t []byte) bool {
	_, a := toolline.Number(t)
	if a == 0 || a >= len(t) || t[a] != '-' {
		return false
	}
	_, b := toolline.Number(t[a+1:])
	r := t[a+1+b:]
	if b == 0 || !hasPrefix(r, ": ") {
		return false
	}
	r = r[2:]
	return hasPrefix(r, "Warning: ") || hasPrefix(r, "Suggestion: ") || hasPrefix(r, "Error: ") || hasPrefix(r, "Ignore: ")
}
