package failure

import (
	"bytes"

	"github.com/kompress/kompress/internal/testevent"

	"github.com/kompress/kompress/internal/toolline"
)

// goTests attributes the messages Go tests print ("    calc_test.go:24:
// got 3, want 2") to their test, so the messages of failing tests count as
// failure lines and those of passing tests do not. It reads both go test -v
// text and go test -json events.
type goTests struct {
	failed  map[string]bool
	current string // the test whose output the text is in
}

// failedGoTests collects the names of failed tests, or returns nil when the
// text reports none.
func failedGoTests(text []byte) *goTests {
	// Sought by their 'F' and 'A': logs are full of '-', JSON of '"'.
	textFail := toolline.ContainsRare(text, []byte("--- FAIL: "), 4)
	jsonFail := toolline.ContainsRare(text, []byte(`"Action":"fail"`), 1)
	if !textFail && !jsonFail {
		return nil
	}
	g := &goTests{failed: map[string]bool{}}
	// The lines that hold a marker are found by searching the whole text,
	// not each line: a big log has few of them.
	if textFail {
		eachLineWith(text, []byte("--- FAIL: "), func(line []byte, i int) {
			g.failed[testName(line[i+len("--- FAIL: "):])] = true
		})
	}
	if jsonFail {
		eachLineWith(text, []byte(`"Action":"fail"`), func(line []byte, _ int) {
			var ev testevent.Event
			if testevent.Parse(bytes.TrimSpace(line), &ev) && ev.Test != nil {
				g.failed[string(ev.Test)] = true
			}
		})
	}
	return g
}

// eachLineWith calls fn, in order, for each line of text (without its
// '\n') that holds sep, with the index of sep's first occurrence in it.
func eachLineWith(text, sep []byte, fn func(line []byte, i int)) {
	for off := 0; off < len(text); {
		i := bytes.Index(text[off:], sep)
		if i < 0 {
			return
		}
		i += off
		start := bytes.LastIndexByte(text[off:i], '\n') + 1 + off
		end := len(text)
		if e := bytes.IndexByte(text[i:], '\n'); e >= 0 {
			end = i + e
		}
		fn(text[start:end], i-start)
		off = end + 1
	}
}

// testName returns the first field of s: the test name in "Name (0.00s)".
func testName(s []byte) string {
	s = bytes.TrimLeft(s, " \t")
	if i := bytes.IndexAny(s, " \t\r"); i >= 0 {
		s = s[:i]
	}
	return string(s)
}

// message tracks the current test through the text's markers and reports
// whether line is a message of a failed test.
func (g *goTests) message(line []byte) bool {
	t := trimIndent(line)
	if len(t) == 0 {
		return false
	}
	if t[0] == '{' {
		var ev testevent.Event
		if !testevent.Parse(t, &ev) || ev.Output == nil {
			return false
		}
		out, test := ev.Output, ev.Test
		return g.failed[string(test)] && testMessage(trimIndent(bytes.TrimRight(out, "\n")), out)
	}
	for _, p := range [...]string{"=== RUN ", "=== CONT ", "=== NAME ", "=== PAUSE ", "--- FAIL: ", "--- PASS: ", "--- SKIP: "} {
		if hasPrefix(t, p) {
			g.current = testName(t[len(p):])
			return false
		}
	}
	return g.failed[g.current] && testMessage(t, line)
}

// testMessage reports an indented "file_test.go:N: text" line.
func testMessage(t, line []byte) bool {
	if len(line) == 0 || line[0] != ' ' && line[0] != '\t' {
		return false
	}
	h, ok := toolline.ParseHit(t)
	return ok && !h.Context && bytes.HasSuffix(h.Path, []byte(".go")) && len(h.Text) > 0 && h.Text[0] == ' '
}
