// Package fold makes lossless folds of tool output and verifies them.
//
// A fold rewrites text into a shorter form that gives the original back:
// search hits in ripgrep's heading form, runs of repeated lines, minified
// JSON, path lists as a tree. Folded text is self-describing: each folded
// region is a block whose header names the fold and counts its body lines
// (see Expand), so `kompress expand` can undo it from the text alone, and
// blocks from separate sections can be concatenated.
//
// Nothing is trusted. The Gate asks every fold, built-in or external
// Provider, for a Proposal, recovers the original from it, compares under the
// declared Equivalence, and keeps the smallest proposal that passes. A
// provider that returns nothing, errors, panics, runs past its deadline or
// fails verification is skipped and recorded; the request still succeeds.
package fold

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"slices"
	"time"

	"github.com/kompress/kompress/internal/ansi"

	"github.com/kompress/kompress/router"
)

// Info describes the content being folded. Providers may use it as a hint;
// a fold must not rely on it being right, since verification decides.
type Info struct {
	Kind router.Kind
	Tool string
	// Keep, if set, marks lines that must appear verbatim in the folded
	// text, such as failure reports (DESIGN invariant 2). Built-in folds
	// leave such lines as they are; the gate skips any proposal in which one
	// is missing (for Visible proposals, compared without ANSI sequences).
	Keep func(line []byte) bool
}

// Proposal is a provider's candidate fold of some content.
type Proposal struct {
	Text        []byte                 // the folded text
	Recover     func() ([]byte, error) // gives back the original from Text
	Equivalence Equivalence            // what Recover promises
	Label       string                 // savings attribution; the provider's name if empty
}

// Provider proposes folds. Propose returns nil to pass. External providers
// whose text holds their own blocks register an Unfolder (see Register) so
// that Expand can undo them; the gate checks Expand too.
type Provider interface {
	Name() string
	Propose(ctx context.Context, content []byte, info Info) (*Proposal, error)
}

// DefaultTimeout is the time an external provider gets when Gate.Timeout is zero.
const DefaultTimeout = 200 * time.Millisecond

// Gate runs the built-in folds and external providers and keeps the smallest
// verified result. The zero Gate runs the built-ins only.
type Gate struct {
	Providers []Provider
	// Timeout is each external provider's deadline for proposing and
	// recovering, verification included; DefaultTimeout if zero.
	Timeout time.Duration
	// Accept lists the equivalences a result may have; nil means Byte and
	// JSON. Add Visible to let ANSI colours go.
	Accept []Equivalence
}

// Skip records a provider whose proposal was not used.
type Skip struct {
	Provider string
	Reason   string // one of the Skip… reasons
	Detail   string // the error or panic, if any
}

// Reasons a proposal is skipped.
const (
	SkipNil        = "nil"          // the provider passed
	SkipError      = "error"        // Propose or Recover returned an error
	SkipPanic      = "panic"        // the provider panicked
	SkipTimeout    = "timeout"      // the provider ran past its deadline
	SkipUnverified = "unverified"   // the recovered text does not match
	SkipNoGain     = "no-gain"      // the text is not smaller than the content
	SkipNotAllowed = "not-accepted" // the equivalence is not in Gate.Accept
	SkipKeep       = "keep"         // a line Info.Keep marks is not verbatim in the text
)

// Outcome is the result of Gate.Fold. Text is the content itself and Label
// is empty when nothing verified smaller.
type Outcome struct {
	Text        []byte
	Label       string
	Equivalence Equivalence
	// BuiltinBytes is the size of the best built-in result (the content's
	// size if no built-in fold helped).
	BuiltinBytes int
	// MarginalBytes is what a winning external provider saved beyond the
	// best built-in result; zero when a built-in fold won.
	MarginalBytes int
	// Skipped lists proposals not used, in provider order. Built-in folds
	// that do not apply (return nil) are not listed.
	Skipped []Skip
}

// candidate is a verified proposal.
type candidate struct {
	text     []byte
	label    string
	name     string
	eq       Equivalence
	external bool
}

