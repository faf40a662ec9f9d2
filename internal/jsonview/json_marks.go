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
	// judge tells of a text outside in (a cut stream is parsed from a
	// copy closed at its cut) whether it holds an occurrence.
	judge func(raw []byte) bool
}

// newJSONMarks finds every occurrence in in of what jsonFailureText looks
// for: each of jsonFailureMarks and each "file.ext:12:" location, as the
// span jsonFailureText would need inside a value's text to see it, and
// the extra spans.
func newJSONMarks(in []byte, extra ...jsonSpan) *jsonMarks {
	spans := extra
	for _, m := range jsonFailureMarks {
		for off := 0; ; {
			j := bytes.Index(in[off:], m)
			if j < 0 {
				break
			}
			spans = append(spans, jsonSpan{off + j, off + j + len(m)})
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
			spans = append(spans, jsonSpan{start, end})
		}
		i = c + 1
	}
	return jsonMarksOf(in, spans)
}

// jsonSpan is where an occurrence of failure text lies in the input.
type jsonSpan struct{ start, end int }

// jsonSpansOf returns where lines, subslices of in, lie in it; a line
// that is not one is left out.
func jsonSpansOf(in []byte, lines [][]byte) []jsonSpan {
	base := uintptr(unsafe.Pointer(unsafe.SliceData(in)))
	var spans []jsonSpan
	for _, l := range lines {
		off := int(uintptr(unsafe.Pointer(unsafe.SliceData(l))) - base)
		if len(l) > 0 && off >= 0 && off <= len(in)-len(l) {
			spans = append(spans, jsonSpan{off, off + len(l)})
		}
	}
	return spans
}

// jsonMarksOf indexes spans, occurrences of failure text in in.
func jsonMarksOf(in []byte, spans []jsonSpan) *jsonMarks {
	slices.SortFunc(spans, func(a, b jsonSpan) int { return a.start - b.start })
	m := &jsonMarks{in: in, start: make([]int, len(spans)), minEnd: make([]int, len(spans)), judge: jsonFailureText}
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
		return m.judge(raw)
	}
	i, _ := slices.BinarySearch(m.start, off)
	return i < len(m.start) && m.minEnd[i] <= off+len(raw)
}
