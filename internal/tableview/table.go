package tableview

import (
	"bytes"
	"cmp"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/kompress/kompress/internal/lossy"

	"github.com/kompress/kompress/internal/queryterm"

	"github.com/kompress/kompress/internal/ansi"

	"github.com/kompress/kompress/internal/failure"
	"github.com/kompress/kompress/internal/toolline"
	"github.com/kompress/kompress/router"
)

// Table crushes tabular output: CSV, TSV and whitespace-aligned columns
// (ps aux, dpkg -l, ls -l, df, kubectl get). Rows are printed verbatim:
// any preamble and the header (with its ruler line, as in dpkg -l), the
// first and last rows, rows with a failure status (a cell such as failed,
// Error or CrashLoopBackOff, or a failure line), rows with a rare value in
// an otherwise uniform column (dpkg's "rc" among "ii"), and rows matching
// lossy.Options.Query. Each run of dropped rows becomes one "[… N rows omitted …]"
// line, and a closing block summarises the dropped rows per column:
// min/median/max for numeric columns (sizes such as 12G count as numbers),
// the most common values with counts otherwise.
//
// Rows whose status cell says LISTEN, ERROR, FAILED, DOWN,
// CrashLoopBackOff and the like (tableStatusWords) are kept too. Aligned
// columns are found from the layout (see tableGutterColumns), so a cell
// may hold spaces (ps's lstart, ls -l's date, an author's name).
//
// Quoted CSV fields may hold newlines; ragged rows are kept as they are.
// Input with too few rows to cut 10% gives lossy.ErrNoGain.
func Table(in []byte, o lossy.Options) ([]byte, error) {
	var render func(tableLevel, [][]byte) []byte
	if tr := tableTreeParse(in); tr != nil {
		render = tr.render
	} else if pr := tablePerfParse(in); pr != nil {
		render = pr.render
	} else if out := tablePhpcsRender(in); out != nil {
		render = func(tableLevel, [][]byte) []byte { return out }
	} else if lines, drop := tableMassifParse(in); lines != nil {
		render = func(tableLevel, [][]byte) []byte { return tableMassifRender(in, lines, drop) }
	} else if g := tableModGraphParse(in); g != nil {
		render = g.render
	} else if r := tableLsRParse(in, tableFailedLines(func() [][]byte { return o.FailureLines(router.Table, in) })); r != nil {
		render = r.render
	} else if b := tableBlocksParse(in); b != nil {
		b.failureLines(func() [][]byte { return o.FailureLines(router.Table, in) })
		render = b.render
	} else if b := tableHeaderLater(in); b != nil {
		b.failureLines(func() [][]byte { return o.FailureLines(router.Table, in) })
		render = b.render
	} else if t := tableParse(in); t != nil && len(t.rows) >= 8 {
		render = t.view(in, func() [][]byte { return o.FailureLines(router.Table, in) })
	} else if t := tablePairs(in); t != nil {
		render = t.view(in, func() [][]byte { return o.FailureLines(router.Table, in) })
	} else {
		return nil, lossy.ErrNoGain
	}
	terms := queryterm.Split(o.Query)
	out := render(tableDefault, terms)
	if budget, size, ok := o.Budget(in); ok {
		view := func(lv tableLevel) []byte { return render(lv, terms) }
		out, _, _ = lossy.Fit(out, budget, size, view, tableDefault.scaled)
	}
	if out == nil || len(out) > len(in)*9/10 {
		return nil, lossy.ErrNoGain
	}
	return out, nil
}

type tableLevel struct {
	head, tail int
	queryMax   int
	rareMax    int // most rows kept for a rare value in a uniform column
	topValues  int // values listed per categorical column summary
	treeTop    int // most top-level entries of a drawn tree kept in full
	modKids    int // requirements kept per module of go mod graph
	benchMax   int // most benchmark results kept (go test -bench rows)
}

// tableDefault is the level of compression without a target ratio.
var tableDefault = tableLevel{5, 3, 20, 10, 3, 60, 3, 400}

// scaled returns the level that keeps about s times the rows lv keeps: s
// below 1 keeps less (the first and last row, failure rows and the
// summary at s = 0), above 1 more.
func (lv tableLevel) scaled(s float64) tableLevel {
	f := func(n, least int) int { return max(least, int(math.Round(float64(n)*s))) }
	return tableLevel{
		head: f(lv.head, 1), tail: f(lv.tail, 1), queryMax: f(lv.queryMax, 1), rareMax: f(lv.rareMax, 0),
		topValues: f(lv.topValues, 1), treeTop: f(lv.treeTop, 1), modKids: f(lv.modKids, 1),
		benchMax: f(lv.benchMax, 0),
	}
}

// tableKeepFew is the most rows dropped for a summary: fewer are cheaper
// to read than a summary of them (ls -la of a small directory).
const tableKeepFew = 25

// tableKeepIfFew keeps every row when at most few would be dropped.
func tableKeepIfFew(keep []bool, few int) {
	dropN := 0
	for _, k := range keep {
		if !k {
			dropN++
		}
	}
	if dropN <= few {
		for i := range keep {
			keep[i] = true
		}
	}
}

// tableRow is one record: its exact source bytes (several lines for quoted
// CSV fields with newlines) and its cells.
type tableRow struct {
	raw   []byte
	cells [][]byte
}

type tableData struct {
	top     [][]byte // preamble, header and ruler lines, printed first
	columns []string // column names, from the header or "col N"
	rows    []tableRow
	trailer [][]byte // blank lines at the end

	// failureLines returns the failure lines of the input (failure.Lines,
	// subslices of it); failed marks the rows holding one, once asked.
	failureLines func() [][]byte
	failed       []bool

	// few is the most dropped rows kept rather than cut, tableKeepFew
	// when 0; blocks of one table share it (see tableBlocks.shareFew).
	few int
}

// tableParse splits the input into header and rows, or returns nil when it
// does not look like a table.
func tableParse(in []byte) *tableData {
	if len(in) == 0 || bytes.IndexByte(in, 0) >= 0 {
		return nil
	}
	lines := tableLines(in)
	if len(lines) < 3 {
		return nil
	}
	if sep := tableSeparator(lines); sep != 0 {
		return tableDelimited(in, sep)
	}
	if t := tableSectionPairs(lines); t != nil {
		return t
	}
	return tableAligned(lines, -1)
}

