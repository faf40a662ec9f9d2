package jsonview

import (
	"bytes"
	"slices"
	"unsafe"
)

// jsonMarks holds where the input carries failure text (jsonFailureText),
// found in one pass: the view asks about every value of every level, and
// nested values would otherwise have their text scanned once per level and
// per render.
type jsonMarks struct {
	in     []byte
	start  []int // where each occurrence starts, ascending
	minEnd []int // minEnd[i] is the least end of occurrences i and later
}

// newJSONMarks finds every occurrence in in of what jsonFailureText looks
// for: each of jsonFailureMarks and each "file.ext:12:" location, as the
// span jsonFailureText would need inside a value's text to see it.
func newJSONMarks(in []byte) *jsonMarks {
	type span struct{ start, end int }
	var spans []span
	for _, m := range jsonFailureMarks {
		for off := 0; ; {
			j := bytes.Index(in[off:], m)
			if j < 0 {
				break
			}
			spans = append(spans, span{off + j, off + j + len(m)})
			off += j + 1
		}
	}
	for i := 0; i < len(in); {
		j := bytes.IndexByte(in[i:], ':')
		if j < 0 {
			break
		}
		c := i + j // the colon before the line number
		if start, ok := jsonLocationAt(in, c); ok {
			end := bytes.IndexByte(in[c+1:], ':') + c + 2 // after the second colon
			spans = append(spans, span{start, end})
		}
		i = c + 1
	}
	slices.SortFunc(spans, func(a, b span) int { return a.start - b.start })
	m := &jsonMarks{in: in, start: make([]int, len(spans)), minEnd: make([]int, len(spans))}
	least := len(in) + 1
	for i := len(spans) - 1; i >= 0; i-- {
		least = min(least, spans[i].end)
		m.start[i], m.minEnd[i] = spans[i].start, least
	}
	return m
}

// failureText is jsonFailureText(raw) for raw inside the input: whether an
// occurrence lies wholly within it.
func (m *jsonMarks) failureText(raw []byte) bool {
	off := int(uintptr(unsafe.Pointer(unsafe.SliceData(raw))) - uintptr(unsafe.Pointer(unsafe.SliceData(m.in))))
	if len(raw) == 0 || len(m.in) == 0 || off < 0 || off > len(m.in)-len(raw) {
		return jsonFailureText(raw)
	}
	i, _ := slices.BinarySearch(m.start, off)
	return i < len(m.start) && m.minEnd[i] <= off+len(raw)
}
