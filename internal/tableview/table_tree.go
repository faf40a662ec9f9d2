package tableview

import (
	"bytes"
	"sort"

	"github.com/kompress/kompress/internal/lossy"
	"github.com/kompress/kompress/internal/queryterm"
)

// Drawn trees (npm ls --all, tree, tree --charset ascii) and go mod graph
// look like columns to the table parser but are hierarchies: their columns
// say nothing, their depth does. Table crushes them here instead.

// tableTree is a drawn tree: each line with its depth (0 for lines that
// are no entries: the root, "N directories, M files", stray text) and the
// column of its branch mark, where a note for its dropped subtree is
// indented.
type tableTree struct {
	lines  [][]byte
	depth  []int
	col    []int
	parent []int // the entry one level up, or -1
	ends   bool  // the input ends with a newline
}

// tableTreeMark returns the column (in characters) of a line's branch mark
// ("├", "└", "|--", "`--") after a prefix of bars and spaces.
func tableTreeMark(l []byte) (int, bool) {
	col := 0
	for i := 0; i < len(l); {
		switch c := l[i]; {
		case c == ' ':
			i++
		case c == 0xc2 && i+1 < len(l) && l[i+1] == 0xa0: // tree pads with no-break spaces
			i += 2
		case c == '|' || c == '`':
			if bytes.HasPrefix(l[i+1:], []byte("--")) {
				return col, true
			}
			if c == '`' {
				return 0, false
			}
			i++
		case bytes.HasPrefix(l[i:], []byte("├")) || bytes.HasPrefix(l[i:], []byte("└")):
			return col, true
		case bytes.HasPrefix(l[i:], []byte("│")):
			i += len("│")
		default:
			return 0, false
		}
		col++
	}
	return 0, false
}

// tableTreeParse returns the tree when most lines are entries of one, or
// nil.
func tableTreeParse(in []byte) *tableTree {
	lines := tableLines(in)
	t := &tableTree{lines: lines, depth: make([]int, len(lines)), col: make([]int, len(lines)),
		parent: make([]int, len(lines)), ends: len(in) > 0 && in[len(in)-1] == '\n'}
	entries, text, first := 0, 0, -1
	var cols []int
	for i, l := range lines {
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		text++
		c, ok := tableTreeMark(l)
		if !ok {
			t.depth[i] = 0
			continue
		}
		if first < 0 {
			first = i
		}
		entries++
		t.col[i] = c
		t.depth[i] = -1
		if !containsInt(cols, c) {
			cols = append(cols, c)
		}
	}
	if entries < 8 || entries*10 < text*6 || first > 3 {
		return nil
	}
	sort.Ints(cols)
	var stack []int // stack[d-1] is the last entry at depth d
	for i := range lines {
		t.parent[i] = -1
		if t.depth[i] == 0 {
			continue
		}
		d := sort.SearchInts(cols, t.col[i]) + 1
		t.depth[i] = d
		stack = append(stack[:min(len(stack), d-1)], i)
		if len(stack) >= 2 {
			t.parent[i] = stack[len(stack)-2]
		}
	}
	return t
}

func containsInt(s []int, x int) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

// tableTreeWords mark an npm ls problem (UNMET DEPENDENCY, invalid,
// extraneous, missing) or an error line; they count as whole words only, so
// a file named error.go is no problem.
var tableTreeWords = [][]byte{
	[]byte("UNMET"), []byte("invalid"), []byte("extraneous"), []byte("missing"), []byte("ERR"), []byte("error"),
}

func tableTreeProblem(l []byte) bool {
	for _, w := range tableTreeWords {
		for off := 0; ; {
			i := bytes.Index(l[off:], w)
			if i < 0 {
				break
			}
			i += off
			j := i + len(w)
			before := i == 0 || l[i-1] == ' ' || l[i-1] == '('
			after := j == len(l) || bytes.IndexByte([]byte(" :!)\r"), l[j]) >= 0
			if before && after {
				return true
			}
			off = j
		}
	}
	return tableFailureLine(l)
}

