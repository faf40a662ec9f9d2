package router

import (
	"bytes"
	"sync"
	"unicode/utf8"

	"github.com/kompress/kompress/internal/toolline"

	"github.com/kompress/kompress/internal/jsonscan"

	"github.com/kompress/kompress/internal/ansi"
)

// Section is a run of input bytes b[Start:End] of one kind.
type Section struct {
	Kind       Kind
	Start, End int
}

// Detect returns the kind of b: Empty for no bytes or only whitespace, Binary
// for input IsBinary reports, Mixed when Split finds sections of several
// kinds, else the one kind Split found.
func Detect(b []byte) Kind {
	s := Split(b)
	if len(s) == 1 {
		return s[0].Kind
	}
	return Mixed
}

// IsBinary reports input that is not text: it holds a NUL byte, or more
// than one byte in a hundred is not part of valid UTF-8. A log with a stray
// Latin-1 byte or a line cut mid-character is still text: it is routed and
// compressed, and the bad bytes are kept as they are.
func IsBinary(b []byte) bool {
	if bytes.IndexByte(b, 0) >= 0 {
		return true
	}
	if utf8.Valid(b) {
		return false
	}
	limit, bad := len(b)/100, 0
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			if bad++; bad > limit {
				return true
			}
		}
		i += n
	}
	return false
}

// Split cuts b into sections that cover it in order without gaps or overlap;
// every boundary falls at the start of a line. Input that is all one kind is
// one section. Empty and Binary input is one section of that kind.
//
// How it decides, in one pass over the lines plus linear post-passes:
//   - Structure first. A line starting at column 0 with '{' or '[' that begins a
//     valid JSON object or array (or one cut off by the end of input) claims all
//     lines up to the end of that value, and of any values that follow it
//     (JSON Lines, concatenated values). Unified diff hunks claim exactly the
//     lines their "@@ -a,b +c,d @@" header counts; git commit headers, their
//     indented messages and --stat lines belong to the diff that follows, so
//     `git show` and `git log -p` are Diff, not Mixed.
//   - go test -json output is JSON Lines, but routes as Log: its meaning is
//     test events (pass/fail/output per test), and the log compressor knows it.
//     Likewise rg --json events route as Search.
//   - Every other line is classified by cheap prefix and shape checks, as a
//     strong or weak vote: search hits (see ParseHit), heading-mode hits,
//     path lists, log lines (levels, timestamps, test runners, compilers, npm,
//     apt, make, cargo, Python), diff headers, HTML tags, code, table rows
//     (ls -l modes, dpkg rows, aligned columns, TSV, CSV), prose. ANSI colour
//     is stripped before classifying.
//   - Linear passes over the votes then judge blocks of lines together:
//     grep context lines need a match of their path beside them (see
//     contextHits), configuration files become Code (configs), field
//     records Log (records), CSV/TSV records Table (csvTables) and import
//     path lists Log (packageLists).
//   - A line without a strong vote takes the majority of the votes within
//     a few lines of it, so stack frames in a log stay Log and a short
//     quoted code line in a traceback does not start a Code section.
//   - Runs shorter than a few lines are merged into a neighbour, so a stray
//     line never splits a section.
func Split(b []byte) []Section {
	if len(b) == 0 {
		return []Section{{Empty, 0, 0}}
	}
	if IsBinary(b) {
		return []Section{{Binary, 0, len(b)}}
	}
	return SplitText(b)
}

// SplitText is Split for input that is not empty and that IsBinary
// refuses, as the engine has found before it routes: the input is not
// read again for NUL bytes and UTF-8.
func SplitText(b []byte) []Section {
	if len(bytes.TrimSpace(b)) == 0 {
		return []Section{{Empty, 0, len(b)}}
	}
	if copyrightFormat(b) {
		// A Debian copyright file: its "Files:"/"Copyright:"/"License:"
		// records and the licence texts under them read as one document.
		return []Section{{Prose, 0, len(b)}}
	}
	if xmlReport(b) {
		// A JUnit/xUnit XML test report (node --test, bats, mocha, jest,
		// pytest, surefire) or a checkstyle lint report (shellcheck -f
		// checkstyle): a log in markup, read line by line, not a page.
		return []Section{{Log, 0, len(b)}}
	}
	if (b[0] == '#' || b[0] == '*') && ruleset(b) {
		// iptables-save and ip6tables-save: the firewall's configuration,
		// restored as it is by iptables-restore.
		return []Section{{Code, 0, len(b)}}
	}
	if bytes.IndexByte(b, esc) >= 0 {
		// Colour is not shape: coloured JSON (jq -C), CSV and YAML are
		// routed as their plain text is, and the sections mapped back line
		// for line (escapes never hold a line break).
		if plain := ansi.Strip(b); len(bytes.TrimSpace(plain)) > 0 && bytes.Count(plain, []byte{'\n'}) == bytes.Count(b, []byte{'\n'}) {
			return remap(splitPlain(plain), plain, b)
		}
	}
	return splitPlain(b)
}

// remap moves section boundaries, which fall at line starts, from plain to
// the same lines of b.
func remap(secs []Section, plain, b []byte) []Section {
	pi, bi := 0, 0 // the start of the same line in plain and in b
	for k := range secs {
		for pi < secs[k].Start {
			pi += bytes.IndexByte(plain[pi:], '\n') + 1
			bi += bytes.IndexByte(b[bi:], '\n') + 1
		}
		secs[k].Start = bi
		if k > 0 {
			secs[k-1].End = bi
		}
	}
	if len(secs) > 0 {
		secs[len(secs)-1].End = len(b)
	}
	return secs
}

