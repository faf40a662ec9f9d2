// Package failure finds the lines of tool output that report a failure, so
// that every compressor can be held to DESIGN invariant 2: each such line
// appears verbatim in the output, or the result falls back.
//
// What counts depends on the kind of the text (see router.Kind):
//
// Log, and command output of unknown kind (Mixed is treated as Log, since
// callers pass per-section kinds where they have them):
//   - test results: "--- FAIL", "FAIL" lines ("FAIL\tpkg", "FAIL: test_x"),
//     go test -json events with "Action":"fail" and output events whose text
//     is a failure line, the messages (t.Errorf, t.Logf) printed by Go tests
//     that failed, "FAILED", "test result: FAILED", "failures:";
//   - crashes: "panic:", "thread 'x' panicked at", "Traceback (most recent
//     call last):" and the exception line that ends it ("ValueError: bad"),
//     "Exception in thread", "Caused by:", pytest "E   " lines, "Segmentation
//     fault", "core dumped", "Killed", "Aborted";
//   - Go race detector reports: "WARNING: DATA RACE", "Found 2 data
//     race(s)" and "testing.go:1712: race detected during execution of test";
//   - compiler and linter diagnostics "file:line:col: message" and
//     "file:line: error: ...", "error[E0425]", "error:", "Error:", "ERROR",
//     "fatal"/"FATAL", "undefined reference";
//   - package managers: "npm ERR!", "npm error", npm codes such as E404 and
//     ENOENT, apt "E:" and "Err:" lines, "dpkg: error";
//   - assertion messages ("assertion ... failed", "AssertionError", Rust's
//     "left:"/"right:" lines), the marks ✗ ✘ ✖ ❌;
//   - non-zero exits: "exit status 1", "exit code 2", "exited with code 2",
//     "make: *** [...] Error 2", "returned non-zero exit status";
//   - system errors: "Permission denied", "No such file or directory",
//     "command not found", "timed out", "Operation not permitted".
//
// Words count only as words: "-Werror", "--fail-fast", "errors.New" and
// "log.Fatal" are flags and identifiers, and counts of zero ("0 errors",
// "failures=0", "0 failed") and "ok  \tpkg" lines report success.
//
// Search: hits are data, so a grep hit on a line that mentions Errorf is not
// a failure; the search tool's own complaints are ("grep: x: No such file or
// directory", "rg: dir: Permission denied (os error 13)").
//
// Table: rows with a cell that reads as a failed status (Error, Failed,
// FAIL, CrashLoopBackOff, ImagePullBackOff, OOMKilled, Evicted, Exited (1)).
//
// Prose and HTML: only lines that read as failure reports: they start with
// "error:", "fatal:", "panic:", "Traceback (most recent call last):" or an
// exception name and ':'. A sentence that mentions an error is not one.
//
// JSON, Code and Diff: none. A failed status inside JSON is a value, which
// the JSON compressor keeps by its own rules; code and diffs are never lossy.
package failure

import (
	"bytes"

	"github.com/kompress/kompress/internal/ansi"

	"github.com/kompress/kompress/router"
)

// Lines returns every line of text that reports a failure, in order, as
// subslices of text without the line ending.
func Lines(kind router.Kind, text []byte) [][]byte {
	var out [][]byte
	each(kind, text, func(line []byte) { out = append(out, line) })
	return out
}

// Missing returns the failure lines of original (by Lines) that do not appear
// verbatim as a whole line of output, each once, in order. A line also counts
// as present when output holds it without its ANSI escapes, so a compressor
// that strips colour (and declares so) is not blamed for that.
func Missing(kind router.Kind, original, output []byte) [][]byte {
	return Absent(Lines(kind, original), output)
}

// Absent returns the lines (failure lines, as Lines gives them) that do not
// appear in output by the rules of Missing. Callers that check one text
// against several outputs find its lines once.
func Absent(lines [][]byte, output []byte) [][]byte {
	if len(lines) == 0 {
		return nil
	}
	// Index the few lines sought rather than every line of output: each
	// output line is then one lookup, with no copy, and the scan stops
	// once everything is found.
	want := make(map[string]int, len(lines))
	for _, l := range lines {
		want[string(l)] = 0
		if bytes.IndexByte(l, 0x1b) >= 0 {
			want[string(ansi.Strip(l))] = 0
		}
	}
	left := len(want)
	found := func(key []byte) {
		if n, ok := want[string(key)]; ok && n == 0 {
			want[string(key)] = 1
			left--
		}
	}
	for rest := output; len(rest) > 0 && left > 0; {
		var line []byte
		line, rest, _ = bytes.Cut(rest, []byte{'\n'})
		line = bytes.TrimSuffix(line, []byte{'\r'})
		found(line)
		if bytes.IndexByte(line, 0x1b) >= 0 {
			found(ansi.Strip(line))
		}
	}
	have := func(key []byte) bool { return want[string(key)] == 1 }
	var missing [][]byte
	seen := map[string]bool{}
	for _, l := range lines {
		if have(l) {
			continue
		}
		if bytes.IndexByte(l, 0x1b) >= 0 && have(ansi.Strip(l)) {
			continue
		}
		if !seen[string(l)] {
			seen[string(l)] = true
			missing = append(missing, l)
		}
	}
	return missing
}

// each calls fn for each failure line of text.
func each(kind router.Kind, text []byte, fn func([]byte)) {
	var is func(line, plain []byte) bool
	var tests *goTests
	switch kind {
	case router.JSON, router.Code, router.Diff, router.Empty, router.Binary:
		return
	case router.Search:
		is = searchFailure
	case router.Table:
		is = tableFailure
	case router.Prose, router.HTML:
		is = proseFailure
	default: // Log, Mixed and anything unknown: the broad rules
		tests = failedGoTests(text)
		is = logFailure
	}
	var scratch []byte
	for rest := text; len(rest) > 0; {
		var line []byte
		line, rest, _ = bytes.Cut(rest, []byte{'\n'})
		line = bytes.TrimSuffix(line, []byte{'\r'})
		plain := line
		if bytes.IndexByte(line, 0x1b) >= 0 {
			scratch = append(scratch[:0], ansi.Strip(line)...)
			plain = scratch
		}
		// message must see every line to follow which test is running.
		if msg := tests != nil && tests.message(plain); msg || is(line, plain) {
			fn(line)
		}
	}
}