// render keeps the lines that are no entries, every top-level entry (or,
// past lv.treeTop of them, the first and last ones), problem lines and
// query matches with the entries above them; each run of dropped entries
// becomes one note indented where the run began. Only more than
// tableKeepFew dropped entries are worth notes.
func (t *tableTree) render(lv tableLevel, terms [][]byte) []byte {
	n := len(t.lines)
	keep := make([]bool, n)
	top := 0
	for i := range n {
		if t.depth[i] == 1 {
			top++
		}
	}
	k := 0
	for i := range n {
		switch t.depth[i] {
		case 0:
			keep[i] = true
		case 1:
			keep[i] = top <= lv.treeTop || k < lv.treeTop*2/3 || k >= top-lv.treeTop/6
			k++
		}
	}
	mark := func(i int) {
		for ; i >= 0 && !keep[i]; i = t.parent[i] {
			keep[i] = true
		}
	}
	for i, l := range t.lines {
		if t.depth[i] > 0 && tableTreeProblem(l) {
			mark(i)
		}
	}
	if len(terms) > 0 {
		hits := 0
		for i, l := range t.lines {
			if t.depth[i] == 0 || hits >= lv.queryMax {
				continue
			}
			for _, term := range terms {
				if queryterm.ContainsFold(l, term) {
					mark(i)
					hits++
					break
				}
			}
		}
	}
	// As in a table, a few entries are cheaper to read than notes for
	// them (findmnt's /dev/shm under /dev).
	tableKeepIfFew(keep, tableKeepFew)
	out := make([]byte, 0, 4096)
	for i := 0; i < n; {
		if keep[i] {
			out = append(append(out, t.lines[i]...), '\n')
			i++
			continue
		}
		j := i
		for j < n && !keep[j] {
			j++
		}
		if j-i == 1 { // a note for one line is no shorter than the line
			keep[i] = true
			continue
		}
		unit := "nested entries"
		if t.depth[i] == 1 {
			unit = "entries"
		}
		for range t.col[i] {
			out = append(out, ' ')
		}
		out = append(append(out, lossy.Omitted(j-i, unit)...), '\n')
		i = j
	}
	if !t.ends && len(out) > 0 {
		out = out[:len(out)-1]
	}
	return out
}

// tableModGraph is go mod graph output: "parent child@version" lines.
type tableModGraph struct {
	lines [][]byte
	from  [][]byte // each line's first column
	ends  bool
}

func tableModGraphParse(in []byte) *tableModGraph {
	lines := tableLines(in)
	g := &tableModGraph{lines: lines, from: make([][]byte, len(lines)), ends: len(in) > 0 && in[len(in)-1] == '\n'}
	edges := 0
	for i, l := range lines {
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		sp := bytes.IndexByte(l, ' ')
		if sp <= 0 || bytes.IndexByte(l[sp+1:], ' ') >= 0 || bytes.IndexByte(l[sp+1:], '@') <= 0 ||
			bytes.IndexByte(l, '\t') >= 0 {
			return nil
		}
		g.from[i] = l[:sp]
		edges++
	}
	if edges < 8 {
		return nil
	}
	return g
}

// render keeps each module's first lv.modKids requirements (and failure
// lines and query matches); the rest of its requirements become a note
// naming it, where they were.
func (g *tableModGraph) render(lv tableLevel, terms [][]byte) []byte {
	total := map[string]int{}
	for _, f := range g.from {
		if f != nil {
			total[string(f)]++
		}
	}
	seen := map[string]int{}
	out := make([]byte, 0, 4096)
	gap, hits := 0, 0
	var gapFrom []byte
	flush := func() {
		if gap > 0 {
			out = append(append(out, lossy.Omitted(gap, "requirements of "+string(gapFrom))...), '\n')
		}
		gap = 0
	}
	for i, l := range g.lines {
		from := g.from[i]
		keep := from == nil
		if !keep {
			seen[string(from)]++
			// A note for one line is no shorter than the line.
			keep = seen[string(from)] <= lv.modKids || total[string(from)] == lv.modKids+1 || tableFailureLine(l)
			if !keep && hits < lv.queryMax {
				for _, term := range terms {
					if queryterm.ContainsFold(l, term) {
						keep = true
						hits++
						break
					}
				}
			}
		}
		if keep {
			flush()
			out = append(append(out, l...), '\n')
			continue
		}
		if gap > 0 && !bytes.Equal(from, gapFrom) {
			flush()
		}
		gapFrom = from
		gap++
	}
	flush()
	if !g.ends && len(out) > 0 {
		out = out[:len(out)-1]
	}
	return out
}
