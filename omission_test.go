package kompress

import (
	"testing"

	"github.com/kompress/kompress/internal/ansi"
	"github.com/kompress/kompress/router"
)

// TestOmissionSearch pins how the marker counts what a search view leaves
// out: hits shown in either form count, and other view lines count only
// when they are input lines, as often as the view shows them.
func TestOmissionSearch(t *testing.T) {
	in := []byte("a.go:1:foo\na.go:2:bar\nb.go:3:baz\nBinary file c matches\n")
	tests := []struct {
		name string
		view string
		want int // omitted, of 4 lines
	}{
		{"heading form", "a.go\n1:foo\n[… 1 more hit omitted …]\nBinary file c matches\n\nb.go\n3:baz\n", 1},
		{"flat form", "a.go:1:foo\n[… 2 lines omitted …]\nBinary file c matches\n", 2},
		{"a line shown twice", "a.go:1:foo\nBinary file c matches\nBinary file c matches\n", 1},
		{"lines not in the input", "a.go\n[… 4 hits omitted …]\nsomething else\n", 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			omitted, total, unit := omission(router.Search, in, []byte(tt.view), func() bool { return false }, func() []byte { return ansi.Strip(in) })
			if omitted != tt.want || total != 4 || unit != "lines" {
				t.Errorf("omission = %d of %d %s, want %d of 4 lines", omitted, total, unit, tt.want)
			}
		})
	}
}
