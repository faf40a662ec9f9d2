package router

import (
	"bytes"

	"github.com/kompress/kompress/internal/toolline"
)

// verticalRows claims as Table the rows the mysql and mariadb clients
// print in the vertical form (\G): a rule naming the row, then a line a
// column, "name: value", the names padded on the left so that the colons
// line up. Line by line the fields read as prose or as nothing; a line
// whose colon is in the row's column is a field, and the lines between
// (a multi-line value, such as SHOW CREATE TABLE's statement) belong to
// the field above. A blank line or the next rule ends the row. Inputs
// without ". row *" are left at once (one search of the bytes costs less
// than a look at every line); then only lines that open with '*' are looked
// at to find the rules.
func verticalRows(b []byte, lines []lineInfo) {
	if !toolline.ContainsRare(b, []byte(". row *"), 6) { // by its '*'
		return
	}
	for i := 0; i+1 < len(lines); i++ {
		if lines[i].blank || b[lines[i].start] != '*' || !verticalRowRule(lines[i].text(b)) {
			continue
		}
		col := fieldColumn(lines[i+1].text(b))
		if col < 0 {
			continue
		}
		j := i + 1
		for ; j < len(lines) && !lines[j].blank && lines[j].weight != wForced; j++ {
			li := &lines[j]
			line := li.text(b)
			if line[0] == '*' && verticalRowRule(line) {
				break
			}
			if fieldColumn(line) == col {
				li.kind, li.weight = kTable, wStrong
			} else if li.weight < wStrong {
				li.kind, li.weight = kTable, wWeak
			}
		}
		i = j - 1
	}
}

// fieldColumn returns the column of the colon ending a padded name at the
// start of line ("  select_type: SIMPLE"), or -1.
func fieldColumn(line []byte) int {
	t := trimBlank(line)
	c := bytes.IndexByte(t, ':')
	if c <= 0 || bytes.IndexByte(t[:c], ' ') >= 0 || c+1 < len(t) && t[c+1] != ' ' {
		return -1
	}
	return len(line) - len(t) + c
}