// splitPlain is Split for text that is not empty or binary.
func splitPlain(b []byte) []Section {
	bufs := splitPool.Get().(*splitBufs)
	bufs.links, bufs.excerpts = false, false
	lines := classifyLines(b, bufs)
	contextHits(b, lines)
	configs(b, lines)
	records(b, lines)
	loggerReports(b, lines)
	tapDiagnostics(b, lines)
	quotedSource(b, lines)
	if bufs.excerpts {
		numberedExcerpts(b, lines)
	}
	diagnosticBodies(b, lines)
	terraformBlocks(b, lines)
	psqlValues(b, lines)
	verticalRows(b, lines)
	planBlocks(b, lines)
	csvTables(b, lines)
	if bufs.links {
		linkBlocks(b, lines)
	}
	packageLists(b, lines)
	repeatedRuns(b, lines)
	vote(lines)
	secs := sections(b, lines, bufs)
	if cap(lines) <= maxPooledLines {
		bufs.lines = lines[:0]
		splitPool.Put(bufs)
	}
	return secs
}

// splitBufs holds the per-line slices of one Split, kept for the next:
// a process that splits many inputs allocates (and collects) them once.
type splitBufs struct {
	lines []lineInfo
	slots []memoSlot
	runs  []run

	// Set by classifyLines: a line at column 0 opened with a digit and
	// was voted Table strongly (maybe an ip link heading, see linkBlocks),
	// or held a tab (maybe a numbered excerpt, see numberedExcerpts).
	links, excerpts bool
}

var splitPool = sync.Pool{New: func() any { return new(splitBufs) }}

// maxPooledLines bounds the slices kept for reuse: a huge input's are
// left to the collector.
const maxPooledLines = 1 << 18

// kind indexes, small so per-line records and vote counts stay compact.
const (
	kNone uint8 = iota
	kSearch
	kLog
	kJSON
	kTable
	kCode
	kDiff
	kHTML
	kProse
	numKinds
)

var kindOf = [numKinds]Kind{kNone: Prose, kSearch: Search, kLog: Log, kJSON: JSON,
	kTable: Table, kCode: Code, kDiff: Diff, kHTML: HTML, kProse: Prose}

// vote strengths.
const (
	wNone   uint8 = 0
	wWeak   uint8 = 1
	wStrong uint8 = 3
	wForced uint8 = 4 // claimed by structure (JSON value, diff hunk): never re-voted
)

type lineInfo struct {
	start, end int   // end excludes the '\n'
	own        uint8 // the line's own vote, before neighbours are counted
	kind       uint8
	weight     uint8
	blank      bool
	config     bool // part of a configuration file (see configs)
	feat       feat // the features of b[start:end]; fAll for a line with escapes
	hit        hitVote
}

// text returns the line's bytes in b without a trailing '\r'.
func (li lineInfo) text(b []byte) []byte {
	line := b[li.start:li.end]
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	return line
}

// assertionDiff reports whether the lines before a hunk header are the
// headers of a test's assertion diff, minitest's "--- expected" and "+++
// actual", not a patch's files; it makes them, and the hunk, part of the
// test log around them.
func assertionDiff(b []byte, lines []lineInfo) bool {
	n := len(lines)
	if n < 2 || string(lines[n-1].text(b)) != "+++ actual" || string(lines[n-2].text(b)) != "--- expected" {
		return false
	}
	for i := n - 2; i < n; i++ {
		lines[i].kind, lines[i].own, lines[i].weight = kLog, kLog, wStrong
	}
	return true
}

// fileHeaders claims the file headers above a hunk as the diff's: "---
// x.orig" and "+++ x" with no a/ and b/ prefixes nor timestamps (gofmt
// -d, diff -u of two paths given as they are) and the "diff x.orig x"
// line gofmt -d puts above them, which alone read as prose.
func fileHeaders(b []byte, lines []lineInfo) {
	n := len(lines)
	if n < 2 || !hasPrefix(lines[n-1].text(b), "+++ ") || !hasPrefix(lines[n-2].text(b), "--- ") {
		return
	}
	from := n - 2
	if n >= 3 && hasPrefix(lines[n-3].text(b), "diff ") && lines[n-3].weight != wForced {
		from = n - 3
	}
	for i := from; i < n; i++ {
		if lines[i].weight != wForced {
			lines[i].kind, lines[i].own, lines[i].weight = kDiff, kDiff, wForced
		}
	}
}

// jsonSlack bounds the bytes spent on JSON scans that fail, keeping Split
// linear even for input full of lines that start with '[' and never close.
const jsonSlack = 1 << 16