// tablePairs reads a list of names with their versions, one blank
// between, which no column lines up: go list -m all ("golang.org/x/text
// v0.22.0", a replacement after " => "), under a first line that is a
// name alone (the main module). It returns nil unless at least eight such
// rows follow, with no blank line or other row among them.
func tablePairs(in []byte) *tableData {
	lines := tableLines(in)
	if len(lines) < 9 {
		return nil
	}
	t := &tableData{columns: []string{"name", "version"}}
	if l := lines[0]; len(l) > 0 && bytes.IndexAny(l, " \t") < 0 {
		t.top, lines = lines[:1], lines[1:]
	}
	for _, l := range lines {
		f := bytes.Fields(l)
		if len(f) != 2 && (len(f) < 4 || string(f[2]) != "=>") || len(l) == 0 || l[0] == ' ' ||
			bytes.Contains(l, []byte("  ")) || bytes.IndexByte(l, '\t') >= 0 {
			return nil
		}
		t.rows = append(t.rows, tableRow{raw: l, cells: [][]byte{f[0], bytes.Join(f[1:], []byte{' '})}})
	}
	if len(t.rows) < 8 {
		return nil
	}
	return t
}

// tableSectionIndex reports a line that starts with a bracketed number,
// readelf's section index "  [ 5]".
func tableSectionIndex(l []byte) bool {
	l = bytes.TrimLeft(l, " ")
	if len(l) < 3 || l[0] != '[' {
		return false
	}
	l = bytes.TrimLeft(l[1:], " ")
	_, e := toolline.Number(l)
	return e > 0 && e < len(l) && l[e] == ']'
}

// tableSectionPairs reads readelf -S without -W, which prints each
// section on two lines (index, name, type, address, offset; then size,
// entry size, flags, link, info, align) under a header of two lines: a
// row is the pair, so that a kept section keeps both its lines. It
// returns nil unless at least eight such pairs follow one another.
func tableSectionPairs(lines [][]byte) *tableData {
	first := slices.IndexFunc(lines, tableSectionIndex)
	if first < 0 || len(lines)-first < 16 {
		return nil
	}
	t := &tableData{top: lines[:first]}
	var h1, h2 []byte
	if first >= 2 && bytes.HasPrefix(bytes.TrimLeft(lines[first-2], " "), []byte("[Nr] ")) {
		h1, h2 = lines[first-2], lines[first-1]
		t.columns = append(t.columns, tableFieldStrings(h1)...)
		t.columns = append(t.columns, tableFieldStrings(h2)...)
	}
	end := first
	for end+1 < len(lines) && tableSectionIndex(lines[end]) && !tableSectionIndex(lines[end+1]) &&
		len(lines[end+1]) > 0 && lines[end+1][0] == ' ' {
		a, b := lines[end], lines[end+1]
		cells := tableSplitRows([][]byte{a}, 0, false, nil)[0].cells
		cells = append(cells, tableSplitRows([][]byte{b}, 0, false, tableSpans(h2))[0].cells...)
		t.rows = append(t.rows, tableRow{raw: a[:len(a)+1+len(b)], cells: cells})
		end += 2
	}
	if len(t.rows) < 8 || h1 != nil && len(t.rows[0].cells) > len(t.columns)+1 {
		return nil
	}
	for _, l := range lines[end:] {
		if len(bytes.TrimSpace(l)) > 0 && !tableTitle(l) && (len(l) == 0 || l[0] != ' ') {
			return nil // more than a legend ("Key to Flags:") and blank lines after the pairs
		}
	}
	t.trailer = lines[end:]
	t.nameColumns()
	return t
}

// tableFieldStrings returns the whitespace fields of l as strings.
func tableFieldStrings(l []byte) []string {
	var f []string
	for _, w := range bytes.Fields(l) {
		f = append(f, string(w))
	}
	return f
}

// tableLines splits at '\n' without the line ends (a '\r' stays part of
// the line, so rows print back byte for byte).
func tableLines(in []byte) [][]byte {
	lines := make([][]byte, 0, bytes.Count(in, []byte{'\n'})+1)
	for len(in) > 0 {
		i := bytes.IndexByte(in, '\n')
		if i < 0 {
			lines = append(lines, in)
			break
		}
		lines = append(lines, in[:i])
		in = in[i+1:]
	}
	return lines
}

// tableSeparator picks tab or comma when the first lines split into the
// same number (two or more) of fields; 0 means whitespace-aligned.
func tableSeparator(lines [][]byte) byte {
	sample := lines[:min(len(lines), 20)]
	for _, sep := range []byte{'\t', ','} {
		want := bytes.Count(sample[0], []byte{sep})
		if want == 0 {
			continue
		}
		same := 0
		for _, l := range sample {
			if sep == ',' {
				if tableCSVFields(l) == want {
					same++
				}
			} else if bytes.Count(l, []byte{sep}) == want {
				same++
			}
		}
		if same*10 >= len(sample)*8 {
			return sep
		}
	}
	return 0
}

// tableCSVFields counts the separators outside quotes on one line, or -1
// when a quote stays open.
func tableCSVFields(l []byte) int {
	n, quoted := 0, false
	for _, c := range l {
		switch {
		case c == '"':
			quoted = !quoted
		case c == ',' && !quoted:
			n++
		}
	}
	if quoted {
		return -1
	}
	return n
}

// tableDelimited reads CSV or TSV records; quoted fields may hold
// separators, doubled quotes and newlines.
func tableDelimited(in []byte, sep byte) *tableData {
	t := &tableData{}
	var recs []tableRow
	// Every row's cells share one array: a cell ends at a separator or a
	// line end, so there are at most that many plus one.
	arena := make([][]byte, 0, bytes.Count(in, []byte{sep})+bytes.Count(in, []byte{'\n'})+1)
	for pos := 0; pos < len(in); {
		start := pos
		cells := arena[len(arena):]
		cellStart, quoted := pos, false
		for pos < len(in) {
			c := in[pos]
			if quoted {
				if c == '"' {
					if pos+1 < len(in) && in[pos+1] == '"' {
						pos += 2
						continue
					}
					quoted = false
				}
				pos++
				continue
			}
			if c == '"' && pos == cellStart {
				quoted = true
				pos++
				continue
			}
			if c == sep {
				cells = append(cells, tableUnquote(in[cellStart:pos]))
				pos++
				cellStart = pos
				continue
			}
			if c == '\n' {
				break
			}
			pos++
		}
		end := pos
		cells = append(cells, tableUnquote(bytes.TrimSuffix(in[cellStart:end], []byte{'\r'})))
		if pos < len(in) {
			pos++ // the newline
		}
		arena = arena[:len(arena)+len(cells)]
		recs = append(recs, tableRow{raw: in[start:end], cells: cells[:len(cells):len(cells)]})
	}
	for len(recs) > 0 && len(bytes.TrimSpace(recs[len(recs)-1].raw)) == 0 {
		t.trailer = append([][]byte{recs[len(recs)-1].raw}, t.trailer...)
		recs = recs[:len(recs)-1]
	}
	if len(recs) < 2 {
		return nil
	}
	if tableIsHeader(recs[0].cells, recs[1:]) {
		t.top = [][]byte{recs[0].raw}
		for _, c := range recs[0].cells {
			t.columns = append(t.columns, string(c))
		}
		recs = recs[1:]
	}
	t.rows = recs
	t.nameColumns()
	return t
}

