package router

import (
	"bytes"
	"github.com/kompress/kompress/internal/toolline"
)

// toolLine votes for the lines of tools whose every line has a shape of its
// own, before the generic rules (which would read a sanitizer report as
// prose, a valgrind log as code, psql's "----+----" rule as a diff):
// valgrind and sanitizer reports, strace, TAP (node --test), curl -v, psql
// and sqlite3 messages, shellcheck, eslint, oxlint, biome and bandit
// reports and ctest runs are Log; psql's aligned tables and box-drawn tables (sqlite3
// -box) are Table.
//
// t is trimBlank(line), f is features(line).
func toolLine(line, t []byte, f feat) (kind, weight uint8) {
	if len(t) == 0 {
		return kNone, wNone
	}
	if len(line) == len(t) && (ansibleLine(t) || (t[0] == 'i' || t[0] == '{' || t[0] == 'C') && toolline.ErlangCrash(t)) {
		return kLog, wStrong
	}
	if len(line) == len(t) && runnerFirst[t[0]] && runnerLine(t) {
		return kLog, wStrong
	}
	if len(line) == len(t) && t[len(t)-1] == ')' && f&fDash != 0 {
		if _, _, _, ok := toolline.PuppetLintRow(t); ok {
			return kLog, wStrong // puppet-lint: "manifests/site.pp - WARNING: … on line 9 (check: file_mode)"
		}
	}
	if (t[0] == '(' || t[0] == '*' || t[0] == 'f' || t[0] == 'P' || t[0] == '-') && lldbLine(t) {
		return kLog, wStrong // lldb: "(lldb) run", "* thread #1, … stop reason = signal SIGSEGV", "frame #0: 0x… queue`pop at q.cpp:13:45"
	}
	if t[0] == 'P' && len(line) > len(t) && composerProblem(t) {
		return kLog, wStrong // Composer: "  Problem 1", its reasons under it
	}
	if len(line) == len(t) && composerFirst[t[0]] && composerLine(t) {
		return kLog, wStrong
	}
	switch t[0] {
	case '=':
		// valgrind "==123== Invalid read", ASan "==123==ERROR:", shadow rows "=>0x0c08...: fa fa"
		if len(t) > 4 && t[1] == '=' {
			if _, e := toolline.Number(t[2:]); e > 0 && hasPrefix(t[2+e:], "==") {
				return kLog, wStrong
			}
		}
		if hasPrefix(t, "=>0x") {
			return kLog, wStrong
		}
	case '-':
		if len(t) > 4 && t[1] == '-' {
			if _, e := toolline.Number(t[2:]); e > 0 && hasPrefix(t[2+e:], "--") {
				return kLog, wStrong // valgrind's "--123-- " notes
			}
		}
		if hasPrefix(t, "--- SIG") {
			return kLog, wStrong // strace signal
		}
		if toolline.PsqlRule(t) {
			return kTable, wStrong
		}
	case '+':
		if hasPrefix(t, "+++ exited with ") || hasPrefix(t, "+++ killed by ") {
			return kLog, wStrong
		}
	case '#':
		// sanitizer frames "#0 0x55d1 in main a.c:6"; TAP comments "# Subtest: x", "# pass 2"
		if _, e := toolline.Number(t[1:]); e > 0 && (hasPrefix(t[1+e:], " 0x") || moduleFrame(t[1+e:])) {
			return kLog, wStrong
		}
		if toolline.GDBFrame(t) {
			return kLog, wStrong
		}
		for _, p := range [...]string{"# Subtest: ", "# tests ", "# pass ", "# fail ", "# suites ", "# cancelled ", "# skipped ", "# todo ", "# duration_ms ",
			"#   Failed test", "# Looks like you failed ", "# Looks like your test exited ", // Test::More under prove
			"# Running:"} { // minitest
			if hasPrefix(t, p) {
				return kLog, wStrong
			}
		}
	case 'o', 'n':
		if toolline.TAPResult(t) {
			return kLog, wStrong
		}
	case '%', 'D':
		if hasPrefix(t, "% Total ") || hasPrefix(t, "Dload ") {
			return kLog, wStrong // curl's progress meter
		}
		if hasPrefix(t, "DETAIL:  ") && len(line) == len(t) {
			return kLog, wStrong // psql
		}
		if hasPrefix(t, "Dubious, test returned ") {
			return kLog, wStrong // prove
		}
		if hasPrefix(t, "Do you speak a language other than English") {
			return kLog, wStrong // HTML Tidy's closing words, then "…localize HTML Tidy."
		}
		if hasPrefix(t, "DEPRECATION WARNING") && len(line) == len(t) {
			return kLog, wStrong // Dart Sass: "DEPRECATION WARNING [import]: Sass @import rules are deprecated…"
		}
	case 'T':
		if hasPrefix(t, "TAP version ") {
			return kLog, wStrong
		}
		if len(line) == len(t) && hasPrefix(t, "Tidy found ") {
			return kLog, wStrong // "Tidy found 11 warnings and 0 errors!"
		}
	case 'W', 'M':
		if len(line) == len(t) && chktexRow(t) {
			return kLog, wStrong
		}
	case 'l':
		if len(line) == len(t) {
			if _, ok := toolline.TidyRow(t); ok {
				return kLog, wStrong // HTML Tidy: "line 3 column 32 - Warning: discarding unexpected </td>"
			}
		}
	case '0':
		if hasPrefix(t, "0x") && bytes.Contains(t[:min(len(t), 24)], []byte(": ")) && toolline.ShadowRow(t) {
			return kLog, wStrong // a sanitizer's shadow bytes
		}
	case '*', '|':
		if len(t) > 2 && t[1] == ' ' && len(line) == len(t) && toolline.CurlInfo(t[2:]) {
			return kLog, wStrong // curl -v "* Connected to ..."
		}
		if graphCommit(t) {
			return kLog, wStrong // git log --graph --oneline: "| * 23903d9 README: ..."
		}
		if len(line) == len(t) && hasPrefix(t, "*** - ") {
			return kLog, wStrong // CLISP's error: "*** - *: NIL is not a number"
		}
		if len(t) > 4 && hasPrefix(t, "** (") && isUpper(t[4]) {
			return kLog, wStrong // an Elixir exception: "** (KeyError) key :a not found"
		}
		if verticalRowRule(t) {
			return kTable, wStrong // a result row's header in the mysql client's \G form
		}
	case '>', '<':
		if len(line) == len(t) && clispFrame(t) {
			return kLog, wStrong // CLISP's backtrace: "<8/290> #<SYSTEM-FUNCTION *> 2"
		}
		if len(line) == len(t) && (len(t) == 1 || t[1] == ' ' && toolline.HTTPLine(t[2:])) {
			return kLog, wStrong // curl -v request and response headers
		}
		if hasPrefix(t, ">> Issue: [B") {
			return kLog, wStrong // bandit's finding (Split reads the lines under it)
		}
	case '{', '}':
		if hasPrefix(t[1:], " [") && bytes.HasSuffix(t, []byte(" bytes data]")) {
			return kLog, wStrong // curl -v "{ [5032 bytes data]"
		}
	case 'S':
		if hasPrefix(t, "SUMMARY: ") || hasPrefix(t, "Shadow byte") || hasPrefix(t, "Suppressed: ") {
			return kLog, wStrong
		}
		if toolline.CTestStart(t) {
			return kLog, wStrong // ctest "Start  7: name"
		}
	case 'B':
		if len(t) > 9 && hasPrefix(t, "Benchmark") && !isLower(t[9]) && t[9] != ' ' && bytes.Contains(t, []byte(" ns/op")) {
			return kLog, wStrong // go test -bench: "BenchmarkSplit-2   	 100	  11434 ns/op	 52.1 MB/s"
		}
	case 'P', 'R':
		if hasPrefix(t, "Parse error") || hasPrefix(t, "Runtime error") {
			return kLog, wStrong // sqlite3
		}
		if toolline.GDBSignal(t) || hasPrefix(t, "Program exited") {
			return kLog, wStrong // gdb
		}
		if len(line) == len(t) && (hasPrefix(t, "Randomized with seed ") || hasPrefix(t, "Run options: ")) {
			return kLog, wStrong // ExUnit's last line, minitest's first
		}
	case '[':
		if hasPrefix(t, "[Thread debugging using ") || hasPrefix(t, "[Inferior ") || hasPrefix(t, "[New Thread ") {
			return kLog, wStrong // gdb
		}
		if hasPrefix(t, "[Nr] ") {
			return kTable, wStrong // readelf's header of a section or program-header table
		}
		if taggedLevel(t) {
			return kLog, wStrong // bandit's own log: "[main]\tINFO\tprofile include tests: None"
		}
		if len(line) == len(t) && clispFrame(t) {
			return kLog, wStrong // CLISP's backtrace: "[288] EVAL frame for form (* (CAR I) …)"
		}
		if len(line) > len(t) && antTask(t) {
			return kLog, wStrong // Apache Ant: "    [javac] Compiling 2 source files to /tmp/t4/build"
		}
		if len(line) == len(t) && t[len(t)-1] == ')' {
			if _, _, ok := toolline.PerlcriticRow(t); ok {
				return kLog, wStrong // perlcritic --verbose 8: "[Policy] message at line 9, column 1.  (Severity: 4)"
			}
		}
	case 'H':
		if _, ok := toolline.HTTPStatus(t); ok && hasPrefix(t, "HTTP/") && len(line) == len(t) {
			return kLog, wStrong // curl -i: the status line heads the response headers
		}
	case 'L', 'E':
		if len(line) == len(t) && chktexRow(t) {
			return kLog, wStrong
		}
		if len(line) == len(t) && hasPrefix(t, "ERROR in ") {
			return kLog, wStrong // webpack's error heading: "ERROR in ./src/a.js 1:0-36"
		}
		if hasPrefix(t, "English? Consider helping us to localize HTML Tidy") {
			return kLog, wStrong // HTML Tidy's closing words
		}
		for _, p := range [...]string{"LINE ", "DETAIL:  ", "HINT:  ", "ERROR:  "} {
			if hasPrefix(t, p) && len(line) == len(t) {
				return kLog, wStrong // psql
			}
		}
	case 'p':
		if len(line) == len(t) && t[len(t)-1] == ':' {
			if _, _, ok := toolline.BashismRow(t); ok {
				return kLog, wStrong // checkbashisms: "possible bashism in deploy.sh line 4 (…):"
			}
		}
	case 'w', 'd':
		if len(line) == len(t) && webpackLine(t) {
			return kLog, wStrong
		}
		if len(line) == len(t) && catchNote(t) {
			return kLog, wStrong // Catch2 under an assertion: "with expansion:"
		}
	case 's':
		if len(line) > len(t) && string(t) == "stacktrace:" {
			return kLog, wStrong // ExUnit, under a failed test's code
		}
	case 'I':
		if hasPrefix(t, "In ") && bytes.Contains(t, []byte(" line ")) && t[len(t)-1] == ':' {
			return kLog, wStrong // shellcheck "In x.sh line 3:"
		}
	case ',', '`':
		if toolline.MietteFrame(t) {
			return kLog, wStrong // oxlint, biome, pnpm (miette): ",-[src/a.js:2:7]" ... "`----"
		}
	case '^':
		if hasPrefix(t, "^-- SC") || hasPrefix(t, "^--- ") {
			return kLog, wStrong // shellcheck, sqlite3
		}
	case '(':
		if _, e := toolline.Number(t[1:]); e > 0 && (hasPrefix(t[1+e:], " rows)") || hasPrefix(t[1+e:], " row)")) {
			return kTable, wStrong // psql's "(60 rows)"
		}
	case 0xe2:
		if toolline.MietteFrame(t) {
			return kLog, wStrong
		}
		if len(line) > len(t) && toolline.SassExcerpt(t) {
			return kLog, wStrong // Dart Sass: "  ╷", "  │   ^^^^", "  ╵"
		}
		if toolline.BoxRow(t) {
			return kTable, wStrong // sqlite3 -box, psql unicode borders
		}
		if hasPrefix(t, "●") {
			return kLog, wStrong // jest
		}
		if uvuProgress(t) {
			return kLog, wStrong
		}
	}
	if gherkinFirst[t[0]] && (f&fColon != 0 || t[len(t)-1] == 'e') && behaveLine(t) {
		return kLog, wStrong // behave: "    When I add 2 \"apple\"   # features/steps/cart_steps.py:6"
	}
	if len(line) > len(t) && isDigit(t[0]) && toolline.SassExcerpt(t) {
		return kLog, wStrong // Dart Sass's quoted line: "4 │ .btn { margin: $gap; }"
	}
	if webpackFirst[t[0]] && webpackLine(t) {
		return kLog, wStrong
	}
	if isDigit(t[0]) && (ctestLine(t) || testTitle(t)) {
		return kLog, wStrong
	}
	if isDigit(t[0]) && len(line) > len(t) && symbolRow(t) {
		return kTable, wStrong // readelf -s, not a backtrace's "  3: sym"
	}
	if line[0] == '\t' && f&fParen != 0 && (ldconfigRow(t) || lddRow(t)) {
		return kTable, wStrong // ldconfig -p: "\tlibz.so.1 (libc6,x86-64) => /lib/x86_64-linux-gnu/libz.so.1"; ldd
	}
	if n := len(t); n > 12 && t[n-2] == ' ' && t[n-3] == '=' && len(line) == n && minitestResult(t) {
		return kLog, wStrong
	}
	if f&fColon != 0 && len(line) == len(t) && opensslFirst[t[0]] && opensslLine(t) {
		return kLog, wStrong
	}
	if f&fColon != 0 && isLower(t[0]) && len(line) == len(t) && scriptDiagnostic(t) {
		return kLog, wStrong
	}
	if f&fColon != 0 && len(line) > len(t) && lintCode(t) && t[len(t)-1] != ':' {
		return kLog, wStrong // pydocstyle's finding under its place: "        D101: Missing docstring in public class"
	}
	if f&fColon != 0 && len(line) == len(t) && t[len(t)-1] == ':' {
		if _, ok := toolline.PydocstylePlace(t); ok {
			return kLog, wStrong // "pkg/a.py:15 in public class `Completer`:"
		}
	}
	if f&(fColon|fParen) == fColon|fParen && len(line) == len(t) && toolline.FlawfinderHit(t) {
		return kLog, wStrong // flawfinder: "net.c:15:  [5] (buffer) gets:"
	}
	if f&fColon != 0 && len(line) == len(t) && toolline.DottedDiagnostic(t) {
		return kLog, wStrong // bison, valac: "calc.y:8.7: warning: …", "calc.y: warning: …"
	}
	if len(line) >= 12 && hexFirst[line[0]] && nmLine(line) { // a hex value or blanks first
		return kTable, wStrong // nm: "00000000000b86b0 T std::ios_base::failure::what() const"
	}
	// Each form below needs a byte of f: ':' for lint rows, '(' (or the
	// '<' of "<... resumed>") for syscalls, blame and plans, '|' for
	// --stat and psql rows.
	if f&fColon != 0 && isDigit(t[0]) {
		if _, ok := toolline.LintRow(t); ok {
			return kLog, wStrong
		}
		if f&fBox != 0 && markedLintRow(t) {
			return kLog, wStrong // stylelint: "2:10  ✖  Unexpected duplicate \"color\"  rule"
		}
	}
	if f&(fParen|fComma) == fParen|fComma && t[0] == '(' && codedLintRow(t) {
		return kLog, wStrong // staticcheck -f stylish: "(11, 6)   S1003  should use ..."
	}
	if f&(fColon|fComma|fDash) == fColon|fComma|fDash && len(line) == len(t) {
		// "path: line N, col M, Error - message"
		if _, _, _, ok := toolline.CompactRow(t); ok {
			return kLog, wStrong
		}
	}
	if f&(fBox|fColon) == fBox|fColon && len(line) == len(t) && toolline.BiomeHeader(line) {
		return kLog, wStrong // biome's "src/a.js:1:10 lint/... ━━━━"
	}
	if f&(fParen|fLess) != 0 && toolline.SyscallLine(t) {
		return kLog, wStrong
	}
	if line[0] == ' ' && f&(fParen|fColon) != 0 && toolline.PlanLine(t) {
		return kLog, wStrong // a psql EXPLAIN row: an indented plan, not a table's cells
	}
	if len(line) == len(t) && isLower(t[0]) && toolline.GDBRegister(t) { // a register's name first
		return kLog, wStrong // gdb's "info registers": a backtrace's neighbour, not a table
	}
	if f&fParen != 0 && (line[0] == '^' || hexFirst[line[0]] && line[0] != ' ') && toolline.BlameLine(line) { // a commit hash first
		return kCode, wStrong // git blame: source code, each line annotated
	}
	if f&fPipe == 0 {
		return kNone, wNone
	}
	if toolline.DiffStatRow(line) {
		return kDiff, wStrong // git --stat, before psql's rows, which it looks like
	}
	if line[0] == ' ' && t[0] != '|' && t[len(t)-1] != '|' && toolline.PipeColumns(t) >= 1 {
		return kTable, wWeak // psql aligned rows: " info | x | view"
	}
	return kNone, wNone
}

