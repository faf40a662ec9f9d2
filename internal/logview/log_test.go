package logview

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/kompress/kompress/internal/toolline"
	"github.com/kompress/kompress/internal/viewtest"

	"github.com/kompress/kompress/internal/lossy"

	"github.com/kompress/kompress/internal/ansi"
	"github.com/kompress/kompress/internal/testevent"

	"github.com/kompress/kompress/internal/failure"
	"github.com/kompress/kompress/router"
)

// logOracle is the test's own, independent reading of "a line that reports
// a failure" (DESIGN invariant 2): failure words standing alone (not parts
// of names such as "errors.New", "assert-plus" or "-p errors"), go test
// FAIL lines, apt E: lines, npm errors, exception names and compiler
// diagnostics.
var logOracle = regexp.MustCompile(`(?i)((^|[\s:\[(*])(error|fail|failed|failure|panic|panicked|fatal|exception|traceback)([\s:!\])]|$)` +
	`|^\s*--- FAIL|^E: |^npm (ERR!|error)|[a-z](Error|Exception)(:|$)|^[^\s:]+\.\w+:\d+(:\d+)?: |✗|✘|✖)`)

var logOraclePyWarning = regexp.MustCompile(`^\S+\.py:\d+: [A-Z]\w*Warning: `)

// logOracleLines returns the lines of in that logOracle flags, as they
// must appear in the view: verbatim but for ANSI escapes, which the view
// never shows.
func logOracleLines(in []byte) []string {
	var lines []string
	quoted := false // the line is the source a ChkTeX warning quotes
	for _, raw := range strings.Split(string(in), "\n") {
		line := strings.TrimSuffix(string(ansi.Strip([]byte(raw))), "\r")
		if logOracle.MatchString(string(ansi.Visible([]byte(raw)))) && !strings.Contains(line, " -p ") && !logOracleExempt(line) && !quoted {
			lines = append(lines, line)
		}
		quoted = logOracleChktex.MatchString(line)
	}
	return lines
}

// logOracleExempt reports lines that name a failure without reporting one:
// a passing Go test whose name ends in Error, a passing Catch2 assertion
// ("c2.cpp:9: PASSED:"), rustc's suggestions ("help:
// ... handle the error accordingly"), and cppcheck's findings below
// warning level ("m.c:7:0: style: The function 'main' is never used."),
// RuboCop's offenses below error level ("a.rb:2:1: C: Style/Documentation:
// ..."), pycodestyle's style findings ("a.py:5:1: E302 expected 2 blank
// lines"), clang-format's violations and Python's warnings ("warn.py:7:
// DeprecationWarning: ...").
var logOracleChktex = regexp.MustCompile(`^(Warning|Message) \d+ in \S+ line \d+: `)

var logOracleRubocop = regexp.MustCompile(`^\S+:\d+:\d+: ([CRWI]: |(W\d{3}|N\d{3,4}|C9\d\d|E[1-7]\d\d) )`)

func logOracleExempt(line string) bool {
	if strings.HasPrefix(line, "=== RUN ") || strings.HasPrefix(line, "--- PASS: ") || strings.HasPrefix(line, "help: ") || strings.HasSuffix(line, ": PASSED:") {
		return true
	}
	if logOraclePyWarning.MatchString(line) || logOracleRubocop.MatchString(line) {
		return true
	}
	if strings.HasSuffix(line, ": warning: code should be clang-formatted [-Wclang-format-violations]") {
		return true // clang-format --dry-run's formatting findings
	}
	for _, sev := range []string{": style: ", ": information: ", ": performance: ", ": portability: "} {
		if strings.Contains(line, sev) {
			return true
		}
	}
	return false
}

// logMissing returns the wanted lines that are not whole lines of out.
func logMissing(out []byte, want []string) []string {
	have := make(map[string]bool)
	for _, l := range strings.Split(string(out), "\n") {
		have[l] = true
	}
	var missing []string
	for _, w := range want {
		if !have[w] {
			missing = append(missing, w)
		}
	}
	return missing
}

// logCeilings are the ratios measured on our own samples, with a little
// headroom; a change that keeps much more fails here.
var logCeilings = map[string]float64{
	"x-gotest-v-panic":           0.30,
	"x-gotest-json-panic":        0.04,
	"x-gobuild-x":                0.055,
	"x-npm-e404-silly":           0.12,
	"x-npm-install-http":         0.14,
	"x-npm-e404-http":            0.30,
	"x-python-logging-traceback": 0.21,
	"x-apt-install-imagemagick":  0.26,
	"x-make-gcc-k":               0.65,
	"x-jest-verbose":             0.32,
	"x-jest":                     0.44,
	"x-pytest-v":                 0.52,
	"x-make-recursive-warnings":  0.30,
	"rubocop-syntax-style":       0.35,
}