func tableUnquote(f []byte) []byte {
	if len(f) >= 2 && f[0] == '"' && f[len(f)-1] == '"' {
		f = f[1 : len(f)-1]
		if bytes.Contains(f, []byte(`""`)) {
			f = bytes.ReplaceAll(f, []byte(`""`), []byte(`"`))
		}
	}
	return f
}

// tableIsHeader reports whether the first record names the columns: none
// of its cells is a number while some column of the rows mostly is, or its
// cells never recur in their columns.
func tableIsHeader(first [][]byte, rows []tableRow) bool {
	for _, c := range first {
		if _, ok := tableNumber(c); ok {
			return false
		}
	}
	rows = rows[:min(len(rows), 50)]
	for i, h := range first {
		nums, same := 0, 0
		for _, r := range rows {
			if i < len(r.cells) {
				if _, ok := tableNumber(r.cells[i]); ok {
					nums++
				}
				if bytes.Equal(r.cells[i], h) {
					same++
				}
			}
		}
		if nums*10 >= len(rows)*8 {
			return true
		}
		if same > 0 {
			return false
		}
	}
	return true
}

// tableAligned reads whitespace-aligned columns. The header is the line
// above a ruler (dpkg -l, pip list, psql) or the first line; lines before
// it, and a leading "total N" as in ls -l, form the preamble. A header
// index hint >= 0 names the header line instead (see tableBlocks).
func tableAligned(lines [][]byte, hint int) *tableData {
	t := &tableData{}
	// Blank lines, psql's "(N rows)" and a box's bottom border close the
	// table; they are printed last.
	for len(lines) > 0 {
		l := lines[len(lines)-1]
		if len(bytes.TrimSpace(l)) > 0 && !tableFooter(l) && !(tableIsRuler(l) && len(lines) > 3 && tableIsRuler(lines[0])) {
			break
		}
		t.trailer = append([][]byte{l}, t.trailer...)
		lines = lines[:len(lines)-1]
	}
	if len(lines) < 3 {
		return nil
	}
	headerAt := -1
	for i := 1; i < min(len(lines), 12) && hint < 0; i++ {
		if tableIsRuler(lines[i]) {
			headerAt = i - 1
			break
		}
	}
	body := 0
	if hint >= 0 {
		headerAt, body = hint, hint+1
	} else if headerAt >= 0 {
		body = headerAt + 2
	} else if headerAt = tablePreambleHeader(lines); headerAt >= 0 {
		body = headerAt + 1 // top -b's summary lines, a blank line, the header
	} else {
		// "total 1234" (ls -l) precedes the rows.
		if f := bytes.Fields(lines[0]); len(f) == 2 && string(f[0]) == "total" {
			body = 1
		}
		if body < len(lines)-1 && (tableUpperHeader(lines[body]) ||
			tableIsHeader(bytes.Fields(lines[body]), tableSplitRows(lines[body+1:min(len(lines), body+51)], 0, false, nil))) {
			headerAt = body
			body++
		}
	}
	t.top = lines[:body]
	if at := tableLegend(lines, body); at < len(lines) {
		t.trailer = append(slices.Clip(lines[at:]), t.trailer...)
		lines = lines[:at]
	}
	var header [][]byte
	wide := false // columns separated by two or more spaces (docker, kubectl)
	if headerAt >= 0 {
		header = bytes.Fields(lines[headerAt])
		if h2 := tableSplit2(lines[headerAt]); len(h2) < len(header) && len(h2) >= 2 {
			fits := 0
			for _, l := range lines[body:min(len(lines), body+50)] {
				if len(tableSplit2(l)) == len(h2) {
					fits++
				}
			}
			if fits*10 >= min(len(lines)-body, 50)*9 {
				header, wide = h2, true
			}
		}
	}
	if !wide {
		var h []byte
		if headerAt >= 0 {
			h = lines[headerAt]
		}
		masked := tableMaskBox(lines)
		if headerAt >= 0 {
			h = masked[headerAt]
		}
		if cols := tableGutterColumns(h, masked[body:]); cols != nil {
			if rows := tableGutterRows(lines[body:], masked[body:], cols); rows != nil {
				t.rows = rows
				for _, c := range cols {
					t.columns = append(t.columns, string(c.name))
				}
				if h == nil {
					t.columns = nil // named "col N", unless ls -l
					tableNameLsColumns(t)
				}
				t.nameColumns()
				return t
			}
		}
	}
	if hint >= 0 {
		return nil // a named header must line up with its rows
	}
	n := len(header)
	if n == 0 {
		n = tableModeFields(lines[body:])
	}
	if n < 2 {
		return nil
	}
	var spans [][2]int
	if header != nil && !wide {
		// A header with more words than the rows have cells ("Mounted on")
		// names the last column with the rest, unless some rows fill every
		// column (lsof, whose TID and TASKCMD are mostly blank).
		rowN := tableModeFields(lines[body:])
		if rowN >= 2 && rowN < len(header) && tableFullRows(lines[body:], len(header))*20 < len(lines)-body {
			header = append(header[:rowN-1:rowN-1], bytes.Join(header[rowN-1:], []byte{' '}))
			n = len(header)
		} else {
			spans = tableSpans(lines[headerAt])
		}
	}
	t.rows = tableSplitRows(lines[body:], n, wide, spans)
	if header != nil {
		for _, h := range header {
			t.columns = append(t.columns, string(h))
		}
	}
	t.nameColumns()
	return t
}

// tablePreambleHeader returns the index of a header of capitals after a
// blank line near the top, as top -b prints its columns ("PID USER ...
// COMMAND") under its summary lines, or -1.
func tablePreambleHeader(lines [][]byte) int {
	blank := func(i int) bool { return len(bytes.TrimSpace(lines[i])) == 0 }
	for i := 2; i+2 < min(len(lines), 12); i++ {
		if !tableUpperHeader(lines[i]) || tableTitle(lines[i]) {
			continue
		}
		// readelf -S titles its header: "Section Headers:".
		if blank(i-1) && !blank(i-2) || i >= 3 && tableTitle(lines[i-1]) && blank(i-2) && !blank(i-3) {
			return i
		}
	}
	return -1
}

// tableTitle reports a line that names what follows it, "Section
// Headers:" or "Key to Flags:": two or more words at the left margin,
// the first capitalised, the last ending in a colon.
func tableTitle(l []byte) bool {
	l = bytes.TrimRight(l, " \t\r")
	return len(l) > 0 && l[0] >= 'A' && l[0] <= 'Z' && l[len(l)-1] == ':' && bytes.IndexByte(l, ' ') > 0
}

// tableLegend returns where a legend after the rows begins, a title line
// and at most ten lines under it (readelf's "Key to Flags:"), or len(lines).
func tableLegend(lines [][]byte, body int) int {
	for i := len(lines) - 1; i >= max(body+8, len(lines)-11); i-- {
		if tableTitle(lines[i]) {
			return i
		}
	}
	return len(lines)
}

