package tokens

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCount(t *testing.T) {
	c, err := New("")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"hello world", 2},
		{"<|endoftext|>", 7}, // special tokens are ordinary text here
	}
	for _, tt := range tests {
		if got := c.Count(tt.in); got != tt.want {
			t.Errorf("Count(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestChunkingKeepsCountClose(t *testing.T) {
	c, err := New("")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Repeat("the quick brown fox jumps over the lazy dog\n", 2000)
	whole := len(c.enc.EncodeOrdinary(text))
	if got := c.Count(text); got != whole {
		t.Errorf("chunked count %d, whole-text count %d", got, whole)
	}
	// A long run without whitespace and with multi-byte runes must not be
	// cut inside a rune or crash.
	run := strings.Repeat("é", 3*chunkSize)
	if got := c.Count(run); got == 0 {
		t.Error("no tokens for a long non-ASCII run")
	}
}

func BenchmarkCount(b *testing.B) {
	files, _ := filepath.Glob("../testdata/samples/*/*.txt")
	var data []byte
	for _, f := range files {
		d, _ := os.ReadFile(f)
		data = append(data, d...)
	}
	if len(data) == 0 {
		data = []byte(strings.Repeat("ok  \tgithub.com/x/y\t0.01s\n--- FAIL: TestX (0.00s)\n", 20000))
	}
	c, err := New("")
	if err != nil {
		b.Fatal(err)
	}
	text := string(data)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		c.Count(text)
	}
}
