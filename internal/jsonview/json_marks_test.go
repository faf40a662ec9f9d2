package jsonview

import (
	"testing"

	"github.com/kompress/kompress/internal/viewtest"
)

// checkMarks compares jsonMarks.failureText with jsonFailureText on every
// subslice of in from a start in starts, to every end.
func checkMarks(t *testing.T, in []byte, step int) {
	t.Helper()
	m := newJSONMarks(in)
	for i := 0; i <= len(in); i += step {
		for j := i; j <= len(in); j++ {
			if got, want := m.failureText(in[i:j]), jsonFailureText(in[i:j]); got != want {
				t.Fatalf("in[%d:%d] = %q: failureText %v, jsonFailureText %v", i, j, in[i:j], got, want)
			}
		}
	}
}

// TestJSONMarks: the one-pass index answers as jsonFailureText does for
// any span of the input, marks and locations cut at either end included.
func TestJSONMarks(t *testing.T) {
	for _, in := range []string{
		``, `:`, `"a.go:12: x"`, `a.go:12:`, `..go:1:`, `" .go:3:"`, `x.py:7:3: Error: no`,
		`{"m":"--- FAIL: T","f":"b/c.ts:10:4","ok":"FAIL\\tpkg"}`, `"✗ ✘ ✖ panic: Traceback ERROR FATAL fatal: error:"`,
		`["abcdefgh.verylongext:1:", "q.g:1:", "Exception"]`,
	} {
		checkMarks(t, []byte(in), 1)
	}
	for _, s := range viewtest.Samples(t, "json") {
		in := s.In
		if len(in) > 1500 {
			in = in[:1500]
		}
		t.Run(s.Name, func(t *testing.T) { checkMarks(t, in, 61) })
	}
}

func FuzzJSONMarks(f *testing.F) {
	f.Add([]byte(`{"file":"src/a.go:12:3","msg":"Error: x"}`), 3, 30)
	f.Add([]byte(`x.py:7: FAIL: y`), 0, 8)
	f.Fuzz(func(t *testing.T, in []byte, i, j int) {
		if i < 0 || j < i || j > len(in) {
			return
		}
		if got, want := newJSONMarks(in).failureText(in[i:j]), jsonFailureText(in[i:j]); got != want {
			t.Fatalf("in[%d:%d] = %q: failureText %v, jsonFailureText %v", i, j, in[i:j], got, want)
		}
	})
}
