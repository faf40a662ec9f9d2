package fold

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestExpandEqual checks the streaming comparison the gate uses for
// built-in folds against Expand and bytes.Equal, on every fold of every
// sample and on originals changed by one byte, cut short and extended.
func TestExpandEqual(t *testing.T) {
	n := 0
	for name, in := range samples(t) {
		for _, f := range benchFolds {
			text := f.fold(in)
			if f.name == "ansi" || text == nil || indexHeaderCandidate(text) < 0 {
				// ansi is Visible: its text expands to the plain text.
				continue
			}
			n++
			if err := expandEqual(text, in); err != nil {
				t.Errorf("%s %s: %v", name, f.name, err)
				continue
			}
			changed := bytes.Clone(in)
			changed[len(changed)/2] ^= 1
			for what, want := range map[string][]byte{"changed": changed, "short": in[:len(in)-1], "long": append(bytes.Clone(in), 'x')} {
				if err := expandEqual(text, want); !errors.Is(err, ErrMismatch) {
					t.Errorf("%s %s %s: got %v, want a mismatch", name, f.name, what, err)
				}
			}
		}
	}
	if n < 20 {
		t.Fatalf("only %d folded samples", n)
	}
}

// TestExpandEqualStreams: blocks far larger than what a comparing sink
// holds are still compared byte for byte, a change found wherever it is.
func TestExpandEqualStreams(t *testing.T) {
	var hits, paths, reps, doc bytes.Buffer
	doc.WriteString("[\n")
	for i := 0; hits.Len() < 5*drainAt; i++ {
		fmt.Fprintf(&hits, "src/internal/fold/gate.go:%d:\treturn x%d\n", i+1, i)
		fmt.Fprintf(&paths, "src/internal/dir%d/file%d.go\n", i/50, i)
		reps.WriteString("the same line, again and again\n")
		fmt.Fprintf(&doc, "  {\n    \"path\": \"src/internal/fold\",\n    \"n\": %d\n  },\n", i)
	}
	doc.WriteString("  {}\n]\n")
	pretty := func(in []byte, _ func([]byte) bool) []byte {
		if t, eq := foldJSON(in); eq == Byte {
			return t
		}
		return nil
	}
	for _, c := range []struct {
		name string
		fold func([]byte, func([]byte) bool) []byte
		in   []byte
	}{{"rg", foldSearch, hits.Bytes()}, {"paths", foldPaths, paths.Bytes()}, {"repeat", foldRepeat, reps.Bytes()}, {"json", pretty, doc.Bytes()}} {
		text := c.fold(c.in, nil)
		if text == nil {
			t.Fatalf("%s: no fold", c.name)
		}
		if err := expandEqual(text, c.in); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for _, at := range []int{0, drainAt - 1, drainAt, 3*drainAt + 7, len(c.in) - 2} {
			changed := bytes.Clone(c.in)
			changed[at] ^= 1
			if err := expandEqual(text, changed); !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), fmt.Sprintf("at byte %d ", at)) {
				t.Errorf("%s, byte %d changed: got %v, want a mismatch at it", c.name, at, err)
			}
		}
		for what, want := range map[string][]byte{"short": c.in[:len(c.in)-1], "long": append(bytes.Clone(c.in), 'x')} {
			if err := expandEqual(text, want); !errors.Is(err, ErrMismatch) {
				t.Errorf("%s %s: got %v, want a mismatch", c.name, what, err)
			}
		}
	}
}
