package searchview

import (
	"bytes"
	"sort"

	"github.com/kompress/kompress/internal/lossy"

	"github.com/kompress/kompress/internal/queryterm"

	"github.com/kompress/kompress/internal/ansi"

	"github.com/kompress/kompress/internal/toolline"
	"github.com/kompress/kompress/router"
)

// Search compresses grep and ripgrep output: "path:N:text" hits,
// "path-N-text" context lines and "--" separators, ripgrep's --heading form,
// -l path lists, -c counts ("path:N") and rg --json events, whose view is
// ripgrep's heading form. It shows the first hits of each file plus the ones that
// best match o.Query, counts the rest per file, and caps the files shown
// (ranked by o.Query when given) with a count of the omitted files and their
// hits. Every hit shown keeps its file and line number, lines of different
// files are never joined, and very long lines (minified code) are cut around
// the match. The view uses ripgrep's heading form when that is shorter.
// Context lines (-C N) are kept as N lines around the shown hits, and the
// note for a file's omitted hits lists their line numbers, "[… 67 more hits
// at lines 73, 80, 95 omitted …]", when the view still fits its budget.
//
// It returns lossy.ErrNoGain when the input is empty, holds NUL bytes, does not
// parse as search output, or the view would not be at least 10% smaller.
func Search(in []byte, o lossy.Options) ([]byte, error) {
	if len(in) == 0 || bytes.IndexByte(in, 0) >= 0 {
		return nil, lossy.ErrNoGain
	}
	r := searchParse(in, searchFailures(o, in))
	if r == nil {
		return nil, lossy.ErrNoGain
	}
	r.rank(o.Query, len(in))
	budget := len(in) / 5
	budget = min(max(budget, searchMinBudget), searchMaxBudget)
	if o.TargetRatio > 0 && o.TargetRatio < 1 {
		budget = int(float64(len(in)) * o.TargetRatio)
	}
	var out []byte
levels:
	for _, p := range searchLevels {
		if r.context {
			// Context as the search asked for it (-C N), at the first
			// level; less at the later ones.
			p.context = min(max(p.context, r.contextN*min(p.context, 1)), r.contextN)
		}
		out = r.render(p)
		if len(out) <= budget {
			// The omitted hits' line numbers, file by file while they fit
			// in what the budget leaves, and in an eighth of the view.
			p.hitLines = min(budget-len(out), max(len(out)/8, searchMinLines))
			if listed := r.render(p); len(listed) <= budget {
				out = listed
			}
			break levels
		}
	}
	if float64(len(out)) > float64(len(in))*(1-lossy.MinGain) {
		return nil, lossy.ErrNoGain
	}
	return out, nil
}

// Default output bounds when the caller sets no target ratio: a fifth of
// the input, within these limits.
const (
	searchMinBudget = 4 << 10
	searchMaxBudget = 12 << 10
)

// searchParams is one level of compression; later levels show less.
type searchParams struct {
	perFile   int // matches shown per file
	files     int // files shown with their hits
	context   int // context lines kept on each side of a shown match
	lineBytes int // longer lines are cut around the match
	listFiles int // omitted files listed by name with their counts
	hitLines  int // bytes the notes for omitted hits may spend listing their line numbers
}

// searchMinLines is the least the line numbers of omitted hits may take.
const searchMinLines = 128

var searchLevels = []searchParams{
	{perFile: 5, files: 30, context: 2, lineBytes: 300, listFiles: 20},
	{perFile: 3, files: 20, context: 1, lineBytes: 240, listFiles: 12},
	{perFile: 2, files: 12, context: 0, lineBytes: 200, listFiles: 8},
	{perFile: 1, files: 8, context: 0, lineBytes: 160, listFiles: 5},
	{perFile: 1, files: 4, context: 0, lineBytes: 120, listFiles: 0},
}

type searchHit struct {
	line    int    // 1-based; 0 when the output had no line numbers
	text    []byte // the line's text after the location
	context bool
	score   int
	at      int // where a long line's match starts, once looked up; -1 before
}

