package router

import (
	"github.com/kompress/kompress/internal/jsonscan"
	"github.com/kompress/kompress/internal/toolline"
)

// psqlValues claims as JSON the JSON values psql prints in a one-column
// frame (see toolline.PsqlCells): EXPLAIN (FORMAT JSON), jsonb_pretty.
// Line by line the frame's lines are indented text padded with spaces and
// a '+', which read as prose; the frame with its header and footer is one
// JSON section, which the JSON view reads without the frame. Only a rule
// of dashes followed by a cell that opens a value is looked at.
func psqlValues(b []byte, lines []lineInfo) {
	for i := 1; i+1 < len(lines); i++ {
		if b[lines[i].start] != '-' || lines[i].end-lines[i].start < 3 {
			continue // most lines: no rule
		}
		rule, cell := lines[i].text(b), lines[i+1].text(b)
		if len(rule) < 3 || rule[0] != '-' || rule[len(rule)-1] != '-' || len(cell) < 2 || cell[0] != ' ' || cell[1] != '[' && cell[1] != '{' ||
			lines[i-1].weight == wForced || lines[i+1].weight == wForced {
			continue
		}
		start := lines[i-1].start
		cells, _, _, end, ok := toolline.PsqlCells(b[start:])
		if !ok || !jsonValues(cells) {
			continue
		}
		k := i - 1
		for ; k < len(lines) && lines[k].start < start+end; k++ {
			lines[k].kind, lines[k].weight = kJSON, wForced
		}
		i = k
	}
}

// jsonValues reports whether b is one or more JSON values, each an
// object or array, separated by white space.
func jsonValues(b []byte) bool {
	i, n := 0, 0
	for {
		for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
			i++
		}
		if i == len(b) {
			return n > 0
		}
		if b[i] != '{' && b[i] != '[' {
			return false
		}
		j, st := jsonscan.Scan(b, i)
		if st != jsonscan.OK {
			return false
		}
		i, n = j, n+1
	}
}

// planBlocks votes Log for the whole of a PostgreSQL plan as psql prints
// it: from its top node (" Limit  (cost=…") every indented line up to the
// footer or a blank line, the nodes' properties ("Sort Key: …", "Hash
// Cond: …", "Buckets: 8192  Batches: 1") included. Alone those read as
// prose or aligned columns, and a plan between two query results would
// not stand as its own section.
func planBlocks(b []byte, lines []lineInfo) {
	for i := 0; i < len(lines); i++ {
		li := &lines[i]
		if li.kind != kLog || li.weight != wStrong || li.end-li.start < 2 || b[li.start] != ' ' || b[li.start+1] == ' ' {
			continue // a top node is indented by psql's one space
		}
		if !toolline.PlanLine(li.text(b)[1:]) {
			continue
		}
		for i++; i < len(lines); i++ {
			l := &lines[i]
			if l.blank || l.weight == wForced || b[l.start] != ' ' {
				break
			}
			l.kind, l.weight = kLog, wStrong
		}
	}
}