// moduleFrame reports the rest of a sanitizer frame that has no address
// (ThreadSanitizer's), after "#N": the function, its place, and the module
// with the offset in parentheses last: " record /src/counter.c:9
// (counter+0x12db)", " <null> <null> (libc.so.6+0x8e44)"; clang's adds
// the module's " (BuildId: e92e…)".
func moduleFrame(r []byte) bool {
	if len(r) < 8 || r[0] != ' ' || r[1] == ' ' || r[len(r)-1] != ')' {
		return false
	}
	if i := bytes.LastIndex(r, []byte(" (BuildId: ")); i > 0 {
		r = r[:i]
	}
	open := bytes.LastIndexByte(r, '(')
	return open > 1 && r[open-1] == ' ' && bytes.Contains(r[open:], []byte("+0x"))
}

// lddRow reports a line of ldd (t without its tab): a library's name, "=>"
// and its path, or a path or name alone, then its load address:
// "libz.so.1 => /lib/x86_64-linux-gnu/libz.so.1 (0x00007f19793de000)",
// "linux-vdso.so.1 (0x00007f1979534000)".
func lddRow(t []byte) bool {
	open := bytes.LastIndex(t, []byte(" (0x"))
	if open <= 0 || t[len(t)-1] != ')' {
		return false
	}
	name := t[:open]
	if i := bytes.Index(name, []byte(" => ")); i > 0 {
		name = name[:i]
	}
	return bytes.IndexByte(name, ' ') < 0 && bytes.Contains(name, []byte(".so"))
}