type searchFile struct {
	path    []byte
	hits    []searchHit
	matches int
	score   int
}

// searchResult is parsed search output.
type searchResult struct {
	files    []*searchFile
	others   [][]byte // lines that are not hits: errors, "Binary file … matches"
	list     bool     // a -l style list of paths, no hits
	counts   bool     // a -c style list: each file's matches is its count
	numbered bool     // every hit has a line number
	context  bool     // the output had context lines (-A/-B/-C)
	contextN int      // the most context lines on one side of a match group (-C N)
	heading  bool     // render in heading form even when flat is shorter (rg --json)
	terms    [][]byte // query terms, lower case
	term     []byte   // the searched word inferred from the hits, lower case
}

// searchParse reads grep or ripgrep output. It returns nil when too few
// lines parse as hits or paths for the output to be search results.
func searchParse(in []byte, failing func(line []byte) bool) *searchResult {
	if searchIsRGJSON(in) {
		r := searchParseRGJSON(in)
		if r != nil {
			r.heading = true
		}
		return r
	}
	lines := make([][]byte, 0, bytes.Count(in, []byte{'\n'})+1)
	for len(in) > 0 {
		var line []byte
		line, in, _ = bytes.Cut(in, []byte{'\n'})
		line = bytes.TrimSuffix(ansi.Strip(line), []byte{'\r'})
		lines = append(lines, line)
	}
	// Paths of matches resolve context lines in the flat form (see below):
	// found with the count of each form, in one pass.
	flat, heading := 0, 0
	known := make(map[string]bool)
	for _, l := range lines {
		if h, ok := toolline.ParseHit(l); ok {
			flat++
			if !h.Context && !known[string(h.Path)] {
				known[string(h.Path)] = true
			}
		} else if _, ok := toolline.ParseHeadingHit(l); ok {
			heading++
		}
	}
	r := &searchResult{numbered: true}
	byPath := make(map[string]*searchFile)
	file := func(path []byte) *searchFile {
		f, ok := byPath[string(path)]
		if !ok {
			f = &searchFile{path: append([]byte(nil), path...)}
			byPath[string(path)] = f
			r.files = append(r.files, f)
		}
		return f
	}
	add := func(f *searchFile, h toolline.Hit) {
		f.hits = append(f.hits, searchHit{line: h.Line, text: h.Text, context: h.Context, at: -1})
		if h.Context {
			r.context = true
		} else {
			f.matches++
		}
	}
	parsed, nonblank := 0, 0
	if heading > flat {
		var cur *searchFile
		for _, l := range lines {
			switch {
			case len(l) == 0:
				cur = nil
				continue
			case bytes.Equal(l, []byte("--")):
				nonblank++
				parsed++
				continue
			}
			nonblank++
			if h, ok := toolline.ParseHeadingHit(l); ok && cur != nil {
				add(cur, h)
				parsed++
			} else if searchMessage(l) || failing(l) {
				r.others = append(r.others, l)
			} else if cur == nil {
				cur = file(l)
				parsed++
			} else {
				r.others = append(r.others, l)
			}
		}
	} else {
		// Paths of matches (known) resolve context lines: "a-1-b.go-400-text"
		// is line 400 of a-1-b.go when that file has matches, not line 1 of "a".
		for _, l := range lines {
			if len(l) == 0 {
				continue
			}
			nonblank++
			if bytes.Equal(l, []byte("--")) {
				parsed++
				continue
			}
			if h, ok := toolline.ParseHit(l); ok && flat > 0 {
				if h.Context && !known[string(h.Path)] {
					h = searchContextOf(l, known, h)
				}
				// grep prints context only around matches of the same file:
				// a "name-N-text" line of a file without matches is no
				// context line (a table row such as "kthreadd-2-7f9c2 …").
				if !h.Context || known[string(h.Path)] {
					add(file(h.Path), h)
					parsed++
					continue
				}
			}
			if searchMessage(l) || failing(l) {
				r.others = append(r.others, l)
				continue
			}
			if path, text, ok := searchPathText(l); ok && flat == 0 {
				// grep -r without -n: "path:text".
				r.numbered = false
				add(file(path), toolline.Hit{Path: path, Text: text})
				parsed++
				continue
			}
			if flat == 0 && searchPathLike(l) {
				file(l) // a -l list
				r.list = true
				parsed++
				continue
			}
			r.others = append(r.others, l)
		}
	}
	// Output that is mostly not hits is not search output; Log or prose
	// compressors do better with it.
	if parsed == 0 || parsed*10 < nonblank*7 || len(r.files) == 0 {
		return nil
	}
	for _, f := range r.files {
		if f.matches == 0 && len(f.hits) > 0 {
			// Context lines without a match of their own: not search output.
			return nil
		}
	}
	if r.list {
		for _, f := range r.files {
			if len(f.hits) > 0 {
				r.list = false
			}
		}
	}
	r.counts = searchCounts(r)
	if r.context && r.numbered {
		r.contextN = searchContextN(r.files)
	}
	return r
}

