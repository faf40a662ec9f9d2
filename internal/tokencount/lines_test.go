package tokencount

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestDigitTokens checks what reading a line's ASCII digits as '0' rests
// on: every string of one to three ASCII digits is one token.
func TestDigitTokens(t *testing.T) {
	for _, name := range native {
		c := mustNew(t, name)
		for n := 1; n <= 3; n++ {
			for v := range 1000 {
				if s := fmt.Sprintf("%0*d", n, v); len(s) == n && !c.ranks.has(s) {
					t.Errorf("%s: %q is not a token", name, s)
				}
			}
		}
	}
}

// lineTexts are texts whose line cuts and digits are hard to get right:
// blank lines, white space (ASCII or not) before a newline, '/' after one,
// digits next to non-ASCII digits and letters.
var lineTexts = []string{
	"a\n\nb\n", "a\n \nb", "a\n\t\n b", "a\n\v\nb", "a\n\f \nb", "a\n \r\nb", "a\n\u00a0\nb", "a\n \u00a0b\n", "a\n\u0085b",
	"a\n/b\n/c", "a.\n/b", "a/\n/b", "/\n/\n", "x\n  \n  y\n", "x\n        \n        y\n", "x\n                  y\n",
	"1²\n2²\n", "x 1\u0663\nx 2\u0663\n", "v1\u00b2\nv9\u00b2\n", "a1é\na2é\n", "12345678\n98765432\n", "7\n8\n9\n",
	"id=12ab\nid=34ab\n", "a 1'\na 2's\n", "\n\n\nx", "x\n", "x", "\n", "é\nb\né\nb\n",
}

// slowLines is the sum of slowCount over the lines of s (lineEnd), each
// alone.
func slowLines(c *Counter, s string) int {
	n := 0
	b := []byte(s)
	for a := 0; a < len(s); {
		e, _ := lineEnd(b, a)
		n += slowCount(c, s[a:e])
		a = e
	}
	return n
}

// digitsChanged is s with each ASCII digit replaced by another at random.
func digitsChanged(s string, r *rand.Rand) string {
	b := []byte(s)
	for i, c := range b {
		if c >= '0' && c <= '9' {
			b[i] = byte('0' + r.IntN(10))
		}
	}
	return string(b)
}

// TestLines checks the line cuts and the line memo: every line counts the
// same alone as in its text; lines that sameLine finds the same (their
// digits changed) count the same; and a tally counting a text after one
// with other digits counts it right.
func TestLines(t *testing.T) {
	texts := append(corpus(t), lineTexts...)
	r := rand.New(rand.NewPCG(1, 2))
	c := mustNew(t, "o200k_base")
	ref := reference(t, "o200k_base")
	for k, s := range texts {
		want := slowCount(c, s)
		if got := slowLines(c, s); got != want {
			t.Errorf("text %d (%.40q): its lines count %d, the text %d", k, s, got, want)
		}
		b := []byte(s)
		for a := 0; a < len(s); {
			e, h := lineEnd(b, a)
			other := digitsChanged(s[a:e], r)
			if e2, h2 := lineEnd([]byte(other), 0); e2 != e-a || h2 != h {
				t.Errorf("text %d: line %.40q with other digits %.40q: end %d, hash %x; want %d, %x", k, s[a:e], other, e2, h2, e-a, h)
			}
			if sameLine(s[a:e], other) && len(s) < 1<<16 {
				if got, want := slowCount(c, other), slowCount(c, s[a:e]); got != want {
					t.Errorf("text %d: sameLine(%.40q, %.40q), but they count %d and %d", k, s[a:e], other, want, got)
				}
			}
			a = e
		}
		other := digitsChanged(s, r)
		tally := c.Tally()
		tally.Count(context.Background(), s)
		got, _ := tally.Count(context.Background(), other)
		tally.Close()
		if want := slowCount(c, other); got != want {
			t.Errorf("text %d: a tally counts the text with other digits %d, want %d", k, got, want)
		}
		if len(s) < 1<<14 {
			if want := len(ref.EncodeOrdinary(other)); got != want {
				t.Errorf("text %d (%.40q): a tally counts it with other digits %d, tiktoken-go %d", k, other, got, want)
			}
		}
	}
}

// TestSameLine checks sameLine: equal lines, ASCII lines that differ in
// their digits only, and none that differ anywhere else or hold a byte
// over 0x7f where digits differ.
func TestSameLine(t *testing.T) {
	for _, c := range []struct {
		x, y string
		want bool
	}{
		{"took 12ms\n", "took 12ms\n", true},
		{"took 12ms\n", "took 97ms\n", true},
		{"2024-01-01T00:00:00Z INFO ok\n", "2025-12-31T23:59:59Z INFO ok\n", true},
		{"took 12ms\n", "took 12ns\n", false},
		{"took 1:ms\n", "took 12ms\n", false},
		{"1²\n", "2²\n", false},
		{"é 1\n", "é 2\n", false},
		{"é 1\n", "é 1\n", true},
		{"x 1 and some more text é\n", "x 2 and some more text é\n", false},
		{"0123456789abcdef/", "9876543210abcdef/", true},
		{"0123456789abcdef/", "9876543210abcdeg/", false},
	} {
		if got := sameLine(c.x, c.y); got != c.want {
			t.Errorf("sameLine(%q, %q) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
}

// FuzzLines checks the line cuts and a tally's line memo against the slow
// reference: lines count the same alone, and a text counted after the same
// text with other digits counts right.
func FuzzLines(f *testing.F) {
	for _, s := range append(lineTexts, adversarial()...) {
		f.Add(s, uint64(1))
	}
	c := mustNew(f, "o200k_base")
	f.Fuzz(func(t *testing.T, s string, seed uint64) {
		if len(s) > 16<<10 {
			return
		}
		want := slowCount(c, s)
		if got := slowLines(c, s); got != want {
			t.Errorf("%q: its lines count %d, the text %d", s, got, want)
		}
		other := digitsChanged(s, rand.New(rand.NewPCG(seed, 0)))
		tally := c.Tally()
		defer tally.Close()
		tally.Count(context.Background(), s)
		if got, _ := tally.Count(context.Background(), strings.Clone(other)); got != slowCount(c, other) {
			t.Errorf("%q after %q: a tally counts %d, want %d", other, s, got, slowCount(c, other))
		}
	})
}
