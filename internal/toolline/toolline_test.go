package toolline

import (
	"strings"
	"testing"
)

func TestParseHit(t *testing.T) {
	tests := []struct {
		line    string
		ok      bool
		path    string
		n, col  int
		text    string
		context bool
	}{
		{"net/http/server.go:912:// ReadTimeout", true, "net/http/server.go", 912, 0, "// ReadTimeout", false},
		{"a.go:3:7:func x()", true, "a.go", 3, 7, "func x()", false},
		{"a.go-12-\tx := s[1:2:3]", true, "a.go", 12, 0, "\tx := s[1:2:3]", true},
		{"foo-2-bar.go:10:text", true, "foo-2-bar.go", 10, 0, "text", false},
		{"my-12-file.txt-4-context", true, "my", 12, 0, "file.txt-4-context", true},
		{`C:\src\main.go:12:func main() {`, true, `C:\src\main.go`, 12, 0, "func main() {", false},
		{"dir:with:colons/a.txt:5:x", true, "dir:with:colons/a.txt", 5, 0, "x", false},
		{"My Docs/a.txt:5:x", true, "My Docs/a.txt", 5, 0, "x", false},
		{"a.go:12:", true, "a.go", 12, 0, "", false},
		{"2024-05-01 12:00:00 INFO started", false, "", 0, 0, "", false},
		{"12:30:45 up 3 days", false, "", 0, 0, "", false},
		{"  indented.go:3:x", false, "", 0, 0, "", false},
		{"no hit here", false, "", 0, 0, "", false},
		{"a.go:99999999999:x", false, "", 0, 0, "", false},
		{"", false, "", 0, 0, "", false},
	}
	for _, tt := range tests {
		h, ok := ParseHit([]byte(tt.line))
		if ok != tt.ok {
			t.Errorf("ParseHit(%q) ok = %v, want %v (%+v)", tt.line, ok, tt.ok, h)
			continue
		}
		if !ok {
			continue
		}
		if string(h.Path) != tt.path || h.Line != tt.n || h.Col != tt.col || string(h.Text) != tt.text || h.Context != tt.context {
			t.Errorf("ParseHit(%q) = {%q %d %d %q %v}, want {%q %d %d %q %v}", tt.line,
				h.Path, h.Line, h.Col, h.Text, h.Context, tt.path, tt.n, tt.col, tt.text, tt.context)
		}
	}
}

func TestParseHeadingHit(t *testing.T) {
	h, ok := ParseHeadingHit([]byte("45:func NewDecoder(r io.Reader) *Decoder {"))
	if !ok || h.Line != 45 || string(h.Text) != "func NewDecoder(r io.Reader) *Decoder {" || h.Context {
		t.Errorf("match = %+v, %v", h, ok)
	}
	h, ok = ParseHeadingHit([]byte("46-\treturn nil"))
	if !ok || h.Line != 46 || !h.Context || string(h.Text) != "\treturn nil" {
		t.Errorf("context = %+v, %v", h, ok)
	}
	if _, ok := ParseHeadingHit([]byte("encoding/gob/decoder.go")); ok {
		t.Error("a path parsed as a heading hit")
	}
}

