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
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/kompress/kompress/internal/diffview"
	"github.com/kompress/kompress/internal/htmlview"
	"github.com/kompress/kompress/internal/jsonview"
	"github.com/kompress/kompress/internal/logview"
	"github.com/kompress/kompress/internal/lossy"
	"github.com/kompress/kompress/internal/searchview"
	"github.com/kompress/kompress/internal/tableview"

	"github.com/kompress/kompress/fold"
	"github.com/kompress/kompress/internal/marker"
	"github.com/kompress/kompress/internal/tokencount"
	"github.com/kompress/kompress/internal/tool"
	"github.com/kompress/kompress/router"
	"github.com/kompress/kompress/scorer"
	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/wire"
)

// Defaults of the pass-through invariant.
const (
	DefaultMinBytes   = 512
	DefaultMinSavings = 0.05
)

// DefaultGroundTruthTools are the file tools whose output gets lossless
// folds only: the model edits what it reads, so it must see exact bytes.
// With these defaults any other name that tool.ReadsFile takes for a file
// reader (developer__text_editor, mcp__github__get_file_contents, …) is
// one too.
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
	// GroundTruthTools replaces DefaultGroundTruthTools, and the name rule
	// that comes with them, when non-nil.
	GroundTruthTools []string
	// Scorer is the default scoring mode: auto, onnx or heuristic.
	Scorer string
	// ModelDir is the Kompress model directory ("" finds the default).
	ModelDir string
	// Encoding names the token counter's encoding ("" means o200k_base,
	// "none" turns counting off).
	Encoding string
	// SkipTokenCounts leaves the results' token fields zero and their
	// tokenizer empty, for callers that never read them (the CLI's text
	// output): counting is then never paid for.
	SkipTokenCounts bool
	// SkipKind leaves a result's kind empty when finding it would cost a
	// routing of the input that the text does not need (lossless-only
	// input that no fold can save enough of), for callers that read only
	// the text (the CLI's text output).
	SkipKind bool
	// Logger receives warnings (missing model, store errors). Nil discards.
	Logger *slog.Logger
	// MaxExpandBytes bounds what Expand writes, and MaxMarkers the markers
	// it reads from one text (0 means DefaultMaxExpandBytes,
	// DefaultMaxMarkers).
	MaxExpandBytes int
	MaxMarkers     int
}

// Defaults of Expand's bounds: a lossy result's original is at most the
// service's body limit (32 MiB), so twice that is several whole results;
// 256 markers is more than a model's context holds in results.
const (
	DefaultMaxExpandBytes = 64 << 20
	DefaultMaxMarkers     = 256
)

// Engine compresses tool output. It is safe for concurrent use.
type Engine struct {
	opts        Options
	gate        fold.Gate
	byteGate    fold.Gate // for file tools: byte-exact folds only
	colorGate   fold.Gate // with a store: colour codes may go too
	groundTruth map[string]bool
	readsFile   func(tool string) bool // the name rule of the defaults; never true otherwise
	log         *slog.Logger

	counterOnce sync.Once
	counter     *tokencount.Counter
	counterErr  error

	putFailing atomic.Bool // the last store write failed

	scorerMu sync.Mutex
	scorers  map[string]scorerChoice

	// views are the lossy compressors by kind (prose goes to the
	// scorer); tests replace them to prove the boundary checks.
	views map[router.Kind]func([]byte, lossy.Options) ([]byte, error)
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
	if opts.MaxExpandBytes <= 0 {
		opts.MaxExpandBytes = DefaultMaxExpandBytes
	}
	if opts.MaxMarkers <= 0 {
		opts.MaxMarkers = DefaultMaxMarkers
	}
	readsFile := func(string) bool { return false }
	if opts.GroundTruthTools == nil {
		opts.GroundTruthTools = DefaultGroundTruthTools
		readsFile = tool.ReadsFile
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
		colorGate:   fold.Gate{Providers: opts.Providers, Accept: []fold.Equivalence{fold.Byte, fold.JSON, fold.Visible}},
		groundTruth: gt,
		readsFile:   readsFile,
		log:         log,
		scorers:     map[string]scorerChoice{},
		views: map[router.Kind]func([]byte, lossy.Options) ([]byte, error){
			router.Log:    logview.Log,
			router.Search: searchview.Search,
			router.JSON:   jsonview.JSON,
			router.Table:  tableview.Table,
			router.Diff:   diffview.Diff,
			router.HTML:   htmlview.HTML,
		},
	}
}

// Warm loads what the first request would otherwise wait for: the token
// counter's table and the default scorer (the model, when one is found).
func (e *Engine) Warm(ctx context.Context) {
	if !e.opts.SkipTokenCounts {
		e.tokenCounter()
	}
	e.scorer(ctx, e.opts.Scorer)
}

// ModelState reports the default scorer's state, for /readyz. It does not
// load the model: Warm does.
func (e *Engine) ModelState() wire.ModelState {
	mode := e.opts.Scorer
	if mode == "" {
		mode = scorer.ModeAuto
	}
	st := wire.ModelState{Mode: mode, State: "not-loaded"}
	e.scorerMu.Lock()
	c, ok := e.scorers[mode]
	e.scorerMu.Unlock()
	switch {
	case !ok:
	case c.err != nil:
		st.State = "unavailable"
	case c.s.Name() != "heuristic":
		st.State, st.Scorer = "loaded", c.s.Name()
	case mode == scorer.ModeHeuristic:
		st.State, st.Scorer = "heuristic", "heuristic"
	default:
		st.State, st.Scorer = "fallback", "heuristic"
	}
	return st
}

