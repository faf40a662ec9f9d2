// Package kompress compresses tool output before it reaches an LLM: it routes
// each part of the output to the compressor made for its shape, tries
// verified lossless folds first, and when it compresses lossily it stores the
// original first so a short marker id gives it back byte for byte.
//
// The invariants it enforces at this boundary, whatever the compressors do:
// small or barely-compressible inputs pass through untouched; every failure
// line of the input survives verbatim; lossless folds are verified by
// recovering the original; a lossy result exists only once its original is
// stored; the same input and options give the same bytes.
package kompress

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/kompress/kompress/ccr"
	"github.com/kompress/kompress/crush"
	"github.com/kompress/kompress/failure"
	"github.com/kompress/kompress/fold"
	"github.com/kompress/kompress/router"
	"github.com/kompress/kompress/scorer"
	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/tokens"
	"github.com/kompress/kompress/wire"
)

// Defaults of the pass-through invariant.
const (
	DefaultMinBytes   = 512
	DefaultMinSavings = 0.05
)

// DefaultGroundTruthTools are the file tools whose output gets lossless
// folds only: the model edits what it reads, so it must see exact bytes.
var DefaultGroundTruthTools = []string{
	"Read", "Edit", "Write", "MultiEdit", "NotebookEdit", "NotebookRead",
	"read_file", "write_file", "edit_file", "str_replace_editor", "view", "cat",
}

// ErrBadRequest wraps errors in a request's options; the service answers
// them with 400.
var ErrBadRequest = wire.ErrBadRequest

// Options configure an Engine. The zero value works: no store (so lossless
// folds only), heuristic-or-model scoring by auto-detection, o200k_base
// token counts.
type Options struct {
	// Store keeps originals of lossy results. Nil means lossless only.
	Store store.Store
	// Providers are external fold providers, verified by the same gate.
	Providers []fold.Provider
	// MinBytes and MinSavings set the pass-through thresholds
	// (0 means DefaultMinBytes, DefaultMinSavings).
	MinBytes   int
	MinSavings float64
	// GroundTruthTools replaces DefaultGroundTruthTools when non-nil.
	GroundTruthTools []string
	// Scorer is the default scoring mode: auto, onnx or heuristic.
	Scorer string
	// ModelDir is the Kompress model directory ("" finds the default).
	ModelDir string
	// Encoding names the token counter's encoding ("" means o200k_base,
	// "none" turns counting off).
	Encoding string
	// Logger receives warnings (missing model, store errors). Nil discards.
	Logger *slog.Logger
}

// Engine compresses tool output. It is safe for concurrent use.
type Engine struct {
	opts        Options
	gate        fold.Gate
	byteGate    fold.Gate // for file tools: byte-exact folds only
	groundTruth map[string]bool
	log         *slog.Logger

	counterOnce sync.Once
	counter     *tokens.Counter
	counterErr  error

	scorerMu sync.Mutex
	scorers  map[string]scorerChoice

	// crushers are the lossy compressors by kind (prose goes to the
	// scorer); tests replace them to prove the boundary checks.
	crushers map[router.Kind]func([]byte, crush.Options) ([]byte, error)
}

type scorerChoice struct {
	s    scorer.Scorer
	warn string
	err  error
}