func TestLogSamples(t *testing.T) {
	for _, s := range viewtest.Samples(t, "log") {
		t.Run(s.Name, func(t *testing.T) {
			out, err := Log(s.In, lossy.Options{})
			if errors.Is(err, lossy.ErrNoGain) {
				if c, ok := logCeilings[s.Name]; ok {
					t.Fatalf("lossy.ErrNoGain, want a ratio under %.2f", c)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			again, _ := Log(s.In, lossy.Options{})
			if !bytes.Equal(out, again) {
				t.Fatal("output differs between runs")
			}
			text := s.In
			if testevent.IsStream(s.In) {
				text = GoTestText(s.In)
			}
			// The boundary's check, and the test's own independent reading.
			if missing := failure.Missing(router.Log, text, out); len(missing) > 0 {
				t.Errorf("%d failure lines (failure.Lines) missing, first: %q", len(missing), missing[0])
			}
			if missing := logMissing(out, logOracleLines(text)); len(missing) > 0 {
				t.Errorf("%d failure lines (oracle) missing, first: %q", len(missing), missing[0])
			}
			ratio := float64(len(out)) / float64(len(s.In))
			if c, ok := logCeilings[s.Name]; ok && ratio > c {
				t.Errorf("ratio %.3f, want at most %.2f", ratio, c)
			}
			if bytes.Contains(out, []byte{0x1b}) {
				t.Error("ANSI escapes left in the view")
			}
		})
	}
}

// logGoldenNames are samples without the x- prefix that have golden views.
var logGoldenNames = map[string]bool{"apt-cache-show": true, "apt-cache-depends": true, "dpkg-s": true}

func TestLogGolden(t *testing.T) {
	for _, s := range viewtest.Samples(t, "log") {
		if !strings.HasPrefix(s.Name, "x-") && !logGoldenNames[s.Name] {
			continue
		}
		t.Run(s.Name, func(t *testing.T) {
			out, err := Log(s.In, lossy.Options{})
			if err != nil {
				out = []byte("error: " + err.Error() + "\n")
			}
			viewtest.Golden(t, "log", s.Name, out)
		})
	}
}

// TestLogSummaries checks that closing lines survive.
func TestLogSummaries(t *testing.T) {
	tests := []struct{ sample, want string }{
		{"x-gotest-v-panic", "ok  \texample.com/gt/ok\t(cached)"},
		{"x-gotest-v-panic", "FAIL\texample.com/gt/broken [build failed]"},
		{"x-npm-install-http", "added 47 packages in 3s"},
		{"x-apt-install-imagemagick", "0 upgraded, 24 newly installed, 0 to remove and 141 not upgraded."},
		{"x-apt-install-imagemagick", "Processing triggers for man-db (2.11.2-2) ..."},
		{"x-make-gcc-k", "make: Target 'app' not remade because of errors."},
		{"x-python-logging-traceback", "RuntimeError: aggregation failed for batch 42"},
		{"x-python-logging-traceback", "    raise RuntimeError(\"aggregation failed for batch 42\") from e"},
		{"x-jest-verbose", "Tests:       4 failed, 240 passed, 244 total"},
		{"x-jest-verbose", "    Received: NaN"},
		{"x-jest-verbose", "    +   \"c\": \"x\","},
		{"x-jest", "    > 2 | test('syntax', () => { expect(add(1, 2).toBe(3); });"},
		{"x-pytest-v", "E       KeyError: 'name'"},
		{"x-pytest-v", "=================== 5 failed, 62 passed, 1 skipped in 0.10s ===================="},
		{"x-pytest-v", "self = <calc.Config object at 0x7f8aa6324310>, d = {'retries': 5}"},
		{"x-pytest-v", "test_calc.py::test_skipped SKIPPED (flaky on CI)                         [100%]"},
		// Under Node's own frame, the install script's that called it.
		{"yarn-install-script-failed", "    at Object.<anonymous> (/tmp/qa2/yarn1/node_modules/native-thing/build.js:8:40)"},
		// lldb: what the session asked and the variables it was answered
		// with.
		{"lldb-batch-segv-null-pop", "(lldb) frame select 2"},
		{"lldb-batch-segv-null-pop", "(int) i = 3"},
		// Groovy: the script's frames among Groovy's runtime frames.
		{"groovy-debug-closure-exception", "	at shop.run(shop.groovy:35)"},
		// rake --trace: the Rakefile's frames among rake's.
		{"rake-trace-integer", "/tmp/my/rk/Rakefile:8:in `block (2 levels) in <top (required)>'"},
		// Perl::Critic's gravest rows among its advice, ChkTeX's advice
		// counted with its places.
		{"perlcritic-severity4-git-pm", `Git.pm: Two-argument "open" used at line 1643, column 13.  See page 207 of PBP.  (Severity: 5)`},
	}
	for _, tt := range tests {
		t.Run(tt.sample, func(t *testing.T) {
			out, err := Log(viewtest.Read(t, "log", tt.sample), lossy.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if m := logMissing(out, []string{tt.want}); len(m) > 0 {
				t.Errorf("missing %q", tt.want)
			}
		})
	}
}

// TestLogGoTestVerbose checks the go test -v view: every FAIL line kept,
// passing tests reduced to counts, the panic kept with its frames.
func TestLogGoTestVerbose(t *testing.T) {
	in := viewtest.Read(t, "log", "x-gotest-v-panic")
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var fails []string
	for _, l := range strings.Split(string(in), "\n") {
		if strings.HasPrefix(strings.TrimLeft(l, " "), "--- FAIL") {
			fails = append(fails, l)
		}
	}
	if len(fails) < 8 {
		t.Fatalf("sample has %d --- FAIL lines, want several", len(fails))
	}
	if m := logMissing(out, fails); len(m) > 0 {
		t.Errorf("--- FAIL lines missing: %q", m)
	}
	for _, want := range []string{
		"[… 41 passing tests (82 lines) omitted …]", "[… 21 passing tests and 1 skipped test (45 lines) omitted …]",
		"[… 3 lines of passing tests omitted …]", "[… 5 passing tests omitted …]",
		"panic: runtime error: integer divide by zero [recovered, repanicked]",
		"\t/tmp/xs/gt/calc/calc_test.go:32 +0x45",
		"    strs_test.go:35: p7 failed: expected 49 got 50",
	} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("view lacks %q", want)
		}
	}
	for _, gone := range []string{"--- PASS", "=== RUN   TestAdd", "=== PAUSE TestParallel/p0"} {
		if bytes.Contains(out, []byte(gone)) {
			t.Errorf("view keeps passing-test chatter %q", gone)
		}
	}
}

func TestLogGoTestJSON(t *testing.T) {
	in := viewtest.Read(t, "log", "x-gotest-json-panic")
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(out, []byte(`"Action"`)) {
		t.Error("view still shows JSON events")
	}
	for _, want := range []string{
		"--- FAIL: TestSub/5-3 (0.00s)", "--- FAIL: TestParallel/p7 (0.00s)", "--- FAIL: TestUpperTable/ß (0.00s)",
		"FAIL\texample.com/gt/calc\t0.013s", "ok  \texample.com/gt/ok\t(cached)",
		"broken/broken.go:7:33: undefined: nme", "FAIL\texample.com/gt/broken [build failed]",
		"    calc_test.go:24: Sub(7, 2) = 6, want 5", "[… 41 passing tests (82 lines) omitted …]",
	} {
		if m := logMissing(out, []string{want}); len(m) > 0 {
			t.Errorf("view lacks line %q", want)
		}
	}
	// The same view whichever entry point is used.
	direct, err := GoTestJSON(in, lossy.Options{})
	if err != nil || !bytes.Equal(direct, out) {
		t.Errorf("GoTestJSON differs from Log: %v", err)
	}
	if _, err := GoTestJSON([]byte("not json at all\nreally not\n"), lossy.Options{}); !errors.Is(err, lossy.ErrNoGain) {
		t.Errorf("GoTestJSON on text: %v, want lossy.ErrNoGain", err)
	}
}

func TestLogClassify(t *testing.T) {
	tests := []struct {
		line string
		want logClass
	}{
		{"main.c:7:20: error: ‘struct point’ has no member named ‘z’", logFailure},
		{"main.c:14:12: warning: too many arguments for format", logNotable},
		{"broken/broken.go:7:33: undefined: nme", logFailure},
		{`C:\src\app\main.c:3:1: error: expected ';'`, logFailure},
		{"npm error code E404", logFailure},
		{"npm warn deprecated request@2.88.2: request has been deprecated", logNotable},
		{"E: Unable to locate package foo", logFailure},
		{"W: Some index files failed to download", logFailure},
		{"ZeroDivisionError: division by zero", logFailure},
		{"make: *** [Makefile:6: main.o] Error 1", logFailure},
		{"exit status 2", logFailure},
		{"exit status 0", logSummary},
		{"< HTTP/1.0 200 ok", logSummary},
		{"> GET /api/users?page=1 HTTP/1.1", logSummary},
		{"> Accept: */*", logPlain},
		{"<< TLS 1.3, Handshake [length 0108], CertificateVerify", logPlain},
		{"ok  \texample.com/gt/ok\t0.007s", logSummary},
		{"?   \texample.com/gt/none\t[no test files]", logPlain},
		{"added 47 packages in 3s", logSummary},
		{"Tests: 3 failed, 10 passed", logFailure},
		{"4 passing (20ms)", logSummary},
		{"0 errors, 0 warnings", logSummary},
		{"No syntax errors detected in phpsrc/mod1.php", logSummary},
		{"Errors parsing phpsrc/mod17.php", logFailure},
		{"the syntax errors are listed below", logFailure},
		{"packagefile errors=/tmp/go-build/b004/_pkg_.a", logPlain},
		{"compile -o $WORK/b004/_pkg_.a -p errors -lang=go1.26", logPlain},
		{"npm silly fetch manifest assert-plus@^1.0.0", logPlain},
		{"cd /usr/local/go/src/errors", logPlain},
		{"return errors.New(x)", logPlain},
		{"Setting up libfftw3-double3:amd64 (3.3.10-1) ...", logPlain},
		{"  ✗ should reject bad input", logFailure},
		{"not ok 3 - parses port", logFailure},
		{"WARNING: DATA RACE", logFailure},
		{"Found 2 data race(s)", logFailure},
		{"    testing.go:1712: race detected during execution of test", logFailure},
		{"BUILD SUCCESSFUL in 12s", logSummary},
		{"make[2]: Leaving directory '/src/lib'", logSummary},
		{"TestErrorHandling passed in 3ms", logPlain},
	}
	for _, tt := range tests {
		if got := logClassify([]byte(tt.line)); got != tt.want {
			t.Errorf("logClassify(%q) = %d, want %d", tt.line, got, tt.want)
		}
	}
}

// TestLogTemplates checks that similar lines collapse into one example and
// a count while distinct ones stay apart.
func TestLogTemplates(t *testing.T) {
	var b strings.Builder
	b.WriteString("start of build\n")
	for i := range 200 {
		b.WriteString("2026-01-02T03:04:05.123Z INFO fetched chunk ")
		b.WriteString(strings.Repeat("x", i%7))
		b.WriteString(" id=0x1f")
		b.WriteString(string(rune('a' + i%26)))
		b.WriteString(" in 12ms\n")
	}
	b.WriteString("error: disk full while writing chunk 201\n")
	for range 100 {
		b.WriteString("Setting up libfoo (1.2.3) ...\n")
	}
	b.WriteString("done\n")
	out, err := Log([]byte(b.String()), lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out, []byte("\nerror: disk full while writing chunk 201\n")) {
		t.Error("failure line lost")
	}
	if !bytes.Contains(out, []byte("similar lines omitted")) {
		t.Error("no template collapse")
	}
	if len(out) > 1500 {
		t.Errorf("view is %d bytes:\n%s", len(out), out)
	}
}

// TestLogGoroutineDump checks that a long goroutine dump is trimmed to the
// first frames of the first goroutines, with counts, and that goroutines
// with one stack are shown once.
func TestLogGoroutineDump(t *testing.T) {
	var b strings.Builder
	b.WriteString("=== RUN   TestHang\npanic: test timed out after 10m0s\n\trunning tests:\n\t\tTestHang (10m0s)\n\n")
	for g := range 40 {
		b.WriteString("goroutine ")
		b.WriteString(strings.Repeat("1", g%3+1))
		b.WriteString(" [chan receive]:\n")
		for f := range 30 {
			b.WriteString("example.com/p.f")
			b.WriteString(strings.Repeat("x", f%5))
			b.WriteString("(0xc000012345)\n\t/src/p/p.go:")
			b.WriteString(strings.Repeat("9", f%4+1))
			b.WriteString(" +0x1d\n")
		}
		b.WriteString("\n")
	}
	b.WriteString("FAIL\texample.com/p\t600.012s\n")
	in := []byte(b.String())
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) > len(in)/5 {
		t.Errorf("dump kept %d of %d bytes", len(out), len(in))
	}
	for _, want := range []string{"panic: test timed out after 10m0s", "FAIL\texample.com/p\t600.012s", "stack frame lines omitted", "[… 38 goroutines with this stack, ids 111, 1, 11, 111,"} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("view lacks %q", want)
		}
	}
}

// TestLogManyPackages checks `go test ./...` over many packages: every FAIL
// kept, the ok lines capped with a count.
func TestLogManyPackages(t *testing.T) {
	var b strings.Builder
	for i := range 300 {
		if i%97 == 5 {
			b.WriteString("--- FAIL: TestX (0.00s)\n    x_test.go:9: got 1, want 2\nFAIL\nFAIL\texample.com/m/p" + strconv.Itoa(i) + "\t0.01s\n")
			continue
		}
		b.WriteString("ok  \texample.com/m/p" + strconv.Itoa(i) + "\t0." + strconv.Itoa(i%10) + "1s\n")
	}
	in := []byte(b.String())
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m := failure.Missing(router.Log, in, out); len(m) > 0 {
		t.Errorf("failure lines missing: %q", m)
	}
	if len(out) > len(in)/3 {
		t.Errorf("view keeps %d of %d bytes", len(out), len(in))
	}
	if !bytes.Contains(out, []byte("similar lines omitted")) {
		t.Error("ok lines not counted")
	}
}

