package lossy

import "testing"

// TestOmittedSingular pins the wording of a note for one unit: "1 row",
// not "1 rows", whatever qualifies the unit.
func TestOmittedSingular(t *testing.T) {
	for _, c := range []struct {
		n          int
		unit, want string
	}{
		{1, "rows", "[… 1 row omitted …]"},
		{2, "rows", "[… 2 rows omitted …]"},
		{1, "rows (2 lines)", "[… 1 row (2 lines) omitted …]"},
		{1, "entries", "[… 1 entry omitted …]"},
		{1, "nested entries", "[… 1 nested entry omitted …]"},
		{1, "requirements of golang.org/x/net", "[… 1 requirement of golang.org/x/net omitted …]"},
		{1, "changed lines (+1 −0)", "[… 1 changed line (+1 −0) omitted …]"},
		{1, "bytes", "[… 1 byte omitted …]"},
		{1, "line of passing tests", "[… 1 line of passing tests omitted …]"},
		{1, "passing test and 2 skipped tests", "[… 1 passing test and 2 skipped tests omitted …]"},
		{1, "hit in 1 more file", "[… 1 hit in 1 more file omitted …]"},
		{1, "goroutines with this stack, ids 7 (16 lines)", "[… 1 goroutine with this stack, ids 7 (16 lines) omitted …]"},
	} {
		if got := Omitted(c.n, c.unit); got != c.want {
			t.Errorf("Omitted(%d, %q) = %q, want %q", c.n, c.unit, got, c.want)
		}
	}
}