// New returns an Engine for opts.
func New(opts Options) *Engine {
	if opts.MinBytes <= 0 {
		opts.MinBytes = DefaultMinBytes
	}
	if opts.MinSavings <= 0 {
		opts.MinSavings = DefaultMinSavings
	}
	if opts.GroundTruthTools == nil {
		opts.GroundTruthTools = DefaultGroundTruthTools
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	gt := make(map[string]bool, len(opts.GroundTruthTools))
	for _, t := range opts.GroundTruthTools {
		gt[strings.ToLower(t)] = true
	}
	return &Engine{
		opts:        opts,
		gate:        fold.Gate{Providers: opts.Providers},
		byteGate:    fold.Gate{Providers: opts.Providers, Accept: []fold.Equivalence{fold.Byte}},
		groundTruth: gt,
		log:         log,
		scorers:     map[string]scorerChoice{},
		crushers: map[router.Kind]func([]byte, crush.Options) ([]byte, error){
			router.Log:    crush.Log,
			router.Search: crush.Search,
			router.JSON:   crush.JSON,
			router.Table:  crush.Table,
			router.Diff:   crush.Diff,
			router.HTML:   crush.HTML,
		},
	}
}

// Warm loads what the first request would otherwise wait for: the token
// counter's table and the default scorer (the model, when one is found).
func (e *Engine) Warm(ctx context.Context) {
	e.counterOnce.Do(func() { e.counter, e.counterErr = tokens.New(e.opts.Encoding) })
	e.scorer(ctx, e.opts.Scorer)
}

// Retrieve returns the original stored under id for tenant.
func (e *Engine) Retrieve(ctx context.Context, tenant, id string) ([]byte, error) {
	if e.opts.Store == nil {
		return nil, fmt.Errorf("%w: no store configured", store.ErrUnavailable)
	}
	return e.opts.Store.Get(ctx, tenant, id)
}

// Ready reports whether the engine can serve lossy requests (its store is
// reachable). An engine without a store is ready: it is lossless-only.
func (e *Engine) Ready(ctx context.Context) error {
	if e.opts.Store == nil {
		return nil
	}
	return e.opts.Store.Ping(ctx)
}

// Expand undoes every lossless fold block in text and, when the engine has a
// store, replaces each marker by its original. Where a marker ends a whole
// lossy result of ours (recomputed from the original with default options,
// which is deterministic), the result's digest is replaced with it, so
// expanding a lossy result, or several concatenated, gives the originals;
// other markers are replaced in place and unknown ids stay as they are.
func (e *Engine) Expand(ctx context.Context, tenant, text string) (wire.ExpandResult, error) {
	b, err := fold.Expand([]byte(text))
	if err != nil {
		return wire.ExpandResult{}, fmt.Errorf("%w: %v", ErrBadRequest, err)
	}
	if e.opts.Store == nil {
		return wire.ExpandResult{Text: string(b), Missing: markerIDs(b)}, nil
	}
	get := func(ctx context.Context, id string) ([]byte, error) {
		return e.opts.Store.Get(ctx, tenant, id)
	}
	view := func(ctx context.Context, id string, orig []byte) []byte {
		res, err := e.Compress(ctx, tenant, wire.CompressRequest{Content: string(orig)})
		if err != nil || !strings.HasPrefix(id, res.CCRID) && !strings.HasPrefix(res.CCRID, id) {
			return nil
		}
		return []byte(res.Text)
	}
	out, expanded, missing, err := ccr.ExpandViews(ctx, b, get, view)
	if err != nil {
		return wire.ExpandResult{}, err
	}
	return wire.ExpandResult{Text: string(out), Expanded: expanded, Missing: missing}, nil
}

func markerIDs(b []byte) []string {
	var ids []string
	for _, r := range ccr.Find(b) {
		ids = append(ids, r.ID)
	}
	return ids
}

// Compress compresses req.Content for tenant. Errors are only returned for
// bad options or a cancelled context; anything else that goes wrong inside
// (a compressor, a provider, the model, the store) degrades to a safer result.
func (e *Engine) Compress(ctx context.Context, tenant string, req wire.CompressRequest) (wire.Result, error) {
	if err := ctx.Err(); err != nil {
		return wire.Result{}, err
	}
	var target float64
	if req.TargetRatio != nil {
		target = *req.TargetRatio
		if target <= 0 || target >= 1 {
			return wire.Result{}, fmt.Errorf("%w: target_ratio must be in (0, 1), got %v", ErrBadRequest, target)
		}
	}
	switch req.Scorer {
	case "", "auto", "onnx", "heuristic":
	default:
		return wire.Result{}, fmt.Errorf("%w: scorer must be auto, onnx or heuristic, got %q", ErrBadRequest, req.Scorer)
	}
	// The engine only reads the input; viewing the string's bytes instead
	// of copying them keeps a 100 MB input from costing another 100 MB.
	in := unsafe.Slice(unsafe.StringData(req.Content), len(req.Content))
	res := wire.Result{Text: req.Content, CCRID: "", OriginalBytes: len(in)}
	r, err := e.compress(ctx, tenant, in, req, target, &res)
	if err != nil {
		return wire.Result{}, err
	}
	res.Strategy = r
	res.CompressedBytes = len(res.Text)
	e.countTokens(&res, req.Content)
	return res, ctx.Err()
}

// compress fills res.Text and the result's detail, and returns the strategy.
// Its only error is a strictly requested scorer that cannot be loaded.
func (e *Engine) compress(ctx context.Context, tenant string, in []byte, req wire.CompressRequest, target float64, res *wire.Result) (string, error) {
	switch {
	case len(in) == 0:
		return "passthrough-empty", nil
	case bytes.IndexByte(in, 0) >= 0:
		res.Kind = string(router.Binary)
		return "passthrough-binary", nil
	case !utf8.Valid(in):
		res.Kind = string(router.Binary)
		return "passthrough-invalid-utf8", nil
	case len(in) < e.opts.MinBytes:
		return "passthrough-small", nil
	}

	sections := router.Split(in)
	kind := router.Mixed
	if len(sections) == 1 {
		kind = sections[0].Kind
	}
	res.Kind = string(kind)

	// Lossless first: the whole input as one, or each section of mixed
	// output on its own, verified as a whole either way.
	gate := &e.gate
	if e.groundTruth[strings.ToLower(req.Tool)] && !req.AllowLossyGroundTruth {
		// The model edits what a file tool shows it: only folds that give
		// back the exact bytes (minified JSON would break an Edit's match).
		gate = &e.byteGate
	}
	lossless, eq, steps := e.foldSections(ctx, gate, in, sections, req.Tool)
	best, bestStrategy := in, "passthrough-low-savings"
	if len(lossless) < len(in) {
		best, bestStrategy = lossless, "lossless"
		res.Lossless, res.Equivalence, res.Steps = true, string(eq), steps
	}

	if e.lossyAllowed(kind, sections, req) {
		view, lsteps, scorerName, warn, fellBack, err := e.lossy(ctx, in, sections, req, target)
		if err != nil {
			return "", err
		}
		if warn != "" {
			res.Warnings = append(res.Warnings, warn)
		}
		if view != nil {
			// Checked again on the whole view: the invariant holds at this
			// boundary whatever the sections did.
			if missing := e.mustSurviveMissing(in, sections, view); len(missing) > 0 {
				e.log.Warn("lossy result dropped failure lines; falling back", "kind", kind, "missing", len(missing))
				fellBack, view = true, nil
				res.Warnings = append(res.Warnings, "failure-preserve-fallback: a lossy compressor dropped a failure line")
			}
		}
		if fellBack && bestStrategy == "passthrough-low-savings" {
			bestStrategy = "failure-preserve-fallback"
		}
		if view != nil {
			if len(view)+markerBudget < len(best)*9/10 {
				// Worth losing detail only if clearly smaller than the
				// lossless result; the original goes to the store first.
				id, err := e.opts.Store.Put(ctx, tenant, in)
				if err != nil {
					e.log.Warn("store put failed; returning lossless result", "err", err)
					res.Warnings = append(res.Warnings, "store unavailable: lossy compression skipped")
				} else {
					omitted, total, unit := omission(in, view)
					out := make([]byte, 0, len(view)+100)
					out = append(out, view...)
					if len(out) > 0 && out[len(out)-1] != '\n' {
						out = append(out, '\n')
					}
					out = append(out, ccr.Marker(id, omitted, total, unit)...)
					if in[len(in)-1] == '\n' {
						out = append(out, '\n')
					}
					res.Lossless, res.Equivalence, res.Steps = false, "", lsteps
					res.CCRID, res.Scorer = id, scorerName
					best, bestStrategy = out, "lossy"
				}
			}
		}
	}

	saved := 1 - float64(len(best))/float64(len(in))
	if saved < e.opts.MinSavings {
		res.Lossless, res.Equivalence, res.Steps, res.CCRID, res.Scorer = false, "", nil, "", ""
		if bestStrategy == "failure-preserve-fallback" {
			return bestStrategy, nil
		}
		return "passthrough-low-savings", nil
	}
	// best was built for this result and is not written again: no copy.
	res.Text = unsafe.String(unsafe.SliceData(best), len(best))
	if bestStrategy == "lossy" {
		return "lossy:" + strategyName(res.Steps), nil
	}
	if res.Equivalence == string(fold.JSON) && e.opts.Store != nil && !req.LosslessOnly {
		// JSON-equal is not byte-equal: keep the exact bytes retrievable
		// too. The text stays plain JSON (no marker line); the id is in
		// the result for callers that want the original layout.
		if id, err := e.opts.Store.Put(ctx, tenant, in); err == nil {
			res.CCRID = id
		}
	}
	return "lossless:" + strategyName(res.Steps), nil
}

// omission says how much of in the view leaves out: input lines beyond
// those the view shows (its own omission notes aside), or, for a view that
// keeps every line and drops words within them (prose), words.
func omission(in, view []byte) (omitted, total int, unit string) {
	for range bytes.Lines(in) {
		total++
	}
	shown := 0
	for line := range bytes.Lines(view) {
		if !bytes.HasPrefix(line, []byte("[… ")) {
			shown++
		}
	}
	if shown < total {
		return total - shown, total, "lines"
	}
	total = countWords(in)
	return max(total-countWords(view), 0), total, "words"
}

func countWords(b []byte) int {
	n, in := 0, false
	for _, c := range b {
		space := c == ' ' || c == '\n' || c == '\t' || c == '\r'
		if !space && !in {
			n++
		}
		in = !space
	}
	return n
}

// markerBudget is the most bytes a ccr marker line takes.
const markerBudget = 120

// foldSections runs the verification gate over the input (or each section of
// mixed input) and verifies the concatenation against the input.
func (e *Engine) foldSections(ctx context.Context, gate *fold.Gate, in []byte, sections []router.Section, tool string) ([]byte, fold.Equivalence, []wire.Step) {
	if len(sections) <= 1 {
		k := router.Prose
		if len(sections) == 1 {
			k = sections[0].Kind
		}
		o := gate.Fold(ctx, in, fold.Info{Kind: k, Tool: tool, Keep: keepFailures(k, in)})
		if o.Label == "" {
			return in, fold.Byte, nil
		}
		return o.Text, o.Equivalence, []wire.Step{stepOf(k, in, o)}
	}
	var out []byte
	var steps []wire.Step
	for _, s := range sections {
		part := in[s.Start:s.End]
		o := gate.Fold(ctx, part, fold.Info{Kind: s.Kind, Tool: tool, Keep: keepFailures(s.Kind, part)})
		// Only byte-exact folds compose: a JSON-equivalent section inside
		// mixed text has no canonical form to compare as a whole.
		if o.Label == "" || o.Equivalence != fold.Byte {
			out = append(out, part...)
			continue
		}
		out = append(out, o.Text...)
		steps = append(steps, stepOf(s.Kind, part, o))
	}
	if len(steps) == 0 || fold.Verify(in, out, fold.Byte) != nil {
		return in, fold.Byte, nil
	}
	return out, fold.Byte, steps
}

// keepFailures returns the gate's Keep predicate for the failure lines of
// text: even a lossless fold must leave them readable verbatim.
func keepFailures(k router.Kind, text []byte) func([]byte) bool {
	lines := failure.Lines(k, text)
	if len(lines) == 0 {
		return nil
	}
	set := make(map[string]bool, len(lines))
	for _, l := range lines {
		set[string(bytes.TrimRight(l, "\r\n"))] = true
	}
	return func(line []byte) bool { return set[string(bytes.TrimRight(line, "\r\n"))] }
}

func stepOf(k router.Kind, part []byte, o fold.Outcome) wire.Step {
	st := wire.Step{
		Kind:            string(k),
		Strategy:        o.Label,
		OriginalBytes:   len(part),
		CompressedBytes: len(o.Text),
		MarginalBytes:   o.MarginalBytes,
	}
	if o.MarginalBytes > 0 {
		st.Provider = o.Label
	}
	return st
}

func strategyName(steps []wire.Step) string {
	var names []string
	for _, s := range steps {
		if len(names) == 0 || names[len(names)-1] != s.Strategy {
			names = append(names, s.Strategy)
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, "+")
}

// lossyAllowed applies invariant 7: file-tool output and source code get
// lossless folds only unless the caller opts in.
func (e *Engine) lossyAllowed(kind router.Kind, sections []router.Section, req wire.CompressRequest) bool {
	if req.LosslessOnly || e.opts.Store == nil {
		return false
	}
	if req.AllowLossyGroundTruth {
		return true
	}
	if e.groundTruth[strings.ToLower(req.Tool)] {
		return false
	}
	for _, s := range sections {
		if s.Kind != router.Code {
			return true
		}
	}
	return false
}

// lossy runs the compressor of each section's kind and concatenates the
// views; sections without a compressor or without gain stay verbatim.
func (e *Engine) lossy(ctx context.Context, in []byte, sections []router.Section, req wire.CompressRequest, target float64) (view []byte, steps []wire.Step, scorerName, warn string, fellBack bool, err error) {
	o := crush.Options{Query: req.Query, TargetRatio: target}
	changed := false
	for _, s := range sections {
		part := in[s.Start:s.End]
		var out []byte
		strategy := string(s.Kind)
		if s.Kind == router.Prose {
			var name, w string
			out, name, w, err = e.prose(ctx, part, req.Scorer, target)
			warn = joinWarn(warn, w)
			if errors.Is(err, wire.ErrScorerUnavailable) {
				return nil, nil, "", warn, false, err
			}
			if err == nil {
				scorerName = name
				strategy = "prose:" + name
			}
		} else if c := e.crushers[s.Kind]; c != nil {
			out, err = c(part, o)
		} else {
			err = crush.ErrNoGain
		}
		if err != nil || len(out) >= len(part) {
			if err != nil && !errors.Is(err, crush.ErrNoGain) {
				e.log.Warn("compressor failed; section kept", "kind", s.Kind, "err", err)
			}
			view = append(view, part...)
			continue
		}
		if missing := missingLines(s.Kind, part, out); len(missing) > 0 {
			// This section's compressor dropped a failure line: keep the
			// section whole and let the others compress.
			e.log.Warn("lossy section dropped failure lines; section kept", "kind", s.Kind, "missing", len(missing))
			warn = joinWarn(warn, "failure-preserve-fallback: a "+string(s.Kind)+" section was kept whole")
			view = append(view, part...)
			fellBack = true
			continue
		}
		// Keep the section boundary a line boundary.
		if len(part) > 0 && part[len(part)-1] == '\n' && (len(out) == 0 || out[len(out)-1] != '\n') {
			out = append(out, '\n')
		}
		view = append(view, out...)
		steps = append(steps, wire.Step{Kind: string(s.Kind), Strategy: strategy, OriginalBytes: len(part), CompressedBytes: len(out)})
		changed = true
	}
	if !changed {
		return nil, nil, "", warn, fellBack, nil
	}
	return view, steps, scorerName, warn, fellBack, nil
}

func joinWarn(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "" || a == b:
		return a
	}
	return a + "; " + b
}

// proseChunk bounds the text scored at once: memory then grows with the
// chunk, not with the input (a 100 MB single-line input stays a few times
// its size). Cuts fall at line breaks, else at spaces, so words are whole.
const proseChunk = 1 << 20

// prose compresses text with the requested scorer, falling back to the
// heuristic when the model is unavailable or misses the request's deadline.
func (e *Engine) prose(ctx context.Context, part []byte, mode string, target float64) (out []byte, name, warn string, err error) {
	if mode == "" {
		mode = e.opts.Scorer
	}
	s, warn, err := e.scorer(ctx, mode)
	if err != nil {
		return nil, "", warn, fmt.Errorf("%w: %v", wire.ErrScorerUnavailable, err)
	}
	co := scorer.CompressOptions{TargetRatio: target}
	out = make([]byte, 0, len(part)) // the output is never longer than the input
	for len(part) > 0 {
		n := cutPoint(part, proseChunk)
		chunk := unsafe.String(unsafe.SliceData(part), n) // read-only view of the input
		part = part[n:]
		text, _, err := scorer.Compress(ctx, s, chunk, co)
		if err != nil && s.Name() != "heuristic" {
			if ctx.Err() != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return nil, "", warn, ctx.Err()
			}
			warn = joinWarn(warn, fmt.Sprintf("scorer %s failed (%v); used heuristic", s.Name(), err))
			s = scorer.Heuristic()
			text, _, err = scorer.Compress(context.WithoutCancel(ctx), s, chunk, co)
		}
		if err != nil {
			return nil, "", warn, err
		}
		out = append(out, text...)
	}
	return out, s.Name(), warn, nil
}