func TestLogTargetRatio(t *testing.T) {
	in := viewtest.Read(t, "log", "x-npm-e404-silly")
	loose, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tight, err := Log(in, lossy.Options{TargetRatio: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	if len(tight) >= len(loose) {
		t.Errorf("TargetRatio 0.05 gave %d bytes, default %d", len(tight), len(loose))
	}
	if m := logMissing(tight, logOracleLines(in)); len(m) > 0 {
		t.Errorf("tight view lost failure lines: %q", m)
	}
	if m := failure.Missing(router.Log, in, tight); len(m) > 0 {
		t.Errorf("tight view lost failure lines: %q", m)
	}
}

func TestLogQuery(t *testing.T) {
	in := viewtest.Read(t, "log", "x-npm-e404-silly")
	const line = "npm http fetch GET 200 https://registry.npmjs.org/jsprim 10ms (cache updated)"
	if !bytes.Contains(in, []byte(line+"\n")) {
		t.Fatal("sample lacks the line this test looks for")
	}
	plain, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(plain, []byte(line+"\n")) {
		t.Skip("line is kept without a query; nothing to test")
	}
	got, err := Log(in, lossy.Options{Query: "JSPRIM fetch"})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(got, []byte(line+"\n")) {
		t.Errorf("query did not bring %q into view", line)
	}
}

func TestLogBadInput(t *testing.T) {
	for name, in := range map[string][]byte{
		"empty":   nil,
		"nul":     []byte("error: a\x00b\n" + strings.Repeat("line\n", 100)),
		"short":   []byte("ok\n"),
		"newline": []byte("\n\n\n"),
	} {
		if _, err := Log(in, lossy.Options{}); !errors.Is(err, lossy.ErrNoGain) {
			t.Errorf("%s: err = %v, want lossy.ErrNoGain", name, err)
		}
	}
	// Invalid UTF-8 and CRLF are shown, not mangled: failure lines verbatim.
	in := []byte(strings.Repeat("step \xff\xfe done\r\n", 200) + "fatal: bad \xff object\r\n" + strings.Repeat("tail\r\n", 20))
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out, []byte("\nfatal: bad \xff object\n")) {
		t.Errorf("failure line not verbatim:\n%q", out)
	}
}

func FuzzLog(f *testing.F) {
	for _, kind := range []string{"log"} {
		files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "samples", kind, "x-*.txt"))
		for _, file := range files {
			if in, err := os.ReadFile(file); err == nil && len(in) < 16<<10 {
				f.Add(in)
			}
		}
	}
	f.Add([]byte("panic: x\n\ngoroutine 1 [running]:\nmain.main()\n\t/a.go:1 +0x1\n"))
	f.Add([]byte("Traceback (most recent call last):\n  File \"a\", line 1\nE\n"))
	f.Add([]byte(`{"Action":"output","Test":"T","Output":"x"}` + "\n"))
	f.Add([]byte("rake aborted!\nArgumentError: bad\n/app/Rakefile:8:in `x'\n/usr/lib/ruby/3.1.0/a.rb:1:in `y'\n\tfrom /gems/b.rb:2:in 'z'\nTasks: TOP => a\n"))
	f.Add([]byte("Warning 26 in a.tex line 9: You ought to.\nWe are .\n       ^\nGit.pm: Stricture disabled at line 9, column 2.  (Severity: 4)\na.tex:4:21:26:`]' x.\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		out, err := Log(in, lossy.Options{})
		if err != nil {
			if !errors.Is(err, lossy.ErrNoGain) {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		again, _ := Log(in, lossy.Options{})
		if !bytes.Equal(out, again) {
			t.Fatal("not deterministic")
		}
		if len(out) > len(in) {
			t.Fatalf("view %d bytes longer than input %d", len(out), len(in))
		}
	})
}

func BenchmarkLog(b *testing.B) {
	for _, name := range []string{"x-gobuild-x", "x-gotest-json-panic", "x-npm-e404-silly", "x-gotest-v-panic", "x-apt-install-imagemagick"} {
		in := viewtest.Read(b, "log", name)
		b.Run(name, func(b *testing.B) {
			var out []byte
			for b.Loop() {
				out, _ = Log(in, lossy.Options{})
			}
			b.ReportMetric(float64(len(in))*float64(b.N)/b.Elapsed().Seconds()/1e6, "MB/s")
			b.ReportMetric(float64(len(out))/float64(len(in)), "ratio")
		})
	}
}

// logNote matches the notes a log view writes in place of dropped lines.
var logNote = regexp.MustCompile(`^\[… \d+ [^\]]* omitted(( above)?: .*)? …\]$`)

// logCut matches the note that ends a line cut for length.
var logCut = regexp.MustCompile(` \[… \d+ bytes omitted …\]$`)

// logSubsequence reports the first line of view that breaks "the view is
// the input's lines, in order, each at most once, plus omission notes".
func logSubsequence(in, view []byte) (string, bool) {
	var input []string
	for _, raw := range strings.Split(string(in), "\n") {
		input = append(input, string(ansi.Visible([]byte(raw))))
	}
	strip := func(raw string) string {
		return strings.TrimSuffix(string(ansi.Strip([]byte(raw))), "\r")
	}
	raws := strings.Split(string(in), "\n")
	next := 0
	for _, l := range strings.Split(strings.TrimSuffix(string(view), "\n"), "\n") {
		if logNote.MatchString(l) {
			continue
		}
		prefix, cut := l, false
		if loc := logCut.FindStringIndex(l); loc != nil {
			prefix, cut = l[:loc[0]], true
		}
		found := false
		for next < len(input) && !found {
			found = input[next] == l || strip(raws[next]) == l || cut && strings.HasPrefix(input[next], prefix)
			next++
		}
		if !found {
			return l, false
		}
	}
	return "", true
}

// TestLogSubsequence holds every view to being an in-order subsequence of
// its input's lines plus omission notes: never reordered, never repeated.
func TestLogSubsequence(t *testing.T) {
	for _, s := range viewtest.Samples(t, "log") {
		t.Run(s.Name, func(t *testing.T) {
			in := s.In
			if text := GoTestText(in); text != nil {
				in = text // the view shows the decoded events
			}
			for _, o := range []lossy.Options{{}, {TargetRatio: 0.05}} {
				out, err := Log(s.In, o)
				if errors.Is(err, lossy.ErrNoGain) {
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				if l, ok := logSubsequence(in, out); !ok {
					t.Errorf("ratio %v: view line %q is not the next input line in order:\n%s", o.TargetRatio, l, out)
				}
			}
		})
	}
}

// raceReport builds one race detector report whose first access has depth
// frames.
func raceReport(b *strings.Builder, depth int) {
	b.WriteString("==================\nWARNING: DATA RACE\nWrite at 0x00c000094188 by goroutine 10:\n")
	for k := range depth {
		b.WriteString("  example.com/deep.f" + strconv.Itoa(k) + "()\n      /src/deep/deep.go:" + strconv.Itoa(k+1) + " +0x12\n")
	}
	b.WriteString("\nPrevious read at 0x00c000094188 by goroutine 9:\n  example.com/deep.g()\n      /src/deep/deep.go:90 +0x9b\n")
	b.WriteString("\nGoroutine 10 (running) created at:\n  example.com/deep.TestDeep()\n      /src/deep/deep_test.go:14 +0x84\n")
	b.WriteString("\nGoroutine 9 (finished) created at:\n  example.com/deep.TestDeep()\n      /src/deep/deep_test.go:15 +0x84\n")
	b.WriteString("==================\n")
}

// TestLogRaceReport checks that a race report is kept whole and in order,
// every section header included, with only very deep stacks trimmed.
func TestLogRaceReport(t *testing.T) {
	var b strings.Builder
	for k := range 300 {
		b.WriteString("2026-01-02T03:04:05Z INFO worker " + strconv.Itoa(k) + " started\n")
	}
	raceReport(&b, 100)
	b.WriteString("Found 1 data race(s)\nexit status 66\n")
	in := []byte(b.String())
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"==================\nWARNING: DATA RACE\nWrite at 0x00c000094188 by goroutine 10:\n  example.com/deep.f0()\n",
		"\nPrevious read at 0x00c000094188 by goroutine 9:\n  example.com/deep.g()\n      /src/deep/deep.go:90 +0x9b\n\n" +
			"Goroutine 10 (running) created at:\n  example.com/deep.TestDeep()\n      /src/deep/deep_test.go:14 +0x84\n\n" +
			"Goroutine 9 (finished) created at:\n  example.com/deep.TestDeep()\n      /src/deep/deep_test.go:15 +0x84\n==================\n",
		"stack frame lines omitted …]\n",
		"\nFound 1 data race(s)\n",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("view lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(string(out), "deep.f90()") {
		t.Errorf("deep stack not trimmed:\n%s", out)
	}
	if m := failure.Missing(router.Log, in, out); len(m) > 0 {
		t.Errorf("failure lines missing: %q", m)
	}
	if l, ok := logSubsequence(in, out); !ok {
		t.Errorf("view line %q out of order", l)
	}
}

// TestLogNodeTest checks node --test output in both reporters: a failing
// test's whole diagnostic (expected and actual values, error code) stays,
// passing tests become a count.
func TestLogNodeTest(t *testing.T) {
	tests := []struct {
		name string
		want []string
	}{
		{"node-test-many-tap", []string{
			"        +     3\n        -     4\n            ]\n          }\n      code: 'ERR_ASSERTION'\n      name: 'AssertionError'\n      expected:\n",
			"      actual:\n        a: 1\n",
			"[… 25 passing tests (125 lines) omitted …]\n",
			"[… 1 skipped test (5 lines) omitted …]\n",
			"    not ok 28 - async reject\n",
		}},
		{"node-test-many-spec", []string{
			"    +     3\n    -     4\n",
			"      code: 'ERR_ASSERTION',\n      actual: { a: 1, b: [ 1, 2, 3 ] },\n      expected: { a: 1, b: [ 1, 2, 4 ] },\n",
			"[… 25 passing tests omitted …]\n",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := viewtest.Read(t, "log", tt.name)
			out, err := Log(in, lossy.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(out), w) {
					t.Errorf("view lacks %q:\n%s", w, out)
				}
			}
			if strings.Contains(string(out), "ok 3 - adds 2") || strings.Contains(string(out), "✔ adds 2 (") {
				t.Errorf("passing test shown:\n%s", out)
			}
		})
	}
}

// TestLogGoroutineGroups: in real dumps (a panic with GOTRACEBACK=all, a
// SIGQUIT with the runtime's goroutines) every function of the user's code
// stays in view, goroutines with one stack are shown once with the ids of
// the others, and each user goroutine's own frames come before the
// runtime's.
func TestLogGoroutineGroups(t *testing.T) {
	idList := regexp.MustCompile(`\[… \d+ goroutines with this stack, ids ([0-9–, ]+) \(\d+ lines\) omitted …\]`)
	for _, name := range []string{"go-panic-goroutines", "go-sigquit-system"} {
		t.Run(name, func(t *testing.T) {
			in := viewtest.Read(t, "log", name)
			out, err := Log(in, lossy.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range bytes.Split(in, []byte("\n")) {
				if bytes.HasPrefix(l, []byte("main.")) {
					f := l[:bytes.LastIndexByte(l, '(')]
					if !bytes.Contains(out, f) {
						t.Errorf("user frame %s not in view", f)
					}
				}
			}
			listed := map[int]bool{}
			for _, m := range idList.FindAllSubmatch(out, -1) {
				for _, r := range strings.Split(string(m[1]), ", ") {
					lo, hi, _ := strings.Cut(r, "–")
					a, _ := strconv.Atoi(lo)
					b := a
					if hi != "" {
						b, _ = strconv.Atoi(hi)
					}
					for id := a; id <= b; id++ {
						listed[id] = true
					}
				}
			}
			// The 30 workers: one holds the mutex and sleeps, 29 wait on it.
			if n := len(listed); n < 28+11+4 {
				t.Errorf("%d goroutines named in same-stack notes, want >= 43:\n%s", n, out)
			}
			if !bytes.Contains(out, []byte("[sync.Mutex.Lock]:")) || !bytes.Contains(out, []byte("[select (no cases)]:")) {
				t.Errorf("blocked user goroutines missing:\n%s", out)
			}
			if len(out) > len(in)/3 {
				t.Errorf("view %d of %d bytes", len(out), len(in))
			}
		})
	}
}

// TestLogAptHistory: an apt history log keeps each transaction's
// Start-Date and Commandline, even where its package lists are elided.
func TestLogAptHistory(t *testing.T) {
	in := viewtest.Read(t, "log", "apt-history-machine")
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range bytes.Split(in, []byte("\n")) {
		if bytes.HasPrefix(l, []byte("Start-Date: ")) || bytes.HasPrefix(l, []byte("Commandline: ")) {
			n++
			if !bytes.Contains(out, l[:min(len(l), 200)]) {
				t.Errorf("dropped: %.200s", l)
			}
		}
	}
	if n < 20 {
		t.Fatalf("%d transactions lines in the sample", n)
	}
	if len(out) > len(in)/2 {
		t.Errorf("view %d of %d bytes", len(out), len(in))
	}
}

// TestLogLintFindings pins the collapse of lint findings below error level
// on real eslint and shellcheck reports: every error row, its file heading
// and the summary stay; no warning row does; the notes count every
// warning, per rule, with its location at the first level.
func TestLogLintFindings(t *testing.T) {
	for _, tt := range []struct {
		name     string
		warning  func(l string) bool
		error    func(l string) bool
		findings int
	}{
		{"eslint-stylish-big", func(l string) bool { return strings.Contains(l, "  warning  ") },
			func(l string) bool {
				return strings.Contains(l, "  error  ") || strings.HasPrefix(l, "/") || strings.HasPrefix(l, "✖")
			}, 270},
		{"eslint-compact-util", func(l string) bool { return strings.Contains(l, ", Warning - ") },
			func(l string) bool { return strings.Contains(l, ", Error - ") || strings.HasSuffix(l, " problems") }, 90},
		{"cargo-clippy-pedantic", func(l string) bool { return strings.HasPrefix(l, "warning: this function could have") },
			func(l string) bool {
				return strings.HasPrefix(l, "error") || l == "  --> src/lib.rs:15:5" || l == "15 |     return n;"
			}, 21}, // all 21 warnings; "help: ... handle the error" is no failure
		{"cppcheck-enable-all", func(l string) bool {
			return strings.Contains(l, ": style: ") && strings.HasSuffix(l, "[unusedFunction]")
		},
			// Findings at column 0 (unusedFunction, missingIncludeSystem) are
			// counted; those with a column read as compiler diagnostics,
			// failure lines by failure.Lines, and stay.
			func(l string) bool { return strings.Contains(l, ": error: ") }, 26},
		{"oxlint-miette", func(l string) bool { return strings.HasPrefix(l, "  ! eslint(") },
			func(l string) bool { return strings.HasPrefix(l, "  x ") || strings.HasPrefix(l, "Found ") }, 71},
		{"biome-lint", func(l string) bool { return strings.Contains(l, "noUnusedVariables") && strings.Contains(l, "━━") },
			func(l string) bool { return strings.HasPrefix(l, "  × ") }, 6}, // "!" blocks are warnings, "×" errors
		{"revive-friendly-tablewriter", func(l string) bool { return strings.HasPrefix(l, "  ⚠  https://revive.run/r#") },
			func(l string) bool {
				return strings.HasPrefix(l, "⚠ 67 problems") || strings.HasPrefix(l, "  54  exported")
			}, 67},
		{"cspell-docs", func(l string) bool { return strings.Contains(l, " - Unknown word (") },
			func(l string) bool { return strings.HasPrefix(l, "CSpell: ") }, 48},
		{"shellcheck-tty", func(l string) bool { return strings.Contains(l, "(info)") && !strings.Contains(l, "SC2181") },
			func(l string) bool {
				return strings.Contains(l, "(error)") || strings.HasPrefix(l, "In deploy.sh line 22:")
			}, 25},
	} {
		t.Run(tt.name, func(t *testing.T) {
			in := viewtest.Read(t, "log", tt.name)
			out, err := Log(in, lossy.Options{})
			if err != nil {
				t.Fatal(err)
			}
			view := string(out)
			for _, l := range strings.Split(string(in), "\n") {
				if tt.error(l) && !strings.Contains(view, l+"\n") {
					t.Errorf("error line lost: %q", l)
				}
				if tt.warning(l) && strings.Contains(view, l+"\n") {
					t.Errorf("warning line kept: %q", l)
				}
			}
			n := 0
			for _, m := range regexp.MustCompile(`\[… (\d+) lint findings? .*omitted above: (.*) …\]`).FindAllStringSubmatch(view, -1) {
				k, _ := strconv.Atoi(m[1])
				n += k
				if !strings.Contains(m[2], " at ") {
					t.Errorf("note without locations: %q", m[0])
				}
			}
			// shellcheck's 28 notes less the error block's two and the
			// block whose source line says "fail", which stays whole.
			if n != tt.findings {
				t.Errorf("notes count %d findings, want %d:\n%s", n, tt.findings, view)
			}
		})
	}
}

// TestLogExplainPlan checks a psql session with EXPLAIN ANALYZE plans (psql
// prints each as a one-column "QUERY PLAN" table): every plan's top node and
// its Planning and Execution Time stay, nested nodes may go.
func TestLogExplainPlan(t *testing.T) {
	in := viewtest.Read(t, "log", "psql-explain-analyze-orders")
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range bytes.Split(in, []byte("\n")) {
		if bytes.HasPrefix(l, []byte(" Planning Time: ")) || bytes.HasPrefix(l, []byte(" Execution Time: ")) || logPlanTop(l) {
			n++
			if !bytes.Contains(out, append(append([]byte{'\n'}, l...), '\n')) {
				t.Errorf("dropped: %s", l)
			}
		}
	}
	if n < 21 {
		t.Fatalf("%d plan heads and totals in the sample", n)
	}
	if logPlanTop([]byte("   ->  Hash Join  (cost=1.00..2.00 rows=1 width=4)")) {
		t.Error("a nested node read as a plan's top")
	}
	if len(out) > len(in)/2 {
		t.Errorf("view %d of %d bytes", len(out), len(in))
	}
}

// TestLogAssertDiff checks mocha's assertion diffs: every changed line of
// each failing test's diff ("+   owner: 'mara',", "-    \"monthly\": 900")
// stays, also when the view must shrink.
func TestLogAssertDiff(t *testing.T) {
	in := viewtest.Read(t, "log", "mocha-assert-diff")
	views := 0
	for _, ratio := range []float64{0, 0.5, 0.3} {
		out, err := Log(in, lossy.Options{TargetRatio: ratio})
		if errors.Is(err, lossy.ErrNoGain) {
			continue // passed through whole
		}
		if err != nil {
			t.Fatal(err)
		}
		views++
		n := 0
		for _, l := range bytes.Split(in, []byte("\n")) {
			tr := bytes.TrimLeft(l, " ")
			if len(tr) > 1 && (tr[0] == '+' || tr[0] == '-') && (bytes.Contains(l, []byte("'")) || bytes.Contains(l, []byte(":")) || len(bytes.TrimSpace(tr[1:])) > 0) {
				n++
				if !bytes.Contains(out, append(append([]byte{'\n'}, l...), '\n')) {
					t.Errorf("ratio %v: dropped %q", ratio, l)
				}
			}
		}
		if n < 20 {
			t.Fatalf("%d diff lines in the sample", n)
		}
	}
	if views == 0 {
		t.Fatal("no view shrank the sample")
	}
}

// TestLogExpectedReceived checks vitest's assertion diffs under "- Expected"
// and "+ Received": every changed line stays, the values under jest's
// "- Expected:" / "+ Received:" too, and so does each failure's location
// line ("❯ tests/calc.test.js:7:41").
func TestLogExpectedReceived(t *testing.T) {
	in := viewtest.Read(t, "log", "vitest-fail")
	for _, ratio := range []float64{0, 0.5} {
		out, err := Log(in, lossy.Options{TargetRatio: ratio})
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{
			`-     "active": false,`,
			`+     "active": true,`,
			`-   "name": "Anne",`,
			`+   "name": "Ann",`,
			`+     "dev",`,
			"- 0.3",
			"+ 0.30000000000000004",
			"null",
			"undefined",
			" ❯ tests/calc.test.js:6:52",
			" ❯ tests/calc.test.js:7:41",
			" ❯ tests/calc.test.js:8:58",
			" ❯ tests/calc.test.js:11:60",
		} {
			if !bytes.Contains(out, []byte("\n"+want+"\n")) {
				t.Errorf("ratio %v: dropped %q", ratio, want)
			}
		}
		if len(out) >= len(in) {
			t.Errorf("ratio %v: view %d of %d bytes", ratio, len(out), len(in))
		}
	}
}

// TestLogGDBValues checks a gdb batch session: the backtrace frames and the
// locals and printed values under the selected frame stay.
func TestLogGDBValues(t *testing.T) {
	in := viewtest.Read(t, "log", "gdb-batch-tree")
	out, err := Log(in, lossy.Options{TargetRatio: 0.4})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"#0  0x000055555555515c in depth_of (n=0x0, want=9) at tree.c:5",
		"#3  0x000055555555525a in main (argc=2, argv=0x7fffffffe7b8) at tree.c:15",
		"next = 0x7fffffffe670",
		`$1 = {key = 5, left = 0x7fffffffe650, right = 0x7fffffffe670, name = 0x555555556008 "a"}`,
	} {
		if !bytes.Contains(out, []byte("\n"+want+"\n")) {
			t.Errorf("dropped %q", want)
		}
	}
	if len(out) >= len(in) {
		t.Errorf("view %d of %d bytes", len(out), len(in))
	}
	if logGDBValue([]byte("rax            0x0                 0")) {
		t.Error("a register row read as a value")
	}
}

// TestLogFileFindings checks prettier --check: its list of files to fix
// ("[warn] src/m1.js") is the answer and stays whole, never folded as
// similar lines.
func TestLogFileFindings(t *testing.T) {
	in := viewtest.Read(t, "log", "prettier-check")
	if _, err := Log(in, lossy.Options{}); !errors.Is(err, lossy.ErrNoGain) {
		t.Fatalf("err %v, want the sample passed through whole", err)
	}
	// Behind a build's chatter the view has something to drop.
	in = append(buildChatter(200), in...)
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range bytes.Split(in, []byte("\n")) {
		if bytes.HasPrefix(l, []byte("[warn] ")) && bytes.IndexByte(l[len("[warn] "):], ' ') < 0 {
			n++
			if !bytes.Contains(out, append(append([]byte{'\n'}, l...), '\n')) {
				t.Errorf("dropped %q", l)
			}
		}
	}
	if n < 30 {
		t.Fatalf("%d file lines in the sample", n)
	}
}

// TestLogRustfmtFiles checks rustfmt --check: the "Diff in src/m2.rs:1:"
// line over each file's diff names a file to fix and stays, though the
// diffs under it are alike.
func TestLogRustfmtFiles(t *testing.T) {
	in := viewtest.Read(t, "log", "rustfmt-check")
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"m1.rs", "m2.rs", "m3.rs", "m7.rs", "m12.rs"} {
		if w := "Diff in /tmp/qaloss/hunt/rustfmt/" + f + ":1:\n"; !bytes.Contains(out, []byte(w)) {
			t.Errorf("view lacks %q:\n%s", w, out)
		}
	}
}

