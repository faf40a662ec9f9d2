package toolline

import (
	"bytes"
	"testing"
)

func TestIndexRare(t *testing.T) {
	for _, c := range []struct {
		b, needle string
		at        int
	}{
		{"", "a", 0}, {"a", "a", 0}, {"ab", "b", 0}, {"--- FAIL: x", "--- FAIL: ", 4},
		{"- -- --- FAI --- FAIL:  --- FAIL: y", "--- FAIL: ", 4}, {"FAIL: ", "--- FAIL: ", 4},
		{"*. row *", ". row *", 6}, {"x. row", ". row *", 6}, {"aaaa", "aa", 1}, {"ab*", "b*", 1},
		{`{"Action":"pass"},{"Action":"fail"}`, `"Action":"fail"`, 1},
	} {
		if got, want := IndexRare([]byte(c.b), []byte(c.needle), c.at), bytes.Index([]byte(c.b), []byte(c.needle)); got != want {
			t.Errorf("IndexRare(%q, %q, %d) = %d, bytes.Index says %d", c.b, c.needle, c.at, got, want)
		}
	}
}

func FuzzIndexRare(f *testing.F) {
	f.Add([]byte("--- FAIL: x --- FAIL: y"), []byte("FAIL: "), uint8(2))
	f.Add([]byte("ab"), []byte("b"), uint8(0))
	f.Fuzz(func(t *testing.T, b, needle []byte, at uint8) {
		if len(needle) == 0 {
			return
		}
		k := int(at) % len(needle)
		if got, want := IndexRare(b, needle, k), bytes.Index(b, needle); got != want {
			t.Fatalf("IndexRare(%q, %q, %d) = %d, bytes.Index says %d", b, needle, k, got, want)
		}
	})
}
