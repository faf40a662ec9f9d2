package tableview

import (
	"bytes"
	"slices"
)

// Aligned tables (ps, ss, ls -l, git log with padded fields, sqlite3
// -column) put each column at a fixed offset, so a cell may hold spaces:
// ps's STARTED ("Tue Dec  1 10:24:27 2026"), ss's "Local Address:Port",
// an author's name. tableGutterColumns finds the columns from the layout:
// offsets that are blank in the header and in every row (gutters) separate
// segments; header words name them, and a segment under no header word
// belongs to the column it is aligned with: a right-aligned header's
// column reaches left to the previous column, otherwise the segment
// continues the column on its left.

// tableGutterSample is how many lines the layout is read from.
const tableGutterSample = 400

// tableColumn is one column found from the layout.
type tableColumn struct {
	start int    // offset where the column's region starts
	name  []byte // header words over it, or nil
}

// tableGutterColumns returns the columns of the lines' layout (header may
// be nil), or nil when fewer than two are found or the rows do not keep to
// them.
func tableGutterColumns(header []byte, rows [][]byte) []tableColumn {
	sample := rows[:min(len(rows), tableGutterSample)]
	width := len(header)
	for _, l := range sample {
		if bytes.IndexByte(l, '\t') >= 0 {
			return nil
		}
		width = max(width, len(l))
	}
	// A gutter offset is blank in the header and in nearly every row (a
	// few rows may overflow a column, as ps does with long user names).
	// Past the offset most rows end at, a column is free text (a commit
	// subject): its chance spaces are no gutters.
	filled, reach := make([]int, width+1), make([]int, width+1)
	// psql's " | " between columns: a bar under a bar of the header is a
	// gutter too.
	bar := func(i int) bool {
		return i < len(header) && header[i] == '|' && (i == 0 || header[i-1] == ' ') && (i+1 == len(header) || header[i+1] == ' ')
	}
	for _, l := range sample {
		for i, c := range l {
			if c != ' ' && c != '\r' && !(c == '|' && bar(i)) {
				filled[i]++
			}
		}
		reach[len(l)]++
	}
	for i := width - 1; i >= 0; i-- {
		reach[i] += reach[i+1] // rows at least i long
	}
	slack := len(sample) / 50
	gutter := make([]bool, width+1)
	for i := range gutter {
		gutter[i] = filled[i] <= slack && reach[i]*2 >= len(sample) && (i >= len(header) || header[i] == ' ' || header[i] == '\r' || bar(i))
	}
	gutter[width] = true
	var segs [][2]int
	for i := 0; i < width; {
		if gutter[i] {
			i++
			continue
		}
		j := i
		for j < width && !gutter[j] {
			j++
		}
		segs = append(segs, [2]int{i, j})
		i = j
	}
	if len(segs) < 2 {
		return nil
	}
	if header == nil {
		cols := make([]tableColumn, len(segs))
		for k, s := range segs {
			cols[k].start = s[0]
		}
		cols[0].start = 0
		return cols
	}
	// Each header word names the segment it overlaps.
	plain := slices.Clone(header)
	for i := range plain {
		if bar(i) {
			plain[i] = ' '
		}
	}
	words := tableSpans(plain)
	owner := make([]int, len(segs)) // index of the naming word, or -1
	for k, s := range segs {
		owner[k] = -1
		for w, sp := range words {
			if sp[0] < s[1] && sp[1] > s[0] {
				owner[k] = w
				break
			}
		}
	}
	if owner[0] < 0 || slicesCount(owner, -1) == len(owner) {
		return nil
	}
	// Segments under no word join a neighbour: the next named one when its
	// word is right-aligned with it, else the previous one.
	for k := range segs {
		if owner[k] >= 0 {
			continue
		}
		next := -1
		for j := k + 1; j < len(segs); j++ {
			if owner[j] >= 0 {
				next = j
				break
			}
		}
		if next >= 0 && words[owner[next]][1] == segs[next][1] {
			owner[k] = owner[next]
		} else {
			owner[k] = owner[k-1]
		}
	}
	// A column is a run of segments with one naming word; its name runs
	// to the next column's word, so words over one column ("Local
	// Address:Port") name it together.
	var cols []tableColumn
	var firstWord []int
	for k, s := range segs {
		if k > 0 && owner[k] == owner[k-1] {
			continue
		}
		cols = append(cols, tableColumn{start: s[0]})
		firstWord = append(firstWord, owner[k])
	}
	if len(cols) < 2 {
		return nil
	}
	for k := range cols {
		last := len(words) - 1
		if k+1 < len(cols) {
			last = firstWord[k+1] - 1
		}
		cols[k].name = header[words[firstWord[k]][0]:words[last][1]]
		if bytes.Contains(cols[k].name, []byte("  ")) {
			// Header words far apart over one column: cells that
			// overflow their columns (lsof's TID) blur the layout.
			return nil
		}
	}
	cols[0].start = 0
	return cols
}

