package tableview

import (
	"bytes"

	"github.com/kompress/kompress/internal/lossy"
)

// ms_print (valgrind massif's report) draws a chart of heap use, then
// lists the snapshots in tables of six numbers a row ("  n  time(i)
// total(B) useful-heap(B) extra-heap(B) stacks(B)"), with the allocation
// tree of each detailed snapshot (the peak among them) under its row. The
// column parser sees one table and summarises it all, the peak and its
// tree included. Table crushes it here instead: the chart, the header,
// the rows of detailed snapshots with their trees and the first and last
// snapshot are kept; each run of other snapshot rows becomes one note.

// tableMassifParse returns, for ms_print output, which lines are plain
// snapshot rows that may be dropped, or nil.
func tableMassifParse(in []byte) (lines [][]byte, drop []bool) {
	if !bytes.Contains(in, []byte("\nms_print arguments:")) || !bytes.Contains(in, []byte("Detailed snapshots: [")) {
		return nil, nil
	}
	lines = tableLines(in)
	drop = make([]bool, len(lines))
	first, last, n := -1, -1, 0
	for i, l := range lines {
		if !tableMassifRow(l) {
			continue
		}
		if i+1 < len(lines) && tableMassifTree(lines[i+1]) {
			continue // a detailed snapshot: its row names its tree
		}
		drop[i] = true
		if first < 0 {
			first = i
		}
		last = i
		n++
	}
	if n < 8 {
		return nil, nil
	}
	drop[first], drop[last] = false, false
	return lines, drop
}

// tableMassifRow reports a snapshot row: six numbers, with thousands
// separators.
func tableMassifRow(l []byte) bool {
	f := bytes.Fields(l)
	if len(f) != 6 {
		return false
	}
	for _, c := range f {
		for _, b := range c {
			if !isDigitByte(b) && b != ',' {
				return false
			}
		}
	}
	return true
}

// tableMassifTree reports the first line of a snapshot's allocation tree,
// "98.25% (1,191,632B) (heap allocation functions) malloc/new/new[], …".
func tableMassifTree(l []byte) bool {
	i := bytes.IndexByte(l, '%')
	return i > 0 && isDigitByte(l[0]) && bytes.HasPrefix(l[i:], []byte("% ("))
}

// tableMassifRender prints lines without the dropped rows, each run of
// them as one note.
func tableMassifRender(in []byte, lines [][]byte, drop []bool) []byte {
	out := make([]byte, 0, len(in)/2)
	for i := 0; i < len(lines); {
		if !drop[i] {
			out = append(out, lines[i]...)
			if i+1 < len(lines) || in[len(in)-1] == '\n' {
				out = append(out, '\n')
			}
			i++
			continue
		}
		j := i
		for j < len(lines) && drop[j] {
			j++
		}
		out = append(append(out, lossy.Omitted(j-i, "snapshots")...), '\n')
		i = j
	}
	return out
}
