package kompress

import (
	"bytes"
	"testing"
	"unsafe"

	"github.com/kompress/kompress/internal/ansi"
)

// within reports whether b lies in the memory of text.
func within(b, text []byte) bool {
	if len(b) == 0 || len(text) == 0 {
		return false
	}
	p, lo := uintptr(unsafe.Pointer(unsafe.SliceData(b))), uintptr(unsafe.Pointer(unsafe.SliceData(text)))
	return p >= lo && p+uintptr(len(b)) <= lo+uintptr(len(text))
}

// TestUnstripLines: failure lines judged in a stripped copy come back with
// the same bytes, from the raw text where it holds them without an escape
// inside, copied otherwise, and never in the stripped copy's memory.
func TestUnstripLines(t *testing.T) {
	raw := []byte("ok line\n\x1b[31mFAIL\x1b[0m: TestA\nerror: plain failure\n\x1b]8;;x\x07\x1b[1mpanic: boom\x1b[0m\nlast error\n")
	plain := ansi.Strip(raw)
	var lines [][]byte
	for line := range bytes.Lines(plain) {
		lines = append(lines, bytes.TrimSuffix(line, []byte("\n")))
	}
	lines = append(lines[1:], plain[3:7]) // out of order: "line"
	got := unstripLines(lines, plain, raw)
	inRaw := 0
	for i, l := range got {
		if !bytes.Equal(l, lines[i]) {
			t.Errorf("line %d = %q, want %q", i, l, lines[i])
		}
		if within(l, plain) {
			t.Errorf("line %d %q is in the stripped copy", i, l)
		}
		if within(l, raw) {
			inRaw++
		}
	}
	// "error: plain failure", "panic: boom" (after the escapes) and "last
	// error" lie in raw whole; "FAIL: TestA" has an escape inside.
	if inRaw != 3 {
		t.Errorf("%d lines from raw, want 3", inRaw)
	}
}
