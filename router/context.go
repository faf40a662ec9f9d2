package router

import (
	"bytes"

	"github.com/kompress/kompress/internal/ansi"
)

// contextHits checks the grep -A/-B/-C context lines ("path-N-text") that
// classifyLine voted for as search hits. grep prints context only around a
// match, so a context line belongs to a group of adjacent hit lines of one
// path that holds a "path:N:" match. Lines that merely read like one, such
// as the rows of a table whose first column holds "kworker/R-sync_-5-7f9c5",
// are classified again as if they were no hit, so their own shape (aligned
// columns, prose) decides.
func contextHits(b []byte, lines []lineInfo) {
	var (
		scratch []byte
		path    []byte // the path of the current group, copied
		from    = -1   // index of the group's first line, or -1
		matched bool   // the group holds a match line
	)
	end := func(to int) {
		if from < 0 || matched {
			return
		}
		for k := from; k < to; k++ {
			line := plainLine(b, lines[k], &scratch)
			lines[k].kind, lines[k].weight, _ = classifyPlain(line, features(line))
		}
	}
	for i := range lines {
		li := &lines[i]
		if li.kind != kSearch || li.weight != wStrong || li.hit.pathLen == 0 {
			if from >= 0 {
				end(i) // every hit line votes strongly for Search
				from = -1
			}
			continue
		}
		line := plainLine(b, *li, &scratch)
		p := line[:li.hit.pathLen]
		if from >= 0 && bytes.Equal(p, path) {
			matched = matched || !li.hit.context
			continue
		}
		end(i)
		from, matched = i, !li.hit.context
		path = append(path[:0], p...)
	}
	end(len(lines))
}

// plainLine returns a line without its line ending and ANSI escapes, using
// *scratch when escapes must be removed.
func plainLine(b []byte, li lineInfo, scratch *[]byte) []byte {
	line := li.text(b)
	if bytes.IndexByte(line, esc) >= 0 {
		*scratch = ansi.Append((*scratch)[:0], line)
		return *scratch
	}
	return line
}
