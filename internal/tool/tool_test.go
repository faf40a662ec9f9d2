package tool

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"testing"
	"unicode/utf8"
)

func TestSelect(t *testing.T) {
	orig := []byte("alpha\nbeta\r\ngamma error\ndelta")
	tests := []struct {
		name string
		args Args
		want string
		err  bool
	}{
		{"whole", Args{}, string(orig), false},
		{"one line keeps its ending", Args{StartLine: 2, EndLine: 2}, "beta\r\n", false},
		{"last line without newline", Args{StartLine: 4}, "delta", false},
		{"end past the end is clamped", Args{StartLine: 3, EndLine: 99}, "gamma error\ndelta", false},
		{"only end", Args{EndLine: 1}, "alpha\n", false},
		{"regexp", Args{Pattern: "^(a|d)"}, "1:alpha\n4:delta\n", false},
		{"substring when not a regexp", Args{Pattern: "error("}, "no line of 1-4 matches \"error(\"\n", false},
		{"pattern within range", Args{Pattern: "a$", StartLine: 2}, "4:delta\n", false},
		{"start past the end", Args{StartLine: 5}, "", true},
		{"start after end", Args{StartLine: 3, EndLine: 2}, "", true},
	}
	for _, tt := range tests {
		got, err := Select(orig, tt.args)
		if (err != nil) != tt.err || string(got) != tt.want {
			t.Errorf("%s: got %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
}

// TestSelectColour: a pattern finds a coloured line by its visible text
// and shows it without the escape codes; a line range stays exact.
func TestSelectColour(t *testing.T) {
	row := "\x1b[2m4:9\x1b[22m \x1b[31merror\x1b[39m 'x' \x1b[2mno-shadow\x1b[22m"
	orig := []byte("/src/app.js\n" + row + "\n")
	for _, tt := range []struct {
		args Args
		want string
	}{
		{Args{Pattern: "error.*no-shadow"}, "2:4:9 error 'x' no-shadow\n"},
		{Args{Pattern: "^4:9 error"}, "2:4:9 error 'x' no-shadow\n"},
		{Args{StartLine: 2, EndLine: 2}, row + "\n"},
	} {
		if got, err := Select(orig, tt.args); err != nil || string(got) != tt.want {
			t.Errorf("%+v: got %q, %v; want %q", tt.args, got, err, tt.want)
		}
	}
}

func TestParseArgs(t *testing.T) {
	a, err := ParseArgs([]byte(`{"id":"ab12cd34ef56","start_line":"3","end_line":7,"pattern":"x"}`))
	if err != nil || a != (Args{ID: "ab12cd34ef56", StartLine: 3, EndLine: 7, Pattern: "x"}) {
		t.Errorf("got %+v, %v", a, err)
	}
	for _, bad := range []string{``, `{}`, `{"id":""}`, `{"id":"x","start_line":0}`, `{"id":"x","end_line":"two"}`, `[1]`} {
		if _, err := ParseArgs([]byte(bad)); err == nil {
			t.Errorf("ParseArgs(%s) accepted", bad)
		}
	}
}

func TestSchema(t *testing.T) {
	for _, f := range Formats {
		b, err := Schema(f)
		var v map[string]any
		if err != nil || json.Unmarshal(b, &v) != nil {
			t.Errorf("%s: %v %s", f, err, b)
		}
	}
	if _, err := Schema("gemini"); err == nil {
		t.Error("unknown format accepted")
	}
	// The Responses API treats an omitted strict as strict when the schema
	// allows it: every optional argument would become required.
	b, _ := Schema("openai-responses")
	var v struct{ Strict *bool }
	if json.Unmarshal(b, &v) != nil || v.Strict == nil || *v.Strict {
		t.Errorf("the Responses tool must say \"strict\": false: %s", b)
	}
}

// pages follows an Answer's notes from the first page to the last and
// returns the pages without their notes.
func pages(t *testing.T, orig []byte, a Args) [][]byte {
	t.Helper()
	note := regexp.MustCompile(`\n\[kompress_retrieve: [^\]]*start_line=(\d+)[^\]]*\]\n$`)
	var out [][]byte
	for range 1000 {
		page, err := Answer(orig, a)
		if err != nil {
			t.Fatalf("Answer(%+v): %v", a, err)
		}
		if len(page) > MaxAnswer+400 {
			t.Fatalf("a page of %d bytes", len(page))
		}
		m := note.FindSubmatchIndex(page)
		if m == nil {
			return append(out, page)
		}
		out = append(out, page[:m[0]+1])
		a.StartLine, _ = strconv.Atoi(string(page[m[2]:m[3]]))
	}
	t.Fatal("no last page")
	return nil
}

func TestAnswerPages(t *testing.T) {
	var b bytes.Buffer
	for i := range 5000 {
		fmt.Fprintf(&b, "2026-01-01T00:00:00Z worker %d handled batch %d in %dms é\n", i%7, i, i%97)
		if i%500 == 499 {
			fmt.Fprintf(&b, "2026-01-01T00:00:00Z ERROR batch %d failed: disk full\n", i)
		}
	}
	b.WriteString("last line without newline")
	orig := b.Bytes()

	small := orig[:4000]
	if got, _ := Answer(small, Args{}); !bytes.Equal(got, small) {
		t.Error("a short original is not returned byte for byte")
	}
	// Pages of the whole original, and of a range, join up to exactly what
	// Select gives.
	for _, a := range []Args{{}, {StartLine: 1000, EndLine: 4000}, {Pattern: "worker [0-3]|ERROR"}} {
		ps := pages(t, orig, a)
		want, _ := Select(orig, a)
		if len(ps) < 2 || !bytes.Equal(bytes.Join(ps, nil), want) {
			t.Errorf("%+v: %d pages of %d bytes in all; want %d bytes in several pages", a, len(ps), len(bytes.Join(ps, nil)), len(want))
		}
	}
	// One line longer than a page: its start, cut on a character boundary.
	long := bytes.Repeat([]byte("é"), MaxAnswer)
	got, err := Answer(append(long, "\nnext\n"...), Args{})
	if err != nil || !utf8.Valid(got) || !bytes.HasPrefix(got, long[:MaxAnswer]) || !bytes.Contains(got, []byte("start_line=2")) {
		t.Errorf("long line: %v %q", err, got[len(got)-200:])
	}
}
