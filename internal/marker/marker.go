// Package marker writes and reads the marker that stands in a lossy result
// for what was left out, naming the id under which the full original is
// stored (compress, cache, retrieve).
//
// The marker is one line of fixed shape:
//
//	[kompress: 87 of 120 lines omitted; full output: retrieve id=ab12cd34ef56]
//
// Counts are plain decimal (no leading zeros, omitted ≤ total), the unit
// is 1 to 16 lower-case ASCII letters, and the id is 12 to 64 hex digits
// (written lower-case; read in either case). About 25 tokens with typical
// counts. Find is strict: text that differs anywhere, such as other tools'
// markers, a truncated marker, or a wrong id length or charset, is not
// ours, so it is never expanded or treated as a kompress marker.
package marker

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/kompress/kompress/store"
)

const (
	prefix   = "[kompress: "
	of       = " of "
	idText   = " omitted; full output: retrieve id="
	suffix   = "]"
	maxUnit  = 16
	maxCount = 18 // decimal digits that always fit an int
	minID    = 12
	maxID    = 64
)

var prefixBytes = []byte(prefix)

// Ref is one marker found in a text: text[Start:End] is the whole marker.
type Ref struct {
	ID             string // lower-case hex
	Start, End     int
	Omitted, Total int
	Unit           string
}

