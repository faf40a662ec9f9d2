package tableview

import (
	"bytes"

	"github.com/kompress/kompress/internal/lossy"
	"github.com/kompress/kompress/internal/queryterm"
)

// perf report --stdio with call graphs (the default after perf record -g)
// is a list of entries, each an overhead row ("    44.76%    43.81%  prof
// prof  [.] main") and the call graph drawn under it ("|--43.81%--main",
// "---sym", bare symbols). Its rows are a table, the graphs are not: the
// column parser reads them as rows of one cell and summarises the lot,
// rows included. Table crushes it here instead: every comment line
// (the "# Samples:" header, the column names), every overhead row, and
// the call graphs of the hottest entries are kept; the graphs of the
// others become one note each.

// tablePerf is a perf report: its lines, which are overhead rows, and the
// entry (index of its row) each call-graph line belongs to, or -1.
type tablePerf struct {
	lines [][]byte
	row   []bool
	entry []int
	ends  bool
}

// tablePerfRow reports an overhead row: indented, opening with a
// percentage ("64.76%"), then another or the command.
func tablePerfRow(l []byte) bool {
	t := bytes.TrimLeft(l, " ")
	if len(t) == len(l) || len(t) == 0 || !isDigitByte(t[0]) {
		return false
	}
	i := 0
	for i < len(t) && (isDigitByte(t[i]) || t[i] == '.') {
		i++
	}
	return i+1 < len(t) && t[i] == '%' && t[i+1] == ' '
}

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }

// tablePerfParse returns the report when in is perf report output with
// call graphs ("# Samples: " in its header, and graph lines under rows),
// or nil.
func tablePerfParse(in []byte) *tablePerf {
	if !bytes.Contains(in, []byte("\n# Samples: ")) {
		return nil
	}
	lines := tableLines(in)
	p := &tablePerf{lines: lines, row: make([]bool, len(lines)), entry: make([]int, len(lines)),
		ends: in[len(in)-1] == '\n'}
	cur, rows, graph := -1, 0, 0
	for i, l := range lines {
		p.entry[i] = -1
		switch {
		case len(l) > 0 && l[0] == '#':
			cur = -1 // a comment: the header, or perf's closing tip
		case tablePerfRow(l):
			p.row[i], cur = true, i
			rows++
		case cur >= 0:
			p.entry[i] = cur // its graph, and the blank line that ends it
			if len(bytes.TrimSpace(l)) > 0 {
				graph++
			}
		}
	}
	if rows == 0 || graph < 8 {
		return nil
	}
	return p
}

// render keeps all but the call graphs of entries past the lv.tail
// hottest (perf sorts entries by overhead) and of those a query does not
// match; each dropped graph becomes one note under its row.
func (p *tablePerf) render(lv tableLevel, terms [][]byte) []byte {
	n := len(p.lines)
	keep := make([]bool, n)
	shown := map[int]bool{}
	k := 0
	for i := range n {
		if p.row[i] {
			shown[i] = k < lv.tail
			k++
		}
	}
	for i, l := range p.lines {
		e := p.entry[i]
		if e < 0 || shown[e] {
			keep[i] = true
			continue
		}
		for _, term := range terms {
			if queryterm.ContainsFold(l, term) {
				shown[e] = true
				break
			}
		}
	}
	out := make([]byte, 0, 4096)
	for i := 0; i < n; {
		if keep[i] || shown[p.entry[i]] {
			out = append(append(out, p.lines[i]...), '\n')
			i++
			continue
		}
		j, blank := i, 0
		for j < n && !keep[j] && p.entry[j] == p.entry[i] {
			if len(bytes.TrimSpace(p.lines[j])) == 0 {
				blank++
			}
			j++
		}
		if j-i-blank > 1 {
			out = append(append(append(out, "            "...), lossy.Omitted(j-i-blank, "call-graph lines")...), '\n')
			for range blank {
				out = append(out, '\n') // the blank lines that end the entry
			}
		} else {
			for _, l := range p.lines[i:j] {
				out = append(append(out, l...), '\n')
			}
		}
		i = j
	}
	if !p.ends && len(out) > 0 {
		out = out[:len(out)-1]
	}
	return out
}
