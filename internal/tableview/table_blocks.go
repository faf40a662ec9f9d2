package tableview

import (
	"bytes"
	"slices"
)

// tableBlocks is a table printed in blocks separated by blank lines that
// repeat one column header, each under its own title line: iptables -L
// prints one chain per block ("Chain INPUT (policy ACCEPT …)", the header,
// the chain's rules). Each block is cut and summarised as a table of its
// own, so a block's title and header stay with it and its columns are not
// mixed with another block's lines or with what follows the last one.
type tableBlocks struct {
	parts  [][]byte                            // the input per block, the blank lines after it included
	tables []func(tableLevel, [][]byte) []byte // per part its view; nil prints the part as it is
	data   []*tableData                        // the tables among them
}

// tableBlocksMax is the most blocks without a shared header cut apart.
const tableBlocksMax = 16

// tableBlocksParse returns the blocks of in when two or more of them share
// a header line (their first or second line, of three words or more), or
// when there are three to tableBlocksMax blocks and one is a table or a
// drawn tree of its own; else nil.
func tableBlocksParse(in []byte) *tableBlocks {
	var parts [][]byte
	start, blank := 0, false
	for pos := 0; pos < len(in); {
		end := bytes.IndexByte(in[pos:], '\n')
		if end < 0 {
			end = len(in)
		} else {
			end += pos + 1
		}
		b := len(bytes.TrimSpace(in[pos:end])) == 0
		if blank && !b {
			parts = append(parts, in[start:pos])
			start = pos
		}
		blank, pos = b, end
	}
	parts = append(parts, in[start:])
	if len(parts) < 2 {
		return nil
	}
	lines := make([][][]byte, len(parts))
	count := map[string]int{}
	for i, p := range parts {
		lines[i] = tableLines(p)
		for j := range min(2, len(lines[i])) {
			l := lines[i][j]
			if len(bytes.Fields(l)) >= 3 && (j == 0 || !bytes.Equal(l, lines[i][0])) {
				count[string(l)]++
			}
		}
	}
	b := &tableBlocks{parts: parts, tables: make([]func(tableLevel, [][]byte) []byte, len(parts))}
	shared, tables := 0, 0
	for i, ls := range lines {
		for j := range min(2, len(ls)) {
			if count[string(ls[j])] < 2 {
				continue
			}
			shared++
			t := tableAligned(ls, j)
			if t == nil && len(ls) > j+1 {
				// Lines that do not line up under the header (iptables -S
				// after the last chain) are a table of their own columns.
				if t = tableAligned(ls[j+1:], -1); t != nil {
					t.top = append(slices.Clip(ls[:j+1]), t.top...)
				}
			}
			if t != nil && len(t.rows) >= 8 {
				b.tables[i] = t.view(parts[i], nil)
				b.data = append(b.data, t)
				tables++
			}
			break
		}
	}
	if shared < 2 && len(parts) >= 3 && len(parts) <= tableBlocksMax {
		// Blocks of their own (R's printed data frame, then "Call:",
		// "Coefficients:" and its rows, its warnings): each is cut alone,
		// and a block too small to cut is kept. Many blocks (ls -lR's
		// directories) are one table, not a summary each.
		clear(b.tables)
		b.data, tables = b.data[:0], 0
		for i, p := range parts {
			if tr := tableTreeParse(p); tr != nil {
				b.tables[i] = tr.render
				tables++
			} else if t := tableParse(p); t != nil && len(t.rows) >= 8 {
				b.tables[i] = t.view(p, nil)
				b.data = append(b.data, t)
				tables++
			}
		}
		shared = 2
	}
	if shared < 2 || tables == 0 {
		return nil
	}
	b.shareFew()
	return b
}

// shareFew has the block tables share tableKeepFew: a few rows dropped
// from each of many blocks add up (pidstat's and sar's report per
// interval, then their averages), so when the rows past each block's head
// and tail add up to more than tableKeepFew, a block keeps all its rows
// only when at most its share of them would go.
func (b *tableBlocks) shareFew() {
	if len(b.data) < 2 {
		return
	}
	over := 0
	for _, t := range b.data {
		over += max(0, len(t.rows)-tableDefault.head-tableDefault.tail)
	}
	if over <= tableKeepFew {
		return
	}
	for _, t := range b.data {
		t.few = max(1, tableKeepFew/len(b.data))
	}
}

// render prints each block: a table cut as Table cuts one, any other block
// as it is.
func (b *tableBlocks) render(lv tableLevel, terms [][]byte) []byte {
	var out []byte
	for i, p := range b.parts {
		if view := b.tables[i]; view != nil {
			out = append(out, view(lv, terms)...)
		} else {
			out = append(out, p...)
		}
	}
	return out
}

// failureLines has every block's table judge its rows by the failure
// lines of the whole input, found once, lines gives them (each block
// keeps those within it).
func (b *tableBlocks) failureLines(lines func() [][]byte) {
	var all [][]byte
	found := false
	once := func() [][]byte {
		if !found {
			all, found = lines(), true
		}
		return all
	}
	for _, t := range b.data {
		t.failureLines = once
	}
}

// view is t's render over its input in; failureLines, when set, gives
// the failure lines of in or of an input around it (see rowsFailed).
func (t *tableData) view(in []byte, failureLines func() [][]byte) func(tableLevel, [][]byte) []byte {
	if failureLines != nil {
		t.failureLines = failureLines
	}
	return func(lv tableLevel, terms [][]byte) []byte { return t.render(in, lv, terms) }
}

// tableLateHeader is the first line at which tableAligned no longer looks
// for a header over a ruler.
const tableLateHeader = 12

// tableHeaderLater returns in cut in two blocks before a header that sits
// over a ruler further down than tableAligned looks for one, as strace -c
// prints its "% time … syscall" header and "------ ----" ruler after the
// traced program's output and its own "Process N attached" lines: read as
// one table, the header would be a row among the others and the rows
// under it cut as if they had none. The header, ruler and rows are a table
// of their own; the lines above it are one too when there are many of
// them and they parse as one (ls -l before strace's summary), else they
// are kept as they are. nil when there is no such header, or neither block
// is a table to cut.
func tableHeaderLater(in []byte) *tableBlocks {
	lines := tableLines(in)
	at := -1
	for i := 1; i < len(lines); i++ {
		if tableIsRuler(lines[i]) {
			if i > tableLateHeader && len(bytes.Fields(lines[i-1])) >= 2 && !tableIsRuler(lines[i-1]) {
				at = i - 1
			}
			break
		}
	}
	if at < 0 {
		return nil
	}
	off := 0
	for _, l := range lines[:at] {
		off += len(l) + 1
	}
	b := &tableBlocks{parts: [][]byte{in[:off], in[off:]}, tables: make([]func(tableLevel, [][]byte) []byte, 2)}
	for i, p := range b.parts {
		if i == 0 && at <= 2*tableKeepFew {
			continue // a few lines of output before the table: kept
		}
		if t := tableParse(p); t != nil && len(t.rows) >= 8 {
			b.tables[i] = t.view(p, nil)
			b.data = append(b.data, t)
		}
	}
	if len(b.data) == 0 {
		return nil
	}
	return b
}