// classifyLines returns the lines of b with their votes, in bufs.lines's
// memory when it is large enough.
func classifyLines(b []byte, bufs *splitBufs) []lineInfo {
	n := bytes.Count(b, []byte{'\n'}) + 1
	lines := bufs.lines[:0]
	if cap(lines) < n {
		// At least double: inputs that grow one after another cost a
		// few slices, not one each.
		lines = make([]lineInfo, 0, max(n, min(2*cap(lines), maxPooledLines)))
	}
	memo := newLineMemo(b, n, bufs.slots)
	bufs.slots = memo.slots
	var (
		scratch    []byte
		jsonEnd    = -1 // lines starting before this offset belong to a JSON region
		jsonKind   uint8
		failBudget = len(b) + jsonSlack
		oldLeft    int // remaining lines in the current diff hunk
		newLeft    int
		mergedLeft int    // remaining result lines in the current combined (git diff --cc) hunk
		assertHunk bool   // the hunk is a test's assertion diff ("--- expected", "+++ actual")
		inCommit   bool   // inside a git commit header, message or stat
		commitAt   = -1   // index of the last "commit <hash>" line
		sawPatch   bool   // a diff followed that commit line
		sawStat    bool   // a --stat summary followed it (git show --stat)
		commits    int    // commit lines seen
		mbox       bool   // inside a format-patch message, before its "---"
		heading    bool   // inside rg --heading output, after a path line
		fence      bool   // inside a Markdown ``` code fence
		prevPath   bool   // the last non-blank line was a lone path (an rg --heading file name)
		comment    []byte // the closer of an open block comment or docstring
		htmlEnd    = -1   // lines starting before this offset belong to an HTML document
		noClose    bool   // no "</html>" after the last document start: stop searching
		report     bool   // inside a test runner's failure report (see reportSection)
		pkgList    bool   // inside the indented package list under an apt header
		finding    bool   // inside a bandit finding, up to the rule under it
		flaw       bool   // under a flawfinder hit: its indented explanation
		escAt      = -1   // the next ESC byte at or after the line start, or len(b)
	)
	for start := 0; start < len(b); {
		end, f := lineEnd(b, start)
		next := min(end+1, len(b))
		li := lineInfo{start: start, end: end}
		path := false // classify found the line to be a lone path (isPathLine)
		raw := b[start:end]
		line := raw
		if n := len(line); n > 0 && line[n-1] == '\r' {
			line = line[:n-1]
		}
		if escAt < start {
			// One search per ESC byte rather than one per line.
			escAt = len(b)
			if i := bytes.IndexByte(b[start:], esc); i >= 0 {
				escAt = start + i
			}
		}
		plain := true // line is b[start:...], not a copy without escapes
		li.feat = f   // a '\r' has no feature
		if escAt < end {
			scratch = ansi.Append(scratch[:0], line)
			line = scratch
			plain = false
			f = features(line)
			li.feat = fAll // the escapes may hold any byte
		}
		li.blank = f&fSolid == 0
		switch {
		case start >= jsonEnd && oldLeft == 0 && newLeft == 0 && (fence || f&fTick != 0 && hasPrefix(trimBlank(line), "```")):
			// A fenced block is part of the Markdown document around it.
			if f&fTick != 0 && hasPrefix(trimBlank(line), "```") {
				fence = !fence
			}
			li.kind, li.weight = kProse, wForced
		case start < jsonEnd:
			li.kind, li.weight = jsonKind, wForced
		case start < htmlEnd:
			li.kind, li.weight = kHTML, wForced
		case f&fLess != 0 && htmlStart(line):
			htmlEnd = len(b)
			if !noClose {
				if e := indexFold(b[start:], "</html>"); e >= 0 {
					htmlEnd = start + e
				} else {
					noClose = true
				}
			}
			li.kind, li.weight = kHTML, wForced
		case mergedLeft > 0:
			if combinedHunkLine(line, &mergedLeft) {
				li.kind, li.weight = kDiff, wForced
				break
			}
			mergedLeft = 0
			li.kind, li.weight, path, li.hit = memo.classify(line, start, plain, f)
		case oldLeft > 0 || newLeft > 0:
			if toolline.HunkLine(line, &oldLeft, &newLeft) {
				li.kind, li.weight = kDiff, wForced
				if assertHunk {
					li.kind, li.weight = kLog, wStrong
				}
				break
			}
			oldLeft, newLeft = 0, 0
			li.kind, li.weight, path, li.hit = memo.classify(line, start, plain, f)
		case len(raw) > 0 && (raw[0] == '{' || raw[0] == '[' || raw[0] == '\r' && meterThenValue(raw)) && failBudget > 0:
			if e, k := jsonRegion(b, start, &failBudget); e > 0 {
				jsonEnd, jsonKind = e, k
				li.kind, li.weight = k, wForced
				break
			}
			li.kind, li.weight, path, li.hit = memo.classify(line, start, plain, f)
		case comment != nil:
			// Comment text reads like prose but belongs to the code around it.
			li.kind, li.weight = kCode, wWeak
			if bytes.Contains(line, comment) {
				comment = nil
			}
		default:
			li.kind, li.weight, path, li.hit = memo.classify(line, start, plain, f)
			if li.kind == kCode {
				comment = openComment(line)
			}
		}
		if li.weight != wForced && !li.blank {
			if open, ok := reportOpen(line); ok {
				report = open
			} else if report {
				// Source excerpts in a failure report are part of the log;
				// a docstring they open may be cut off, so it opens nothing.
				comment = nil
				switch {
				case flowMarker(line):
					li.kind, li.weight = kLog, wStrong
				case li.kind == kCode:
					li.kind, li.weight = kLog, wWeak
				}
			}
		}
		if li.weight != wForced && !li.blank {
			// bandit's finding: its "Severity: High   Confidence: High"
			// line reads as a table's row and its quoted source lines
			// ("10\t    return subprocess.call(cmd, shell=True)") as TSV.
			switch {
			case hasPrefix(line, ">> Issue: [B"):
				finding = true
			case finding && isSeparator(line):
				finding = false
			case finding:
				li.kind, li.weight = kLog, wStrong
			}
			// flawfinder's hit, "net.c:15:  [5] (buffer) gets:", and the
			// explanation indented under it, which reads as prose.
			switch {
			case li.kind == kLog && f&fParen != 0 && toolline.FlawfinderHit(line):
				flaw = true
			case flaw && len(line) > 2 && line[0] == ' ' && line[1] == ' ':
				li.kind, li.weight = kLog, wStrong
			default:
				flaw = false
			}
		}
		if li.weight != wForced {
			// apt's package lists ("The following NEW packages will be
			// installed:" and its indented names) read as prose word by word.
			switch {
			case pkgList && !li.blank && line[0] == ' ':
				li.kind, li.weight = kLog, wStrong
			case li.kind == kLog && aptListHeader(line):
				pkgList = true
			default:
				pkgList = false
			}
		}
		li.own = li.kind
		if li.weight != wForced {
			switch {
			case hasPrefix(line, "@@ -"):
				if o, n, ok := toolline.HunkHeader(line); ok {
					oldLeft, newLeft = o, n
					li.kind, li.weight = kDiff, wForced
					if assertHunk = assertionDiff(b, lines); assertHunk {
						li.kind, li.weight = kLog, wStrong
					} else {
						fileHeaders(b, lines)
					}
				}
			case hasPrefix(line, "@@@ -"):
				if n, ok := combinedHunkHeader(line); ok {
					mergedLeft = n
					li.kind, li.weight = kDiff, wForced
					fileHeaders(b, lines)
				}
			case len(line) > 6 && (line[0] == 'c' || line[0] == 'F') && toolline.CommitLine(line): // "commit " or "From "
				if commitAt >= 0 && !sawPatch {
					historyOnly(lines[commitAt:]) // the next commit makes it history, stat or not
				}
				inCommit, commitAt, sawPatch, sawStat = true, len(lines), false, false
				commits++
				mbox = hasPrefix(line, "From ")
				li.kind, li.weight = kDiff, wForced
			case mbox:
				// git format-patch: the message, unindented, runs to the
				// "---" above the --stat (or to the diff without one).
				li.kind, li.weight = kDiff, wForced
				if string(line) == "---" || hasPrefix(line, "diff --git ") {
					mbox = false
				}
			case inCommit:
				if !li.blank && line[0] == ' ' {
					if _, w := classifyDiff(line); w > 0 {
						sawStat = true
					}
				}
				if li.blank || line[0] == ' ' || toolline.CommitHeaderField(line) {
					li.kind, li.weight = kDiff, wForced
				} else {
					inCommit = false
				}
			}
		}
		// ripgrep --heading: a path line followed by "N:" hits.
		if li.weight != wForced {
			if li.blank {
				// A blank line separates files; the heading state survives it.
			} else if heading || prevPath {
				if _, ok := toolline.ParseHeadingHit(line); ok {
					li.kind, li.weight = kSearch, wStrong
					heading = true
					if p := lastNonBlank(lines); p >= 0 && lines[p].kind == kSearch {
						lines[p].weight = wStrong
					}
				} else if !path && !isPathLine(line) && !isSeparator(line) {
					heading = false
				}
			}
		}
		if li.kind == kDiff && li.weight >= wStrong && !inCommit {
			sawPatch = true
		}
		if !li.blank {
			prevPath = li.own == kSearch && li.weight == wWeak && (path || isPathLine(line))
		}
		if len(line) >= 4 && line[0] == '-' && f&fDash != 0 && li.weight != wForced && len(lines) > 0 {
			columnRule(b, &lines[len(lines)-1], &li, line)
		}
		if len(line) > 0 && isDigit(line[0]) {
			// Cheap marks for the passes that only such lines start.
			bufs.links = bufs.links || li.kind == kTable && li.weight == wStrong
			bufs.excerpts = bufs.excerpts || f&fTab != 0
		}
		lines = append(lines, li)
		start = next
	}
	// One commit with a --stat and no patch is git show --stat, a Diff as
	// git show is; several are git log --stat, history.
	if commitAt >= 0 && !sawPatch && !(sawStat && commits == 1) {
		historyOnly(lines[commitAt:])
	}
	return lines
}

