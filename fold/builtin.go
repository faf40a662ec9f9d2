package fold

import (
	"context"

	"github.com/kompress/kompress/internal/ansi"
)

// builtin is a fold of this package, offered to the gate as a Provider.
type builtin struct {
	name    string
	fold    func(content []byte, keep func([]byte) bool) ([]byte, Equivalence)
	visible bool // proposes only Visible equivalence
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
	builtin{name: "rg", fold: byteFold(foldSearch)},
	builtin{name: "repeat", fold: byteFold(foldRepeat)},
	builtin{name: "json", fold: func(c []byte, _ func([]byte) bool) ([]byte, Equivalence) { return foldJSON(c) }},
	builtin{name: "paths", fold: byteFold(foldPaths)},
	builtin{"ansi", foldANSI, true},
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
	for _, f := range []func([]byte, func([]byte) bool) []byte{foldSearch, foldRepeat, foldPaths} {
		if t := f(plain, keep); t != nil && len(t) < len(best) {
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
