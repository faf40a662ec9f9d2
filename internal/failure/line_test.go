package failure

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"testing"

	"github.com/kompress/kompress/internal/testevent"
	"github.com/kompress/kompress/router"
)

// lineKinds are the kinds Line is checked in: every router kind and one it
// does not know.
var lineKinds = []router.Kind{router.Log, router.Search, router.Table, router.HTML, router.Prose, router.Mixed,
	router.JSON, router.Code, router.Diff, router.Empty, router.Binary, router.Kind("unknown")}

// checkLine fails unless Line(k, l) is whether Lines(k, l) finds a line.
func checkLine(t *testing.T, k router.Kind, l []byte) bool {
	t.Helper()
	got, want := Line(k, l), len(Lines(k, l)) > 0
	if got != want {
		t.Fatalf("Line(%s, %q) = %v, Lines finds a line: %v", k, l, got, want)
	}
	return got
}

// TestLineAsLines judges every distinct line of every sample and held-out
// input alone in every kind: Line says what Lines says of it.
func TestLineAsLines(t *testing.T) {
	var paths []string
	for _, glob := range []string{"samples/*/*.txt", "heldout/*/*"} {
		p, _ := filepath.Glob(filepath.Join("..", "..", "testdata", glob))
		paths = append(paths, p...)
	}
	if len(paths) < 200 {
		t.Fatalf("only %d inputs", len(paths))
	}
	seen := map[string]bool{}
	var lines [][]byte
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for l := range bytes.Lines(b) {
			l = bytes.TrimSuffix(l, []byte{'\n'}) // a '\r' stays: Line must drop it as Lines does
			if !seen[string(l)] {
				seen[string(l)] = true
				lines = append(lines, l)
			}
		}
	}
	for _, k := range lineKinds {
		found := 0
		for _, l := range lines {
			if checkLine(t, k, l) {
				found++
			}
		}
		if found == 0 && !Data(k) {
			t.Errorf("%s: no failure line among %d lines", k, len(lines))
		}
	}
}

// TestLineCases covers the lines that take Line's other paths: empty, a
// bare '\r', escapes, several lines, markup.
func TestLineCases(t *testing.T) {
	for _, l := range []string{"", "\r", "\n", "FAIL\r", "error: x\nok", "\x1b[31merror\x1b[0m: x", "<p>error: x</p>",
		"main.go:3:1: undefined: x", "find: '/x': Permission denied", "web-1   Exited (1) 2 hours ago", "--- FAIL: TestX (0.00s)"} {
		for _, k := range lineKinds {
			checkLine(t, k, []byte(l))
		}
	}
}

func FuzzLine(f *testing.F) {
	for _, s := range []string{"error: x", "FAIL\r", "\x1b[31mpanic: x", "  ^~~~", "pod-1  0/1  CrashLoopBackOff  3  1m", "x msg"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, k := range lineKinds {
			checkLine(t, k, b)
		}
	})
}

// BenchmarkLine judges every line of the table samples alone, as the table
// view judges its rows; see BenchmarkLine/lines for the same by Lines.
func BenchmarkLine(b *testing.B) {
	paths, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "samples", "table", "*.txt"))
	var lines [][]byte
	n := 0
	for _, p := range paths {
		d, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		for l := range bytes.Lines(d) {
			lines, n = append(lines, bytes.TrimSuffix(l, []byte{'\n'})), n+len(l)
		}
	}
	for _, bench := range []struct {
		name string
		fn   func(router.Kind, []byte) bool
	}{
		{"line", Line},
		{"lines", func(k router.Kind, l []byte) bool { return len(Lines(k, l)) > 0 }},
	} {
		b.Run(bench.name, func(b *testing.B) {
			b.SetBytes(int64(n))
			for b.Loop() {
				for _, l := range lines {
					bench.fn(router.Table, l)
				}
			}
		})
	}
}

// FuzzFailedGoTests holds failedGoTests, which finds the lines holding its
// markers by searching the whole text, to a reading of every line.
func FuzzFailedGoTests(f *testing.F) {
	for _, s := range []string{
		"--- FAIL: TestA (0.00s)\n    a_test.go:3: bad\nFAIL\n",
		"=== RUN TestB\n--- FAIL: TestB (0.01s)\n--- FAIL: TestB/sub (0.00s)\r\n",
		`{"Action":"fail","Package":"p","Test":"TestC"}` + "\n" + `{"Action":"fail","Package":"p"}`,
		"x --- FAIL: A --- FAIL: B\n--- FAIL: \n--- FAIL: \t",
		"ok\n", "",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		want := map[string]bool{}
		textFail := bytes.Contains(text, []byte("--- FAIL: "))
		jsonFail := bytes.Contains(text, []byte(`"Action":"fail"`))
		for line := range bytes.SplitSeq(text, []byte{'\n'}) {
			if i := bytes.Index(line, []byte("--- FAIL: ")); i >= 0 {
				want[testName(line[i+len("--- FAIL: "):])] = true
			}
			if bytes.Contains(line, []byte(`"Action":"fail"`)) {
				var ev testevent.Event
				if testevent.Parse(bytes.TrimSpace(line), &ev) && ev.Test != nil {
					want[string(ev.Test)] = true
				}
			}
		}
		g := failedGoTests(text)
		if !textFail && !jsonFail {
			if g != nil {
				t.Fatalf("failedGoTests(%q) = %v, want nil", text, g.failed)
			}
			return
		}
		if !maps.Equal(g.failed, want) {
			t.Fatalf("failedGoTests(%q) = %v, want %v", text, g.failed, want)
		}
	})
}