// TestLogDiagMessages checks OCaml's diagnostics: the message under each
// kept 'File "m2.ml", line 4, characters 24-44:' stays, past its quoted
// source and carets.
func TestLogDiagMessages(t *testing.T) {
	sample := viewtest.Read(t, "log", "ocaml-build")
	// Alone, and behind a build's chatter the view has more to drop.
	for _, in := range [][]byte{sample, append(buildChatter(200), sample...)} {
		out, err := Log(in, lossy.Options{})
		if errors.Is(err, lossy.ErrNoGain) {
			continue // passed through whole
		}
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, l := range bytes.Split(in, []byte("\n")) {
			if bytes.HasPrefix(l, []byte("Warning ")) {
				n++
				if !bytes.Contains(out, append(append([]byte{'\n'}, l...), '\n')) {
					t.Errorf("%d bytes in: dropped %q", len(in), l)
				}
			}
		}
		if n < 20 {
			t.Fatalf("%d messages in the sample", n)
		}
		if bytes.Contains(out, []byte("[… 1 similar line omitted …]")) || bytes.Contains(out, []byte("[… 1 other line omitted …]")) {
			t.Errorf("a note stands for a single line:\n%s", out)
		}
	}
}

// buildChatter returns n lines of a build's progress, which a log view
// folds into one note.
func buildChatter(n int) []byte {
	var b []byte
	for i := range n {
		b = append(b, "building module "+strconv.Itoa(i)+" of "+strconv.Itoa(n)+"\n"...)
	}
	return b
}