// graphCommit reports a commit of git log --graph --oneline: the graph's
// columns ("|", "/", "\\", blanks), the commit's "*", then its abbreviated
// hash and a space: "* cb3d0cf README: …", "| * 23903d9 fold: …".
func graphCommit(t []byte) bool {
	i, star := 0, false
	for ; i < len(t); i++ {
		c := t[i]
		if c == '*' {
			star = true
		} else if c != '|' && c != '/' && c != '\\' && c != ' ' {
			break
		}
	}
	n, digit, _ := hexRun(t[i:])
	// A hash of seven hex digits has a decimal one but for one in a
	// thousand; a word such as "defaced" has none.
	return star && digit && n >= 7 && i+n < len(t) && t[i+n] == ' ' && t[i-1] == ' '
}

// verticalRowRule reports the rule the mysql and mariadb clients print
// over each row of a result in the vertical (\G) form:
// "*************************** 1. row ***************************".
func verticalRowRule(t []byte) bool {
	n := 0
	for n < len(t) && t[n] == '*' {
		n++
	}
	if n < 5 || n+1 >= len(t) || t[n] != ' ' {
		return false
	}
	_, e := toolline.Number(t[n+1:])
	r := t[n+1+e:]
	return e > 0 && hasPrefix(r, ". row ") && len(bytes.Trim(r[len(". row "):], "*")) == 0
}