// searchContextN infers N of grep -C N: the longest run of context lines
// that opens or closes a group of adjacent lines (runs between two matches
// may hold up to 2N).
func searchContextN(files []*searchFile) int {
	n := 0
	for _, f := range files {
		for i := 0; i < len(f.hits); {
			j := i + 1
			for j < len(f.hits) && f.hits[j].line == f.hits[j-1].line+1 {
				j++
			}
			lead, trail := 0, 0
			for lead < j-i && f.hits[i+lead].context {
				lead++
			}
			for trail < j-i && f.hits[j-1-trail].context {
				trail++
			}
			if lead < j-i { // the group has a match
				n = max(n, lead, trail)
			}
			i = j
		}
	}
	return min(n, 10)
}

// searchCounts reports whether r is a -c list, "path:N" for each file, and
// if so makes each file's count its number of matches, without hits.
func searchCounts(r *searchResult) bool {
	if r.numbered || r.list || len(r.files) < 2 {
		return false
	}
	for _, f := range r.files {
		if len(f.hits) != 1 || !searchNumber(f.hits[0].text) {
			return false
		}
	}
	for _, f := range r.files {
		n := 0
		for _, c := range f.hits[0].text {
			n = min(n*10+int(c-'0'), 1<<40)
		}
		f.matches, f.hits = n, nil
	}
	return true
}