// Retrieve returns the original stored under id for tenant.
func (e *Engine) Retrieve(ctx context.Context, tenant, id string) ([]byte, error) {
	if e.opts.Store == nil {
		return nil, fmt.Errorf("%w: no store configured", store.ErrUnavailable)
	}
	return e.opts.Store.Get(ctx, tenant, id)
}

// Ready reports whether the engine can serve lossy requests: its store is
// reachable and, when the last write failed, takes a write again; in mode
// onnx, the model loaded. An engine without a store is ready: it is
// lossless-only.
func (e *Engine) Ready(ctx context.Context) error {
	if e.ModelState().State == "unavailable" {
		return fmt.Errorf("%w: the ONNX scorer does not load", wire.ErrScorerUnavailable)
	}
	if e.opts.Store == nil {
		return nil
	}
	if err := e.opts.Store.Ping(ctx); err != nil {
		return err
	}
	if e.putFailing.Load() {
		// Reads may work while writes do not (a full disk, a read-only
		// replica): only a write tells.
		if _, err := e.opts.Store.Put(ctx, readyTenant, []byte("kompress readiness probe\n")); err != nil {
			return fmt.Errorf("%w: writes fail: %w", store.ErrUnavailable, err)
		}
		e.putFailing.Store(false)
	}
	return nil
}

// readyTenant owns Ready's probe writes; no configured tenant can have
// this name.
const readyTenant = "\x00ready"

// put stores a request's original, noting whether writes work for Ready.
// The original is a string: a store that can keep it gets it without a
// copy.
func (e *Engine) put(ctx context.Context, tenant, original string) (string, error) {
	var id string
	var err error
	if s, ok := e.opts.Store.(store.StringPutter); ok {
		id, err = s.PutString(ctx, tenant, original)
	} else {
		id, err = e.opts.Store.Put(ctx, tenant, unsafe.Slice(unsafe.StringData(original), len(original)))
	}
	switch {
	case err == nil:
		e.putFailing.Store(false)
	case !errors.Is(err, store.ErrTooLarge) && ctx.Err() == nil:
		e.putFailing.Store(true)
	}
	return id, err
}

// Expand undoes every lossless fold block in text and, when the engine has a
// store, replaces each marker by its original. Where a marker ends a whole
// lossy result of ours (recomputed from the original with default options,
// which is deterministic), the result's digest is replaced with it, so
// expanding a lossy result, or several concatenated, gives the originals;
// other markers are replaced in place and unknown ids stay as they are.
// Markers are read only from text outside fold blocks: a block's body,
// raw blocks included, is the input's own text. The output is bounded by
// Options.MaxExpandBytes and the markers by Options.MaxMarkers (errors
// wrapping wire.ErrTooLarge); each distinct id is looked up and
// recompressed once.
func (e *Engine) Expand(ctx context.Context, tenant, text string) (wire.ExpandResult, error) {
	b := []byte(text)
	pieces, err := fold.Pieces(b)
	if err != nil {
		return wire.ExpandResult{}, fmt.Errorf("%w: %v", ErrBadRequest, err)
	}
	var refs []marker.Ref
	for _, p := range pieces {
		if p.Block {
			continue
		}
		for _, r := range marker.Find(b[p.Start:p.End]) {
			r.Start, r.End = r.Start+p.Start, r.End+p.Start
			refs = append(refs, r)
		}
	}
	if len(refs) > e.opts.MaxMarkers {
		return wire.ExpandResult{}, fmt.Errorf("%w: %d markers; at most %d per request", wire.ErrTooLarge, len(refs), e.opts.MaxMarkers)
	}
	// literal writes b[start:end], which starts and ends outside blocks.
	literal := func(dst []byte, start, end, limit int) ([]byte, error) {
		for _, p := range pieces {
			lo, hi := max(p.Start, start), min(p.End, end)
			if lo >= hi {
				continue
			}
			if p.Block {
				var err error
				if dst, err = p.Append(dst, b, limit); err != nil {
					if errors.Is(err, fold.ErrTooLarge) {
						return nil, err
					}
					return nil, fmt.Errorf("%w: %v", ErrBadRequest, err)
				}
				continue
			}
			if len(dst)+hi-lo > limit {
				return nil, fmt.Errorf("%w of %d bytes", fold.ErrTooLarge, limit)
			}
			dst = append(dst, b[lo:hi]...)
		}
		return dst, nil
	}
	x := marker.Expander{Literal: literal, MaxBytes: e.opts.MaxExpandBytes}
	// A whole lossy result starts where a piece does or inside literal text.
	x.Boundary = func(off int) bool {
		for _, p := range pieces {
			if p.Block && p.Start < off && off < p.End {
				return false
			}
		}
		return true
	}
	if e.opts.Store == nil {
		x.Get = func(context.Context, string) ([]byte, error) { return nil, store.ErrNotFound }
	} else {
		x.Get = func(ctx context.Context, id string) ([]byte, error) {
			return e.opts.Store.Get(ctx, tenant, id)
		}
		x.View = func(ctx context.Context, id string, orig []byte) []byte {
			res, err := e.Compress(ctx, tenant, wire.CompressRequest{Content: string(orig)})
			if err != nil || !strings.HasPrefix(id, res.CCRID) && !strings.HasPrefix(res.CCRID, id) {
				return nil
			}
			return []byte(res.Text)
		}
	}
	out, expanded, missing, err := x.Expand(ctx, b, refs)
	switch {
	case errors.Is(err, fold.ErrTooLarge), errors.Is(err, marker.ErrTooLarge):
		return wire.ExpandResult{}, fmt.Errorf("%w: the expanded text would be larger than the limit of %d bytes", wire.ErrTooLarge, e.opts.MaxExpandBytes)
	case err != nil:
		return wire.ExpandResult{}, err
	}
	return wire.ExpandResult{Text: string(out), Expanded: expanded, Missing: missing}, nil
}
