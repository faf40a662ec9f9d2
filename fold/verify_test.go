package fold

import (
	"bytes"
	"errors"
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
