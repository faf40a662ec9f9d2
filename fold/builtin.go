package fold

import (
	"bytes"
	"context"

	"github.com/kompress/kompress/internal/ansi"
)

// builtin is a fold of this package, offered to the gate as a Provider.
type builtin struct {
	name    string
	fold    func(content []byte, keep func([]byte) bool) ([]byte, Equivalence)
	visible bool  // proposes only Visible equivalence
	needs   uint8 // the survey bit without which the fold saves nothing; 0 if none
}

func (b builtin) Name() string { return b.name }

// Propose folds content; Recover is Expand of the folded text.
func (b builtin) Propose(_ context.Context, content []byte, info Info) (*Proposal, error) {
	text, eq := b.fold(content, info.Keep)
	if text == nil {
		return nil, nil
	}
	return &Proposal{
		Text:        text,
		Recover:     func() ([]byte, error) { return Expand(text) },
		Equivalence: eq,
		Label:       b.name,
	}, nil
}

func byteFold(f func([]byte, func([]byte) bool) []byte) func([]byte, func([]byte) bool) ([]byte, Equivalence) {
	return func(content []byte, keep func([]byte) bool) ([]byte, Equivalence) {
		if t := f(content, keep); t != nil {
			return t, Byte
		}
		return nil, ""
	}
}

// builtins are the gate's own folds, in tie-breaking order.
var builtins = []Provider{
	builtin{name: "rg", fold: byteFold(foldSearch), needs: maySearch},
	builtin{name: "repeat", fold: byteFold(foldRepeat), needs: mayRepeat},
	builtin{name: "json", fold: func(c []byte, _ func([]byte) bool) ([]byte, Equivalence) { return foldJSON(c) }},
	builtin{name: "paths", fold: byteFold(foldPaths), needs: mayPaths},
	builtin{name: "ansi", fold: foldANSI, visible: true},
}

// Survey bits: which of the line folds could save anything.
const (
	maySearch = 1 << iota
	mayRepeat
	mayPaths
	mayAll = maySearch | mayRepeat | mayPaths
)

// survey reads the lines of content once for the folds that each walk
// them, and tells which could save anything: a run of repeated lines, or a
// span of search or path lines that could save more than a header (see
// searchGain and pathsGain). A fold it rules out would return nil.
func survey(content []byte) uint8 {
	var (
		m      uint8
		search searchGain
		paths  pathsGain
		prev   []byte // the last line, for runs of repeats
		n      int    // how many times prev came in a row
	)
	searchLimit, pathsLimit := headerLen("rg", 1, ""), headerLen("paths", 1, "")
	for rest := content; len(rest) > 0 && m != mayAll; {
		var c []byte
		c, _, rest = nextLine(rest)
		if m&mayRepeat == 0 {
			if prev != nil && bytes.Equal(prev, c) {
				if n++; n >= minRepeat {
					m |= mayRepeat
				}
			} else {
				prev, n = c, 1
			}
		}
		if len(c) == 0 || c[0] <= ' ' {
			// Blank or indented: neither a search line nor a path, and
			// the most common line of code, JSON and many logs.
			search, paths = searchGain{}, pathsGain{}
			continue
		}
		if m&maySearch == 0 && search.add(c) && search.gain > searchLimit {
			m |= maySearch
		}
		if m&mayPaths == 0 && paths.add(c) && paths.gain > pathsLimit {
			m |= mayPaths
		}
	}
	return m
}

// Builtins returns the built-in folds as providers, for callers that want
// to run one on its own. The gate always runs them; do not add them to
// Gate.Providers.
func Builtins() []Provider {
	return append([]Provider(nil), builtins...)
}

// foldANSI strips ANSI escape sequences and then applies the best of the
// byte folds to the visible text: Visible equivalence.
func foldANSI(content []byte, keep func([]byte) bool) ([]byte, Equivalence) {
	plain := ansi.Strip(content)
	if len(plain) == len(content) {
		return nil, ""
	}
	best := plain
	m := survey(plain)
	for _, f := range [...]struct {
		fold  func([]byte, func([]byte) bool) []byte
		needs uint8
	}{{foldSearch, maySearch}, {foldRepeat, mayRepeat}, {foldPaths, mayPaths}} {
		if m&f.needs == 0 {
			continue
		}
		if t := f.fold(plain, keep); t != nil && len(t) < len(best) {
			best = t
		}
	}
	if t, eq := foldJSON(plain); eq == Byte && len(t) < len(best) {
		best = t
	}
	if len(best) == len(plain) {
		// The stripped text is literal: escape anything that looks like a header.
		best = Escape(plain)
	}
	return best, Visible
}