// hexRun measures the run of lower-case hex digits t opens with and says
// whether it holds a decimal digit and a letter.
func hexRun(t []byte) (n int, digit, letter bool) {
	for n < len(t) && isHexDigit(t[n]) {
		digit = digit || isDigit(t[n])
		letter = letter || !isDigit(t[n])
		n++
	}
	return n, digit, letter
}

// onelineCommit reports a commit of git log --oneline (git reflog, git
// rev-list --oneline): at column 0 an abbreviated or full hash, then a
// space and the subject, maybe after its decorations: "5fdac2d (HEAD ->
// master) Merge pull request …". The hash holds a letter as well as a
// digit, so that od's octal offsets and numbers are not hashes. Lines with
// aligned columns (git log --format with padded authors, git blame's
// padded authors and line numbers) are tables and code.
func onelineCommit(line []byte) bool {
	n, digit, letter := hexRun(line)
	if !digit || !letter || n < 7 || n > 12 && n != 40 || n+1 >= len(line) || line[n] != ' ' || line[n+1] == ' ' {
		return false
	}
	return !bytes.Contains(line[n+1:], []byte("  "))
}

// branchRow reports a row of git branch -v or -vv: a mark ("* " the
// current branch, "+ " one checked out in another worktree, or two
// blanks), the branch name padded with blanks, then its commit's short
// hash and subject ("+ main    0d4d499 proxy tests: …") or, for a
// symbolic ref, "-> origin/main".
func branchRow(line []byte) bool {
	r := line[2:]
	n := 0
	for n < len(r) && n < 256 && r[n] != ' ' && r[n] != '\t' {
		n++
	}
	if n == 0 || n+1 >= len(r) || r[n] != ' ' {
		return false
	}
	r = bytes.TrimLeft(r[n:], " ")
	if hasPrefix(r, "-> ") {
		return len(r) > 3 && r[3] != ' '
	}
	h, digit, _ := hexRun(r)
	return digit && h >= 7 && h <= 40 && h+1 < len(r) && r[h] == ' '
}

// ipRow reports a row of iproute2's listings at the left margin: a link's
// heading ("2: ifb0: <BROADCAST,NOARP> mtu 1500 …", ip link and ip addr)
// or a route ("default via 192.0.2.1 dev eth0", "192.0.2.0/24 dev eth0
// proto kernel …", "local ::1 dev lo table local …"): an address or
// "default", maybe after a route type, then " dev " or " via ".
func ipRow(line []byte) bool {
	if _, e := toolline.Number(line); e > 0 && hasPrefix(line[e:], ": ") {
		r := line[e+2:]
		c := bytes.Index(r, []byte(": <"))
		return c > 0 && c < 64 && bytes.IndexByte(r[:c], ' ') < 0 && bytes.Contains(r[c:], []byte("> mtu "))
	}
	r := line
	if w := lowerWord(r); w > 0 && w < len(r) && r[w] == ' ' {
		switch string(r[:w]) {
		case "local", "broadcast", "multicast", "unicast", "anycast", "blackhole", "unreachable", "prohibit", "throw", "nat":
			r = r[w+1:]
		case "default":
			return hasPrefix(r[w:], " dev ") || hasPrefix(r[w:], " via ")
		}
	}
	// An address: hex digits, '.', ':' and a '/' before its prefix
	// length, scanned only as far as a byte that cannot be one.
	sp, sep := 0, false
	for sp < len(r) && sp <= 50 && (isHexDigit(r[sp]) || r[sp] == '.' || r[sp] == ':' || r[sp] == '/') {
		sep = sep || r[sp] == '.' || r[sp] == ':'
		sp++
	}
	if sp == 0 || !sep || sp >= len(r) || r[sp] != ' ' {
		return false
	}
	return hasPrefix(r[sp:], " dev ") || hasPrefix(r[sp:], " via ")
}

// lowerWord returns the length of the run of lower-case letters t opens
// with.
func lowerWord(t []byte) int {
	n := 0
	for n < len(t) && n < 12 && isLower(t[n]) {
		n++
	}
	return n
}

// linkBlocks votes Table, strongly, for the indented lines under each
// link's heading in ip link and ip addr (see ipRow): "link/ether … brd
// …", "inet 192.0.2.2/24 …", ip -s's "RX:  bytes packets errors" and its
// counters, which alone read as prose or loose columns.
func linkBlocks(b []byte, lines []lineInfo) {
	for i := 0; i < len(lines); i++ {
		li := &lines[i]
		if li.kind != kTable || li.weight != wStrong || !isDigit(b[li.start]) || !ipRow(li.text(b)) {
			continue
		}
		for i++; i < len(lines) && !lines[i].blank && lines[i].weight != wForced && b[lines[i].start] == ' '; i++ {
			lines[i].kind, lines[i].weight = kTable, wStrong
		}
		i--
	}
}

// reverseDepends reports an entry of apt-cache showpkg's "Reverse
// Depends:" list, t without its two-blank indent: the depending package,
// a comma, the package depended on, maybe a blank and the version it
// needs ("openssh-client,libssl3 3.0.19", "typespeed,coreutils").
func reverseDepends(t []byte) bool {
	n := debName(t)
	if n == 0 || n >= len(t) || t[n] != ',' {
		return false
	}
	r := t[n+1:]
	m := debName(r)
	if m == 0 {
		return false
	}
	if r = r[m:]; len(r) == 0 {
		return true
	}
	return r[0] == ' ' && len(r) > 1 && bytes.IndexByte(r[1:], ' ') < 0
}