func TestDiffStatRow(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{" crush/log.go                                       |  199 +++-", true},
		{" {crush => internal/logview}/log.go | 12 +-", true},
		{" logo.png | Bin 0 -> 1204 bytes", true},
		{" run.sh | 0", true},
		{" alice  | 12", false},      // a psql row with a number
		{" alice  | 12 | x", false},  // more columns
		{"  indented | 3 ++", false}, // not git's one space
		{" a | 12 +x", false},        // not a bar
		{" 3 files changed, 4 insertions(+)", false},
	} {
		if got := DiffStatRow([]byte(c.line)); got != c.want {
			t.Errorf("DiffStatRow(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}

func TestBlameLine(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"575f5149 failure/failure.go (Seed 94925810 maintainers 2026-11-29 13:48:16 +0000   1) // Package failure", true},
		{"^1a2b3c4d (Ann Lee 2025-01-02 03:04:05 -0700 120) \treturn nil", true},
		{"00000000 (Not Committed Yet 2026-12-01 12:00:00 +0000 7) x := 1", true},
		{"575f5149 fix the parser (closes #12)", false},        // git log --oneline
		{"deadbeef1 (HEAD -> main, origin/main) Merge", false}, // decorated log
	} {
		if got := BlameLine([]byte(c.line)); got != c.want {
			t.Errorf("BlameLine(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}

func TestLastIndexPair(t *testing.T) {
	for _, s := range []string{"", "=", "= ", "a = b", "a = b = c", "==  = ", "x=y", "= = =", " | a | b ", "||  |", "| "} {
		for _, p := range [...][2]byte{{'=', ' '}, {'|', ' '}} {
			if got, want := lastIndexPair([]byte(s), p[0], p[1]), strings.LastIndex(s, string(p[:])); got != want {
				t.Errorf("lastIndexPair(%q, %q) = %d, want %d", s, p[:], got, want)
			}
		}
	}
}

func TestKernelLevel(t *testing.T) {
	tests := []struct {
		line, level string
		ok          bool
	}{
		{"kern  :warn  : [    0.000000] [Firmware Bug]: TSC", "warn", true},
		{"kern  :err   : [ 4281.774942] Out of memory", "err", true},
		{"daemon:info  : [    1.000000] x", "info", true},
		{"kern  :loud  : [    1.000000] x", "", false},
		{"kern: error: x", "", false},
		{"note  :info  :", "", false},
	}
	for _, tt := range tests {
		level, end, ok := KernelLevel([]byte(tt.line))
		if ok != tt.ok || string(level) != tt.level {
			t.Errorf("KernelLevel(%q) = %q, %v; want %q, %v", tt.line, level, ok, tt.level, tt.ok)
		}
		if ok && tt.line[end-2:end] != ": " {
			t.Errorf("KernelLevel(%q) ends at %d, not after the level's colon", tt.line, end)
		}
	}
}

func TestAccessLog(t *testing.T) {
	tests := []struct {
		line   string
		status int
		ok     bool
	}{
		{`127.0.0.1 - - [01/Dec/2026:15:40:16 +0000] "GET / HTTP/1.1" 502 157`, 502, true},
		{`127.0.0.1 - - [01/Dec/2026 18:11:54] "GET /p31.html HTTP/1.1" 404 -`, 404, true}, // python -m http.server
		{`127.0.0.1 - - [01/Dec/2026 18:11:54] code 404, message File not found`, 0, false},
		{`[01/Dec/2026 18:11:54] "GET / HTTP/1.1" 200 -`, 0, false},
	}
	for _, tt := range tests {
		status, ok := AccessLog([]byte(tt.line))
		if status != tt.status || ok != tt.ok {
			t.Errorf("AccessLog(%q) = %d, %v; want %d, %v", tt.line, status, ok, tt.status, tt.ok)
		}
	}
}

func TestMarkdownlintRow(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"README.md:11 error MD012/no-multiple-blanks Multiple consecutive blank lines [Expected: 1; Actual: 2]", true},
		{"CONDUCT.md:4:81 error MD013/line-length Line length [Expected: 80; Actual: 594]", true},
		{"docs/a.md:7 warning MD033/no-inline-html Inline HTML [Element: div]", true},
		{"a.md:3 error MD1 x", false},             // one digit: no rule id
		{"a.go:12: error MD041 is a rule", false}, // grep -n: a colon after the line
		{"a.go:12:error MD041/x", false},
		{"a b.md:3 error MD041/x", false}, // a blank in the path
		{"a.md:x error MD041/x", false},
		{"a.md:3 failure MD041/x", false},
	} {
		if got := MarkdownlintRow([]byte(c.line)); got != c.want {
			t.Errorf("MarkdownlintRow(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}

func TestErlangFrame(t *testing.T) {
	for _, c := range []struct{ line, module string }{
		{"in function calc:add_wrong_test/0 (calc.erl, line 7)", "calc"},
		{"in call from eunit_proc:run_test/1 (eunit_proc.erl, line 531)", "eunit_proc"},
		{"in call from eunit_test:'-mf_wrapper/2-fun-0-'/2 (eunit_test.erl, line 273)", "eunit_test"},
		{"in function erlang:'div'/2", ""},
		{"in function calc:add/2 (calc.erl, line 7) and more", ""},
		{"in call from the shell (calc.erl, line x)", ""},
	} {
		if got := string(ErlangFrame([]byte(c.line))); got != c.module {
			t.Errorf("ErlangFrame(%q) = %q, want %q", c.line, got, c.module)
		}
	}
}

func TestRubocopOffense(t *testing.T) {
	for _, c := range []struct {
		text, cop string
		sev       byte
	}{
		{" C: [Correctable] Style/StringLiterals: Prefer single-quoted strings.", "Style/StringLiterals", 'C'},
		{" W: Lint/UselessAssignment: Useless assignment to variable - v.", "Lint/UselessAssignment", 'W'},
		{" E: Lint/Syntax: unexpected token tEQL", "Lint/Syntax", 'E'},
		{" C: not a cop: text", "", 0},
		{" X: Style/Foo: bar", "", 0},
		{" error: expected ';'", "", 0},
		{"C: Style/Foo: no blank before", "", 0},
	} {
		sev, cop, ok := RubocopOffense([]byte(c.text))
		if ok != (c.sev != 0) || sev != c.sev || string(cop) != c.cop {
			t.Errorf("RubocopOffense(%q) = %q, %q, %v; want %q, %q", c.text, sev, cop, ok, c.sev, c.cop)
		}
		// Below error level, the whole line is a style finding at its place.
		line := "a.rb:4:23:" + c.text
		loc, rule, found := StyleFindingLine([]byte(line))
		if want := ok && c.sev != 'E' && c.sev != 'F'; found != want || found && (string(loc) != "a.rb:4:23" || string(rule) != c.cop) {
			t.Errorf("StyleFindingLine(%q) = %q, %q, %v; want %v", line, loc, rule, found, want)
		}
	}
}

func TestJSLibraryFrame(t *testing.T) {
	for _, c := range []struct {
		frame string
		lib   bool
	}{
		{"    at Test.run (node:internal/test_runner/test:796:25)", true},
		{"    at node:internal/process/task_queues:140:7", true},
		{"      at Object.<anonymous> (../node_modules/expect/build/index.js:1824:9)\n", true},
		{`    at Object.toBe (C:\app\node_modules\expect\build\index.js:1824:9)`, true},
		{"          at parser.next (<anonymous>)", true},
		{"    at Module._compile (internal/modules/cjs/loader.js:999:30)", true},
		{"    at async Promise.all (index 0)", false},
		{"    at Object.toBe (test/cart.test.js:10:9)", false},
		{"    at cart (/app/src/node_modules_helper.js:3:1)", false},
		{"    at emit (node:events:519:28) {", false}, // opens the error's properties
		{"at com.shop.Cart.add(Cart.java:12)", false},
		{"npm verbose stack     at async Install.exec (/usr/lib/node_modules/npm/lib/commands/install.js:158:5)", true},
	} {
		if got := JSLibraryFrame([]byte(c.frame)); got != c.lib {
			t.Errorf("JSLibraryFrame(%q) = %v, want %v", c.frame, got, c.lib)
		}
	}
}

func TestPyLibFrame(t *testing.T) {
	for _, c := range []struct {
		frame string
		lib   bool
	}{
		{`File "/usr/lib/python3.11/json/decoder.py", line 353, in raw_decode`, true},
		{`File "/home/u/.venv/lib/python3.12/site-packages/requests/api.py", line 59, in request`, true},
		{`File "/usr/lib/python3/dist-packages/apt/cache.py", line 3, in open`, true},
		{`File "<frozen runpy>", line 198, in _run_module_as_main`, true},
		{`File "C:\Python311\Lib\json\decoder.py", line 353, in raw_decode`, true},
		{`File "/app/shop/cart.py", line 12, in total`, false},
		{`File "shapes.ml", line 3, characters 11-25:`, false},
		{`File "x.py" is missing`, false},
	} {
		if got := PyLibFrame([]byte(c.frame)); got != c.lib {
			t.Errorf("PyLibFrame(%q) = %v, want %v", c.frame, got, c.lib)
		}
	}
}

func TestJavaLibraryFrame(t *testing.T) {
	for _, c := range []struct {
		frame string
		lib   bool
	}{
		{"\tat java.base/java.util.stream.AbstractPipeline.copyInto(AbstractPipeline.java:509)", true},
		{"\tat jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)", true},
		{"\tat java.util.concurrent.FutureTask.run(FutureTask.java:266)", true}, // Java 8
		{"\tat sun.reflect.NativeMethodAccessorImpl.invoke(NativeMethodAccessorImpl.java:62)", true},
		{"\tat Orders.total(Orders.java:6)", false},
		{"\tat com.shop.Cart.add(Cart.java:12)", false},
		{"\tat app//com.shop.Cart.add(Cart.java:12)", false},
		{"    at Object.toBe (test/cart.test.js:10:9)", false},
		{"\t... 12 more", false},
	} {
		if got := JavaLibraryFrame([]byte(c.frame)); got != c.lib {
			t.Errorf("JavaLibraryFrame(%q) = %v, want %v", c.frame, got, c.lib)
		}
	}
}

func TestStyleCode(t *testing.T) {
	for _, c := range []struct{ text, code string }{
		{" E302 expected 2 blank lines, found 1", "E302"},
		{" W605 invalid escape sequence '\\d'", "W605"},
		{" N802 function name should be lowercase", "N802"},
		{" C901 'load' is too complex (12)", "C901"},
		{" E999 SyntaxError: invalid syntax", ""},
		{" E902 FileNotFoundError", ""},
		{" F821 undefined name 'x'", ""},
		{" C0103: Invalid name", ""}, // pylint's own form
		{" error: expected ';'", ""},
	} {
		code, ok := StyleCode([]byte(c.text))
		if ok != (c.code != "") || string(code) != c.code {
			t.Errorf("StyleCode(%q) = %q, %v; want %q", c.text, code, ok, c.code)
		}
		line := "a.py:3:1:" + c.text
		if loc, rule, found := StyleFindingLine([]byte(line)); found != ok || found && (string(loc) != "a.py:3:1" || string(rule) != c.code) {
			t.Errorf("StyleFindingLine(%q) = %q, %q, %v; want %v", line, loc, rule, found, ok)
		}
	}
}

// TestDiagnosticForms checks the report forms of bison and valac (GNU's
// line.column places), libxml2 (xmllint), vulture and jshint's reporter.
func TestDiagnosticForms(t *testing.T) {
	for _, tt := range []struct {
		f    func([]byte) bool
		line string
		want bool
	}{
		{DottedDiagnostic, "calc.y:8.7: warning: empty rule without %empty [-Wempty-rule]", true},
		{DottedDiagnostic, "calc.y:13.1-6: warning: nonterminal useless in grammar: unused [-Wother]", true},
		{DottedDiagnostic, "shop.vala:28.9-28.30: error: The name `totl' does not exist", true},
		{DottedDiagnostic, "calc.y: warning: 12 shift/reduce conflicts [-Wconflicts-sr]", true},
		{DottedDiagnostic, "calc.y:8.7: empty rule", false},
		{DottedDiagnostic, "version 1.2: error: none", false},
		{DottedDiagnostic, "note: warning: this is prose", false},
		{DottedDiagnostic, "main.go:12:5: error: x", false}, // gcc's colon form is read elsewhere
		{LibxmlDiagnostic, "element isbn: Schemas validity error : Element 'isbn': [facet 'pattern'] …", true},
		{LibxmlDiagnostic, "parser error : Opening and ending tag mismatch: title line 201 and book", true},
		{LibxmlDiagnostic, "namespace warning : xmlns: URI x is not absolute", true},
		{LibxmlDiagnostic, "the error : a sentence", false},
		{VultureFinding, "unused import 'os' (90% confidence)", true},
		{VultureFinding, "unused import 'os'", false},
	} {
		if got := tt.f([]byte(tt.line)); got != tt.want {
			t.Errorf("%q: got %v, want %v", tt.line, got, tt.want)
		}
	}
	for _, tt := range []struct{ line, sev string }{
		{"js/legacy.js: line 19, col 20, Duplicate key 'a'.", "error"},
		{"js/legacy.js: line 18, col 1, eval can be harmful.", "error"},
		{"src/a.js: line 12, col 5, Warning - Unexpected var (no-var)", "warning"},
		{"src/a.js: line 12, col 5, no message end", ""},
	} {
		sev, _, _, ok := CompactRow([]byte(tt.line))
		if string(sev) != tt.sev || ok != (tt.sev != "") {
			t.Errorf("CompactRow(%q) = %q, %v; want %q", tt.line, sev, ok, tt.sev)
		}
	}
}

// TestPydocstyle checks pydocstyle's two lines of a finding.
func TestPydocstyle(t *testing.T) {
	if loc, ok := PydocstylePlace([]byte("pkg/a.py:15 in public class `Completer`:")); !ok || string(loc) != "pkg/a.py:15" {
		t.Errorf("place: %q %v", loc, ok)
	}
	for _, l := range []string{"pkg/a.py:15 in the class:", "a.go:15 in public class `C`:", "pkg/a.py:x at module level:", "pkg/a.py:1 at module level"} {
		if _, ok := PydocstylePlace([]byte(l)); ok {
			t.Errorf("%q taken for a place", l)
		}
	}
	if code, ok := PydocstyleCode([]byte("D101: Missing docstring in public class")); !ok || string(code) != "D101" {
		t.Errorf("code: %q %v", code, ok)
	}
	if _, ok := PydocstyleCode([]byte("E101: indentation contains mixed spaces")); ok {
		t.Error("E101 taken for a docstring code")
	}
}

// TestFlawfinderHit checks flawfinder's hit line.
func TestFlawfinderHit(t *testing.T) {
	for l, want := range map[string]bool{
		"net.c:15:  [5] (buffer) gets:":        true,
		"src/a b.c:15:  [5] (buffer) gets:":    false,
		"net.c:15:  [5] buffer gets:":          false,
		"net.c:x:  [5] (buffer) gets:":         false,
		"net.c:15: [5] (buffer) gets:":         false,
		"Hits@level = [0]   0 [1]   2 [2]   8": false,
	} {
		if got := FlawfinderHit([]byte(l)); got != want {
			t.Errorf("FlawfinderHit(%q) = %v", l, got)
		}
	}
}

// TestSass checks Dart Sass's excerpt and place lines, and that a box
// table's rows and npm's tree are neither.
func TestSass(t *testing.T) {
	for l, want := range map[string]bool{
		"╷": true, "╵": true,
		"4 │ .btn { margin: $gap; }": true,
		"│                ^^^^":      true,
		"15 │ Customer 15 │ Lisbon":  false,
		"│ └── delayed-stream@1.0.0": false,
		"│ plain text in a frame":    false,
	} {
		if got := SassExcerpt([]byte(l)); got != want {
			t.Errorf("SassExcerpt(%q) = %v", l, got)
		}
	}
	for l, want := range map[string]bool{
		"styles/main.scss 4:16  root stylesheet": true,
		"_vars.scss 2:3":                         true,
		"styles/main.scss line 4":                false,
		"main.go 4:16  root":                     false,
	} {
		if got := SassPlace([]byte(l)); got != want {
			t.Errorf("SassPlace(%q) = %v", l, got)
		}
	}
}

// TestTidyRow checks HTML Tidy's row of a place.
func TestTidyRow(t *testing.T) {
	if level, ok := TidyRow([]byte("line 3 column 32 - Warning: discarding unexpected </td>")); !ok || string(level) != "Warning" {
		t.Errorf("%q %v", level, ok)
	}
	if level, ok := TidyRow([]byte("line 1 column 1 - Error: <foo> is not recognized!")); !ok || string(level) != "Error" {
		t.Errorf("%q %v", level, ok)
	}
	for _, l := range []string{"line 3 of the file - Warning: x", "line 3 column 32 - Whatever: x", "line 3 column 32 Warning: x"} {
		if _, ok := TidyRow([]byte(l)); ok {
			t.Errorf("%q taken for a row", l)
		}
	}
}

// TestLintAndTraceForms checks the forms of Perl::Critic, ChkTeX, Ruby
// backtraces, Terraform and systemd-analyze read by their rows, and that
// truncated or lookalike lines are turned away without a panic.
func TestLintAndTraceForms(t *testing.T) {
	for _, tt := range []struct {
		line        string
		rule, place string
		ok          bool
	}{
		{`Git.pm: Subroutine "repository" does not end with "return" at line 155, column 1.  See page 197 of PBP.  (Severity: 4)`,
			`Subroutine "…" does not end with "return"`, "Git.pm:155:1", true},
		{"[Subroutines::RequireFinalReturn] Subroutine \"f\" does not end with \"return\" at line 9, column 1.  (Severity: 4)",
			"Subroutines::RequireFinalReturn", "9:1", true},
		{"Always unpack @_ first at line 155, column 1.  See page 178 of PBP.  (Severity: 4)", "Always unpack @_ first", "155:1", true},
		{"Always unpack @_ first at line 155, column 1.  See page 178 of PBP.  (Severity: )", "", "", false},
		{"It was said at line 155, column x.  (Severity: 4)", "", "", false},
		{"(Severity: 4)", "", "", false},
	} {
		rule, place, ok := PerlcriticRow([]byte(tt.line))
		if ok != tt.ok || string(rule) != tt.rule || string(place) != tt.place {
			t.Errorf("PerlcriticRow(%q) = %q, %q, %v; want %q, %q, %v", tt.line, rule, place, ok, tt.rule, tt.place, tt.ok)
		}
	}
	for _, tt := range []struct {
		line, level, place string
		ok                 bool
	}{
		{"Warning 26 in paper.tex line 9: You ought to remove spaces in front of punctuation.", "Warning", "paper.tex:9", true},
		{"Error 1 in a b.tex line 3: x", "", "", false},
		{"Warning 26 in paper.tex line : x", "", "", false},
		{"Warning in paper.tex line 9: x", "", "", false},
		{"Warning 26", "", "", false},
	} {
		level, place, _, ok := ChktexRow([]byte(tt.line))
		if ok != tt.ok || string(level) != tt.level || string(place) != tt.place {
			t.Errorf("ChktexRow(%q) = %q, %q, %v", tt.line, level, place, ok)
		}
	}
	for _, tt := range []struct {
		line, place string
		ok          bool
	}{
		{"notes.tex:4:21:26:You ought to remove spaces in front of punctuation.", "notes.tex:4:21", true},
		{"report.tex:6:15:9:`]' expected, found `)'.", "report.tex:6:15", true},
		{"main.go:4:21: undefined: x", "", false},
		{"notes.tex:4:21:26:", "", false},
		{"notes.tex:4:26:You", "", false},
	} {
		place, _, ok := ChktexTerse([]byte(tt.line))
		if ok != tt.ok || string(place) != tt.place {
			t.Errorf("ChktexTerse(%q) = %q, %v", tt.line, place, ok)
		}
	}
	for _, tt := range []struct {
		line    string
		ok, lib bool
	}{
		{"/app/Rakefile:8:in `block (2 levels) in <top (required)>'", true, false},
		{"\tfrom /usr/lib/ruby/3.1.0/json/common.rb:216:in `parse'", true, true},
		{"/usr/lib/ruby/gems/3.1.0/gems/rake-13.0.6/lib/rake/task.rb:281:in `execute'", true, true},
		{"app.rb:3:in 'Integer#parse'", true, false},
		{"t.rb:5:in `fetch': key not found: :qty (KeyError)", false, false},
		{"  /app/Rakefile:8:in `x'", false, false},
		{"a.rb:3:in `", false, false},
		{"a.rb:3:7:in `x'", false, false},
	} {
		ok, lib := RubyFrame([]byte(tt.line))
		if ok != tt.ok || lib != tt.lib {
			t.Errorf("RubyFrame(%q) = %v, %v; want %v, %v", tt.line, ok, lib, tt.ok, tt.lib)
		}
	}
	for _, tt := range []struct {
		line    string
		ok, lib bool
	}{
		{"    cart_test$parse_line.invokeStatic (cart_test.clj:16)", true, false},
		{" at java.lang.NumberFormatException.forInputString (NumberFormatException.java:67)", true, true},
		{"    clojure.main.main (main.java:40)", true, true},
		{"    at org.apache.maven.cli.MavenCli.main (MavenCli.java:210)", true, false}, // its callers tell Maven's from Clojure's
		{"\tat a.b.C.run(C.java:3)", false, false},
		{"    at f (src/a.js:1:2)", false, false},
		{"cart_test$parse_line.invoke (cart_test.clj:14)", false, false},
		{"    x (a.clj:)", false, false},
	} {
		ok, lib := ClojureFrame([]byte(tt.line))
		if ok != tt.ok || lib != tt.lib {
			t.Errorf("ClojureFrame(%q) = %v, %v; want %v, %v", tt.line, ok, lib, tt.ok, tt.lib)
		}
	}
	for _, tt := range []struct {
		line, sev, place, hint string
	}{
		{"Inventory.hs:16:1-54: Warning: Eta reduce", "Warning", "Inventory.hs:16:1", "Eta reduce"},
		{"src/Lit.lhs:3:5-9: Suggestion: Use null", "Suggestion", "src/Lit.lhs:3:5", "Use null"},
		{"src/A.hs:(3,1)-(5,20): Error: Use foldr", "Error", "src/A.hs:3:1", "Use foldr"},
		{"Main.hs:12:import Data.List", "", "", ""},
		{"Main.hs:12:1-4: Note: x", "", "", ""},
		{"notes.txt:1:1-2: Warning: x", "", "", ""},
	} {
		sev, place, hint, _ := HlintRow([]byte(tt.line))
		if string(sev) != tt.sev || string(place) != tt.place || string(hint) != tt.hint {
			t.Errorf("HlintRow(%q) = %q, %q, %q", tt.line, sev, place, hint)
		}
	}
	for _, tt := range []struct {
		place string
		ok    bool
	}{
		{"main.tf line 12, in locals:", true},
		{"modules/net/main.tf line 3:", true},
		{"main.tf line 12", false},
		{"main.tf line :", false},
		{"the main.tf line 2:", false},
		{" line 2:", false},
	} {
		if ok := TerraformPlace([]byte(tt.place)); ok != tt.ok {
			t.Errorf("TerraformPlace(%q) = %v", tt.place, ok)
		}
	}
	for _, tt := range []struct {
		line string
		ok   bool
	}{
		{"/tmp/sd/web.service:8: Failed to parse service type, ignoring: notifyy", true},
		{"web.service:7:Type=notify", false},
		{"web.txt:8: Failed to parse service type", false},
	} {
		if ok := SystemdFinding([]byte(tt.line)); ok != tt.ok {
			t.Errorf("SystemdFinding(%q) = %v", tt.line, ok)
		}
	}
}