// tableUpperHeader reports whether a line looks like a header of capitals
// (ps, df, ss): letters in every word and no lower-case-only word.
func tableUpperHeader(l []byte) bool {
	f := bytes.Fields(l)
	if len(f) < 2 {
		return false
	}
	for _, w := range f {
		w = bytes.TrimPrefix(w, []byte("[")) // readelf's "[Nr]"
		if len(w) == 0 || bytes.ContainsAny(w, "0123456789") || w[0] != '%' && (w[0] < 'A' || w[0] > 'Z') {
			return false
		}
	}
	return true
}

// tableIsRuler matches a line of dashes between the header and the rows
// (dpkg -l, psql's "----+----"), or a line drawn in box characters
// (sqlite3 -box: "├─────┼─────┤", and the borders above and below).
func tableIsRuler(l []byte) bool {
	dashes := 0
	for i := 0; i < len(l); i++ {
		switch c := l[i]; c {
		case '-', '=':
			dashes++
		case '+', '|', ' ', '\t', '\r':
		case 0xe2:
			// U+2500–U+257F, box drawing: e2 94 80 – e2 95 bf.
			if i+2 >= len(l) || l[i+1] != 0x94 && l[i+1] != 0x95 {
				return false
			}
			if l[i+1] == 0x94 && l[i+2] == 0x80 || l[i+1] == 0x95 && l[i+2] == 0x90 {
				dashes++ // ─ ═
			}
			i += 2
		default:
			return false
		}
	}
	return dashes >= 3
}

// tableFooter matches psql's closing "(354 rows)" or "(1 row)".
func tableFooter(l []byte) bool {
	l = bytes.TrimSpace(l)
	n, ok := bytes.CutPrefix(l, []byte("("))
	if !ok {
		return false
	}
	n, ok = bytes.CutSuffix(n, []byte(" rows)"))
	if !ok {
		n, ok = bytes.CutSuffix(n, []byte(" row)"))
	}
	_, err := strconv.Atoi(string(n))
	return ok && err == nil
}

// tableMaskBox returns lines with the box character "│" (3 bytes) as three
// spaces, so that offsets stay those of the input; lines without it are
// shared.
func tableMaskBox(lines [][]byte) [][]byte {
	bar := []byte("│")
	var out [][]byte
	for i, l := range lines {
		if bytes.Contains(l, bar) {
			if out == nil {
				out = slices.Clone(lines)
			}
			out[i] = bytes.ReplaceAll(l, bar, []byte("   "))
		}
	}
	if out == nil {
		return lines
	}
	return out
}

// tableSplit2 splits at runs of two or more spaces.
func tableSplit2(l []byte) [][]byte {
	var f [][]byte
	l = bytes.TrimSpace(l)
	for len(l) > 0 {
		i := bytes.Index(l, []byte("  "))
		if i < 0 {
			f = append(f, l)
			break
		}
		f = append(f, l[:i])
		l = bytes.TrimLeft(l[i:], " ")
	}
	return f
}

// tableGroupClose maps the bytes that open a group of words that is one
// cell to the byte that closes it.
var tableGroupClose = [256]byte{'(': ')', '[': ']'}

// tableSplitRows splits lines into at most n cells, the last cell taking
// the rest of the line (ps's COMMAND, ls's file names); n == 0 means no
// limit. A parenthesised group ("(readlink: Permission denied)") is one
// cell, and so is a bracketed one (readelf's index "[ 5]"). A row with fewer cells than spans (the header words' columns) has
// blank cells: each cell goes to the header word it lies under.
func tableSplitRows(lines [][]byte, n int, wide bool, spans [][2]int) []tableRow {
	rows := make([]tableRow, 0, len(lines))
	var starts []int
	for _, l := range lines {
		var cells [][]byte
		if wide {
			cells = tableSplit2(l)
		} else {
			starts = starts[:0]
			rest := bytes.TrimLeft(l, " \t")
			for len(rest) > 0 {
				at := len(l) - len(rest)
				if n > 0 && len(cells) == n-1 {
					cells = append(cells, bytes.TrimRight(rest, " \t\r"))
					starts = append(starts, at)
					break
				}
				i := bytes.IndexAny(rest, " \t")
				if close := tableGroupClose[rest[0]]; close != 0 && i >= 0 && bytes.IndexByte(rest[:i], close) < 0 {
					if c := bytes.IndexByte(rest, close); c >= 0 {
						if j := bytes.IndexAny(rest[c:], " \t"); j >= 0 {
							i = c + j
						} else {
							i = -1
						}
					}
				}
				starts = append(starts, at)
				if i < 0 {
					cells = append(cells, bytes.TrimRight(rest, "\r"))
					break
				}
				cells = append(cells, rest[:i])
				rest = bytes.TrimLeft(rest[i:], " \t")
			}
			if len(spans) > 1 && len(cells) < len(spans) && len(cells) > 0 {
				cells = tablePlace(l, cells, starts, spans)
			}
		}
		rows = append(rows, tableRow{raw: l, cells: cells})
	}
	return rows
}

// tableSpans returns the byte spans of a header's words.
func tableSpans(h []byte) [][2]int {
	var spans [][2]int
	for i := 0; i < len(h); {
		if h[i] == ' ' || h[i] == '\t' || h[i] == '\r' {
			i++
			continue
		}
		j := i
		for j < len(h) && h[j] != ' ' && h[j] != '\t' && h[j] != '\r' {
			j++
		}
		spans = append(spans, [2]int{i, j})
		i = j
	}
	return spans
}

// tablePlace puts each cell under the header word it overlaps most (or
// lies nearest to), in order, leaving the other columns blank; the last
// column takes the rest of the line.
func tablePlace(l []byte, cells [][]byte, starts []int, spans [][2]int) [][]byte {
	out := make([][]byte, len(spans))
	col := 0
	for k, c := range cells {
		s, e := starts[k], starts[k]+len(c)
		best, bestD := col, 1<<30
		for j := col; j < len(spans); j++ {
			d := 0
			if ov := min(e, spans[j][1]) - max(s, spans[j][0]); ov > 0 {
				d = -ov
			} else {
				d = max(spans[j][0]-e, s-spans[j][1]) + 1
			}
			if d < bestD {
				best, bestD = j, d
			}
		}
		if best == len(spans)-1 {
			out[best] = bytes.TrimRight(l[s:], " \t\r")
			return out
		}
		if len(cells)-k > len(spans)-best {
			best = len(spans) - (len(cells) - k) // leave room for the rest
		}
		out[best] = c
		col = best + 1
	}
	return out
}

// tableFullRows counts the lines with at least n whitespace fields.
func tableFullRows(lines [][]byte, n int) int {
	full := 0
	for _, l := range lines {
		f, in := 0, false
		for _, c := range l {
			sp := c == ' ' || c == '\t' || c == '\r'
			if !sp && !in {
				f++
			}
			in = !sp
		}
		if f >= n {
			full++
		}
	}
	return full
}