// lineEnd returns the end of the line that starts at b[start] (the index
// of its '\n', or len(b)) and the line's features: one pass finds both.
func lineEnd(b []byte, start int) (end int, f feat) {
	r := b[start:]
	i := 0
	for ; i+8 <= len(r); i += 8 {
		w := r[i : i+8 : i+8]
		g := featOf[w[0]] | featOf[w[1]] | featOf[w[2]] | featOf[w[3]] |
			featOf[w[4]] | featOf[w[5]] | featOf[w[6]] | featOf[w[7]]
		if g&fNewline != 0 {
			break
		}
		f |= g
	}
	for ; i < len(r) && r[i] != '\n'; i++ {
		f |= featOf[r[i]]
	}
	return start + i, f
}

// reportOpen is reportSection for a non-blank line, which it skips unless the line
// starts with a banner's rule or a count's digit.
func reportOpen(line []byte) (open, ok bool) {
	if !reportFirst[line[0]] {
		return false, false // small enough to inline: most lines are skipped here
	}
	return reportSection(line)
}

// reportFirst marks the bytes a report's banner or count starts with.
var reportFirst = func() (t [256]bool) {
	for _, c := range "=_-!0123456789" {
		t[c] = true
	}
	return t
}()

// reportSection reports whether a line opens (open true) or closes a test
// runner's failure report, in which quoted source code is part of the log:
// pytest's "==== FAILURES ====" and "==== ERRORS ====" banners and its
// "____ test_name ____" titles open one; any other "====" banner, such as
// "short test summary info", or the closing counts end it.
func reportSection(line []byte) (open, ok bool) {
	if rule, title, ok := toolline.Banner(line); ok {
		switch rule {
		case '_':
			return true, true
		case '=':
			return string(title) == "FAILURES" || string(title) == "ERRORS", true
		}
		return false, false
	}
	if toolline.TestCounts(line) {
		return false, true
	}
	return false, false
}

// aptListHeader reports whether a log line heads an indented list of
// package names: "The following additional packages will be installed:",
// "Suggested packages:", "Recommended packages:".
func aptListHeader(line []byte) bool {
	n := len(line)
	return n > 0 && line[n-1] == ':' && (hasPrefix(line, "The following ") || hasPrefix(line, "Suggested packages:") || hasPrefix(line, "Recommended packages:"))
}

// historyOnly relabels a git commit block that no patch followed (git log
// without -p) as Log: commit history, not a diff.
func historyOnly(block []lineInfo) {
	for i := range block {
		li := &block[i]
		if li.kind != kDiff || li.weight != wForced {
			continue
		}
		li.kind, li.weight = kLog, wWeak
		if i == 0 {
			li.weight = wStrong
		}
	}
}