func slicesCount(s []int, v int) int {
	n := 0
	for _, x := range s {
		if x == v {
			n++
		}
	}
	return n
}

// tableGutterCells splits a row at the columns' offsets, the last column
// taking the rest of the line; ok is false when the row runs across a
// column boundary.
func tableGutterCells(l []byte, cols []tableColumn) (cells [][]byte, ok bool) {
	l = bytes.TrimRight(l, "\r")
	cells = make([][]byte, 0, len(cols))
	for k, c := range cols {
		if c.start >= len(l) {
			break
		}
		end := len(l)
		if k+1 < len(cols) && cols[k+1].start < len(l) {
			end = cols[k+1].start
			if l[end-1] != ' ' && l[end] != ' ' {
				return nil, false
			}
		}
		if c.start > 0 && l[c.start-1] != ' ' && l[c.start] != ' ' {
			return nil, false
		}
		cells = append(cells, bytes.Trim(l[c.start:end], " |"))
	}
	return cells, true
}

// tableGutterRows splits the rows (masked: box bars blanked) at the
// columns' offsets, or returns nil when more than one in ten runs across a
// boundary; those few are split at spaces instead.
func tableGutterRows(lines, masked [][]byte, cols []tableColumn) []tableRow {
	rows := make([]tableRow, 0, len(lines))
	bad := 0
	for i, l := range lines {
		cells, ok := tableGutterCells(masked[i], cols)
		if !ok {
			bad++
			cells = tableSplitRows([][]byte{l}, len(cols), false, nil)[0].cells
		}
		rows = append(rows, tableRow{raw: l, cells: cells})
	}
	if bad*10 > len(lines) {
		return nil
	}
	return rows
}

// tableLsNames name the columns of ls -l once its date is one cell.
var tableLsNames = []string{"mode", "links", "owner", "group", "size", "modified", "name"}

// tableNameLsColumns recognises ls -l rows (a mode string first) and
// joins the three parts of the date ("Sep 19  2022", "Dec  1 10:51")
// into one cell.
func tableNameLsColumns(t *tableData) {
	modes := 0
	for _, r := range t.rows {
		if len(r.cells) == 9 && tableIsMode(r.cells[0]) {
			modes++
		}
	}
	if modes*10 < len(t.rows)*9 {
		return
	}
	for i, r := range t.rows {
		if len(r.cells) != 9 {
			continue
		}
		c := r.cells
		// The date's parts sit in the row, in order: slice from the
		// month to the end of the time or year.
		from := bytes.Index(r.raw, c[5])
		to := from + bytes.Index(r.raw[from:], c[7]) + len(c[7])
		t.rows[i].cells = append(c[:5:5], r.raw[from:to], c[8])
	}
	t.columns = append(t.columns[:0], tableLsNames...)
}

// tableIsMode matches an ls -l mode string such as "-rwxr-xr-x" or
// "drwxr-xr-x+".
func tableIsMode(c []byte) bool {
	if len(c) < 10 || len(c) > 11 || !bytes.ContainsRune([]byte("-dlcbps"), rune(c[0])) {
		return false
	}
	for _, x := range c[1:10] {
		if !bytes.ContainsRune([]byte("rwxsStT-"), rune(x)) {
			return false
		}
	}
	return true
}