// debName returns the length of the Debian package name t opens with:
// lower-case letters, digits and "+-.", at least two, a letter or digit
// first.
func debName(t []byte) int {
	n := 0
	for n < len(t) && (isLower(t[n]) || isDigit(t[n]) || n > 0 && (t[n] == '+' || t[n] == '-' || t[n] == '.')) {
		n++
	}
	if n < 2 {
		return 0
	}
	return n
}

// hexDumpRow reports a row of hexdump -C (hd): an offset of eight hex
// digits, two blanks, up to sixteen bytes as hex pairs (a second blank
// after the eighth), then maybe two blanks and the bytes as text between
// bars. Its text column holds any punctuation, which reads as code.
func hexDumpRow(line []byte) bool {
	for _, c := range line[:8] {
		if !isHexDigit(c) {
			return false
		}
	}
	r, pairs := line[10:], 0
	for len(r) >= 2 && isHexDigit(r[0]) && isHexDigit(r[1]) && pairs < 16 {
		pairs++
		r = r[2:]
		if len(r) > 0 && r[0] == ' ' {
			r = r[1:]
		}
		if len(r) > 0 && r[0] == ' ' && pairs == 8 {
			r = r[1:]
		}
	}
	if pairs == 0 {
		return false
	}
	r = bytes.TrimLeft(r, " ")
	return len(r) == 0 || r[0] == '|' && r[len(r)-1] == '|'
}

// catchNote reports the lines Catch2's console reporter heads an
// assertion's details with ("with expansion:", "with message:", "due to
// unexpected exception with message:"); each ends with a colon, as a
// Python with-statement does.
func catchNote(t []byte) bool {
	switch string(t) {
	case "with expansion:", "with message:", "with messages:", "due to unexpected exception with message:",
		"due to unexpected exception with messages:":
		return true
	}
	return false
}

// testTitle reports the numbered heading of a failure in minitest's report
// ("1) Failure:", "2) Error:", "3) Skipped:") and in ExUnit's ("1) test
// pop empty (StackTest)"), and minitest's tally ("45 runs, 43 assertions,
// 3 failures, 1 errors, 1 skips").
func testTitle(t []byte) bool {
	_, e := toolline.Number(t)
	r := t[e:]
	switch {
	case hasPrefix(r, ") "):
		r = r[2:]
		switch string(r) {
		case "Failure:", "Error:", "Skipped:":
			return true
		}
		return (hasPrefix(r, "test ") || hasPrefix(r, "doctest ")) && r[len(r)-1] == ')' && bytes.LastIndex(r, []byte(" (")) > 0
	case hasPrefix(r, " runs, "):
		_, e = toolline.Number(r[len(" runs, "):])
		return e > 0 && hasPrefix(r[len(" runs, ")+e:], " assertions, ")
	}
	return false
}

// symbolRow reports a row of readelf -s: "1: 0000000000000000  0 FUNC
// GLOBAL DEFAULT UND puts@GLIBC_2.2.5 (2)", its number, a value of 16 or
// 8 hex digits, then the size.
func symbolRow(t []byte) bool {
	_, e := toolline.Number(t)
	if !hasPrefix(t[e:], ": ") {
		return false
	}
	r := t[e+2:]
	n := 0
	for n < len(r) && (isDigit(r[n]) || r[n] >= 'a' && r[n] <= 'f') {
		n++
	}
	if n != 16 && n != 8 || n == len(r) || r[n] != ' ' {
		return false
	}
	r = bytes.TrimLeft(r[n:], " ")
	_, e = toolline.Number(r)
	return e > 0 && e < len(r) && r[e] == ' '
}

// ldconfigRow reports an entry of ldconfig -p (t without its tab): a
// library's name, its flags in parentheses, "=>" and its path.
func ldconfigRow(t []byte) bool {
	sp := bytes.IndexByte(t, ' ')
	if sp <= 0 || !hasPrefix(t[sp:], " (") {
		return false
	}
	i := bytes.Index(t[sp:], []byte(") => /"))
	return i > 0 && bytes.IndexByte(t[:sp], '/') < 0 && bytes.IndexByte(t[sp+2:sp+i], ' ') < 0
}

// minitestResult reports a line of minitest -v: "CartTest#test_total =
// 0.00 s = F", the test, its time and its result (. F E S).
func minitestResult(t []byte) bool {
	n := len(t)
	switch t[n-1] {
	case '.', 'F', 'E', 'S':
	default:
		return false
	}
	r, ok := bytes.CutSuffix(t[:n-4], []byte(" s"))
	eq := bytes.LastIndex(r, []byte(" = "))
	if !ok || eq <= 0 {
		return false
	}
	name, secs := r[:eq], r[eq+len(" = "):]
	for _, c := range secs {
		if !isDigit(c) && c != '.' {
			return false
		}
	}
	hash := bytes.IndexByte(name, '#')
	return len(secs) > 0 && hash > 0 && isUpper(name[0]) && bytes.IndexByte(name, ' ') < 0
}

// uvuProgress reports uvu's progress line: a mark per test, "• • ✘ •
// (19 / 22)".
func uvuProgress(t []byte) bool {
	if !hasPrefix(t, "• ") && !hasPrefix(t, "✘ ") || t[len(t)-1] != ')' {
		return false
	}
	open := bytes.LastIndex(t, []byte("  ("))
	if open < 0 {
		return false
	}
	for r := t[:open]; len(r) > 0; {
		switch {
		case hasPrefix(r, "• "):
			r = r[len("• "):]
		case hasPrefix(r, "✘ "):
			r = r[len("✘ "):]
		default:
			return false
		}
	}
	return bytes.Contains(t[open:], []byte(" / "))
}

// copyrightFormat reports a machine-readable Debian copyright file (DEP-5),
// whose first line names its format: "Format:
// https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/".
func copyrightFormat(b []byte) bool {
	first, _, _ := bytes.Cut(b[:min(len(b), 200)], []byte{'\n'})
	first = bytes.TrimSpace(first)
	return hasPrefix(first, "Format: http") && bytes.Contains(first, []byte("/copyright-format/"))
}

// ctestLine reports ctest's result line (" 7/40 Test  #7: name ...  Passed
// 0.01 sec") and its tally ("88% tests passed, 5 tests failed out of 40"):
// their aligned columns are a test log's, not a table's.
func ctestLine(t []byte) bool {
	if ok, _ := toolline.CTestResult(t); ok {
		return true
	}
	_, e := toolline.Number(t)
	return e > 0 && hasPrefix(t[e:], "% tests passed, ")
}