// htmlStart reports whether a line opens an HTML or XML document, which then
// runs to its "</html>" or the end of the input.
func htmlStart(line []byte) bool {
	// Trim spaces, tabs and BOMs by hand: bytes.TrimLeft with a non-ASCII
	// cutset decodes runes, and this runs on every line.
	t := line
	for len(t) > 0 {
		if t[0] == ' ' || t[0] == '\t' {
			t = t[1:]
		} else if hasPrefix(t, "\ufeff") {
			t = t[3:]
		} else {
			break
		}
	}
	if len(t) < 5 || t[0] != '<' {
		return false
	}
	return hasPrefixFold(t, "<!doctype html") || hasPrefixFold(t, "<html") || hasPrefix(t, "<?xml ")
}

func hasPrefixFold(b []byte, p string) bool {
	return len(b) >= len(p) && bytes.EqualFold(b[:len(p)], []byte(p))
}

// indexFold finds the ASCII string p in b ignoring case; p must be lower case
// and start with a byte that has no case.
func indexFold(b []byte, p string) int {
	for i := 0; i+len(p) <= len(b); {
		j := bytes.IndexByte(b[i:], p[0])
		if j < 0 {
			return -1
		}
		i += j
		if hasPrefixFold(b[i:], p) {
			return i
		}
		i++
	}
	return -1
}

// openComment returns the closer of a block comment or Python docstring that
// a code line opens and does not close, or nil.
func openComment(line []byte) []byte {
	t := trimBlank(line)
	first := [...]int{bytes.IndexByte(t, '/'), bytes.IndexByte(t, '"'), bytes.IndexByte(t, '\'')}
	if first[0] < 0 && first[1] < 0 && first[2] < 0 {
		return nil
	}
	for n, p := range [...][2]string{{"/*", "*/"}, {`"""`, `"""`}, {"'''", "'''"}} {
		if first[n] < 0 {
			continue // no opener without its first byte
		}
		i := bytes.Index(t[first[n]:], []byte(p[0]))
		if i >= 0 {
			i += first[n]
		}
		if i < 0 || p[0] != "/*" && i > 0 && !(t[i-1] == '=' || t[i-1] == ' ' || t[i-1] == '(' || t[i-1] == 'r') {
			continue
		}
		if !bytes.Contains(t[i+len(p[0]):], []byte(p[1])) {
			return []byte(p[1])
		}
	}
	return nil
}

func lastNonBlank(lines []lineInfo) int {
	for i := len(lines) - 1; i >= 0; i-- {
		if !lines[i].blank {
			return i
		}
	}
	return -1
}

// esc starts an ANSI escape sequence (see internal/ansi).
const esc = 0x1b

// brokenJSONLines is how many lines of a value must parse before a syntax
// error for them to be claimed as a value cut off.
const brokenJSONLines = 16

// curlValue rescans a value at b[i] that failed at j without the progress
// rows curl -v wrote into it (see CurlUninterleave); when the value then
// parses, it returns where the value ends in b.
func curlValue(b []byte, i, j int, st jsonscan.Status) (int, jsonscan.Status) {
	line := bytes.LastIndexByte(b[i:min(j, len(b))], '\n') + 1
	if bytes.IndexByte(b[i+line:min(len(b), j+256)], '\r') < 0 {
		return j, st
	}
	clean, cuts := toolline.CurlUninterleave(b[i:])
	if cuts == nil {
		return j, st
	}
	e, cst := jsonscan.Scan(clean, 0)
	if cst != jsonscan.OK {
		return j, st
	}
	end := e
	for _, c := range cuts {
		if c[0] < e {
			end += c[1]
		}
	}
	return i + end, cst
}

// jsonRegion scans JSON values from b[start]; on success it returns the
// offset of the end of the line holding the last value, and JSON or, for go
// test -json events, Log.
func jsonRegion(b []byte, start int, budget *int) (int, uint8) {
	i, end := start, -1
	values := 0
	for {
		j, st := jsonscan.Scan(b, i)
		if values == 0 && (st == jsonscan.Bad || b[i] == '\r') {
			j, st = curlValue(b, i, j, st)
		}
		if st == jsonscan.Bad {
			if values == 0 {
				if cut := bytes.LastIndexByte(b[start:min(j, len(b))], '\n'); cut >= 0 && bytes.Count(b[start:start+cut], []byte{'\n'}) >= brokenJSONLines {
					// A long value broken by a line of other output (curl
					// -v's progress meter written into the body) is a
					// value cut off there, as if the input had ended.
					end = start + cut
					break
				}
				*budget -= j - start + 1
				return -1, 0
			}
			break
		}
		// The value must end its line (trailing spaces allowed).
		k := j
		for k < len(b) && (b[k] == ' ' || b[k] == '\t' || b[k] == '\r') {
			k++
		}
		if k < len(b) && b[k] != '\n' {
			if values == 0 {
				*budget -= j - start + 1
				return -1, 0
			}
			break
		}
		values++
		end = k
		if st == jsonscan.Truncated || k >= len(b) {
			break
		}
		// Another value may follow on a later line (JSON Lines, concatenated).
		k++
		for k < len(b) && (b[k] == ' ' || b[k] == '\t' || b[k] == '\r' || b[k] == '\n') {
			k++
		}
		if k >= len(b) || b[k] != '{' && b[k] != '[' || k > 0 && b[k-1] != '\n' {
			break
		}
		i = k
	}
	kind := kJSON
	first := b[start:min(len(b), start+512)]
	switch {
	case bytes.Contains(first, []byte(`"Action":"`)) && (bytes.Contains(first, []byte(`"Package":"`)) || bytes.Contains(first, []byte(`"ImportPath":"`))):
		kind = kLog
	case rgJSON(first):
		kind = kSearch
	}
	return end, kind
}