// tableModeFields returns the most common number of whitespace fields.
func tableModeFields(lines [][]byte) int {
	count := map[int]int{}
	best, bestN := 0, 0
	for _, l := range lines[:min(len(lines), 200)] {
		n := len(bytes.Fields(l))
		count[n]++
		if count[n] > bestN || count[n] == bestN && n < best {
			best, bestN = n, count[n]
		}
	}
	return best
}

func (t *tableData) nameColumns() {
	n := len(t.columns)
	for _, r := range t.rows {
		n = max(n, len(r.cells))
	}
	for i := len(t.columns); i < n; i++ {
		t.columns = append(t.columns, "col "+strconv.Itoa(i+1))
	}
}

// mark marks in keep the rows worth keeping besides the first and last:
// failure and status rows, rare values, query hits. render asks only when
// enough rows are left to drop some: the failure rules are most of the
// view's work.
func (t *tableData) mark(in []byte, keep []bool, lv tableLevel, terms [][]byte) {
	for i, r := range t.rows {
		if !keep[i] && (tableStatusRow(r) || t.failureRow(in, i)) {
			keep[i] = true
		}
	}
	for _, i := range t.actionRows() {
		keep[i] = true
	}
	for _, i := range t.sectionRows() {
		keep[i] = true
	}
	n := len(t.rows)
	for i := 0; i < n; i++ {
		if under, ok := tableWarningRow(t.rows[i].raw); ok {
			// The warning and what it says: R's "Warning message:" over its
			// message, "Warning messages:" over "1: …", "2: …".
			keep[i] = true
			for j := i + 1; j < n && j <= i+under; j++ {
				keep[j] = true
			}
		}
	}
	for _, i := range t.rare(lv.rareMax) {
		keep[i] = true
	}
	for _, i := range t.percentPeaks(keep) {
		keep[i] = true
	}
	bench := 0
	for i, r := range t.rows {
		if bench < lv.benchMax && toolline.BenchResult(r.raw) {
			keep[i] = true // each is an answer: what was measured
			bench++
		}
	}
	if len(terms) > 0 {
		type hit struct{ i, score int }
		var hits []hit
		for i, r := range t.rows {
			s := 0
			for _, term := range terms {
				if queryterm.ContainsFold(r.raw, term) {
					s++
				}
			}
			if s > 0 {
				hits = append(hits, hit{i, s})
			}
		}
		sort.SliceStable(hits, func(a, b int) bool { return hits[a].score > hits[b].score })
		for _, h := range hits[:min(len(hits), lv.queryMax)] {
			keep[h.i] = true
		}
	}
}

// render prints the kept rows, notes for the dropped runs and the summary
// of the dropped rows.
func (t *tableData) render(in []byte, lv tableLevel, terms [][]byte) []byte {
	n := len(t.rows)
	keep := make([]bool, n)
	for i := 0; i < lv.head && i < n; i++ {
		keep[i] = true
	}
	for i := max(0, n-lv.tail); i < n; i++ {
		keep[i] = true
	}
	few := cmp.Or(t.few, tableKeepFew)
	if n-min(n, lv.head+lv.tail) > few {
		t.mark(in, keep, lv, terms)
	}
	tableKeepIfFew(keep, few)

	out := make([]byte, 0, len(in)/4)
	for _, l := range t.top {
		out = append(append(out, l...), '\n')
	}
	var dropped []int
	key := t.keyColumn()
	gap := 0
	for i, r := range t.rows {
		if !keep[i] {
			gap++
			dropped = append(dropped, i)
			continue
		}
		if gap > 0 {
			out = t.appendGap(out, i-gap, i, key)
			gap = 0
		}
		out = append(append(out, r.raw...), '\n')
	}
	if gap > 0 {
		out = t.appendGap(out, len(t.rows)-gap, len(t.rows), key)
	}
	if len(dropped) > 0 {
		out = t.summary(out, dropped, lv.topValues)
	}
	for _, l := range t.trailer {
		out = append(append(out, l...), '\n')
	}
	if len(in) > 0 && in[len(in)-1] != '\n' {
		out = out[:len(out)-1]
	}
	return out
}

// appendGap writes the note for the dropped rows t.rows[a:b], naming the
// key of the first and last of them (see keyColumn), so that a reader can
// ask for the rest: "[… 5615 rows omitted: /usr/share/doc/a/copyright …
// /usr/share/doc/z …]".
func (t *tableData) appendGap(out []byte, a, b, key int) []byte {
	unit := "rows"
	if lines := t.lines(a, b); lines != b-a {
		unit = "rows (" + strconv.Itoa(lines) + " lines)" // rows of two lines (readelf -S), quoted newlines (CSV)
	}
	note := lossy.Omitted(b-a, unit)
	var first, last []byte
	for i := a; i < b && len(first) == 0; i++ {
		first = t.cell(i, key)
	}
	for i := b - 1; i >= a && len(last) == 0; i-- {
		last = t.cell(i, key)
	}
	if key < 0 || b-a < 2 || len(first) == 0 || len(last) == 0 {
		return append(append(out, note...), '\n')
	}
	out = append(out, note[:len(note)-len(" …]")]...)
	out = append(out, ": "...)
	out = append(out, tableClip(string(first), 80)...)
	out = append(out, " … "...)
	out = append(out, tableClip(string(last), 80)...)
	return append(out, " …]\n"...)
}

// lines returns how many input lines the rows t.rows[a:b] take.
func (t *tableData) lines(a, b int) int {
	n := b - a
	for _, r := range t.rows[a:b] {
		n += bytes.Count(r.raw, []byte{'\n'})
	}
	return n
}

// cell returns row i's cell in column col without ANSI escapes, or nil.
func (t *tableData) cell(i, col int) []byte {
	if col < 0 || col >= len(t.rows[i].cells) {
		return nil
	}
	return ansi.Strip(t.rows[i].cells[col])
}

// keyColumn returns the first of the first 24 columns whose values tell
// nine rows in ten apart and are not numbers (a path in du, a name in dpkg
// -l and ls -l, where sizes may be distinct too), else the first such
// column of numbers (ids), or -1 when no column tells rows apart; in a
// section table, the name.
func (t *tableData) keyColumn() int {
	if len(t.rows) > 0 && tableSectionIndex(t.rows[0].raw) && len(t.columns) > 1 {
		return 1 // readelf -S: the section's name, which says more than its index
	}
	seen := make(map[string]struct{}, len(t.rows))
	numeric := -1
	for col := range min(len(t.columns), 24) {
		clear(seen)
		for i := range t.rows {
			if (len(seen)+len(t.rows)-i)*10 < len(t.rows)*9 {
				break // even all the rows left distinct would be too few
			}
			if v := t.cell(i, col); len(v) > 0 {
				seen[tableKey(v)] = struct{}{}
			}
		}
		if len(seen)*10 < len(t.rows)*9 {
			continue
		}
		// Numbers are counted only in a column that tells rows apart.
		nums := 0
		for i := range t.rows {
			if v := t.cell(i, col); len(v) > 0 {
				if _, ok := tableNumber(bytes.TrimSuffix(v, []byte(":"))); ok {
					nums++ // "3:", readelf -s's row number, is a number too
				}
			}
		}
		switch {
		case nums*2 < len(seen):
			return col
		case numeric < 0:
			numeric = col
		}
	}
	return numeric
}