// hexFirst marks the bytes an nm line starts with: a lower-case hex
// digit, or a blank for an undefined symbol.
var hexFirst = byteSet("0123456789abcdef ")

// nmLine reports a line of nm: a symbol's value in 16 or 8 hex digits (or
// as many spaces for an undefined symbol), its type letter, its name.
func nmLine(line []byte) bool {
	for _, w := range [...]int{16, 8} {
		if len(line) < w+4 || line[w] != ' ' || line[w+2] != ' ' || !isUpper(line[w+1]) && !isLower(line[w+1]) {
			continue
		}
		hex, blank := true, true
		for _, c := range line[:w] {
			hex = hex && (isDigit(c) || c >= 'a' && c <= 'f')
			blank = blank && c == ' '
		}
		if hex || blank {
			return true
		}
	}
	return false
}

// scriptDiagnostic matches an interpreter's report on the script it was
// given on its command line: awk's "gawk: cmd. line:1: warning: …" and
// sed's "sed: -e expression #1, char 5: unterminated `s' command".
func scriptDiagnostic(t []byte) bool {
	n := 0
	for n < len(t) && (isLower(t[n]) || isDigit(t[n]) || t[n] == '-' || t[n] == '_') {
		n++
	}
	if n == 0 || !hasPrefix(t[n:], ": ") {
		return false
	}
	r := t[n+2:]
	return hasPrefix(r, "cmd. line:") || hasPrefix(r, "-e expression #")
}

// markedLintRow reports a row of a stylish lint report that marks its
// severity with a symbol, "2:10  ✖  message  rule" (✖ an error, ⚠ a
// warning), as stylelint prints under each file.
func markedLintRow(t []byte) bool {
	r, ok := cutPlace(t, ':', 0)
	return ok && (hasPrefix(r, "✖ ") || hasPrefix(r, "⚠ "))
}

// codedLintRow reports a row of staticcheck's stylish report, the place
// in parentheses and then the check's code: "(11, 6)   S1003  should use
// strings.Contains".
func codedLintRow(t []byte) bool {
	r, ok := cutPlace(t[1:], ',', ')')
	return ok && lintCode(r)
}

// cutPlace cuts a "line<sep>column<end>" place ("2:10", "11, 6)"; end 0
// for none) and the blanks after it from t, and returns the rest; ok is
// false unless the place is followed by at least one blank.
func cutPlace(t []byte, sep, end byte) (rest []byte, ok bool) {
	_, e := toolline.Number(t)
	if e == 0 || e >= len(t) || t[e] != sep {
		return nil, false
	}
	t = t[e+1:]
	if sep == ',' && len(t) > 0 && t[0] == ' ' {
		t = t[1:] // "(11, 6)"
	}
	if _, e = toolline.Number(t); e == 0 {
		return nil, false
	}
	t = t[e:]
	if end != 0 {
		if len(t) == 0 || t[0] != end {
			return nil, false
		}
		t = t[1:]
	}
	r := trimBlank(t)
	return r, len(r) < len(t)
}

// opensslFirst marks the bytes opensslLine's forms start with.
var opensslFirst = byteSet("ed0123456789ABCDEF")

// opensslLine reports the messages of openssl verify and of OpenSSL's
// error queue: "error 20 at 0 depth lookup: unable to get local issuer
// certificate", "error api.pem: verification failed", the chain shown with
// -show_chain, "depth=1: CN = Shop CA", and a queued error,
// "4027DEA0B07F0000:error:80000002:system library:file_open:...".
func opensslLine(t []byte) bool {
	switch t[0] {
	case 'e':
		if !hasPrefix(t, "error ") {
			return false
		}
		r := t[len("error "):]
		if _, e := toolline.Number(r); e > 0 {
			return hasPrefix(r[e:], " at ") && bytes.Contains(r[e:], []byte(" depth lookup: "))
		}
		return bytes.HasSuffix(r, []byte(": verification failed"))
	case 'd':
		if !hasPrefix(t, "depth=") {
			return false
		}
		_, e := toolline.Number(t[len("depth="):])
		return e > 0 && hasPrefix(t[len("depth=")+e:], ": ")
	}
	n := 0 // the queue entry's thread id, in upper-case hex
	for n < len(t) && (isDigit(t[n]) || t[n] >= 'A' && t[n] <= 'F') {
		n++
	}
	return n >= 8 && hasPrefix(t[n:], ":error:")
}

// taggedLevel reports a log line of a named logger and a level between
// tabs: "[main]\tINFO\tprofile include tests: None", "[tester]\tWARNING\t…".
func taggedLevel(t []byte) bool {
	k := bytes.IndexByte(t, ']')
	if k < 2 || k > 40 || !hasPrefix(t[k+1:], "\t") {
		return false
	}
	r := t[k+2:]
	for _, l := range [...]string{"DEBUG\t", "INFO\t", "WARNING\t", "ERROR\t", "CRITICAL\t"} {
		if hasPrefix(r, l) {
			return bytes.IndexByte(t[1:k], ' ') < 0
		}
	}
	return false
}

// ansibleLine reports ansible-playbook's headings and task results: "PLAY
// [web] ****", "TASK [copy config] ****", "ok: [localhost] => (item=1)",
// "failed: [db1] (item=3) => {…}", "fatal: [db1]: FAILED! => {…}". A
// task's results read as code ("=> (item=1)") and its JSON as data.
func ansibleLine(t []byte) bool {
	switch t[0] {
	case 'P', 'T', 'R':
		for _, p := range [...]string{"PLAY [", "TASK [", "RUNNING HANDLER [", "PLAY RECAP *"} {
			if hasPrefix(t, p) {
				return bytes.HasSuffix(t, []byte("***"))
			}
		}
	case 'o', 'c', 'f', 's', 'u':
		for _, p := range [...]string{"ok: [", "changed: [", "failed: [", "fatal: [", "skipping: [", "unreachable: ["} {
			if hasPrefix(t, p) {
				return bytes.IndexByte(t[len(p):], ']') > 0
			}
		}
	}
	return false
}

// webpackFirst holds the first bytes of webpackLine's forms but the 'w' of
// "webpack ", which toolLine's switch reads.
var webpackFirst = [256]bool{'a': true, 'o': true, 'r': true, 'c': true, 'm': true, '.': true, '+': true, 'W': true}