// cutPoint returns where to end a chunk of at most max bytes of b: after
// its last line break, else after its last space, else at max (on a UTF-8
// boundary).
func cutPoint(b []byte, max int) int {
	if len(b) <= max {
		return len(b)
	}
	if i := bytes.LastIndexByte(b[:max], '\n'); i > 0 {
		return i + 1
	}
	if i := bytes.LastIndexByte(b[:max], ' '); i > 0 {
		return i + 1
	}
	for max > 0 && !utf8.RuneStart(b[max]) {
		max--
	}
	return max
}

// scorer returns the scorer for mode, selected once per mode per engine.
func (e *Engine) scorer(ctx context.Context, mode string) (scorer.Scorer, string, error) {
	if mode == "" {
		mode = "auto"
	}
	e.scorerMu.Lock()
	defer e.scorerMu.Unlock()
	c, ok := e.scorers[mode]
	if !ok {
		c.s, c.warn, c.err = scorer.Select(ctx, mode, e.opts.ModelDir)
		e.scorers[mode] = c
		if c.warn != "" {
			e.log.Warn(c.warn)
		}
	}
	return c.s, c.warn, c.err
}

// mustSurviveMissing returns the lines of in that must appear verbatim in
// out but do not: failure lines of every section (by its kind) and lines
// carrying our own markers, which are never compressed again.
func (e *Engine) mustSurviveMissing(in []byte, sections []router.Section, out []byte) [][]byte {
	var missing [][]byte
	for _, s := range sections {
		missing = append(missing, missingLines(s.Kind, in[s.Start:s.End], out)...)
	}
	return missing
}

