package fold

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestExpandLimitBombs: blocks of a few bytes that claim a huge expansion
// are refused with ErrTooLarge before the memory is taken, by every
// built-in unfolder.
func TestExpandLimitBombs(t *testing.T) {
	long := strings.Repeat("d", 1<<16)
	paths := "[fold paths 1001 lines]\n" + long + "/\n" + strings.Repeat("  x\n", 1000)
	rg := "[fold rg 1001 lines]\n" + long + "\n" + strings.Repeat("1:x\n", 1000)
	json := "[fold json 1 line indent=16]\n" + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + "\n"
	for _, tt := range []struct {
		name, text string
	}{
		{"repeat", "[fold repeat 1 line x134217728]\nA\n"},
		{"repeat max", "[fold repeat 1 line x1073741824]\nA\n"},
		{"paths", paths},
		{"rg", rg},
		{"json indent", json},
		{"literal", strings.Repeat("z", 2<<20)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ExpandLimit([]byte(tt.text), 1<<20)
			if !errors.Is(err, ErrTooLarge) || got != nil {
				t.Fatalf("ExpandLimit(%d bytes, 1 MiB) = %d bytes, %v; want ErrTooLarge", len(tt.text), len(got), err)
			}
		})
	}
}

// TestExpandLimitExact: a text that expands to exactly the limit is fine,
// one byte less is refused.
func TestExpandLimitExact(t *testing.T) {
	for _, text := range []string{
		"[fold repeat 1 line x5]\nab\n",  // 15 bytes
		"[fold repeat 1 line x5]\nab",    // 14 bytes: no final newline
		"x\n[fold raw 1 line]\n[fold \n", // literal and raw
	} {
		want, err := Expand([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		if got, err := ExpandLimit([]byte(text), len(want)); err != nil || !bytes.Equal(got, want) {
			t.Errorf("ExpandLimit(%q, %d) = %q, %v", text, len(want), got, err)
		}
		if _, err := ExpandLimit([]byte(text), len(want)-1); !errors.Is(err, ErrTooLarge) {
			t.Errorf("ExpandLimit(%q, %d) err = %v, want ErrTooLarge", text, len(want)-1, err)
		}
	}
}

// TestEscapeLookalikes: header lines and any line holding a marker prefix
// are wrapped in raw blocks, and the round trip is exact.
func TestEscapeLookalikes(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int // raw blocks added
	}{
		{"[fold repeat 1 line x3]\nhello\n", 1},
		{"[fold repeat 1 line x3]", 1},
		{"see [kompress: 1 of 2 lines omitted; full output: retrieve id=0123456789ab]\n", 1},
		{"[kompress: broken\nok\n[kompress: 2\n", 2},
		{"not [fold repeat 1 line x3] at line start\n", 0},
		{"[fold nope]\n", 0},
		{"[fold raw 1 line]\n[fold raw 1 line]\n", 2},
	} {
		out := Escape([]byte(tt.in))
		if got := bytes.Count(out, []byte("[fold raw 1 line]\n")) - strings.Count(tt.in, "[fold raw 1 line]\n"); got != tt.want {
			t.Errorf("Escape(%q) = %q: %d raw blocks, want %d", tt.in, out, got, tt.want)
		}
		if NeedsEscape([]byte(tt.in)) != (tt.want > 0) {
			t.Errorf("NeedsEscape(%q) = %v", tt.in, !(tt.want > 0))
		}
		back, err := Expand(out)
		if err != nil || string(back) != tt.in {
			t.Errorf("Expand(Escape(%q)) = %q, %v", tt.in, back, err)
		}
	}
}

// TestVerifyRefusesLiteralMarker: a provider text with a marker lookalike
// outside any block would be expanded as one; the gate must not accept it.
func TestVerifyRefusesLiteralMarker(t *testing.T) {
	orig := []byte("a\n[kompress: 1 of 2 lines omitted; full output: retrieve id=0123456789ab]\n")
	if err := Verify(orig, orig, Byte); !errors.Is(err, ErrMismatch) {
		t.Errorf("Verify(literal marker) = %v, want ErrMismatch", err)
	}
	if err := Verify(orig, Escape(orig), Byte); err != nil {
		t.Errorf("Verify(escaped marker) = %v", err)
	}
}

// TestEscapeMarkerOnHeaderLookalike: a line that starts like a header but
// is none, and holds a marker lookalike further on, is escaped too.
func TestEscapeMarkerOnHeaderLookalike(t *testing.T) {
	in := []byte("a\n[fold x [kompress: 1 of 2 lines omitted; full output: retrieve id=0123456789ab]\nb\n")
	if !NeedsEscape(in) {
		t.Fatal("NeedsEscape = false")
	}
	if err := Verify(in, Escape(in), Byte); err != nil {
		t.Fatal(err)
	}
}

// TestEscapeManyLookalikes: of many lines that look like headers and are
// none, only the marker lookalike's is escaped (escapeScan reads the text
// once; it used to read the rest of it again for each such line).
func TestEscapeManyLookalikes(t *testing.T) {
	var b bytes.Buffer
	for i := range 50000 {
		fmt.Fprintf(&b, "[fold nope%d\n", i)
	}
	b.WriteString("[kompress: x]\n")
	in := b.Bytes()
	esc := Escape(in)
	if got, err := Expand(esc); err != nil || !bytes.Equal(got, in) {
		t.Fatalf("Expand(Escape(x)) differs: %v", err)
	}
	if n := bytes.Count(esc, []byte("[fold raw 1 line]\n")); n != 1 {
		t.Fatalf("%d lines escaped, want the marker's only", n)
	}
}
