package scorer

import (
	"unsafe"

	"github.com/kompress/kompress/router"
)

// failureLines marks the lines that report failures by the rules of
// failure.Lines for kind (DESIGN.md invariant 2), found by find. Compress keeps them
// verbatim, so the boundary check after compression, which uses the same
// rules, never has to fall back because prose compression cut one.
func failureLines(text string, lines []line, kind router.Kind, find func(router.Kind, []byte) [][]byte) []bool {
	out := make([]bool, len(lines))
	b := unsafe.Slice(unsafe.StringData(text), len(text)) // read-only: failure.Lines never writes
	found := find(kind, b)
	// failure.Lines returns subslices of b: recover each one's offset from
	// its capacity and match it to our lines, both in text order.
	li := 0
	for _, f := range found {
		off := cap(b) - cap(f)
		if off < 0 || off > len(b) {
			continue // not a subslice of b: cannot place it
		}
		for li < len(lines) && lines[li].end < off {
			li++
		}
		if li < len(lines) && lines[li].start <= off {
			out[li] = true
		}
	}
	return out
}
