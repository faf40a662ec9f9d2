package searchview

import (
	"bytes"
	"sort"
	"strconv"

	"github.com/kompress/kompress/internal/lossy"

	"github.com/kompress/kompress/internal/toolline"
)

// searchShown is the part of one file a view shows.
type searchShown struct {
	f       *searchFile
	hits    []int // indexes into f.hits, in input order
	omitted int   // matches not shown
	lines   []int // their line numbers, when the note lists them
}

// note writes the note for the file's omitted hits; in names the file in
// the flat form.
func (s searchShown) note(out []byte, in string) []byte {
	unit := searchUnit(s.omitted, "more hit") + in
	if len(s.lines) > 0 {
		unit += " at " + searchUnit(len(s.lines), "line") + " "
		for k, l := range s.lines {
			if k > 0 {
				unit += ", "
			}
			unit += strconv.Itoa(l)
		}
	}
	return append(append(out, lossy.Omitted(s.omitted, unit)...), '\n')
}

// render selects what level p shows and writes it in heading or flat form,
// whichever is shorter.
func (r *searchResult) render(p searchParams) []byte {
	var out []byte
	for _, l := range r.others {
		out = append(out, l...)
		out = append(out, '\n')
	}
	if len(r.others) > 0 {
		// Keep messages apart from a heading that follows.
		out = append(out, '\n')
	}
	if r.list {
		return r.renderList(out, p)
	}
	if r.counts {
		return r.renderCounts(out, p)
	}
	shown := make([]searchShown, 0, min(p.files, len(r.files)))
	var rest []*searchFile
	restHits := 0
	for k, f := range r.files {
		if k >= p.files {
			rest = append(rest, f)
			restHits += f.matches
			continue
		}
		s := r.pick(f, &p)
		shown = append(shown, s)
	}
	flat := r.renderFlat(nil, shown, p)
	if r.numbered && searchHeadingSafe(shown) {
		if heading := r.renderHeading(nil, shown, p); r.heading || len(heading) < len(flat) {
			flat = heading
		}
	}
	out = append(out, flat...)
	if len(rest) > 0 {
		out = append(out, lossy.Omitted(restHits, searchUnit(restHits, "hit")+" in "+strconv.Itoa(len(rest))+" "+searchUnit(len(rest), "more file"))...)
		out = append(out, '\n')
		// Which files those are is cheap to show and tells where to look
		// next; the list is indented so it never reads as hits or headings.
		for k, f := range rest {
			if k == p.listFiles {
				out = append(out, "  "...)
				out = append(out, lossy.Omitted(len(rest)-k, searchUnit(len(rest)-k, "further file name"))...)
				out = append(out, '\n')
				break
			}
			out = append(out, "  "...)
			out = append(out, f.path...)
			out = append(out, " ("...)
			out = strconv.AppendInt(out, int64(f.matches), 10)
			out = append(out, ' ')
			out = append(out, searchUnit(f.matches, "hit")...)
			out = append(out, ")\n"...)
		}
	}
	return out
}

// pick chooses the matches of f to show: the first ones, then the best
// ranked by the query, with context lines near them.
func (r *searchResult) pick(f *searchFile, p *searchParams) searchShown {
	var matches []int
	for k := range f.hits {
		if !f.hits[k].context {
			matches = append(matches, k)
		}
	}
	chosen := matches
	// One more hit costs no more than the note that would stand for it.
	if len(matches) > p.perFile+1 {
		first := p.perFile
		if len(r.terms) > 0 {
			first = min(2, p.perFile)
		}
		chosen = append([]int(nil), matches[:first]...)
		if rest := matches[first:]; len(r.terms) > 0 {
			byScore := append([]int(nil), rest...)
			sort.SliceStable(byScore, func(a, b int) bool { return f.hits[byScore[a]].score > f.hits[byScore[b]].score })
			chosen = append(chosen, byScore[:p.perFile-first]...)
			sort.Ints(chosen)
		}
	}
	s := searchShown{f: f, omitted: len(matches) - len(chosen)}
	if p.hitLines > 0 && r.numbered && s.omitted > 0 {
		shown := make(map[int]bool, len(chosen))
		for _, k := range chosen {
			shown[k] = true
		}
		cost := len(" at lines ")
		for _, k := range matches {
			if !shown[k] {
				s.lines = append(s.lines, f.hits[k].line)
				cost += 2 + len(strconv.Itoa(f.hits[k].line))
			}
		}
		if cost > p.hitLines {
			s.lines = nil // all of a file's lines or none
		} else {
			p.hitLines -= cost
		}
	}
	if !r.context || p.context == 0 {
		s.hits = chosen
		return s
	}
	// Context lines of a shown match: the ones next to it in the input
	// (same group), within p.context lines.
	keep := make([]bool, len(f.hits))
	for _, k := range chosen {
		keep[k] = true
		for _, dir := range []int{-1, 1} {
			for j := k + dir; j >= 0 && j < len(f.hits); j += dir {
				h := f.hits[j]
				if !h.context || searchDist(h.line, f.hits[k].line) > p.context {
					break
				}
				keep[j] = true
			}
		}
	}
	for k, ok := range keep {
		if ok {
			s.hits = append(s.hits, k)
		}
	}
	return s
}

func searchDist(a, b int) int {
	if a > b {
		return a - b
	}
	return b - a
}