// Fold returns the smallest verified fold of content.
func (g *Gate) Fold(ctx context.Context, content []byte, info Info) Outcome {
	none := Outcome{Text: content, Equivalence: Byte, BuiltinBytes: len(content)}
	if len(content) == 0 {
		return none
	}
	timeout := g.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	// External providers run concurrently while the built-ins run here.
	results := make([]chan result, len(g.Providers))
	for i, p := range g.Providers {
		results[i] = make(chan result, 1)
		go runExternal(ctx, timeout, p, content, info, g.accepts, results[i])
	}

	// Only the best candidate so far is kept: a big input's losing
	// texts are not held to the end.
	var win *candidate
	keep := func(c candidate) {
		if win == nil || c.less(win) {
			win = &c
		}
	}
	var skipped []Skip
	best := len(content)
	// One reading of the lines rules out the line folds that cannot save
	// anything, rather than each fold reading them to find that out.
	may := survey(content)
	for _, p := range builtins {
		if ctx.Err() != nil {
			break
		}
		if b, ok := p.(builtin); ok && (b.visible && !g.accepts(Visible) || b.needs != 0 && may&b.needs == 0) {
			continue
		}
		r := g.runBuiltin(ctx, p, content, info)
		if r.reason == SkipNil {
			continue
		}
		c, s := g.check(r, content, info, p.Name(), false)
		if s != nil {
			skipped = append(skipped, *s)
			continue
		}
		keep(c)
		best = min(best, len(c.text))
	}
	for i, p := range g.Providers {
		var r result
		select {
		case r = <-results[i]:
		case <-ctx.Done():
			r = result{reason: SkipTimeout, detail: context.Cause(ctx).Error()}
		}
		c, s := g.check(r, content, info, p.Name(), true)
		if s != nil {
			skipped = append(skipped, *s)
			continue
		}
		keep(c)
	}

	out := none
	out.BuiltinBytes = best
	out.Skipped = skipped
	if win == nil {
		return out
	}
	w := *win
	out.Text, out.Label, out.Equivalence = w.text, w.label, w.eq
	if w.external {
		out.MarginalBytes = best - len(w.text)
	}
	return out
}

// less orders candidates: the smaller text, then the stronger
// equivalence, then a built-in fold, then the name.
func (c *candidate) less(d *candidate) bool {
	if len(c.text) != len(d.text) {
		return len(c.text) < len(d.text)
	}
	if c.eq.strength() != d.eq.strength() {
		return c.eq.strength() < d.eq.strength()
	}
	if c.external != d.external {
		return !c.external
	}
	return c.name < d.name
}

// result is what running one provider gave.
type result struct {
	prop   *Proposal
	reason string // a Skip reason, or "" when prop was verified
	detail string
}

// check turns a result into a candidate or a skip.
func (g *Gate) check(r result, content []byte, info Info, name string, external bool) (candidate, *Skip) {
	if r.reason == "" && info.Keep != nil {
		if line := missingKeep(content, r.prop.Text, info.Keep, r.prop.Equivalence == Visible); line != nil {
			r.reason, r.detail = SkipKeep, string(line)
		}
	}
	if r.reason != "" {
		return candidate{}, &Skip{Provider: name, Reason: r.reason, Detail: r.detail}
	}
	label := r.prop.Label
	if label == "" {
		label = name
	}
	return candidate{text: r.prop.Text, label: label, name: name, eq: r.prop.Equivalence, external: external}, nil
}

func (g *Gate) accepts(eq Equivalence) bool {
	if g.Accept == nil {
		return eq == Byte || eq == JSON
	}
	return slices.Contains(g.Accept, eq)
}

// runBuiltin proposes and verifies in the caller's goroutine; a panic in a
// built-in fold is a bug, but it must not break the request either.
func (g *Gate) runBuiltin(ctx context.Context, p Provider, content []byte, info Info) (r result) {
	defer func() {
		if v := recover(); v != nil {
			r = result{reason: SkipPanic, detail: fmt.Sprint(v)}
		}
	}()
	return propose(ctx, p, content, info, false, g.accepts)
}

// runExternal proposes and verifies within the provider's deadline. The
// provider's goroutine is left behind if it never returns; the buffered
// channel lets it finish without blocking.
func runExternal(ctx context.Context, timeout time.Duration, p Provider, content []byte, info Info, accepts func(Equivalence) bool, ch chan<- result) {
	ctx, cancel := context.WithTimeoutCause(ctx, timeout, errDeadline)
	defer cancel()
	done := make(chan result, 1)
	go func() {
		defer func() {
			if v := recover(); v != nil {
				done <- result{reason: SkipPanic, detail: fmt.Sprint(v)}
			}
		}()
		done <- propose(ctx, p, content, info, true, accepts)
	}()
	select {
	case r := <-done:
		ch <- r
	case <-ctx.Done():
		ch <- result{reason: SkipTimeout, detail: context.Cause(ctx).Error()}
	}
}

var errDeadline = errors.New("fold: provider deadline exceeded")