// webpackLine reports a line of webpack's stats (t, without its indent):
// its asset and module rows ("asset main.3f2a.js 1.2 KiB [emitted]
// [minimized] (name: main)", "./src/a.js + 1 modules 160 bytes [built]
// [code generated]"), their group headings ("assets by status 1.81 KiB
// [cached] 22 assets", "orphan modules 52 bytes [orphan] 1 module",
// "modules by path ./src/ 1 KiB"), the hidden rest ("+ 22 modules"), a
// warning's heading ("WARNING in ./src/a.js 3:2-9") and the closing line
// ("webpack 5.94.0 compiled with 2 errors in 748 ms").
func webpackLine(t []byte) bool {
	switch t[0] {
	case 'w':
		if !hasPrefix(t, "webpack ") || len(t) < 10 || !isDigit(t[8]) {
			return false
		}
		rest := t[len("webpack "):] // the version, then " compiled …"
		if j := bytes.IndexByte(rest, ' '); j > 0 {
			rest = rest[j:]
		}
		return hasPrefix(rest, " compiled ")
	case 'W':
		return hasPrefix(t, "WARNING in ")
	case '+':
		if len(t) < 3 || t[1] != ' ' {
			return false
		}
		_, e := toolline.Number(t[2:])
		return e > 0 && (string(t[2+e:]) == " modules" || string(t[2+e:]) == " module" ||
			string(t[2+e:]) == " assets" || string(t[2+e:]) == " asset")
	}
	var p string
	switch t[0] {
	case 'a':
		p = "asset "
		if hasPrefix(t, "assets by ") {
			p = "assets by "
		}
	case 'm':
		p = "modules by "
	case 'o':
		p = "orphan modules "
	case 'r':
		p = "runtime modules "
	case 'c':
		p = "cacheable modules "
	case '.':
		p = "./"
	}
	// a size, then a bracketed flag or a path group's size last
	return p != "" && hasPrefix(t, p) && webpackSized(t[len(p):])
}

// webpackSized reports the rest of a webpack stats row after its first
// word: it holds a size ("160 bytes", "1.81 KiB") followed by a bracketed
// flag ("[built]", "[emitted]") or by nothing.
func webpackSized(t []byte) bool {
	for _, u := range [...]string{" bytes", " KiB", " MiB", " GiB"} {
		i := bytes.Index(t, []byte(u))
		if i <= 0 || !isDigit(t[i-1]) {
			continue
		}
		rest := t[i+len(u):]
		return len(rest) == 0 || hasPrefix(rest, " [") || hasPrefix(rest, " (")
	}
	return false
}

// antTask reports a line of an Apache Ant task's output after its indent,
// the task's name in brackets first: "[javac] …", "[mkdir] Created dir:
// …", "[junit] Tests run: 3", "[exec] …".
func antTask(t []byte) bool {
	n := 1
	for n < len(t) && n <= 24 && (isLower(t[n]) || isDigit(t[n]) || t[n] == '-' || t[n] == '_' || t[n] == ':' || t[n] == '.') {
		n++
	}
	// a name, not readelf's "[10]" or a checkbox's "[x]"
	return n >= 3 && isLower(t[1]) && n+1 < len(t) && t[n] == ']' && t[n+1] == ' '
}

// gherkinFirst holds the first bytes of Gherkin's keywords (see behaveLine).
var gherkinFirst = [256]bool{'F': true, 'S': true, 'G': true, 'W': true, 'T': true, 'A': true, 'B': true, 'E': true}

// behaveLine reports a line of behave's plain report: a Gherkin keyword
// first, then the step's or scenario's place in a comment at the end,
// "Scenario: Add an item   # features/cart.feature:2", "And I remove
// \"pear\"   # features/steps/cart_steps.py:9" ("# None" for a step not
// run).
func behaveLine(t []byte) bool {
	if last := t[len(t)-1]; !isDigit(last) && last != 'e' {
		return false // the place's line number, or "None", ends the line
	}
	kw := false
	for _, k := range [...]string{"Feature: ", "Scenario: ", "Scenario Outline: ", "Background: ", "Given ", "When ", "Then ", "And ", "But ", "Examples: "} {
		if hasPrefix(t, k) {
			kw = true
			break
		}
	}
	if !kw {
		return false
	}
	c := bytes.LastIndex(t, []byte(" # "))
	if c < 0 {
		return false
	}
	r := t[c+3:]
	if string(r) == "None" {
		return true
	}
	k := bytes.LastIndexByte(r, ':')
	if k <= 0 || bytes.IndexByte(r, ' ') >= 0 || bytes.IndexByte(r[:k], '.') < 0 {
		return false
	}
	_, e := toolline.Number(r[k+1:])
	return e > 0 && k+1+e == len(r)
}

// clispFrame reports a frame of CLISP's backtrace (print-backtrace, the
// debugger's :bt): "<8/290> #<SYSTEM-FUNCTION *> 2", "<3/320> " (its
// function printed on the lines below), "[288] EVAL frame for form (…)",
// "[272] APPLY frame for call (…)".
func clispFrame(t []byte) bool {
	switch t[0] {
	case '<':
		_, e := toolline.Number(t[1:])
		if e == 0 || 1+e >= len(t) || t[1+e] != '/' {
			return false
		}
		r := t[2+e:]
		_, e2 := toolline.Number(r)
		return e2 > 0 && hasPrefix(r[e2:], "> ")
	case '[':
		_, e := toolline.Number(t[1:])
		if e == 0 || !hasPrefix(t[1+e:], "] ") {
			return false
		}
		r := t[3+e:]
		return bytes.Contains(r[:min(len(r), 24)], []byte(" frame "))
	}
	return false
}

// chktexRow reports ChkTeX's report of a place: "Warning 26 in paper.tex
// line 9: You ought to remove spaces in front of punctuation."
func chktexRow(t []byte) bool {
	_, _, _, ok := toolline.ChktexRow(t)
	return ok
}

// verilatorLine reports Verilator's message, "%Error: a.sv:4:2: …",
// "%Warning-WIDTH: a.sv:9:5: …" or "%Error: Exiting due to 3 error(s)".
func verilatorLine(t []byte) bool {
	for _, p := range [...]string{"%Error", "%Warning"} {
		if r, ok := bytes.CutPrefix(t, []byte(p)); ok && len(r) > 2 {
			if r[0] == '-' {
				e := 1
				for e < len(r) && (isUpper(r[e]) || isDigit(r[e]) || r[e] == '_') {
					e++
				}
				r = r[e:]
			}
			return hasPrefix(r, ": ")
		}
	}
	return false
}