// searchHeadingSafe reports whether every path shown reads as a heading: a
// path such as "util-2-x.go" would read as a context line of "util" if it
// stood alone on its line.
func searchHeadingSafe(shown []searchShown) bool {
	for _, s := range shown {
		if _, ok := toolline.ParseHit(s.f.path); ok {
			return false
		}
		if _, ok := toolline.ParseHeadingHit(s.f.path); ok {
			return false
		}
	}
	return true
}

// renderFlat writes grep's form: "path:N:text", "path-N-text".
func (r *searchResult) renderFlat(out []byte, shown []searchShown, p searchParams) []byte {
	for _, s := range shown {
		prev := -1
		for _, k := range s.hits {
			h := s.f.hits[k]
			if r.context && prev >= 0 && h.line != prev+1 {
				out = append(out, "--\n"...)
			}
			prev = h.line
			out = append(out, s.f.path...)
			sep := byte(':')
			if h.context {
				sep = '-'
			}
			if r.numbered {
				out = append(out, sep)
				out = strconv.AppendInt(out, int64(h.line), 10)
			}
			out = append(out, sep)
			out = r.appendText(out, &s.f.hits[k], p)
			out = append(out, '\n')
		}
		if s.omitted > 0 {
			out = s.note(out, " in "+string(s.f.path))
		}
	}
	return out
}

// renderHeading writes ripgrep's --heading form: the path on its own line,
// then "N:text" and "N-text", a blank line between files.
func (r *searchResult) renderHeading(out []byte, shown []searchShown, p searchParams) []byte {
	for i, s := range shown {
		if i > 0 {
			out = append(out, '\n')
		}
		out = append(out, s.f.path...)
		out = append(out, '\n')
		prev := -1
		for _, k := range s.hits {
			h := s.f.hits[k]
			if r.context && prev >= 0 && h.line != prev+1 {
				out = append(out, "--\n"...)
			}
			prev = h.line
			out = strconv.AppendInt(out, int64(h.line), 10)
			if h.context {
				out = append(out, '-')
			} else {
				out = append(out, ':')
			}
			out = r.appendText(out, &s.f.hits[k], p)
			out = append(out, '\n')
		}
		if s.omitted > 0 {
			out = s.note(out, "")
		}
	}
	if len(shown) > 0 {
		out = append(out, '\n')
	}
	return out
}

// renderList writes a -l list: the first paths (best ranked first when a
// query was given) and a count of the rest.
func (r *searchResult) renderList(out []byte, p searchParams) []byte {
	limit := 2 * p.files
	for k, f := range r.files {
		if k == limit {
			note := lossy.Omitted(len(r.files)-limit, searchUnit(len(r.files)-limit, "more file"))
			out = append(out, note[:len(note)-len(" …]")]...)
			paths := make([][]byte, 0, len(r.files)-limit)
			for _, f := range r.files[limit:] {
				paths = append(paths, f.path)
			}
			out = lossy.AppendDirs(out, paths, p.listFiles/2)
			out = append(out, " …]\n"...)
			break
		}
		out = append(out, f.path...)
		out = append(out, '\n')
	}
	return out
}

// renderCounts writes a -c list, "path:N", the files with most matches
// first (best ranked first when a query was given), then the count of the
// rest and the total.
func (r *searchResult) renderCounts(out []byte, p searchParams) []byte {
	limit := 2 * p.files
	total, restHits := 0, 0
	for k, f := range r.files {
		total += f.matches
		if k >= limit {
			restHits += f.matches
			continue
		}
		out = append(out, f.path...)
		out = append(out, ':')
		out = strconv.AppendInt(out, int64(f.matches), 10)
		out = append(out, '\n')
	}
	if rest := len(r.files) - limit; rest > 0 {
		out = append(out, lossy.Omitted(restHits, searchUnit(restHits, "hit")+" in "+strconv.Itoa(rest)+" "+searchUnit(rest, "more file"))...)
		out = append(out, '\n')
		out = append(out, "["...)
		out = strconv.AppendInt(out, int64(total), 10)
		out = append(out, " "+searchUnit(total, "hit")+" in "+strconv.Itoa(len(r.files))+" files in all]\n"...)
	}
	return out
}

// matchAt finds where the query or the inferred searched word first occurs
// in a long line, or 0.
func (r *searchResult) matchAt(text []byte) int {
	at := -1
	lower := bytes.ToLower(text)
	for _, t := range r.terms {
		if i := bytes.Index(lower, t); i >= 0 && (at < 0 || i < at) {
			at = i
		}
	}
	if at < 0 && r.term != nil {
		at = bytes.Index(lower, r.term)
	}
	return max(at, 0)
}

func searchUnit(n int, unit string) string {
	if n == 1 {
		return unit
	}
	return unit + "s"
}

// appendText appends a hit's text, cut around the match when it is long.
func (r *searchResult) appendText(out []byte, h *searchHit, p searchParams) []byte {
	text := h.text
	if len(text) <= p.lineBytes+40 {
		return append(out, text...)
	}
	if h.at < 0 {
		h.at = r.matchAt(text)
	}
	at := h.at
	from := lossy.RuneStart(text, max(0, at-p.lineBytes/3))
	to := lossy.RuneStart(text, min(len(text), from+p.lineBytes))
	if to < len(text) && to <= at {
		to = len(text)
	}
	if from > 0 {
		out = append(out, lossy.Omitted(from, "bytes")...)
	}
	out = append(out, text[from:to]...)
	if to < len(text) {
		out = append(out, lossy.Omitted(len(text)-to, "bytes")...)
	}
	return out
}