// meterThenValue reports a line that opens with rows of curl's progress
// meter, each after a '\r', and then a JSON value's first byte: curl
// without -s, its stderr and the body in one file, writes its first row
// just before the body's first byte.
func meterThenValue(raw []byte) bool {
	for len(raw) > 0 && raw[0] == '\r' {
		r := raw[1:]
		end := bytes.IndexByte(r, '\r')
		if end < 0 {
			end = len(r)
		}
		n := toolline.CurlRowLen(r[:end])
		if n == 0 {
			return false
		}
		raw = r[n:]
	}
	return len(raw) > 0 && (raw[0] == '{' || raw[0] == '[')
}

// rgJSON reports whether JSON Lines start with an rg --json event:
// {"type":"begin","data":{"path":{"text":...}}} and its kin.
func rgJSON(first []byte) bool {
	for _, t := range [...]string{"begin", "match", "context", "end", "summary"} {
		if hasPrefix(first, `{"type":"`+t+`","data":{`) {
			return true
		}
	}
	return false
}

func isSeparator(line []byte) bool { return len(line) == 2 && line[0] == '-' && line[1] == '-' }

func isBlank(line []byte) bool {
	for _, c := range line {
		if c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v' {
			return false
		}
	}
	return true
}

func hasPrefix(b []byte, p string) bool { return len(b) >= len(p) && string(b[:len(p)]) == p }

// vote relabels lines without a strong vote by the votes around them.
func vote(lines []lineInfo) {
	const w = 4
	var counts [numKinds]int
	for i := 0; i < w && i < len(lines); i++ {
		counts[lines[i].kind] += int(min(lines[i].weight, wStrong))
	}
	// One pass: each line's vote replaces its kind as soon as it is
	// counted, its own kind kept in own, which is what the window counts
	// behind it (lines ahead still hold theirs in kind).
	for i := range lines {
		if j := i + w; j < len(lines) {
			counts[lines[j].kind] += int(min(lines[j].weight, wStrong))
		}
		if j := i - w - 1; j >= 0 {
			counts[lines[j].own] -= int(min(lines[j].weight, wStrong))
		}
		li := &lines[i]
		li.own = li.kind
		if li.weight >= wStrong || li.blank {
			continue
		}
		best, bestN := li.kind, 0
		if best == kNone {
			for k := kSearch; k < numKinds; k++ {
				if counts[k] > bestN {
					best, bestN = k, counts[k]
				}
			}
		} else {
			// Only kinds whose documents hold lines that look like other
			// kinds (stack frames in logs, comments in code, examples in
			// prose, text in HTML) take a line with a vote of its own:
			// grep hits or table rows nearby do not make a code line theirs.
			bestN = counts[best]
			for _, k := range [...]uint8{kLog, kCode, kHTML, kProse} { // in kind order: ties go to the first
				if counts[k] > bestN {
					best, bestN = k, counts[k]
				}
			}
		}
		li.kind = best
	}
}

type run struct {
	kind       uint8
	first      int // index of the first line
	last       int // index of the last line
	nonBlank   int
	strong     int
	structural bool // claimed by JSON or diff structure
	bytes      int
}

// sections turns labelled lines into runs, merges runs too small to stand
// alone into a neighbour, and returns the byte ranges. The runs live in
// bufs.runs; each merging pass below rewrites them in place, which is safe
// as it writes at most one run for each it has read.
func sections(b []byte, lines []lineInfo, bufs *splitBufs) []Section {
	runs := bufs.runs[:0]
	for i, li := range lines {
		k := li.kind
		if li.blank || k == kNone {
			if len(runs) > 0 {
				r := &runs[len(runs)-1]
				r.last = i
				r.bytes += li.end - li.start + 1
				continue
			}
			k = kNone
		}
		if n := len(runs); n > 0 && (runs[n-1].kind == k || runs[n-1].kind == kNone) {
			r := &runs[n-1]
			if r.kind == kNone {
				r.kind = k
			}
			r.last = i
			r.add(li)
			continue
		}
		runs = append(runs, run{kind: k, first: i, last: i})
		runs[len(runs)-1].add(li)
	}
	bufs.runs = runs[:0]
	runs = sandwich(runs)
	for pass := 0; pass < 4 && len(runs) > 1; pass++ {
		merged := runs[:0]
		changed := false
		for i := 0; i < len(runs); i++ {
			r := runs[i]
			if !r.small() {
				merged = appendRun(merged, r)
				continue
			}
			changed = true
			switch {
			case len(merged) > 0 && !merged[len(merged)-1].structural:
				merged[len(merged)-1].absorb(r)
			case i+1 < len(runs) && !runs[i+1].structural:
				runs[i+1].absorbFront(r)
			case len(merged) > 0 && merged[len(merged)-1].structural && merged[len(merged)-1].kind == kJSON && i+1 >= len(runs):
				// A status line after a JSON value ("exit status 1", "done")
				// is not part of it: joined, the value would no longer parse.
				changed = false
				merged = appendRun(merged, r)
			case len(merged) > 0 && (i+1 >= len(runs) || r.weak()):
				merged[len(merged)-1].absorb(r)
			case i+1 < len(runs) && r.weak():
				runs[i+1].absorbFront(r)
			default:
				changed = false
				merged = appendRun(merged, r)
			}
		}
		runs = merged
		if !changed {
			break
		}
	}
	runs = embed(runs)
	// Each remaining run takes the kind most of its own lines vote for: the
	// merges above decide where sections end, the votes decide what they are.
	for i := range runs {
		r := &runs[i]
		if r.structural {
			continue
		}
		var counts, strong [numKinds]int
		for i := r.first; i <= r.last; i++ {
			li := &lines[i]
			if li.weight > 0 && li.own != kNone {
				counts[li.own] += int(min(li.weight, wStrong))
				if li.weight >= wStrong {
					strong[li.own]++
				}
			}
		}
		// On a tie, lines that are sure of their kind outweigh lines that
		// only lean: one "added 3 packages" beats three tree entries.
		best := r.kind
		for k := kSearch; k < numKinds; k++ {
			if counts[k] > counts[best] || counts[k] == counts[best] && strong[k] > strong[best] {
				best = k
			}
		}
		r.kind = best
	}
	out := make([]Section, 0, len(runs))
	for _, r := range runs {
		k := kindOf[r.kind]
		s, e := lines[r.first].start, lines[r.last].end+1
		if e > len(b) {
			e = len(b)
		}
		if n := len(out); n > 0 && out[n-1].Kind == k {
			out[n-1].End = e
			continue
		}
		out = append(out, Section{Kind: k, Start: s, End: e})
	}
	if len(out) == 1 && out[0].Kind == Prose && alignedColumns(b, lines) {
		out[0].Kind = Table // short rows in space-aligned columns: lsblk, free, column -t
	}
	if len(out) > 0 {
		out[0].Start = 0
		out[len(out)-1].End = len(b)
	}
	return out
}

