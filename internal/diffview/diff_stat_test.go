package diffview

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/kompress/kompress/internal/lossy"
	"github.com/kompress/kompress/internal/viewtest"
)

func TestParseStatLine(t *testing.T) {
	for _, tc := range []struct {
		line      string
		dir, item string
		ok        bool
	}{
		{" internal/diffview/diff.go   |   34 ++--", "internal/diffview", "diff.go ±34", true},
		{" LICENSE                      |  202 +++", "", "LICENSE +202", true},
		{" crush/json_parse.go          |  424 ------", "crush", "json_parse.go -424", true},
		{" {fold => internal/ansi}/ansi.go |  40 +-", "{fold => internal/ansi}", "ansi.go ±40", true},
		{" old.go => new/place.go       |    0", "", "old.go => new/place.go 0", true},
		{" img/logo.png                 |  Bin 0 -> 1234 bytes", "img", "logo.png Bin 0 -> 1234 bytes", true},
		{" 360 files changed, 28908 insertions(+), 3652 deletions(-)", "", "", false},
		{"+++ b/x.go", "", "", false},
		{" a | b | c", "", "", false},
		{" | 12 +", "", "", false},
	} {
		got, ok := parseStatLine([]byte(tc.line))
		if ok != tc.ok || ok && (got.dir != tc.dir || got.item != tc.item) {
			t.Errorf("parseStatLine(%q) = %+v, %v; want %q %q, %v", tc.line, got, ok, tc.dir, tc.item, tc.ok)
		}
	}
}

// A diffstat alone is listed by directory: every file and its count stay,
// and the summary line; a short one is not worth regrouping.
func TestDiffStatOnly(t *testing.T) {
	in := viewtest.Read(t, "diff", "git-diff-stat-range")
	out, err := Diff(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(in), "\n"), "\n")
	if !bytes.HasPrefix(out, []byte(diffStatNote(len(lines)-1)+"\n")) { // all but the summary
		t.Errorf("view does not open with the note:\n%s", out)
	}
	for _, l := range lines {
		s, ok := parseStatLine([]byte(l))
		if !ok {
			if !bytes.Contains(out, []byte(l+"\n")) {
				t.Errorf("line %q not kept verbatim", l)
			}
			continue
		}
		if !bytes.Contains(out, []byte(s.item)) || !bytes.Contains(out, []byte(s.dir)) {
			t.Errorf("%q: %q in %q missing", l, s.item, s.dir)
		}
	}
	short := strings.Join(lines[:5], "\n") + "\n" + lines[len(lines)-1] + "\n"
	if _, err := Diff([]byte(short), lossy.Options{}); !errors.Is(err, lossy.ErrNoGain) {
		t.Errorf("short stat: err %v, want lossy.ErrNoGain", err)
	}
}