// bindLine reports a message of BIND's zone loading (named-checkconf -z,
// named-checkzone): "zone shop.test/IN: loaded serial 1", the view's
// "_default/shop.test/IN: bad owner name", a loader's "dns_master_load:
// db.lab.test:8: db.lab.extra: file not found".
func bindLine(t []byte) bool {
	if hasPrefix(t, "dns_") {
		c := bytes.Index(t, []byte(": "))
		return c > 4 && bytes.IndexByte(t[:c], ' ') < 0 && bytes.IndexByte(t[c+2:], ':') > 0
	}
	return toolline.BindZoneLine(t)
}

// runnerFirst marks the bytes the lines runnerLine reads start with, so
// that most lines are not asked.
var runnerFirst = byteSet("FEWSPAYTszd_*%[#0123456789")

// runnerLine reports an unindented line of a test runner's, checker's or
// build tool's report that the other forms of toolLine do not read: R's
// testthat and R CMD check, busted, clojure.test, shUnit2, BIND, Verilator.
func runnerLine(t []byte) bool {
	switch t[0] {
	case 'F', 'E', 'W', 'S', 'P':
		if _, ok := toolline.TestthatHead(t); ok {
			return true // R testthat: "Failure ('test-money.R:5'): parse_amount handles dollars"
		}
		if _, ok := toolline.BustedHead(t); ok {
			return true // busted: "Failure -> spec/queue_spec.lua @ 8"
		}
		if (hasPrefix(t, "FAIL in (") || hasPrefix(t, "ERROR in (")) && t[len(t)-1] == ')' {
			return true // clojure.test: "FAIL in (string-test) (cart_test.clj:36)"
		}
		if r, ok := bytes.CutPrefix(t, []byte("PID ")); ok {
			_, e := toolline.Number(r)
			return e > 0 && hasPrefix(r[e:], " - process") // eu-stack: "PID 19126 - process"
		}
		return hasPrefix(t, "Status: ") && (bytes.Contains(t, []byte(" ERROR")) || bytes.Contains(t, []byte(" WARNING")) ||
			bytes.Contains(t, []byte(" NOTE")) || string(t) == "Status: OK") // R CMD check's verdict: "Status: 1 ERROR, 4 WARNINGs, 2 NOTEs"
	case '#':
		// eu-stack's frame: "#2  0x0000565524aef1a3 record_transfer"
		_, e := toolline.Number(t[1:])
		return e > 0 && hasPrefix(t[1+e:], "  0x")
	case 'T':
		if r, ok := bytes.CutPrefix(t, []byte("TID ")); ok {
			_, e := toolline.Number(r)
			return e > 0 && e+1 == len(r) && r[e] == ':' // eu-stack's thread: "TID 19128:"
		}
	case 'Y':
		// Composer's verdict: "Your requirements could not be resolved to an installable set of packages."
		return hasPrefix(t, "Your requirements could not be resolved") || hasPrefix(t, "Your lock file does not contain a compatible set of packages")
	case 'A', 's':
		// shUnit2: "ASSERT:minor bump should reset patch expected:<1.5.0> but was:<1.5.2>"
		return hasPrefix(t, "ASSERT:") || hasPrefix(t, "shunit2:ERROR ") || hasPrefix(t, "shunit2:WARN ")
	case 'z', 'd', '_':
		// BIND's named-checkconf/checkzone: "zone shop.test/IN: not loaded due to errors."
		return (t[0] == '_' || hasPrefix(t, "zone ") || hasPrefix(t, "dns_")) && bindLine(t)
	case '*':
		// R CMD check: "* checking Rd files ... WARNING"
		return hasPrefix(t, "* checking ") || hasPrefix(t, "* using ") || hasPrefix(t, "* this is package ") || string(t) == "* DONE"
	case '%':
		return verilatorLine(t) // Verilator: "%Error: fifo.sv:41:13: Can't find definition of variable: 'overflow'"
	case '[':
		return hasPrefix(t, "[ FAIL ") && bytes.HasSuffix(t, []byte(" ]")) // testthat's tally: "[ FAIL 7 | WARN 2 | SKIP 1 | PASS 5 ]"
	}
	// busted: "1 success / 4 failures / 1 error / 1 pending : 0.00238 seconds"
	return isDigit(t[0]) && t[len(t)-1] == 's' && bytes.HasSuffix(t, []byte(" seconds")) && bytes.Contains(t, []byte(" success / "))
}

// composerProblem reports Composer's heading of one reason an install or
// update failed, "Problem 3".
func composerProblem(t []byte) bool {
	r, ok := bytes.CutPrefix(t, []byte("Problem "))
	_, e := toolline.Number(r)
	return ok && e > 0 && e == len(r)
}

// composerFirst marks the bytes Composer's progress lines start with.
var composerFirst = byteSet("CLNUIGWPR")

// composerLine reports one of Composer's own progress lines, which read as
// prose: "Loading composer repositories with package information".
func composerLine(t []byte) bool {
	for _, p := range [...]string{"Composer is operating ", "Loading composer repositories", "No composer.lock file present",
		"Updating dependencies", "Installing dependencies from lock file", "Lock file operations: ", "Package operations: ",
		"Writing lock file", "Generating autoload files", "Nothing to install, update or remove", "Potential causes:",
		"Read <https://getcomposer.org/"} {
		if hasPrefix(t, p) {
			return true
		}
	}
	return false
}

// lldbLine reports a line of an lldb session: its prompt's commands, a
// thread's stop, a frame, the process's state and the "-> 13" source line
// it stopped at.
func lldbLine(t []byte) bool {
	switch {
	case hasPrefix(t, "(lldb) "):
		return true
	case hasPrefix(t, "* thread #"):
		return true
	case hasPrefix(t, "frame #") || hasPrefix(t, "* frame #"):
		r := t[bytes.IndexByte(t, '#')+1:]
		_, e := toolline.Number(r)
		return e > 0 && hasPrefix(r[e:], ": 0x")
	case hasPrefix(t, "Process "):
		r := t[len("Process "):]
		_, e := toolline.Number(r)
		return e > 0 && (hasPrefix(r[e:], " stopped") || hasPrefix(r[e:], " exited with status") || hasPrefix(r[e:], " launched: ") || hasPrefix(r[e:], " resuming"))
	case hasPrefix(t, "-> "):
		r := trimBlank(t[3:])
		_, e := toolline.Number(r)
		return e > 0 && e+1 < len(r) && r[e] == ' ' // lldb's current source line: "-> 13  \t    Job* pop() …"
	}
	return false
}