// tableStatusWords are status cells worth seeing whatever else is cut:
// failures and outages, and listening sockets (ss, netstat), which say
// what serves where.
var tableStatusWords = map[string]bool{
	"listen": true, "error": true, "errored": true, "fail": true, "failed": true, "failure": true,
	"down": true, "dead": true, "degraded": true, "unhealthy": true, "notready": true,
	"crashloopbackoff": true, "imagepullbackoff": true, "errimagepull": true, "oomkilled": true,
	"evicted": true, "defunct": true, "killed": true,
}

// tableActionWords are the verdicts of a rule table (iptables' target,
// nft's and pf's verdict, ufw's action) that refuse traffic, in the upper
// case of iptables and ufw or the lower case of nft and pf: among rules
// that accept, the one that refuses is the row a reader needs, wherever a
// column split puts it.
var tableActionWords = map[string]bool{
	"DROP": true, "REJECT": true, "DENY": true, "BLOCK": true, "BLACKHOLE": true, "PROHIBIT": true,
	"drop": true, "reject": true, "deny": true, "block": true, "blackhole": true, "prohibit": true,
}

// actionRows returns the rows holding a word of tableActionWords that at
// most a fifth of the rows hold: a verdict that differs from its
// neighbours'. A table of nothing but DROP rules (a block list) has no
// such row.
func (t *tableData) actionRows() []int {
	words := make([]string, len(t.rows)) // the row's first action word
	count := map[string]int{}
	for i, r := range t.rows {
		raw := r.raw
		if bytes.IndexByte(raw, 0x1b) >= 0 {
			raw = ansi.Strip(raw)
		}
		if w := tableActionWord(raw); w != nil {
			words[i] = string(w)
			count[words[i]]++
		}
	}
	var idx []int
	for i, w := range words {
		if n := count[w]; n > 0 && n*5 <= len(t.rows) {
			idx = append(idx, i)
		}
	}
	return idx
}

// tableSections are the sections a reader of a section table (readelf
// -S) asks for: the program's code, constants, data and zeroed data, the
// four that size(1) sums into text, data and bss.
var tableSections = map[string]bool{".text": true, ".rodata": true, ".data": true, ".bss": true}

// sectionRows returns the rows of a section table (readelf -S: rows that
// start with an index "[ 5]", columns "Name" and "Flg" or "Flags") that name one of tableSections or are flagged
// executable (X): the code a binary runs, and a writable one among them
// (WAX) is worth seeing.
func (t *tableData) sectionRows() []int {
	if len(t.rows) == 0 || !tableSectionIndex(t.rows[0].raw) {
		return nil
	}
	name, flags := slices.Index(t.columns, "Name"), slices.Index(t.columns, "Flg")
	if flags < 0 {
		flags = slices.Index(t.columns, "Flags")
	}
	if name < 0 {
		name = 1 // no header (routed apart from the table): the index, then the name
	}
	var idx []int
	for i := range t.rows {
		if tableSections[string(t.cell(i, name))] || flags >= 0 && bytes.IndexByte(t.cell(i, flags), 'X') >= 0 {
			idx = append(idx, i)
		}
	}
	return idx
}

// tableActionWord returns the first field of raw that is a word of
// tableActionWords, nil when none is. Lower case is a verdict only where nft
// and pf write it, first or last on the line, not in a description's prose.
func tableActionWord(raw []byte) []byte {
	// The fields are found in place, without bytes.Fields' slice of them:
	// most rows hold none of the words. Bytes past ASCII may be Unicode
	// spaces, which split fields too: a row that has one where it matters
	// is split by bytes.Fields.
	for i, first := 0, true; i < len(raw); first = false {
		for i < len(raw) && tableASCIISpace[raw[i]] {
			i++
		}
		j := i
		for ; j < len(raw) && !tableASCIISpace[raw[j]]; j++ {
			if raw[j] >= utf8.RuneSelf {
				return tableActionWordFields(raw)
			}
		}
		if j == i {
			break
		}
		if w := raw[i:j]; tableActionShape(w) && tableActionWords[string(w)] {
			if w[0] < 'a' || first {
				return w
			}
			last := true
			for _, c := range raw[j:] {
				if c >= utf8.RuneSelf {
					return tableActionWordFields(raw)
				}
				last = last && tableASCIISpace[c]
			}
			if last {
				return w
			}
		}
		i = j
	}
	return nil
}

// tableActionWordFields is tableActionWord by bytes.Fields.
func tableActionWordFields(raw []byte) []byte {
	f := bytes.Fields(raw)
	for j, w := range f {
		if tableActionWords[string(w)] && (w[0] < 'a' || j == 0 || j == len(f)-1) {
			return w
		}
	}
	return nil
}

// tableASCIISpace is what bytes.Fields splits ASCII text at.
var tableASCIISpace = [256]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// tableActionFirst and tableActionLens are the first bytes and lengths of
// the words of tableActionWords: most fields are told apart by them
// without a map lookup.
var tableActionFirst, tableActionLens = func() (first [256]bool, lens uint64) {
	for w := range tableActionWords {
		first[w[0]] = true
		lens |= 1 << min(len(w), 63)
	}
	return first, lens
}()

// tableActionShape reports whether w has the first byte and length of a
// word of tableActionWords.
func tableActionShape(w []byte) bool {
	return tableActionFirst[w[0]] && tableActionLens&(1<<min(len(w), 63)) != 0
}

// tableLower appends c in ASCII lower case to dst.
func tableLower(dst, c []byte) []byte {
	for _, x := range c {
		if x >= 'A' && x <= 'Z' {
			x += 'a' - 'A'
		}
		dst = append(dst, x)
	}
	return dst
}

// percentPeaks returns, for each column whose name says it is a share
// ("%CPU", "% time", "Use%"), the row that holds the largest value among
// the rows not kept yet, when one alone does: the process that takes the
// most, the fullest disk, the system call that took the longest (strace
// -c sorted by calls, its total row kept anyway), which the summary's "max
// 65.92" would not name.
func (t *tableData) percentPeaks(keep []bool) []int {
	var peaks []int
	for col, name := range t.columns {
		if !strings.HasPrefix(name, "%") && !strings.HasSuffix(name, "%") {
			continue
		}
		best, at, ties := math.Inf(-1), -1, 0
		for i := range t.rows {
			if keep[i] {
				continue
			}
			x, ok := tableNumber(t.cell(i, col))
			switch {
			case !ok:
			case x > best:
				best, at, ties = x, i, 1
			case x == best:
				ties++
			}
		}
		if at >= 0 && ties == 1 {
			peaks = append(peaks, at)
		}
	}
	return peaks
}