// missingLines returns the failure and marker lines of part (of kind k)
// that out lacks. Colour codes are not content: the lossy views drop them,
// so lines are compared as the reader sees them.
func missingLines(k router.Kind, part, out []byte) [][]byte {
	text := part
	if k == router.Log {
		// go test -json is shown as the text its events carry; its
		// failure lines are judged in that text.
		if t := crush.GoTestText(part); t != nil {
			text = t
		}
	}
	if bytes.IndexByte(part, 0x1b) >= 0 {
		text, out = fold.StripANSI(text), fold.StripANSI(out)
	}
	missing := failure.Missing(k, text, out)
	if len(ccr.Find(part)) > 0 {
		for line := range bytes.Lines(part) {
			line = bytes.TrimRight(line, "\r\n")
			if ccr.HasMarker(line) && !bytes.Contains(out, fold.StripANSI(line)) {
				missing = append(missing, line)
			}
		}
	}
	return missing
}

// countTokens fills the token fields; a counter that cannot load leaves
// them zero with the tokenizer named "none".
func (e *Engine) countTokens(res *wire.Result, original string) {
	if e.opts.Encoding == "none" {
		res.Tokenizer = "none"
		return
	}
	e.counterOnce.Do(func() { e.counter, e.counterErr = tokens.New(e.opts.Encoding) })
	if e.counterErr != nil {
		e.log.Warn("token counter unavailable", "err", e.counterErr)
		res.Tokenizer = "none"
		return
	}
	res.Tokenizer = e.counter.Name()
	res.OriginalTokens = e.counter.Count(original)
	if res.Text == original {
		res.CompressedTokens = res.OriginalTokens
	} else {
		res.CompressedTokens = e.counter.Count(res.Text)
	}
}