// Marker returns the marker saying omitted of total units were left out
// and the full original is stored under id. id must be a store id (12 to
// 64 hex digits); anything else gives a marker Find does not recognize.
// The unit is lower-cased and stripped to ASCII letters ("items" when none
// remain); counts are clamped to 0 through 10^18-1 and total to at least
// omitted, so the marker always parses.
func Marker(id string, omitted, total int, unit string) string {
	const most = 999_999_999_999_999_999 // maxCount digits
	omitted, total = min(max(omitted, 0), most), min(max(total, 0), most)
	total = max(total, omitted)
	b := make([]byte, 0, len(prefix)+len(of)+len(idText)+len(id)+48)
	b = append(b, prefix...)
	b = strconv.AppendInt(b, int64(omitted), 10)
	b = append(b, of...)
	b = strconv.AppendInt(b, int64(total), 10)
	b = append(b, ' ')
	b = append(b, cleanUnit(unit)...)
	b = append(b, idText...)
	for i := 0; i < len(id); i++ {
		c := id[i]
		if 'A' <= c && c <= 'F' {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	b = append(b, suffix...)
	return string(b)
}

func cleanUnit(unit string) string {
	u := make([]byte, 0, len(unit))
	for i := 0; i < len(unit) && len(u) < maxUnit; i++ {
		c := unit[i]
		switch {
		case 'a' <= c && c <= 'z':
			u = append(u, c)
		case 'A' <= c && c <= 'Z':
			u = append(u, c+('a'-'A'))
		}
	}
	if len(u) == 0 {
		return "items"
	}
	return string(u)
}

// Find returns every marker in text, in order. It scans once; each
// candidate is checked against the exact syntax in bounded work.
func Find(text []byte) []Ref {
	var refs []Ref
	for i := 0; ; {
		j := bytes.Index(text[i:], prefixBytes)
		if j < 0 {
			return refs
		}
		start := i + j
		if r, ok := parse(text, start); ok {
			refs = append(refs, r)
			i = r.End
		} else {
			i = start + 1
		}
	}
}

// HasMarker reports whether line contains one of our markers; compressors
// use it to keep marker lines as they are.
func HasMarker(line []byte) bool {
	for i := 0; ; {
		j := bytes.Index(line[i:], prefixBytes)
		if j < 0 {
			return false
		}
		if _, ok := parse(line, i+j); ok {
			return true
		}
		i += j + 1
	}
}

// parse reads a marker starting exactly at text[start:].
func parse(text []byte, start int) (Ref, bool) {
	p := start + len(prefix)
	omittedN, p, ok := count(text, p)
	if !ok || !literal(text, p, of) {
		return Ref{}, false
	}
	total, p, ok := count(text, p+len(of))
	if !ok || omittedN > total || !literal(text, p, " ") {
		return Ref{}, false
	}
	p++
	unitStart := p
	for p < len(text) && p-unitStart <= maxUnit && 'a' <= text[p] && text[p] <= 'z' {
		p++
	}
	if n := p - unitStart; n == 0 || n > maxUnit || !literal(text, p, idText) {
		return Ref{}, false
	}
	unit := string(text[unitStart:p])
	p += len(idText)
	idStart := p
	for p < len(text) && p-idStart <= maxID && isHex(text[p]) {
		p++
	}
	if n := p - idStart; n < minID || n > maxID || !literal(text, p, suffix) {
		return Ref{}, false
	}
	id := bytes.ToLower(text[idStart:p])
	return Ref{ID: string(id), Start: start, End: p + len(suffix), Omitted: omittedN, Total: total, Unit: unit}, true
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// count reads a decimal count without leading zeros.
func count(text []byte, p int) (n, next int, ok bool) {
	s := p
	for p < len(text) && p-s <= maxCount && '0' <= text[p] && text[p] <= '9' {
		p++
	}
	digits := p - s
	if digits == 0 || digits > maxCount || (digits > 1 && text[s] == '0') {
		return 0, p, false
	}
	v, err := strconv.Atoi(string(text[s:p]))
	if err != nil {
		return 0, p, false
	}
	return v, p, true
}

func literal(text []byte, p int, lit string) bool {
	return p <= len(text) && bytes.HasPrefix(text[p:], []byte(lit))
}

// Expand replaces each marker whose id get resolves by the original it
// names and leaves the others verbatim. expanded and missing list the
// distinct ids each way, in order of first appearance; get is called once
// per id. An id is missing when get reports store.ErrNotFound,
// store.ErrAmbiguous or store.ErrBadID; any other error (the store being
// down, ctx done) stops Expand and is returned, so an outage never passes
// for missing originals. Without markers, out is text itself.
func Expand(ctx context.Context, text []byte, get func(ctx context.Context, id string) ([]byte, error)) (out []byte, expanded, missing []string, err error) {
	return ExpandViews(ctx, text, get, nil)
}

// ExpandViews is Expand for text that may hold whole lossy results: view
// returns the lossy result (digest, marker, final newline) that the
// original stored under id compresses to, or nil. Where the text before a
// marker ends with that result's digest, the digest goes too, so a result
// expands to its original rather than to the digest followed by the
// original; elsewhere only the marker is replaced. Because compression is
// deterministic, view can recompute the result instead of storing it.
func ExpandViews(ctx context.Context, text []byte, get func(ctx context.Context, id string) ([]byte, error), view func(ctx context.Context, id string, original []byte) []byte) (out []byte, expanded, missing []string, err error) {
	return Expander{Get: get, View: view}.Expand(ctx, text, Find(text))
}

// ErrTooLarge: the expansion would pass Expander.MaxBytes.
var ErrTooLarge = errors.New("marker: expanded text is larger than the limit")

// Expander replaces markers by their originals (see ExpandViews) within
// bounds: Get and View are called once per distinct id, and the output
// never passes MaxBytes.
type Expander struct {
	Get  func(ctx context.Context, id string) ([]byte, error)
	View func(ctx context.Context, id string, original []byte) []byte // may be nil
	// Literal appends text[start:end], text between replaced spans, to
	// dst, at most limit bytes of dst in all; nil copies it.
	Literal func(dst []byte, start, end, limit int) ([]byte, error)
	// Boundary reports whether a whole lossy result may start at offset
	// off of the text; nil allows any offset.
	Boundary func(off int) bool
	// MaxBytes bounds the output (0: no bound).
	MaxBytes int
}

// Expand replaces the markers refs (found in text, in order) as the
// Expander says.
func (x Expander) Expand(ctx context.Context, text []byte, refs []Ref) (out []byte, expanded, missing []string, err error) {
	if len(refs) == 0 && x.Literal == nil {
		return text, nil, nil, nil
	}
	limit := x.MaxBytes
	if limit <= 0 {
		limit = int(^uint(0) >> 1)
	}
	tooLarge := func() error { return fmt.Errorf("%w of %d bytes", ErrTooLarge, limit) }
	originals := make(map[string][]byte, len(refs))
	fetched := 0
	for _, r := range refs {
		if _, seen := originals[r.ID]; seen {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, nil, nil, err
		}
		orig, err := x.Get(ctx, r.ID)
		switch {
		case err == nil:
			if orig == nil {
				orig = []byte{} // nil marks missing below
			}
			// Each distinct original is written at least once.
			if fetched += len(orig); fetched > limit {
				return nil, nil, nil, tooLarge()
			}
			originals[r.ID] = orig
			expanded = append(expanded, r.ID)
		case errors.Is(err, store.ErrNotFound), errors.Is(err, store.ErrAmbiguous), errors.Is(err, store.ErrBadID):
			originals[r.ID] = nil
			missing = append(missing, r.ID)
		default:
			return nil, nil, nil, fmt.Errorf("marker: expanding %s: %w", r.ID, err)
		}
	}
	// Choose each marker's span: the marker alone, or the whole lossy
	// result it ends. Outer results are chosen first (walking back from
	// the end), so markers quoted inside a result's digest (a result that
	// was itself compressed again) go with it rather than expand twice.
	type span struct{ start, end int }
	spans := make([]span, len(refs))
	views := make(map[string][]byte, len(originals))
	cut := len(text)
	for i := len(refs) - 1; i >= 0; i-- {
		r := refs[i]
		orig := originals[r.ID]
		if orig == nil || r.End > cut {
			spans[i] = span{-1, -1}
			continue
		}
		start, end := r.Start, r.End
		if x.View != nil {
			whole, ok := views[r.ID]
			if !ok {
				whole = x.View(ctx, r.ID, orig)
				views[r.ID] = whole
			}
			if len(whole) > 0 {
				trail := whole[len(whole)-1] == '\n'
				if trail {
					whole = whole[:len(whole)-1]
				}
				if s := r.End - len(whole); bytes.HasSuffix(text[:r.End], whole) && (x.Boundary == nil || x.Boundary(s)) {
					start = s
					if trail && end < len(text) && text[end] == '\n' && end+1 <= cut {
						end++
					}
				}
			}
		}
		spans[i] = span{start, end}
		cut = start
	}
	literal := x.Literal
	if literal == nil {
		literal = func(dst []byte, start, end, limit int) ([]byte, error) {
			if len(dst)+end-start > limit {
				return nil, tooLarge()
			}
			return append(dst, text[start:end]...), nil
		}
	}
	size := len(text)
	for _, r := range refs {
		if orig := originals[r.ID]; orig != nil {
			size += len(orig) - (r.End - r.Start)
		}
	}
	out = make([]byte, 0, min(max(size, 0), limit))
	last := 0
	for i, r := range refs {
		sp := spans[i]
		if sp.start < 0 {
			continue // stays verbatim, copied with the text around it
		}
		if out, err = literal(out, last, sp.start, limit); err != nil {
			return nil, nil, nil, err
		}
		if len(out)+len(originals[r.ID]) > limit {
			return nil, nil, nil, tooLarge()
		}
		out = append(out, originals[r.ID]...)
		last = sp.end
	}
	if out, err = literal(out, last, len(text), limit); err != nil {
		return nil, nil, nil, err
	}
	return out, expanded, missing, nil
}