// embed merges sections that sit inside a document of another kind: the
// paragraphs and code blocks of an HTML page, comments and aligned fields in
// code, option tables and examples in a man page, stack frames in a log.
//
// First, a run between two runs of the same kind K joins them when K can
// contain it (see contains). Then runs that are not confident merge into
// their larger neighbour, smallest first (in passes of doubling size, so the
// work stays O(runs log lines)); only confident or structural runs remain
// beside others, which is what makes an input Mixed.
func embed(runs []run) []run {
	st := sandwich(runs)
	for limit := 4; len(st) > 1; limit *= 2 {
		merged := st[:0] // in place: see sections
		pending := false
		for i := 0; i < len(st); i++ {
			r := st[i]
			if r.confident() {
				merged = appendRun(merged, r)
				continue
			}
			if r.nonBlank >= limit {
				pending = true
				merged = appendRun(merged, r)
				continue
			}
			var prev, next *run
			if len(merged) > 0 && !merged[len(merged)-1].structural {
				prev = &merged[len(merged)-1]
			}
			if i+1 < len(st) && !st[i+1].structural {
				next = &st[i+1]
			}
			// Only a neighbour at least as large takes the run in: a long
			// unconfident stretch of code after four grep hits is not part of
			// the search output.
			if prev != nil && prev.nonBlank < r.nonBlank {
				prev = nil
			}
			if next != nil && next.nonBlank < r.nonBlank {
				next = nil
			}
			switch {
			case prev != nil && (next == nil || prev.nonBlank >= next.nonBlank):
				prev.absorb(r)
			case next != nil:
				next.absorbFront(r)
			default:
				merged = appendRun(merged, r)
			}
		}
		st = merged
		if !pending {
			break
		}
	}
	return st
}

// sandwich merges A B A into one run of A when A can contain B.
func sandwich(runs []run) []run {
	st := runs[:0] // in place: see sections
	for _, r := range runs {
		st = appendRun(st, r)
		for n := len(st); n >= 3 && st[n-1].kind == st[n-3].kind && contains(st[n-3], st[n-2]); n = len(st) {
			mid, top := st[n-2], st[n-1]
			st = st[:n-2]
			st[n-3].absorb(mid)
			st = appendRun(st, top)
		}
	}
	return st
}

// contains reports whether a document of outer's kind can hold inner.
func contains(outer, inner run) bool {
	switch {
	case inner.structural:
		return false
	case outer.kind == kHTML:
		return true // text, code and tables between tags are the page
	case !inner.confident():
		return true
	case outer.kind == kCode:
		return inner.kind == kProse || inner.kind == kTable // comments, aligned fields
	case outer.kind == kLog:
		return inner.kind == kCode || inner.kind == kProse // stack frames, messages
	case outer.kind == kProse:
		return inner.kind == kCode || inner.kind == kTable && inner.nonBlank < 8 // examples, option lists
	}
	return false
}

// confident reports whether most of a run's lines speak strongly for its kind.
func (r *run) confident() bool {
	return r.structural || r.nonBlank >= 3 && r.strong*2 >= r.nonBlank
}

// alignedColumns reports whether the non-blank lines share at least two
// gutters: positions, past each line's first word and before its last
// character, where nearly every line has a space. Running text never does
// over three or more lines; tables do whether cells are left or right aligned.
// One gutter at least must be padded (two spaces or more) on a quarter of
// the lines: one sentence repeated with a different file name ("No syntax
// errors detected in a.php") lines its words up too, with single spaces.
func alignedColumns(b []byte, lines []lineInfo) bool {
	const width = 256
	var spaces, spans, padded [width]int
	n, tokens := 0, 0
	for _, li := range lines {
		if li.blank {
			continue
		}
		if n == 200 {
			break // the head of a table is as aligned as the rest
		}
		line := bytes.TrimRight(b[li.start:li.end], " \r")
		if bytes.IndexByte(line, '\t') >= 0 || bytes.IndexByte(line, esc) >= 0 {
			return false
		}
		n++
		first := bytes.IndexByte(trimBlank(line), ' ')
		if first < 0 {
			continue
		}
		first += len(line) - len(trimBlank(line))
		for p := first; p < len(line) && p < width; p++ {
			spans[p]++
			if line[p] == ' ' {
				spaces[p]++
				if line[p-1] == ' ' || p+1 < len(line) && line[p+1] == ' ' {
					padded[p]++
				}
			}
			if p > 0 && line[p] != ' ' && line[p-1] == ' ' {
				tokens++
			}
		}
	}
	if n < 3 || tokens > 10*n {
		return false
	}
	gutters, pads, in := 0, false, false
	for p := range width {
		g := spans[p] >= n*9/10 && spaces[p]*10 >= spans[p]*9 && spans[p] > 0
		if g && !in {
			gutters++
		}
		if g && padded[p]*4 >= n {
			pads = true
		}
		in = g
	}
	return gutters >= 2 && pads
}