// tableStatusRow reports whether a cell of the row, but for the last
// (free text: file names, commands), is one of tableStatusWords, in any
// case.
func tableStatusRow(r tableRow) bool {
	var buf [24]byte
	for _, c := range r.cells[:max(len(r.cells)-1, 0)] {
		if len(c) < 4 || len(c) > len(buf) {
			continue
		}
		if c[0] == 0x1b {
			c = ansi.Strip(c)
		}
		if tableStatusWords[string(tableLower(buf[:0], c))] {
			return true
		}
	}
	return false
}

// failureRow reports whether row i reports a failure: a status cell that
// package failure counts (Error, Failed, CrashLoopBackOff, Exited (1)
// between column gaps, so a word inside free text such as `if err != nil`
// in git blame is not one) or a line that reads as a failure. The rows
// holding failure lines are those the boundary check holds the view to,
// found once per request: judging each row again on its own cost a
// quarter of the view, and found the same rows in every sample.
func (t *tableData) failureRow(in []byte, i int) bool {
	if t.failed == nil {
		t.failed = t.rowsFailed(in)
	}
	return t.failed[i] || tableFailureLine(t.rows[i].raw)
}

// rowsFailed marks the rows that hold a line of t.failureLines (all of
// them subslices of in, in order). A row that is not part of in is
// judged alone.
func (t *tableData) rowsFailed(in []byte) []bool {
	var lines [][]byte
	if t.failureLines != nil {
		lines = t.failureLines()
	} else {
		lines = failure.Lines(router.Table, in)
	}
	base := uintptr(unsafe.Pointer(unsafe.SliceData(in)))
	offset := func(b []byte) (int, bool) {
		off := uintptr(unsafe.Pointer(unsafe.SliceData(b))) - base
		return int(off), len(b) > 0 && off < uintptr(len(in)) && int(off)+len(b) <= len(in)
	}
	starts := make([]int, 0, len(lines))
	for _, l := range lines {
		if off, ok := offset(l); ok {
			starts = append(starts, off)
		}
	}
	failed := make([]bool, len(t.rows))
	for i, r := range t.rows {
		start, ok := offset(r.raw)
		if !ok {
			raw := r.raw
			if bytes.IndexByte(raw, 0x1b) >= 0 {
				raw = ansi.Strip(raw)
			}
			failed[i] = failure.Line(router.Table, raw)
			continue
		}
		j, _ := slices.BinarySearch(starts, start)
		failed[i] = j < len(starts) && starts[j] < start+len(r.raw)
	}
	return failed
}

// rare returns rows whose value in a column differs from a value that
// nearly every row shares (dpkg's "rc" among "ii", "FAIL" among "ok").
func (t *tableData) rare(max int) []int {
	if max == 0 || len(t.rows) < 10 {
		return nil
	}
	var idx []int
	count := map[string]int{}
	for col := range t.columns {
		clear(count)
		var top []byte
		topN := 0
		for _, r := range t.rows {
			if col < len(r.cells) {
				v := r.cells[col]
				n := count[tableKey(v)] + 1
				count[tableKey(v)] = n
				if n > topN || n == topN && bytes.Compare(v, top) < 0 {
					top, topN = v, n
				}
			}
			if len(count) > len(t.rows)/20+1 {
				break // too varied to have one dominant value
			}
		}
		if topN*100 < len(t.rows)*95 || topN == len(t.rows) {
			continue
		}
		for i, r := range t.rows {
			if col < len(r.cells) && !bytes.Equal(r.cells[col], top) && len(idx) < max {
				idx = append(idx, i)
			}
		}
	}
	return idx
}

// summary appends one line per column describing the dropped rows.
func (t *tableData) summary(out []byte, dropped []int, topValues int) []byte {
	out = append(out, "[summary of "...)
	out = strconv.AppendInt(out, int64(len(dropped)), 10)
	out = append(out, " omitted rows]\n"...)
	vals := make([][]byte, 0, len(dropped))
	var sc tableScratch
	var hexCols []string // columns of bytes in hex (hexdump -C), whose counts say nothing
	for col, name := range t.columns {
		if col >= 24 {
			break
		}
		vals = vals[:0]
		for _, i := range dropped {
			if r := t.rows[i]; col < len(r.cells) && len(r.cells[col]) > 0 {
				vals = append(vals, ansi.Strip(r.cells[col]))
			}
		}
		if len(vals) == 0 {
			continue
		}
		if tableHexBytes(vals) {
			hexCols = append(hexCols, name)
			continue
		}
		out = append(out, "  "...)
		out = append(out, tableClip(name, 40)...)
		out = append(out, ": "...)
		out = sc.describe(out, vals, topValues)
		out = append(out, '\n')
	}
	if len(hexCols) > 0 {
		out = append(out, "  "...)
		out = append(out, tableClip(hexCols[0], 40)...)
		if len(hexCols) > 1 {
			out = append(out, " … "...)
			out = append(out, tableClip(hexCols[len(hexCols)-1], 40)...)
		}
		out = append(out, ": bytes in hex\n"...)
	}
	return out
}

// tableHexBytes reports a column of bytes in hex: every value two hex
// digits, and some with a letter (two-digit numbers, days of a month, are
// no bytes).
func tableHexBytes(vals [][]byte) bool {
	letter := false
	for _, v := range vals {
		if len(v) != 2 || !tableHexDigit(v[0]) || !tableHexDigit(v[1]) {
			return false
		}
		letter = letter || v[0] > '9' || v[1] > '9'
	}
	return letter
}

// tableHexDigit reports a hex digit of either case.
func tableHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// tableScratch holds what describe builds for one column, reused for the
// next: a big table's summary describes up to 24 columns of every dropped
// row.
type tableScratch struct {
	nums  []tableNum
	index map[string]int
	order []tableValue
}

// tableNum is a number of a column and its place among the column's values.
type tableNum struct {
	x float64
	i int
}

// tableValue is a distinct value of a column and how often it appears.
type tableValue struct {
	v []byte
	n int
}

