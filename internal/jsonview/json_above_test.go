package jsonview

import (
	"bytes"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kompress/kompress/internal/jsonscan"
	"github.com/kompress/kompress/internal/lossy"
	"github.com/kompress/kompress/internal/viewtest"
)

// A member that repeats the row above byte for byte prints as a note, in
// the columnar form too, and a map that changed in a few entries as those
// changes; the view of the same list minified has no notes.
func TestJSONSameAsAbove(t *testing.T) {
	in, out := sampleView(t, "npm-view-versions-deps")
	for _, want := range []string{
		`["express", "4.17.1", "` + jsonSameNote + `"]`,
		`["express", "4.17.2", {"accepts": "~1.3.7", "array-flatten": "1.1.1", "body-parser": "1.19.1",`,
		`["express", "4.19.2", "` + jsonSameNote + `"]`,
		`["express", "4.17.3", "[… as in the row above but accepts: ~1.3.8, body-parser: 1.19.2, cookie: 0.4.2, qs: 6.9.7 …]"]`,
		`["express", "4.18.2", "[… as in the row above but body-parser: 1.20.1, qs: 6.11.0 …]"]`,
		// The row above is a note: this one prints whole, not as a change to a change.
		`["express", "4.18.1", {"accepts": "~1.3.8",`,
	} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("missing %s in\n%s", want, out)
		}
	}
	if n := bytes.Count(out, []byte(jsonSameNote)); n != 3 {
		t.Errorf("%d notes, want 3:\n%s", n, out)
	}

	vals, _, err := jsonscan.ParseAll(in)
	if err != nil {
		t.Fatal(err)
	}
	var min []byte
	for _, v := range vals {
		min = append(min, v.Raw...)
	}
	min = bytes.Join(bytes.Fields(min), nil) // no spaces in this list's strings
	out, err = JSON(min, lossy.Options{})
	if err == nil && bytes.Contains(out, []byte(jsonSameNote)) {
		t.Errorf("notes in the view of minified input:\n%s", out)
	}
}

func TestJSONDelta(t *testing.T) {
	parse := func(s string) *jsonscan.Value {
		t.Helper()
		vals, _, err := jsonscan.ParseAll([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return vals[0]
	}
	obj := func(members ...string) string { return "{" + strings.Join(members, ", ") + "}" }
	base := []string{`"a": "1"`, `"b": "2"`, `"c": "3"`, `"d": "4"`, `"e": "5"`, `"f": "6"`, `"g": "7"`, `"h": "8"`}
	with := func(i int, m string) []string { out := slices.Clone(base); out[i] = m; return out }
	up := obj(base...)
	for _, tc := range []struct {
		name, x, want string
		ok            bool
	}{
		{"changed", obj(with(1, `"b": "9"`)...), "[… as in the row above but b: 9 …]", true},
		{"a repeated key", obj(append(with(1, `"b": "9"`)[:7], `"g": "7"`)...), "", false},
		{"three of eight changed", obj(append(with(1, `"b": "9"`)[:2], `"c": "0"`, `"d": "4"`, `"e": "5"`, `"f": "6"`, `"g": "7"`)...), "", false},
		{"renamed", obj(with(7, `"i": "8"`)...), "[… as in the row above but i: 8; without h …]", true},
		{"same", up, "", false},
		{"too small", obj(base[:2]...), "", false},
		{"a string with a space", obj(with(0, `"a": "1 2"`)...), "", false},
		{"a number", obj(with(0, `"a": 1`)...), "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := jsonDelta(parse(tc.x), parse(up))
			if got != tc.want || ok != tc.ok {
				t.Errorf("got %q, %v; want %q, %v", got, ok, tc.want, tc.ok)
			}
		})
	}
}

// eslint's messages lists, file after file, share their keys: the first
// thinned list names them, the others point to it.
func TestJSONSchemaOnce(t *testing.T) {
	out, err := JSON(viewtest.Read(t, "json", "eslint-json-big"), lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	full := bytes.Count(out, []byte(`"[schema of 19 rows: ruleId str, severity num,`))
	again := bytes.Count(out, []byte(`"[schema of 19 rows: keys as in the schema above]"`))
	if full != 1 || again < 40 {
		t.Errorf("%d full schemas and %d pointers to one, want 1 and 40 or more", full, again)
	}
	if got, want := jsonSchemaShape("a num ×3, b str|null, c.d arr ×12"), "a num, b str|null, c.d arr"; got != want {
		t.Errorf("jsonSchemaShape = %q, want %q", got, want)
	}
}

// A finding prints without its detail members, so the warning under it
// cannot point up to them.
func TestJSONSameAsAboveFinding(t *testing.T) {
	fix := `{"range": [15, 19], "text": "` + strings.Repeat("a long replacement ", 20) + `"}`
	var rows []string
	for i := range 10 { // not thinned, and no columns: each row has a key of its own
		sev := "1"
		if i == 3 {
			sev = "2"
		}
		rows = append(rows, `  {"ruleId": "quotes", "severity": `+sev+`, "message": "Strings must use singlequote.", "line": `+strconv.Itoa(i+1)+`, "column": 16, "nodeType": "Literal", "k`+strconv.Itoa(i)+`": 0, "fix": `+fix+`}`)
	}
	in := []byte("[\n" + strings.Join(rows, ",\n") + "\n]\n")
	out, err := JSON(in, lossy.Options{})
	if errors.Is(err, lossy.ErrNoGain) {
		return // nothing to point up to, nothing worth a view
	}
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(out, []byte(`"line": 5,`))
	if i < 0 {
		t.Fatalf("row 5 not shown:\n%s", out)
	}
	if bytes.Contains(out[i:i+200], []byte(jsonSameNote)) {
		t.Errorf("the row under a finding points up to a member the finding does not show:\n%s", out)
	}
}
