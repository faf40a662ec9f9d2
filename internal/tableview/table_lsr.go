package tableview

import (
	"bytes"
	"slices"
	"strconv"

	"github.com/kompress/kompress/internal/lossy"
	"github.com/kompress/kompress/internal/queryterm"
)

// tableLsR is a recursive listing, ls -lR: a block per directory, its path
// ("./src:") over "total N" and one row per entry, blocks apart by a blank
// line. Hundreds of directories of a few entries each are no one table nor
// blocks worth cutting alone: every directory's path stays, with its first
// entries while the level allows; the other entries are counted under it.
type tableLsR struct {
	blocks []tableLsRBlock
	failed func(line []byte) bool
	nl     bool // the input ends with a line break
}

type tableLsRBlock struct {
	head [][]byte // the path line and the total line
	rows [][]byte
	tail int // blank lines after it
}

// tableLsRMin is the fewest directory blocks read as a recursive listing.
const tableLsRMin = 4

// tableLsRParse returns the listing of in, or nil when in is not one: at
// least tableLsRMin blocks, each but maybe the first headed by a path
// line ending in ':' over a "total N" line.
func tableLsRParse(in []byte, failed func(line []byte) bool) *tableLsR {
	if !bytes.HasSuffix(bytes.TrimRight(firstLine(in), "\r"), []byte(":")) && !bytes.HasPrefix(in, []byte("total ")) {
		return nil
	}
	lines := tableLines(in)
	r := &tableLsR{failed: failed}
	var cur *tableLsRBlock
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case len(bytes.TrimSpace(l)) == 0:
			if cur == nil {
				return nil
			}
			cur.tail++
		case cur == nil || cur.tail > 0:
			// A new block: "path:" then "total N", or (first) "total N".
			if bytes.HasPrefix(l, []byte("total ")) && cur == nil {
				r.blocks = append(r.blocks, tableLsRBlock{head: [][]byte{l}})
			} else if bytes.HasSuffix(bytes.TrimRight(l, "\r"), []byte(":")) && i+1 < len(lines) && bytes.HasPrefix(lines[i+1], []byte("total ")) {
				r.blocks = append(r.blocks, tableLsRBlock{head: [][]byte{l, lines[i+1]}})
				i++
			} else {
				return nil
			}
			cur = &r.blocks[len(r.blocks)-1]
		default:
			cur.rows = append(cur.rows, l)
		}
	}
	if len(r.blocks) < tableLsRMin {
		return nil
	}
	r.nl = in[len(in)-1] == '\n'
	return r
}

func firstLine(in []byte) []byte {
	if i := bytes.IndexByte(in, '\n'); i >= 0 {
		return in[:i]
	}
	return in
}

// render prints every block's head; the first lv.treeTop blocks keep their
// first lv.head entries (all, when at most one more would go), later ones
// none; entries that report a failure stay wherever they are.
func (r *tableLsR) render(lv tableLevel, terms [][]byte) []byte {
	var out []byte
	queried := 0
	var dropped [][]byte
	for k, b := range r.blocks {
		for _, h := range b.head {
			out = append(append(out, h...), '\n')
		}
		show := 0
		if k < lv.treeTop {
			show = lv.head
		}
		if len(b.rows) <= show+1 {
			show = len(b.rows)
		}
		omitted := 0
		for j, row := range b.rows {
			match := queried < lv.queryMax && tableLsRMatch(row, terms)
			if match {
				queried++
			}
			if j < show || match || r.failed(row) {
				if omitted > 0 {
					out = append(append(out, lossy.Omitted(omitted, "entries")...), '\n')
					omitted = 0
				}
				out = append(append(out, row...), '\n')
				continue
			}
			omitted++
			dropped = append(dropped, row)
		}
		if omitted > 0 {
			out = append(append(out, lossy.Omitted(omitted, "entries")...), '\n')
		}
		for range b.tail {
			out = append(out, '\n')
		}
	}
	if len(dropped) > 0 {
		if r.blocks[len(r.blocks)-1].tail == 0 {
			out = append(out, '\n')
		}
		out = tableLsRSummary(out, dropped)
	}
	if !r.nl && len(out) > 0 && out[len(out)-1] == '\n' {
		out = out[:len(out)-1]
	}
	return out
}

// tableLsRSummary appends the closing summary of the omitted entries: how
// many of each type (files, directories, links, others) and their sizes.
func tableLsRSummary(out []byte, dropped [][]byte) []byte {
	out = append(out, "[summary of "...)
	out = strconv.AppendInt(out, int64(len(dropped)), 10)
	out = append(out, " omitted rows]\n"...)
	var files, dirs, links, other int
	sizes := make([]int64, 0, len(dropped))
	for _, row := range dropped {
		switch row[0] {
		case '-':
			files++
		case 'd':
			dirs++
		case 'l':
			links++
		default:
			other++
		}
		if f := bytes.Fields(row); len(f) >= 5 {
			if n, err := strconv.ParseInt(string(f[4]), 10, 64); err == nil {
				sizes = append(sizes, n)
			}
		}
	}
	out = append(out, "  type:"...)
	sep := " "
	for _, c := range [...]struct {
		n    int
		unit string
	}{{files, "files"}, {dirs, "directories"}, {links, "links"}, {other, "others"}} {
		if c.n > 0 {
			out = append(out, sep...)
			out = strconv.AppendInt(out, int64(c.n), 10)
			out = append(out, ' ')
			out = append(out, c.unit...)
			sep = ", "
		}
	}
	out = append(out, '\n')
	if len(sizes) > 0 {
		slices.Sort(sizes)
		out = append(out, "  size: min "...)
		out = strconv.AppendInt(out, sizes[0], 10)
		out = append(out, ", median "...)
		out = strconv.AppendInt(out, sizes[len(sizes)/2], 10)
		out = append(out, ", max "...)
		out = strconv.AppendInt(out, sizes[len(sizes)-1], 10)
		out = append(out, '\n')
	}
	return out
}

// tableLsRMatch reports an entry that holds one of the query's terms.
func tableLsRMatch(row []byte, terms [][]byte) bool {
	for _, t := range terms {
		if queryterm.ContainsFold(row, t) {
			return true
		}
	}
	return false
}

// tableFailedLines returns a test for the lines of in that are failure
// lines (failureLines' answer, asked once, at the first test).
func tableFailedLines(failureLines func() [][]byte) func([]byte) bool {
	var set map[string]bool
	return func(line []byte) bool {
		if set == nil {
			set = make(map[string]bool)
			for _, l := range failureLines() {
				set[string(l)] = true
			}
		}
		return set[string(bytes.TrimRight(line, "\r"))]
	}
}