// describe summarises one column: min, median and max when nine in ten
// values are numbers, else the most common values.
func (sc *tableScratch) describe(out []byte, vals [][]byte, topValues int) []byte {
	nums := sc.nums[:0]
	fails := 0
	for i, v := range vals {
		if x, ok := tableNumber(v); ok {
			nums = append(nums, tableNum{x, i})
		} else if fails++; fails*10 > len(vals) {
			break // not nine in ten numbers: the column is not numeric
		}
	}
	sc.nums = nums
	if len(nums)*10 >= len(vals)*9 && len(nums) > 0 {
		// Ties keep their order, as in a stable sort by x, by a cheaper sort.
		slices.SortFunc(nums, func(a, b tableNum) int { return cmp.Or(cmp.Compare(a.x, b.x), a.i-b.i) })
		out = append(out, "min "...)
		out = append(out, tableClip(string(vals[nums[0].i]), 40)...)
		out = append(out, ", median "...)
		out = append(out, tableClip(string(vals[nums[len(nums)/2].i]), 40)...)
		out = append(out, ", max "...)
		out = append(out, tableClip(string(vals[nums[len(nums)-1].i]), 40)...)
		return out
	}
	if sc.index == nil {
		sc.index = make(map[string]int, len(vals))
	}
	index, order := sc.index, sc.order[:0]
	clear(index)
	for _, v := range vals {
		if i, ok := index[string(v)]; ok {
			order[i].n++
			continue
		}
		index[tableKey(v)] = len(order)
		order = append(order, tableValue{v, 1})
	}
	sc.order = order
	if len(order) == len(vals) {
		out = append(out, strconv.Itoa(len(order))...)
		out = append(out, " distinct values"...)
		paths := 0
		for _, v := range vals {
			if bytes.IndexByte(v, '/') > 0 {
				paths++
			}
		}
		if paths*10 >= len(vals)*9 {
			out = lossy.AppendDirs(out, vals, 3*topValues) // a listing's names: where the dropped ones are
		}
		return out
	}
	slices.SortStableFunc(order, func(a, b tableValue) int { return b.n - a.n })
	shown := 0
	for _, v := range order[:min(len(order), topValues)] {
		if v.n < 2 && shown > 0 && len(order) > topValues {
			break // a few single occurrences among many say little
		}
		if shown > 0 {
			out = append(out, ", "...)
		}
		shown++
		out = append(out, tableClip(string(v.v), 40)...)
		out = append(out, " ×"...)
		out = strconv.AppendInt(out, int64(v.n), 10)
	}
	if rest := len(order) - shown; rest > 0 {
		out = append(out, " (+"...)
		out = strconv.AppendInt(out, int64(rest), 10)
		out = append(out, " other values)"...)
	}
	return out
}

// tableKey returns b as a map key without a copy: only for maps that
// live while b's bytes (the input's, or a cell stripped of escapes) are
// not written, as every map of a view's own counts.
func tableKey(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

func tableClip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && s[i]&0xC0 == 0x80 {
		i--
	}
	return s[:i] + "…"
}

// tableNumber parses a cell as a number, allowing a trailing % and size
// units (12G, 1.5Mi, 300KB) as printed by df -h, ls -h and kubectl.
func tableNumber(c []byte) (float64, bool) {
	s := unsafe.String(unsafe.SliceData(c), len(c)) // read only, not kept
	mult := 1.0
	if strings.HasSuffix(s, "%") {
		s = s[:len(s)-1]
	} else if n := len(s); n >= 2 {
		s = strings.TrimSuffix(strings.TrimSuffix(s, "B"), "i")
		if k := len(s); k >= 2 {
			if i := strings.IndexByte("KMGTP", s[k-1]|0x20-0x20); i >= 0 && (s[k-2] >= '0' && s[k-2] <= '9') {
				mult = float64(int64(1) << (10 * (i + 1)))
				s = s[:k-1]
			}
		}
	}
	if s == "" || !(s[0] >= '0' && s[0] <= '9' || s[0] == '-' || s[0] == '.') {
		return 0, false
	}
	for i := 1; i < len(s); i++ {
		if !tableFloatBytes[s[i]] {
			// No number ParseFloat reads holds it ("-rw-r--r--", "12:30"):
			// spared its error, which allocates.
			return 0, false
		}
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, false
	}
	return x * mult, true
}

// tableFloatBytes are the bytes strconv.ParseFloat can accept in a number:
// digits, signs, the point, '_', hex digits and prefixes, exponents, and
// the letters of "inf", "infinity" and "nan".
var tableFloatBytes = func() (t [256]bool) {
	for _, c := range []byte("0123456789+-._xXpPeEabcdefABCDEFiInNtTyY") {
		t[c] = true
	}
	return t
}()

// tableWarningRow reports a warning printed among the rows at the left
// margin, "Warning: …", "Warning in log(-1) : NaNs produced", "WARNING: …",
// and how many rows under it say what it is: one under a title ending in
// a colon ("Warning message:"), up to ten under "Warning messages:".
func tableWarningRow(l []byte) (under int, ok bool) {
	for _, p := range []string{"Warning", "WARNING", "warning"} {
		if !bytes.HasPrefix(l, []byte(p)) {
			continue
		}
		r := l[len(p):]
		switch {
		case bytes.HasPrefix(r, []byte(" messages:")):
			return 10, true
		case bytes.HasPrefix(r, []byte(" message:")):
			return 1, true
		case bytes.HasPrefix(r, []byte(":")):
			if len(bytes.TrimSpace(r[1:])) == 0 {
				return 1, true
			}
			return 0, true
		case bytes.HasPrefix(r, []byte(" in ")) && bytes.Contains(r, []byte(" : ")):
			return 0, true
		}
	}
	return 0, false
}

// tableFailureLine reports whether a row's text reads as a failure line.
func tableFailureLine(l []byte) bool {
	// One pass, trying the marks only where one can start.
	for i, c := range l {
		if !tableMarkStart[c] {
			continue
		}
		for _, m := range tableMarksAt[c] {
			if bytes.HasPrefix(l[i:], m) && !tableFileName(l[i+len(m):]) {
				return true
			}
		}
	}
	return false
}

// tableFileName reports whether the bytes after a failure mark make it
// part of a file's name, "BuildException.class" in a jar's listing: an
// extension of lower-case letters follows.
func tableFileName(r []byte) bool {
	if len(r) < 2 || r[0] != '.' {
		return false
	}
	n := 1
	for n < len(r) && r[n] >= 'a' && r[n] <= 'z' {
		n++
	}
	return n > 1 && (n == len(r) || r[n] == ' ' || r[n] == '\t' || r[n] == '\r' || r[n] == '/')
}

// tableMarksAt lists the tableFailureMarks by their first byte, and
// tableMarkStart marks those bytes: a byte of a row is compared with the
// marks it can start only ('e' starts one of ten, most bytes none).
var tableMarksAt, tableMarkStart = func() (t [256][][]byte, start [256]bool) {
	for _, m := range tableFailureMarks {
		t[m[0]] = append(t[m[0]], m)
		start[m[0]] = true
	}
	return t, start
}()

// tableFailureMarks are case-sensitive markers of failure lines that can
// appear inside a table row.
var tableFailureMarks = [][]byte{
	[]byte("FAIL"), []byte("ERROR"), []byte("FATAL"), []byte("PANIC"), []byte("panic:"),
	[]byte("Traceback"), []byte("Exception"), []byte("error:"), []byte("Error:"), []byte("fatal:"),
}