// propose asks p for a proposal and verifies it. For external providers
// the text must also expand, through Expand and any registered Unfolder, to
// the original, so that `kompress expand` can undo it.
func propose(ctx context.Context, p Provider, content []byte, info Info, external bool, accepts func(Equivalence) bool) result {
	prop, err := p.Propose(ctx, content, info)
	if err != nil {
		return result{reason: SkipError, detail: err.Error()}
	}
	if prop == nil || prop.Recover == nil {
		return result{reason: SkipNil}
	}
	if ctx.Err() != nil {
		return result{reason: SkipTimeout, detail: context.Cause(ctx).Error()}
	}
	switch prop.Equivalence {
	case Byte, JSON, Visible:
	default:
		return result{reason: SkipUnverified, detail: fmt.Sprintf("unknown equivalence %q", prop.Equivalence)}
	}
	// Cheap refusals first: no verification work for a useless proposal.
	if !accepts(prop.Equivalence) {
		return result{reason: SkipNotAllowed, detail: string(prop.Equivalence)}
	}
	if len(prop.Text) >= len(content) {
		return result{reason: SkipNoGain}
	}
	// Copy the text so a provider that keeps a reference cannot change it
	// after verification.
	if external {
		prop = &Proposal{Text: bytes.Clone(prop.Text), Recover: prop.Recover, Equivalence: prop.Equivalence, Label: prop.Label}
	}
	switch _, own := p.(builtin); {
	case own && prop.Equivalence == Visible && visibleEqual(prop.Text, content):
		// Verified piece by piece: a big coloured log's recovery is
		// never held whole next to it and its fold.
	case own && prop.Equivalence == Byte:
		// A built-in fold's recovery is Expand of its text: compared as
		// it is expanded, the original is never held twice.
		if err := expandEqual(prop.Text, content); err != nil {
			if errors.Is(err, ErrMismatch) {
				return result{reason: SkipUnverified, detail: err.Error()}
			}
			return result{reason: SkipError, detail: "recover: " + err.Error()}
		}
	default:
		recovered, err := prop.Recover()
		if err != nil {
			return result{reason: SkipError, detail: "recover: " + err.Error()}
		}
		if err := compare(content, recovered, prop.Equivalence); err != nil {
			return result{reason: SkipUnverified, detail: err.Error()}
		}
	}
	if external {
		if err := Verify(content, prop.Text, prop.Equivalence); err != nil {
			return result{reason: SkipUnverified, detail: "expand: " + err.Error()}
		}
	}
	if ctx.Err() != nil {
		return result{reason: SkipTimeout, detail: context.Cause(ctx).Error()}
	}
	return result{prop: prop}
}

// missingKeep returns the first line of content that keep marks and that
// is not a line of text, or nil. With visible, lines are compared without
// ANSI sequences. keep is asked only of lines text does not hold, so that
// a fold that keeps every line (most do) never needs the failure lines.
func missingKeep(content, text []byte, keep func([]byte) bool, visible bool) []byte {
	if visible {
		text = ansi.Strip(text)
	}
	have := newLineSet(text)
	for rest := content; len(rest) > 0; {
		var c []byte
		c, _, rest = nextLine(rest)
		v := c
		if visible {
			v = ansi.Strip(c)
		}
		if !have.has(v) && keep(c) {
			return v
		}
	}
	return nil
}

// lineSet is the set of the lines of a text, as offsets into it: an open
// addressing table built without a copy or an allocation per line, for the
// gate to ask of every line of the content whether the folded text holds it.
type lineSet struct {
	text  []byte
	seed  maphash.Seed
	slots [][2]uint32 // {offset+1, length}; offset 0 marks an empty slot
	mask  uint64
}

func newLineSet(text []byte) *lineSet {
	// At most three quarters full: probes stay short, and a big text's
	// table is half the size a half-full one would be, or less.
	n := bytes.Count(text, []byte{'\n'}) + 1
	size := 1
	for 3*size < 4*n {
		size <<= 1
	}
	s := &lineSet{text: text, seed: maphash.MakeSeed(), slots: make([][2]uint32, size), mask: uint64(size - 1)}
	if len(text) >= 1<<32-1 {
		s.slots = nil // offsets do not fit: has answers by a scan (never on inputs the engine takes)
		return s
	}
	for off := 0; off < len(text); {
		c, full, _ := nextLine(text[off:])
		s.add(off, len(c))
		off += len(full)
	}
	return s
}

func (s *lineSet) add(off, n int) {
	line := s.text[off : off+n]
	for i := maphash.Bytes(s.seed, line) & s.mask; ; i = (i + 1) & s.mask {
		sl := &s.slots[i]
		if sl[0] == 0 {
			*sl = [2]uint32{uint32(off) + 1, uint32(n)}
			return
		}
		if int(sl[1]) == n && bytes.Equal(s.text[sl[0]-1:int(sl[0]-1)+n], line) {
			return
		}
	}
}

func (s *lineSet) has(line []byte) bool {
	if s.slots == nil {
		for rest := s.text; len(rest) > 0; {
			var c []byte
			c, _, rest = nextLine(rest)
			if bytes.Equal(c, line) {
				return true
			}
		}
		return false
	}
	for i := maphash.Bytes(s.seed, line) & s.mask; ; i = (i + 1) & s.mask {
		sl := s.slots[i]
		if sl[0] == 0 {
			return false
		}
		if int(sl[1]) == len(line) && bytes.Equal(s.text[sl[0]-1:int(sl[0]-1)+len(line)], line) {
			return true
		}
	}
}