// TestLogFailureOneDefinition checks that the lines the view keeps as
// failures (with context, verbatim) are the failure lines of
// failure.Lines: the view's own word list only grades the rest, so a
// passing "=== RUN TestWriteStringError" or rustc's "For more information
// about an error" is not a failure here while the boundary calls it none.
func TestLogFailureOneDefinition(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "samples", "log", "*.txt"))
	if len(files) == 0 {
		t.Fatal("no log samples")
	}
	for _, f := range files {
		in, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if testevent.IsStream(in) {
			continue
		}
		fails := map[string]bool{}
		for _, l := range failure.Lines(router.Log, in) {
			fails[string(l)] = true
		}
		d := logParse(in, lossy.Options{})
		for i := range d.lines {
			l := &d.lines[i]
			line := string(bytes.TrimSuffix(d.raw(l), []byte{'\r'}))
			if l.class == logFailure && !fails[line] {
				t.Errorf("%s: %q is a failure of the view, not of failure.Lines", filepath.Base(f), line)
			}
		}
	}
}

// TestLogWarningsOutrank checks that a few warnings among thousands of info
// lines all stay: each has its own values ("queue depth 889"), and the
// info lines kept around failures must not outrank them.
func TestLogWarningsOutrank(t *testing.T) {
	in := viewtest.Read(t, "log", "python-worker-retries")
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range strings.Split(string(in), "\n") {
		if strings.Contains(l, " WARNING ") {
			n++
			if !bytes.Contains(out, []byte(l+"\n")) {
				t.Errorf("warning dropped: %q", l)
			}
		}
	}
	if n < 10 {
		t.Fatalf("sample has %d warnings, want 10 or more", n)
	}
}

// TestLogRepeatedTraces checks that a traceback whose frames repeat an
// earlier one's, byte for byte, shows its frames once and counts them
// after that, keeping each copy's exception line; a trace whose frames
// differ in one line number is no repeat.
func TestLogRepeatedTraces(t *testing.T) {
	tb := func(line int, msg string) string {
		return "Traceback (most recent call last):\n" +
			"  File \"/srv/app/worker.py\", line " + strconv.Itoa(line) + ", in <module>\n" +
			"    ping()\n" +
			"  File \"/srv/app/worker.py\", line 12, in ping\n" +
			"    raise ConnectionRefusedError(111, \"Connection refused\")\n" +
			"ConnectionRefusedError: [Errno 111] " + msg + "\n"
	}
	var b strings.Builder
	for i := range 400 {
		b.WriteString("2026-12-01 10:00:00,000 INFO    [worker] processing order=" + strconv.Itoa(1000+i) + "\n")
		switch i % 50 {
		case 10:
			b.WriteString("2026-12-01 10:00:00,000 ERROR   [worker] health check failed\n")
			b.WriteString(tb(23, "Connection refused to db-"+strconv.Itoa(i)))
		case 30:
			b.WriteString("2026-12-01 10:00:00,000 ERROR   [worker] health check failed\n")
			b.WriteString(tb(24, "Connection refused"))
		}
	}
	in := []byte(b.String())
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	view := string(out)
	if missing := failure.Missing(router.Log, in, out); len(missing) > 0 {
		t.Errorf("%d failure lines missing, first %q", len(missing), missing[0])
	}
	for _, want := range []struct {
		line string
		n    int
	}{
		{`  File "/srv/app/worker.py", line 23, in <module>` + "\n", 1},
		{`  File "/srv/app/worker.py", line 24, in <module>` + "\n", 1},
		{"ConnectionRefusedError: [Errno 111] Connection refused to db-60\n", 1},
		{"ConnectionRefusedError: [Errno 111] Connection refused to db-360\n", 1},
		{"[… 4 stack frame lines, the same as in a trace above, omitted …]\n", 14},
	} {
		if got := strings.Count(view, want.line); got != want.n {
			t.Errorf("%q appears %d times, want %d:\n%s", want.line, got, want.n, view)
		}
	}
}