func searchNumber(b []byte) bool {
	if len(b) == 0 || len(b) > 12 {
		return false
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// searchFailures returns whether a line that is no hit, without escapes or
// '\r', is a failure line of in by failure's Search rules ("find: '/x':
// Permission denied"), which the view must keep verbatim. The lines are
// those the boundary check holds the view to, found once per request
// (o.FailureLines): judging each line again on its own cost a third of
// the view, and found the same lines in every sample.
func searchFailures(o lossy.Options, in []byte) func(line []byte) bool {
	lines := o.FailureLines(router.Search, in)
	if len(lines) == 0 {
		return func([]byte) bool { return false }
	}
	set := make(map[string]bool, len(lines))
	for _, l := range lines {
		set[string(bytes.TrimSuffix(ansi.Strip(l), []byte{'\r'}))] = true // as searchParse reads lines
	}
	return func(l []byte) bool { return set[string(l)] }
}

// searchContextOf reparses a context line "path-N-text" whose first "-N-"
// gave an unknown path, trying the later "-N-" for a path known from
// matches.
func searchContextOf(l []byte, known map[string]bool, h toolline.Hit) toolline.Hit {
	// Paths are short: looking further would make long lines quadratic.
	for i := len(h.Path) + 1; i < len(l) && i < 4096; i++ {
		if l[i] != '-' || i+1 >= len(l) || l[i+1] < '0' || l[i+1] > '9' || !known[string(l[:i])] {
			continue
		}
		k := i + 1
		n := 0
		for k < len(l) && k-i <= 10 && l[k] >= '0' && l[k] <= '9' {
			n = n*10 + int(l[k]-'0')
			k++
		}
		if k > i+1 && k < len(l) && l[k] == '-' {
			return toolline.Hit{Path: l[:i], Line: n, Text: l[k+1:], Context: true}
		}
	}
	return h
}

// searchMessage matches the messages grep and ripgrep mix into their output.
func searchMessage(l []byte) bool {
	for _, p := range []string{"grep: ", "rg: ", "Binary file ", "ugrep: ", "ag: "} {
		if bytes.HasPrefix(l, []byte(p)) {
			return true
		}
	}
	return false
}

// searchPathLike reports whether a line of a -l list looks like a path:
// no tabs, and no spaces unless it has a path separator.
func searchPathLike(l []byte) bool {
	if bytes.IndexByte(l, '\t') >= 0 {
		return false
	}
	return bytes.IndexByte(l, ' ') < 0 || bytes.ContainsAny(l, "/\\")
}

// searchPathText splits "path:text", where path has no spaces. A drive
// letter ("C:\x") is part of the path.
func searchPathText(l []byte) (path, text []byte, ok bool) {
	start := 0
	if len(l) > 2 && l[1] == ':' && (l[2] == '\\' || l[2] == '/') {
		start = 2
	}
	i := bytes.IndexByte(l[start:], ':')
	if i <= 0 {
		return nil, nil, false
	}
	i += start
	// A path has no blanks and has a separator or an extension, so that
	// "error: x" or a JSON key is not taken for one.
	if bytes.ContainsAny(l[:i], " \t\"{") || !bytes.ContainsAny(l[:i], "./\\") {
		return nil, nil, false
	}
	return l[:i], l[i+1:], true
}

// rank scores hits and files against the query, and infers the searched
// word for cutting long lines.
func (r *searchResult) rank(query string, inLen int) {
	r.terms = queryterm.Split(query)
	if len(r.terms) > 0 {
		for _, f := range r.files {
			f.score = 2 * queryterm.Score(bytes.ToLower(f.path), r.terms)
			var best [3]int
			for k := range f.hits {
				h := &f.hits[k]
				h.score = queryterm.Score(queryterm.Lower(h.text), r.terms)
				if h.context {
					continue
				}
				for b := range best {
					if h.score > best[b] {
						copy(best[b+1:], best[b:len(best)-1])
						best[b] = h.score
						break
					}
				}
			}
			f.score += best[0] + best[1] + best[2]
		}
		sort.SliceStable(r.files, func(a, b int) bool { return r.files[a].score > r.files[b].score })
	} else if r.counts {
		sort.SliceStable(r.files, func(a, b int) bool { return r.files[a].matches > r.files[b].matches })
	}
	r.term = r.inferTerm()
}

// inferTerm guesses the searched word when long lines need cutting: the
// word found in most short match lines (or in the first 4 KB of long ones).
func (r *searchResult) inferTerm() []byte {
	long := false
	for _, f := range r.files {
		for _, h := range f.hits {
			long = long || len(h.text) > searchLevels[0].lineBytes
		}
	}
	if !long {
		return nil
	}
	df := make(map[string]int)
	lines := 0
	seen := make(map[string]bool)
	for _, f := range r.files {
		for _, h := range f.hits {
			if h.context || lines >= 200 {
				continue
			}
			lines++
			clear(seen)
			for _, w := range bytes.FieldsFunc(queryterm.Lower(h.text), func(r rune) bool {
				return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_')
			}) {
				if len(w) >= 3 && !seen[string(w)] {
					seen[string(w)] = true
					df[string(w)]++
				}
			}
		}
	}
	best, bestN := "", 0
	for w, n := range df {
		if n > bestN || n == bestN && (len(w) > len(best) || len(w) == len(best) && w < best) {
			best, bestN = w, n
		}
	}
	if bestN*10 < lines*6 {
		return nil
	}
	return []byte(best)
}
