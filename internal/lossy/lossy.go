// Package lossy is the contract the lossy views share, one package per kind
// of tool output (logview, searchview, jsonview, tableview, diffview,
// htmlview). Each view keeps what a model needs in view (failure lines,
// locations, summaries, rows that match the query) and replaces the rest by
// short omission notes. The caller stores the original and appends a
// retrieval marker, so the views themselves never touch storage.
package lossy

import (
	"bytes"
	"errors"
	"sort"
	"strconv"
	"strings"

	"github.com/kompress/kompress/internal/failure"
	"github.com/kompress/kompress/router"
)

// ErrNoGain means the compressor found nothing worth dropping; the caller
// keeps the lossless result.
var ErrNoGain = errors.New("crush: no gain") // text kept: goldens show it

// Options steer a lossy compressor. The zero value means defaults.
type Options struct {
	// Query ranks and keeps the lines, rows or hits that match it.
	Query string
	// TargetRatio, when in (0, 1), asks for output of about that share of
	// the input's bytes; 0 means the compressor's own default.
	TargetRatio float64
	// Failures, when set, returns failure.Lines(kind, text) for the
	// caller, which finds the failure lines of each text once per request
	// for its lossless gate, the views and its boundary check alike. Nil
	// means failure.Lines.
	Failures func(kind router.Kind, text []byte) [][]byte
	// Text, when set, views the text a value holds (a JSON string that
	// holds a tool's output) as the caller views input of its sections'
	// kinds, and returns that view, or nil to keep the text as it is. The
	// view need not keep the text's failure lines: the caller of Text
	// checks.
	Text func(text []byte, sections []router.Section) []byte
	// Tokens, when set, counts the tokens of a text: TargetRatio is then a
	// share of the input's tokens, as --target-ratio asks, rather than of
	// its bytes.
	Tokens func(text []byte) int
}

// FailureLines returns failure.Lines(kind, text), through o.Failures when
// set.
func (o Options) FailureLines(kind router.Kind, text []byte) [][]byte {
	if o.Failures != nil {
		return o.Failures(kind, text)
	}
	return failure.Lines(kind, text)
}

// Omitted formats the note that stands for n dropped units ("lines",
// "rows", "hits", ...), e.g. "[… 42 lines omitted …]". Every compressor uses
// it so the model sees one consistent form. Units are given in the plural;
// for n = 1 the unit's noun is made singular ("[… 1 row omitted …]",
// "[… 1 row (2 lines) omitted …]"), so callers need not.
func Omitted(n int, unit string) string {
	if n == 1 {
		unit = singular(unit)
	}
	return "[… " + strconv.Itoa(n) + " " + unit + " omitted …]"
}

// singular makes the noun a unit counts singular: the last word before
// what qualifies it (" (", " of ", " in ", " with ", " and ", ":"), so that
// "rows (2 lines)" becomes "row (2 lines)" and "requirements of x"
// "requirement of x", while "line of passing tests" stays as it is.
func singular(unit string) string {
	end := len(unit)
	for _, q := range []string{" (", " of ", " in ", " with ", " and ", ":"} {
		if i := strings.Index(unit, q); i >= 0 && i < end {
			end = i
		}
	}
	head, rest := unit[:end], unit[end:]
	switch {
	case strings.HasSuffix(head, "ies"):
		head = head[:len(head)-3] + "y" // entries
	case strings.HasSuffix(head, "s") && !strings.HasSuffix(head, "ss"):
		head = head[:len(head)-1]
	}
	return head + rest
}

// MinGain is the share of the input a view must save to be worth it.
const MinGain = 0.10

// RuneStart moves i back to the start of the UTF-8 sequence it is in.
func RuneStart(b []byte, i int) int {
	for k := 0; k < 3 && i > 0 && i < len(b) && b[i]&0xc0 == 0x80; k++ {
		i--
	}
	return i
}

// markerBytes and markerTokens are about what the caller's retrieval
// marker adds to a view ("[kompress: 1874 of 4352 lines omitted; full
// output: retrieve id=c603cedffc9a]"), which --target-ratio counts too.
const (
	markerBytes  = 80
	markerTokens = 30
)