// TestLogKernelLevels checks dmesg -x: each warn line, a warning whatever
// its words, outranks the info lines (each message its own template, not
// one "kern" template for every line), and the err line is kept.
func TestLogKernelLevels(t *testing.T) {
	in := viewtest.Read(t, "log", "dmesg-x")
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range strings.Split(string(in), "\n") {
		if strings.HasPrefix(l, "kern  :warn  : ") || strings.HasPrefix(l, "kern  :err   : ") {
			n++
			want := l + "\n"
			if len(l) > logDefault.lineBytes {
				want = "\n" + l[:60] // a long line is clipped, not dropped
			}
			if !bytes.Contains(out, []byte(want)) {
				t.Errorf("dropped: %q", l)
			}
		}
	}
	if n < 10 {
		t.Fatalf("sample has %d warn and err lines, want 10 or more", n)
	}
	if !bytes.Contains(out, []byte(" omitted")) {
		t.Error("no info line dropped")
	}
}

// TestLogAssertPairs checks that what an assertion expected and what it
// got are kept together, at the default level and under a tight target:
// node's AssertionError fields, jest's "Expected constructor:" over
// "Received constructor:", testify's Error field with its detail.
func TestLogAssertPairs(t *testing.T) {
	for _, tt := range []struct {
		sample string
		want   []string
	}{
		{"node-test-junit-xml", []string{"    actual: 23,\n    expected: 17,\n", "    actual: 65,\n    expected: 41,\n"}},
		{"jest-failures", []string{"    Expected constructor: TypeError\n    Received constructor: RangeError\n"}},
		{"go-testify", []string{
			"        \tError:      \tReceived unexpected error:\n        \t            \tdial tcp 127.0.0.1:5432: connect: connection refused\n",
			"        \t            \texpected: gt.User{ID:7,",
		}},
	} {
		in := viewtest.Read(t, "log", tt.sample)
		for _, ratio := range []float64{0, 0.3} {
			out, err := Log(in, lossy.Options{TargetRatio: ratio})
			if errors.Is(err, lossy.ErrNoGain) {
				out = in // nothing dropped
			} else if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !bytes.Contains(out, []byte(w)) {
					t.Errorf("%s at ratio %v: lacks %q", tt.sample, ratio, w)
				}
			}
		}
	}
}

// TestLogTapSkipCase checks that a TAP directive counts in any case, as
// TAP says: bats and Test::More write "# skip reason", and a skipped test
// is counted as skipped, not as passing.
func TestLogTapSkipCase(t *testing.T) {
	in := viewtest.Read(t, "log", "bats-fail")
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out, []byte(" and 1 skipped test omitted …]\n")) {
		t.Errorf("the test skipped with '# skip' not counted as skipped:\n%s", out)
	}
	for _, d := range []string{"ok 5 skip on ci # skip needs docker", "ok 1 # SKIP no db", "ok 2 - x # Skip", "ok 3 # TODO later", "ok 4 # todo"} {
		word := "SKIP"
		if strings.Contains(strings.ToUpper(d), "TODO") {
			word = "TODO"
		}
		if !logTapDirective([]byte(d), word) {
			t.Errorf("logTapDirective(%q, %q) = false", d, word)
		}
	}
	if logTapDirective([]byte("ok 6 - skipping # skipper"), "SKIP") {
		t.Error("a word starting with skip counted as the directive")
	}
}

// TestLogTapYAMLRecords checks eslint -f tap: every message of a failing
// file's YAML block keeps its rule, severity and place, verbatim or, past
// the block's cap, in the block's note ("[… 27 lines omitted: no-var
// (warning) at 13:1, 15:8: Unexpected var, … …]").
func TestLogTapYAMLRecords(t *testing.T) {
	in := viewtest.Read(t, "log", "eslint-tap")
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	view := string(out)
	lines := strings.Split(string(in), "\n")
	n, noted := 0, 0
	for i, l := range lines {
		msg, ok := strings.CutPrefix(strings.TrimLeft(l, " "), "- message: ")
		if !ok || i+5 >= len(lines) {
			continue
		}
		n++
		field := func(k int, key string) string {
			return strings.TrimPrefix(strings.TrimSpace(lines[i+k]), key+": ")
		}
		line, col, rule := field(3, "line"), field(4, "column"), field(5, "ruleId")
		if strings.Contains(view, "\n"+l+"\n"+lines[i+1]+"\n"+lines[i+2]+"\n"+lines[i+3]+"\n"+lines[i+4]+"\n"+lines[i+5]+"\n") {
			continue
		}
		group := regexp.QuoteMeta(rule+" ("+field(1, "severity")+") at ") + `[0-9:, ]*\b` + regexp.QuoteMeta(line+":"+col) + `\b[0-9:, ]*: ` + regexp.QuoteMeta(msg) + `(; | …\]\n)`
		if !regexp.MustCompile(`\[… \d+ lines omitted: .*` + group).MatchString(view) {
			t.Errorf("message at %s:%s (%s) lost: %s", line, col, rule, msg)
		}
		noted++
	}
	if n < 100 || noted == 0 {
		t.Fatalf("%d messages in the sample, %d in notes", n, noted)
	}
}

// TestLogWarningCopies checks warnings repeated word for word: one that
// names its own place ("warn.py:10: UserWarning: …") more often than the
// quota is shown once with a count of its copies; one whose place is on
// the line above (gfortran's "Warning: …" under "m3.f90:6:19:") is not
// the same warning as its copies and is not counted so.
func TestLogWarningCopies(t *testing.T) {
	in := viewtest.Read(t, "log", "python-deprecation-spam")
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	const w = "/tmp/qa3/fx/py/warn.py:10: UserWarning: config key 'timeout' is ignored\n"
	if n := strings.Count(string(in), w); n != 4 {
		t.Fatalf("%d copies in the sample", n)
	}
	if got := strings.Count(string(out), w); got != 1 {
		t.Errorf("%d copies shown, want 1:\n%s", got, out)
	}
	if !strings.Contains(string(out), w+"[… 3 other copies of this line omitted: 4 in all …]\n") {
		t.Errorf("no count under the warning:\n%s", out)
	}
	var b strings.Builder
	for i := range 30 {
		fmt.Fprintf(&b, "gfortran -Wall -c m%02d.f90\nm%02d.f90:6:19:\n\n    6 |     real(8) :: b, q\n      |                   1\nWarning: Unused variable ‘q’ declared at (1) [-Wunused-variable]\n", i, i)
	}
	out, err = Log([]byte(b.String()), lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "other copies of this line") {
		t.Errorf("copies counted of a warning that does not name its place:\n%s", out)
	}
}

// TestLogWarningExcerptCopies checks a header's warnings that gcc prints,
// excerpt and carets, for each of twelve files of a build: each is shown
// once, with its excerpt and a count under it, even where a failure's
// context or the log's tail would have kept a copy; a warning whose
// excerpt differs is no copy. The excerpts under the build's warnings
// that come once are dropped and counted: there are more than a few.
func TestLogWarningExcerptCopies(t *testing.T) {
	in := viewtest.Read(t, "log", "make-k-header-warnings")
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	const w = "ring.h:7:17: warning: comparison of integer expressions of different signedness: ‘int’ and ‘size_t’ {aka ‘long unsigned int’} [-Wsign-compare]\n" +
		"    7 |     return used == r->cap;\n" +
		"      |                 ^~\n"
	if n := strings.Count(string(in), w); n != 12 {
		t.Fatalf("%d copies in the sample", n)
	}
	view := string(out)
	if got := strings.Count(view, "    7 |     return used == r->cap;\n"); got != 1 {
		t.Errorf("the excerpt shown %d times, want 1:\n%s", got, view)
	}
	if !strings.Contains(view, w+"[… 11 other copies of this warning and its excerpt omitted: 12 in all …]\n") {
		t.Errorf("no count under the excerpt:\n%s", view)
	}
	for _, l := range []string{"pop.c:3:60: error: ‘missing_offset’ undeclared (first use in this function)\n",
		"make: *** [Makefile:6: stats.o] Error 1\n", "make: Target 'libring.a' not remade because of errors.\n"} {
		if !strings.Contains(view, l) {
			t.Errorf("lost %q:\n%s", l, view)
		}
	}
	other := strings.Replace(string(in), "    7 |     return used == r->cap;\n", "    7 |     return used != r->cap;\n", 1)
	if out, err = Log([]byte(other), lossy.Options{}); err != nil {
		t.Fatal(err)
	}
	// The warning whose excerpt differs is no copy: it is shown on its own
	// (its excerpt, like those of the build's other lone warnings,
	// counted as source lines), and the first of the other eleven too.
	if strings.Count(string(out), "ring.h:7:17: warning: comparison") != 2 {
		t.Errorf("a warning with another excerpt taken for a copy:\n%s", out)
	}
}

// TestLogCatchPassing checks Catch2 with -s: passing assertions are
// counted, not shown; each failed one stays whole under the heading of
// its test case.
func TestLogCatchPassing(t *testing.T) {
	in := viewtest.Read(t, "log", "catch2-s-shapes")
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	view := string(out)
	if strings.Contains(view, ": PASSED:") {
		t.Errorf("a passing assertion shown:\n%s", view)
	}
	n := 0
	for _, m := range regexp.MustCompile(`\[… (\d+) passing assertions? \(`).FindAllStringSubmatch(view, -1) {
		k, _ := strconv.Atoi(m[1])
		n += k
	}
	if n != 21 {
		t.Errorf("notes count %d passing assertions, want 21:\n%s", n, view)
	}
	for _, block := range []string{
		"rect areas\n-------------------------------------------------------------------------------\nshapes.cpp:12\n",
		"shapes.cpp:18: FAILED:\n  CHECK( r.area() == Approx(14.0) )\nwith expansion:\n  15.0 == Approx( 14.0 )\nwith message:\n  width 6\n",
		"  zero\n-------------------------------------------------------------------------------\nshapes.cpp:23\n",
		"shapes.cpp:23: FAILED:\n  CHECK( parse_port(\"0\") == 0 )\ndue to unexpected exception with message:\n  port out of range: 0\n",
		"config map\n",
		"shapes.cpp:28: FAILED:\n  CHECK( m[\"mode\"] == \"slow\" )\nwith expansion:\n  \"fast\" == \"slow\"\n",
	} {
		if !strings.Contains(view, block) {
			t.Errorf("lost:\n%s\nview:\n%s", block, view)
		}
	}
}

