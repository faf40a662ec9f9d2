package fold

import (
	"bytes"
	"context"
	"math/rand/v2"
	"testing"

	"github.com/kompress/kompress/router"
)

// bestSaving is what the best built-in fold under the Byte and JSON
// equivalences saves of part, as a gate accepting those runs them: the
// bytes MaxSavings bounds.
func bestSaving(part []byte) int {
	o := (&Gate{}).Fold(context.Background(), part, Info{})
	return len(part) - len(o.Text)
}

// lineStarts returns the offsets at which the lines of b start.
func lineStarts(b []byte) []int {
	starts := []int{0}
	for i, c := range b {
		if c == '\n' && i+1 < len(b) {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// checkBound fails when the folds save more of the sections of b, cut at
// the given line starts (ascending, the first 0), than MaxSavings allows
// under any of a few limits: a bound at or below its limit must hold.
func checkBound(t *testing.T, name string, b []byte, cuts []int) {
	t.Helper()
	saved := 0
	for i, start := range cuts {
		end := len(b)
		if i+1 < len(cuts) {
			end = cuts[i+1]
		}
		saved += bestSaving(b[start:end])
	}
	for _, limit := range []int{len(b), saved, len(b) / 20, saved / 2} {
		if bound := MaxSavings(b, limit); bound <= limit && saved > bound {
			t.Fatalf("%s: %d sections save %d bytes, MaxSavings(limit %d) says at most %d", name, len(cuts), saved, limit, bound)
		}
	}
}

// randomCuts cuts b at some of its line starts, chosen by r.
func randomCuts(b []byte, r *rand.Rand) []int {
	starts := lineStarts(b)
	cuts := []int{0}
	every := 1 + r.IntN(8)
	for _, s := range starts[1:] {
		if r.IntN(every) == 0 {
			cuts = append(cuts, s)
		}
	}
	return cuts
}

// TestMaxSavingsOnSamples checks the bound on every sample: whole, cut
// where the router cuts it, and cut at random line starts.
func TestMaxSavingsOnSamples(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for name, b := range samples(t) {
		checkBound(t, name, b, []int{0})
		var routed []int
		for _, s := range router.Split(b) {
			routed = append(routed, s.Start)
		}
		checkBound(t, name+" routed", b, routed)
		for range 3 {
			checkBound(t, name+" cut", b, randomCuts(b, r))
		}
	}
}

// TestMaxSavingsShapes pins the bound on small inputs of each fold's shape.
func TestMaxSavingsShapes(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want int
	}{
		{"empty", "", 0},
		{"prose", "one line\nanother line\n", 0},
		{"two equal lines", "x\nx\n", 0},
		{"three equal lines", "xy\nxy\nxy\n", 6},
		{"four equal lines", "xy\nxy\nxy\nxy\n", 9},
		// Two hits in one file: the second shares "a.go:" and one byte.
		{"search", "a.go:1:x\na.go:2:y\n", 6},
		// b/d shares "b/" with b/c, less two spaces of indentation.
		{"paths", "b/c\nb/d\n", 0},
		{"paths deeper", "abc/d\nabc/e\n", 2},
		{"json", "{\n  \"a\": 1\n}\n", 6},
		{"json after blanks", "\n\n{\n \"a\": 1\n}", 6},
		{"json string spaces", "[\"a b\"]\n", 1},
		{"not json", "{\n  a: 1\n}\n", 1}, // only the first line's newline
		{"number then object", "1\n\n{\n}\n", 3},
		{"log with brackets", "[12:00] x\n[12:01] y\n", 0},
		{"unclosed string", "[\"a\n]\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := MaxSavings([]byte(tt.in), 1<<20); got != tt.want {
				t.Errorf("MaxSavings(%q) = %d, want %d", tt.in, got, tt.want)
			}
			checkBound(t, tt.name, []byte(tt.in), []int{0})
		})
	}
}

// TestJSONLine checks jsonLine against the lexer on the lines of JSON the
// lexer takes: every line of a JSON text must be one jsonLine takes, with
// white space counted as the scanner leaves it out.
func TestJSONLine(t *testing.T) {
	for name, b := range samples(t) {
		if _, eq := foldJSON(b); eq == "" {
			continue
		}
		for rest := b; len(rest) > 0; {
			var c []byte
			c, _, rest = nextLine(rest)
			if _, ok := jsonLine(c); !ok {
				t.Fatalf("%s: jsonLine refuses %q of a JSON text", name, c)
			}
		}
	}
}

// FuzzMaxSavings checks the bound on any input, whole and cut at the line
// starts a seed picks.
func FuzzMaxSavings(f *testing.F) {
	addSeeds(f, "search", "json", "mixed")
	for _, s := range []string{
		"{\"a\": [1, 2]}\n{\"b\": null}\n", "[\n  true,\n  false\n]\n\n\n[1]\n",
		"x\nx\nx\nx\ny\ny\ny\n", "a/b/c\na/b/d\na/b/e/f\n",
		"\"\\\"\"\n[\"\\\\\", -1.5e+3]\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 8<<10 {
			return
		}
		h := uint64(len(in))
		for _, c := range in {
			h = h*31 + uint64(c)
		}
		r := rand.New(rand.NewPCG(h, 7))
		checkBound(t, "whole", in, []int{0})
		checkBound(t, "cut", in, randomCuts(in, r))
		if bytes.IndexByte(in, '\n') >= 0 {
			checkBound(t, "every line", in, lineStarts(in))
		}
	})
}