func (r *run) add(li lineInfo) {
	r.bytes += li.end - li.start + 1
	if li.blank {
		return
	}
	r.nonBlank++
	if li.weight >= wStrong {
		r.strong++
	}
	if li.weight == wForced && li.kind != kProse {
		r.structural = true
	}
}

// small reports whether the run is too short to stand as its own section.
func (r *run) small() bool {
	if r.structural {
		return r.nonBlank < 2 && r.bytes < 128
	}
	return r.nonBlank < 2 || r.nonBlank < 3 && r.strong == 0
}

// weak reports whether nothing strong speaks for the run's kind.
func (r *run) weak() bool { return r.strong == 0 }

func (r *run) absorb(o run) {
	r.last = o.last
	r.strong += min(o.strong, o.nonBlank/4)
	r.nonBlank += o.nonBlank
	r.bytes += o.bytes
}

func (r *run) absorbFront(o run) {
	r.first = o.first
	r.strong += min(o.strong, o.nonBlank/4)
	r.nonBlank += o.nonBlank
	r.bytes += o.bytes
}

func appendRun(runs []run, r run) []run {
	if n := len(runs); n > 0 && runs[n-1].kind == r.kind {
		runs[n-1].last = r.last
		runs[n-1].nonBlank += r.nonBlank
		runs[n-1].strong += r.strong
		runs[n-1].bytes += r.bytes
		runs[n-1].structural = runs[n-1].structural || r.structural
		return runs
	}
	return append(runs, r)
}

// ruleset reports iptables-save output: every line a comment, a table
// ("*filter"), a chain with its policy and counters (":INPUT ACCEPT
// [0:0]"), a rule ("-A INPUT -p tcp --dport 22 -j ACCEPT") or "COMMIT",
// with at least one table and one COMMIT.
func ruleset(b []byte) bool {
	tables, commits := 0, 0
	for len(b) > 0 {
		line, rest, _ := bytes.Cut(b, []byte{'\n'})
		b = rest
		line = bytes.TrimSuffix(line, []byte{'\r'})
		switch {
		case len(line) == 0 || line[0] == '#':
		case line[0] == '*' && len(line) > 1 && isLower(line[1]) && bytes.IndexByte(line, ' ') < 0:
			tables++
		case line[0] == ':' && bytes.HasSuffix(line, []byte("]")) && bytes.Contains(line, []byte(" [")):
		case len(line) > 3 && line[0] == '-' && isUpper(line[1]) && line[2] == ' ':
		case string(line) == "COMMIT":
			commits++
		default:
			return false
		}
	}
	return tables > 0 && commits > 0
}

// xmlReport reports a JUnit-style XML test report or a checkstyle lint
// report: after an optional XML declaration, the first element is
// <testsuites>, <testsuite> or <checkstyle>, and the report puts its
// elements on lines of their own (a report on one line, as eslint writes
// checkstyle, is no log to read line by line).
func xmlReport(b []byte) bool {
	head := bytes.TrimLeft(b[:min(len(b), 512)], " \t\r\n\ufeff")
	if hasPrefix(head, "<?xml") {
		i := bytes.Index(head, []byte("?>"))
		if i < 0 {
			return false
		}
		head = bytes.TrimLeft(head[i+2:], " \t\r\n")
	}
	if !hasPrefix(head, "<testsuites") && !hasPrefix(head, "<testsuite ") && !hasPrefix(head, "<testsuite>") &&
		!hasPrefix(head, "<checkstyle ") && !hasPrefix(head, "<checkstyle>") {
		return false
	}
	return bytes.Count(b, []byte("\n")) >= 3
}

// combinedHunkHeader parses the header of a hunk of a combined diff (git
// diff --cc during a merge, two parents): "@@@ -3,4 -3,4 +3,8 @@@ func",
// and returns the number of lines of the result, the count after '+'.
func combinedHunkHeader(line []byte) (resultN int, ok bool) {
	i := bytes.Index(line[4:], []byte(" +"))
	if i < 0 {
		return 0, false
	}
	rest := line[4+i+2:]
	_, e := toolline.Number(rest)
	if e == 0 {
		return 0, false
	}
	resultN, rest = 1, rest[e:]
	if len(rest) > 0 && rest[0] == ',' {
		n, e := toolline.Number(rest[1:])
		if e == 0 {
			return 0, false
		}
		resultN, rest = n, rest[1+e:]
	}
	return resultN, resultN > 0 && hasPrefix(rest, " @@@")
}

// combinedHunkLine consumes one body line of a combined hunk: a column of
// ' ', '+' or '-' per parent, then the text ("++<<<<<<< HEAD", " +port:
// 8081"). A line no parent's column removes is a line of the result.
func combinedHunkLine(line []byte, resultLeft *int) bool {
	if len(line) == 0 {
		*resultLeft-- // context whose trailing spaces were lost
		return true
	}
	if len(line) < 2 || !hunkColumn(line[0]) || !hunkColumn(line[1]) {
		return false
	}
	if line[0] != '-' && line[1] != '-' {
		*resultLeft--
	}
	return true
}

func hunkColumn(c byte) bool { return c == ' ' || c == '+' || c == '-' }