// TestLogLongFailureLine checks that a failure line longer than the
// level's line cap is shown whole: only lines that need not stay are cut.
func TestLogLongFailureLine(t *testing.T) {
	var b strings.Builder
	for i := range 200 {
		fmt.Fprintf(&b, "[%6d.%06d] usb 1-%d: new device found, idVendor=%04x %s\n", i, i*37, i%7, i, strings.Repeat("x", 400))
	}
	long := "drivers/usb/core/hub.c:5512:9: error: implicit declaration of function ‘usb_probe’ " + strings.Repeat("y", 500)
	b.WriteString(long + "\n")
	in := []byte(b.String())
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !failure.Line(router.Log, []byte(long)) {
		t.Fatal("the test's line is no failure line")
	}
	if !bytes.Contains(out, []byte("\n"+long+"\n")) {
		t.Errorf("failure line cut or dropped:\n%s", out)
	}
	if !bytes.Contains(out, []byte(" bytes omitted …]")) {
		t.Errorf("no long line cut: the test shows nothing")
	}
}

// TestLogHexDump checks openssl x509 -text: the certificate's labelled
// lines (key size, exponent, validity, names) stay while its moduli and
// signature, lines of hex bytes, are cut to examples.
func TestLogHexDump(t *testing.T) {
	in := viewtest.Read(t, "log", "openssl-x509-text-4096")
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"                Public-Key: (4096 bit)\n",
		"            Public Key Algorithm: rsaEncryption\n",
		"                Exponent: 65537 (0x10001)\n",
		"            Not After : Jan  1 05:34:10 2027 GMT\n",
		"            X509v3 Subject Key Identifier: \n",
		"            X509v3 Basic Constraints: critical\n",
	} {
		if !bytes.Contains(out, []byte(w)) {
			t.Errorf("view lacks %q:\n%s", w, out)
		}
	}
	if len(out) > len(in)/2 {
		t.Errorf("view %d of %d bytes", len(out), len(in))
	}
}

// TestLogLintFiles checks eslint's stylish report of 60 files with the
// same warnings: every file's header stays, and the note counting its
// warnings stands under it, not in one note for many files whose
// locations ("3:3, 5:5") no longer say which file they are in.
func TestLogLintFiles(t *testing.T) {
	in := viewtest.Read(t, "log", "eslint-stylish-warn-60")
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	lines := viewtest.Lines(out)
	headers := 0
	for i, l := range lines {
		if !bytes.HasPrefix(l, []byte("/tmp/qaloss/js2/src/mod")) {
			continue
		}
		headers++
		j := i + 1
		for j < len(lines) && bytes.HasPrefix(lines[j], []byte("  ")) {
			j++ // error rows, kept
		}
		if j == len(lines) || !bytes.HasPrefix(lines[j], []byte("[… ")) || !bytes.Contains(lines[j], []byte("lint finding")) {
			t.Errorf("header %q not followed by its note", l)
		}
	}
	if headers != 60 {
		t.Errorf("%d file headers, want 60:\n%s", headers, out)
	}
	if bytes.Contains(out, []byte("similar line")) {
		t.Errorf("lines folded as similar:\n%s", out)
	}
}

// TestLogValgrindProgramFrames checks memcheck's report of eight errors
// and eight leaks in label_1 … label_8, each under libc frames that name
// source lines: every error and leak keeps its frame in the program,
// though the headings and libc frames above it repeat word for word.
func TestLogValgrindProgramFrames(t *testing.T) {
	in := viewtest.Read(t, "log", "valgrind-printf-libc-frames")
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The frame under printf's (an invalid read) or strdup's (a leak).
	frame := regexp.MustCompile(`(?m)\((?:printf|strdup)\.c:\d+\)\n(==2383==    by 0x[0-9A-F]+: label_[1-8] \(labels\.c:\d+\))$`)
	var want [][]byte
	for _, m := range frame.FindAllSubmatch(in, -1) {
		want = append(want, m[1])
	}
	if len(want) < 16 {
		t.Fatalf("sample has %d program frames, want 16 or more", len(want))
	}
	for _, f := range want {
		if !bytes.Contains(out, append(f, '\n')) {
			t.Errorf("view lacks %q:\n%s", f, out)
		}
	}
	if n := bytes.Count(out, []byte("== Invalid read of size 1\n")); n != 8 {
		t.Errorf("%d error headings, want 8", n)
	}
}

// TestLogCoverage checks go test -cover over 200 packages, behind a
// build's chatter, where 134 rows say "ok … 50.0%" and 66 "0.0%" for
// packages without tests: each figure keeps its first rows, and notes
// count every other row by figure, so shown and counted rows make 200.
func TestLogCoverage(t *testing.T) {
	in := append(buildChatter(200), viewtest.Read(t, "log", "go-test-cover-200")...)
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	shown := bytes.Count(out, []byte("% of statements\n"))
	counted := 0
	for _, m := range regexp.MustCompile(`\[… (\d+) package coverage rows omitted: (.*) …\]`).FindAllSubmatch(out, -1) {
		n, _ := strconv.Atoi(string(m[1]))
		counted += n
		sum := 0
		for _, part := range strings.Split(string(m[2]), ", ") {
			k, _ := strconv.Atoi(strings.Fields(part)[0])
			sum += k
		}
		if sum != n {
			t.Errorf("note %q: figures add up to %d", m[0], sum)
		}
	}
	if shown+counted != 200 || shown > 12 {
		t.Fatalf("%d coverage rows shown and %d counted, want 200 in all, few shown:\n%s", shown, counted, out)
	}
	for _, fig := range []string{"coverage: 50.0%", "coverage: 0.0%"} {
		if !bytes.Contains(out, []byte(fig)) {
			t.Errorf("view has no row with %q:\n%s", fig, out)
		}
	}
}