// Budget returns the size of view that o.TargetRatio asks of in, less the
// marker the caller appends, and the measure it is in: tokens when
// o.Tokens is set, else bytes. ok is false when the ratio asks for nothing
// in particular (0, or 1 and more).
func (o Options) Budget(in []byte) (budget int, size func([]byte) int, ok bool) {
	r := o.TargetRatio
	if r <= 0 || r >= 1 {
		return 0, nil, false
	}
	if o.Tokens != nil {
		return max(0, int(float64(o.Tokens(in))*r)-markerTokens), o.Tokens, true
	}
	return max(0, int(float64(len(in))*r)-markerBytes), func(b []byte) int { return len(b) }, true
}

// Fit returns the view, among those view(level(s)) gives for a scale s of
// a view's default level (s = 1, whose view is def), that comes nearest to
// budget (in the measure size) without going over it, or the smallest of them when none
// fits: --target-ratio asks for about that share, neither much more nor
// much less. The views grow with s, if not strictly, and s = 0 is the
// tightest a view goes. lo is the scale of the view returned and hi, when
// above lo, the scale of the nearest view found that is too big, between
// which a view may refine.
func Fit[P any](def []byte, budget int, size func([]byte) int, view func(P) []byte, level func(s float64) P) (out []byte, lo, hi float64) {
	best := def
	lo, hi = 1, 0
	if size(def) > budget {
		// Keep less: search (0, 1) for the largest scale that fits.
		best, lo, hi = view(level(0)), 0, 1
		if size(best) > budget {
			return best, 0, 0 // the floor: what must stay already exceeds it
		}
	} else {
		// Keep more: grow the scale until the view would pass budget.
		for s := 2.0; ; s *= 2 {
			if s > 1<<12 {
				return best, lo, 0
			}
			out := view(level(s))
			if size(out) > budget {
				hi = s
				break
			}
			if len(out) == len(best) && s >= 64 {
				return best, lo, 0 // nothing more to show
			}
			lo, best = s, out
		}
	}
	for range 10 {
		mid := (lo + hi) / 2
		if out := view(level(mid)); size(out) <= budget {
			lo, best = mid, out
		} else {
			hi = mid
		}
	}
	return best, lo, hi
}

// AppendDirs appends to a note the directories paths are in, with how
// many each holds, most first, at most max of them and none of one path:
// " in org/junit/runners/ ×30, org/junit/rules/ ×28, +18 more
// directories". A reader looking for one name among those omitted learns
// where it would be. It appends nothing when the paths share one
// directory or none holds two.
func AppendDirs(out []byte, paths [][]byte, max int) []byte {
	type dir struct {
		name  []byte
		count int
	}
	var dirs []dir
	index := map[string]int{}
	for _, p := range paths {
		d := p[:bytes.LastIndexByte(bytes.TrimRight(p, "/"), '/')+1]
		if len(d) == 0 {
			d = []byte("./")
		}
		k, ok := index[string(d)]
		if !ok {
			k = len(dirs)
			index[string(d)] = k
			dirs = append(dirs, dir{name: d})
		}
		dirs[k].count++
	}
	if max <= 0 || len(dirs) < 2 {
		return out
	}
	sort.SliceStable(dirs, func(a, b int) bool { return dirs[a].count > dirs[b].count })
	n := 0
	for n < len(dirs) && n < max && dirs[n].count > 1 {
		n++ // a directory of one omitted path says little more than the count
	}
	if n == 0 {
		return out
	}
	out = append(out, " in "...)
	for k, d := range dirs[:n] {
		if k > 0 {
			out = append(out, ", "...)
		}
		out = append(out, d.name...)
		out = append(out, " ×"...)
		out = strconv.AppendInt(out, int64(d.count), 10)
	}
	if more := len(dirs) - n; more > 0 {
		out = append(out, ", +"...)
		out = strconv.AppendInt(out, int64(more), 10)
		out = append(out, " more directories"...)
	}
	return out
}