// TestLogCoverageFigures checks 200 packages each with its own coverage
// figure: every figure is a result, and every row stays.
func TestLogCoverageFigures(t *testing.T) {
	var in []byte
	for i := range 200 {
		in = fmt.Appendf(in, "ok  \texample.com/m/p%d\t0.0%ds\tcoverage: %d.%d%% of statements\n", i, i%10, i/2, i%2*5)
	}
	out, err := Log(append(buildChatter(200), in...), lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	coverage := func(l []byte) bool { return bytes.Contains(l, []byte("% of statements")) }
	if n := logCheckKept(t, in, out, coverage); n != 200 {
		t.Fatalf("%d coverage lines, want 200", n)
	}
}

// logCheckKept reports each line of in that match picks and out lacks as a
// whole line, and returns how many lines match.
func logCheckKept(t *testing.T, in, out []byte, match func([]byte) bool) int {
	t.Helper()
	n := 0
	for _, l := range bytes.Split(in, []byte("\n")) {
		if match(l) {
			n++
			if !bytes.Contains(out, append(append([]byte{'\n'}, l...), '\n')) {
				t.Errorf("dropped %q", l)
			}
		}
	}
	return n
}

// TestLogBenchResults checks go test -bench -benchmem, routed as a log:
// every benchmark's result line is what the run was for and stays.
func TestLogBenchResults(t *testing.T) {
	in := append(buildChatter(200), viewtest.Read(t, "log", "go-test-bench-benchmem")...)
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n := logCheckKept(t, in, out, toolline.BenchResult); n != 48 {
		t.Fatalf("%d benchmark results, want 48", n)
	}
}

// TestLogLibraryFrames checks node --test's spec report: each stack keeps
// its innermost frame, every frame in the user's files and the frame that
// opens the error's properties; node's own frames under them are counted.
func TestLogLibraryFrames(t *testing.T) {
	in := viewtest.Read(t, "log", "node-test-queue-spec")
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	user := func(l []byte) bool {
		return bytes.Contains(l, []byte(" at ")) && bytes.Contains(l, []byte("(file:///"))
	}
	// The closing list repeats the report's frames (TestLogSpecRecap).
	report, _, _ := bytes.Cut(in, []byte("✖ failing tests:"))
	if n := logCheckKept(t, report, out, user); n < 6 {
		t.Fatalf("sample has %d frames in the user's files, want 6 or more", n)
	}
	// A frame alone between the user's is shown: a note would be no shorter.
	node := func(b []byte) int { return bytes.Count(b, []byte("(node:")) - bytes.Count(b, []byte(") {\n")) }
	if n, all := node(out), node(in); n > all/10 {
		t.Errorf("view keeps %d of node's %d frames:\n%s", n, all, out)
	}
	if !bytes.Contains(out, []byte("runtime and library frame lines omitted")) {
		t.Errorf("no note counts node's frames:\n%s", out)
	}
}

// TestLogJestCodeFrame checks jest's failures: the failing source line and
// its caret stay, with every frame in the user's files; the source lines
// around them and the frames in node_modules are counted.
func TestLogJestCodeFrame(t *testing.T) {
	in := viewtest.Read(t, "log", "jest-failures")
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	failing := func(l []byte) bool { return bytes.HasPrefix(bytes.TrimLeft(l, " "), []byte("> ")) }
	if n := logCheckKept(t, in, out, failing); n != 5 {
		t.Fatalf("%d failing source lines, want 5", n)
	}
	frame := func(l []byte) bool {
		return bytes.Contains(l, []byte(" at ")) && !bytes.Contains(l, []byte("node_modules"))
	}
	logCheckKept(t, in, out, frame)
	for _, l := range bytes.Split(out, []byte("\n")) {
		if logCodeFrameContext(l) || bytes.Contains(l, []byte("✓ stable")) {
			t.Errorf("view keeps %q", l)
		}
	}
}

// TestLogUnittestPassing checks unittest -v: the lines of passing and
// skipped tests are counted, those of failing ones and the reports stay.
func TestLogUnittestPassing(t *testing.T) {
	in := viewtest.Read(t, "log", "unittest-discover-v")
	// The view saves less than Log asks (the reports are most of the
	// output): its plan is what is checked.
	d := logRead(in, lossy.Options{})
	d.markCopies()
	out := d.view(logDefault)
	if bytes.Contains(out, []byte(") ... ok\n")) || bytes.Contains(out, []byte(") ... skipped '")) {
		t.Errorf("view keeps passing or skipped tests:\n%s", out)
	}
	failed := func(l []byte) bool {
		return bytes.HasSuffix(l, []byte(" ... FAIL")) || bytes.HasSuffix(l, []byte(" ... ERROR"))
	}
	if n := logCheckKept(t, in, out, failed); n != 6 {
		t.Fatalf("%d failing tests, want 6", n)
	}
}

// TestLogJestSkipped checks that jest's "○ skipped" lines are counted as
// skipped tests, its "✓" lines as passing ones.
func TestLogJestSkipped(t *testing.T) {
	in := []byte("FAIL a.test.js\n  s\n    ✓ one (1 ms)\n    ○ skipped two\n    ○ skipped three\n    ✕ four (2 ms)\n\nTests:       1 failed, 2 skipped, 1 passed, 4 total\n")
	d := logRead(in, lossy.Options{})
	var got []byte
	for _, l := range d.lines {
		if l.hidden {
			got = append(got, l.passed)
		}
	}
	if string(got) != "PSS" {
		t.Errorf("hidden lines %q, want PSS", got)
	}
}

// TestLogSpecRecap checks node's closing "✖ failing tests:" list: each
// failure keeps its "test at file:line" and its failure lines, and the
// frames and properties that repeat the report above are counted.
func TestLogSpecRecap(t *testing.T) {
	in := viewtest.Read(t, "log", "node-test-queue-spec")
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, recap, ok := bytes.Cut(out, []byte("✖ failing tests:\n"))
	if !ok {
		t.Fatalf("view lacks the list of failing tests:\n%s", out)
	}
	if n := bytes.Count(recap, []byte("\ntest at queue.test.mjs:")); n != 5 {
		t.Errorf("%d failures located in the list, want 5:\n%s", n, recap)
	}
	if bytes.Contains(recap, []byte("(file:///")) {
		t.Errorf("list repeats the report's frames:\n%s", recap)
	}
	if !bytes.Contains(recap, []byte("lines repeating the report above omitted")) {
		t.Errorf("no note counts the repeated lines:\n%s", recap)
	}
}

// TestRustLibFrames: a panic's backtrace keeps the program's frames; the
// standard library's and registry crates' are counted in a note.
func TestRustLibFrames(t *testing.T) {
	var b strings.Builder
	b.WriteString("running 1 test\ntest tests::sums ... FAILED\n\nfailures:\n\n---- tests::sums stdout ----\n\n")
	b.WriteString("thread 'tests::sums' (20979) panicked at src/lib.rs:6:25:\nassertion `left == right` failed\n  left: 6\n right: 7\nstack backtrace:\n")
	frames := []struct{ sym, at string }{
		{"__rustc::rust_begin_unwind", "/rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/std/src/panicking.rs:689:5"},
		{"core::panicking::panic_fmt", "/rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/panicking.rs:80:14"},
		{"serde_json::de::from_str", "/home/u/.cargo/registry/src/index.crates.io-6f17d22bba15001f/serde_json-1.0.128/src/de.rs:2676:5"},
		{"ledger::tests::sums", "./src/lib.rs:6:25"},
		{"<F as core::ops::function::FnOnce<Args>>::call_once", "/rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/ops/function.rs:250:5"},
	}
	for i, f := range frames {
		fmt.Fprintf(&b, "%4d: %s\n             at %s\n", i, f.sym, f.at)
	}
	b.WriteString("note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.\n\n")
	for i := range 40 {
		fmt.Fprintf(&b, "test tests::ok%d ... ok\n", i)
	}
	b.WriteString("\ntest result: FAILED. 40 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.12s\n")
	out, err := Log([]byte(b.String()), lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	for _, want := range []string{"   3: ledger::tests::sums\n             at ./src/lib.rs:6:25\n", "[… 6 runtime and library frame lines omitted …]", "panicked at src/lib.rs:6:25:"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
	for _, lib := range []string{"panic_fmt", "serde_json", "call_once"} {
		if strings.Contains(s, lib) {
			t.Errorf("library frame %s kept:\n%s", lib, s)
		}
	}
}

// TestLogPytestPassed checks which pytest -v lines count as passing tests:
// only a node id with PASSED in its place, never a failure, an error or a
// skip with its reason.
func TestLogPytestPassed(t *testing.T) {
	for _, tt := range []struct {
		line string
		want bool
	}{
		{"tests/test_calc.py::test_mean[xs0-2] PASSED                              [  2%]", true},
		{"tests/test_calc.py::TestA::test_b PASSED", true},
		{"tests/t.py::test_x PASSED [100%]", true},
		{"[gw1] [ 10%] PASSED test_inventory.py::test_take_some[3] ", true},
		{"tests/t.py::test_x FAILED                                               [ 50%]", false},
		{"tests/t.py::test_x ERROR                                                [ 50%]", false},
		{"tests/t.py::test_x SKIPPED (flaky on CI)                                [ 97%]", false},
		{"tests/t.py::test_x XPASS                                                [ 97%]", false},
		{"[gw0] [ 50%] FAILED tests/t.py::test_x ", false},
		{"PASSED tests/t.py::test_x", false},                       // -rA summary line
		{"tests/t.py::test_x PASSED but the log said more", false}, // not the progress column
		{"note: a::b PASSED", false},
	} {
		if got := logPytestPassed([]byte(tt.line)); got != tt.want {
			t.Errorf("logPytestPassed(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
	if !logPytestNodeID([]byte("test_inventory.py::test_take_some[3] ")) || logPytestNodeID([]byte("std::vector<int> x")) {
		t.Error("logPytestNodeID")
	}
}

// TestLogWarningExcerpts checks a parallel build's many gcc warnings: each
// warning line stays, the source excerpt under it is counted, and each
// error keeps its excerpt, carets and all.
func TestLogWarningExcerpts(t *testing.T) {
	in := viewtest.Read(t, "log", "make-k-j4-gcc")
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	view := string(out)
	for _, l := range strings.Split(string(in), "\n") {
		if strings.Contains(l, ": warning: ") || strings.Contains(l, ": error: ") || strings.HasPrefix(l, "make: ***") {
			if !strings.Contains(view, l+"\n") {
				t.Errorf("lost %q", l)
			}
		}
	}
	const errExcerpt = "src/m12.c:3:16: error: expected ‘;’ before ‘}’ token\n    3 |   return x * 12\n      |                ^\n"
	if !strings.Contains(view, errExcerpt) {
		t.Errorf("an error's excerpt lost:\n%s", view)
	}
	if strings.Contains(view, "    5 |   if (x = 3) return x;\n") {
		t.Errorf("a warning's excerpt kept:\n%s", view)
	}
	if !strings.Contains(view, "[-Wparentheses]\n[… 2 source lines omitted …]\n") {
		t.Errorf("no note where a warning's excerpt was:\n%s", view)
	}
}

// TestLogPydocstyle checks pydocstyle's findings, docstring conventions:
// counted per code with its message and their places, not shown.
func TestLogPydocstyle(t *testing.T) {
	in := viewtest.Read(t, "log", "pydocstyle-argcomplete")
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	view := string(out)
	for _, want := range []string{"D400: First line should end with a period ×18 at /usr/lib/python3/dist-packages/argcomplete/completers.py:31, 62,",
		"D104: Missing docstring in public package at /usr/lib/python3/dist-packages/argcomplete/__init__.py:1"} {
		if !strings.Contains(view, want) {
			t.Errorf("no %q in\n%s", want, view)
		}
	}
	if len(out) > len(in)/3 {
		t.Errorf("view %d bytes of %d", len(out), len(in))
	}
}

// TestLogClangFormat checks clang-format --dry-run: its violations are
// formatting findings, the first shown with its excerpt, the rest counted
// with their places.
func TestLogClangFormat(t *testing.T) {
	in := viewtest.Read(t, "log", "clang-format-dry-run-google")
	out, err := Log(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "clang-format-violations ×183 at w.c:20:19, 20:65,") || len(out) > len(in)/20 {
		t.Errorf("view of %d bytes:\n%s", len(out), out)
	}
}

// TestAppendLintFiles checks the files named for a note's locations past
// its quota.
func TestAppendLintFiles(t *testing.T) {
	var locs [][]byte
	for _, l := range []string{"a.c:1:2", "a.c:3:4", "b.c:1:1", "a.c:9:9", "c.c:2:2"} {
		locs = append(locs, []byte(l))
	}
	if got := string(appendLintFiles(nil, locs)); got != " (a.c ×3, b.c, c.c)" {
		t.Errorf("got %q", got)
	}
	if got := string(appendLintFiles(nil, [][]byte{[]byte("12:5")})); got != "" {
		t.Errorf("a bare place named a file: %q", got)
	}
}
