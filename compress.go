package kompress

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"unsafe"

	"github.com/kompress/kompress/internal/logview"
	"github.com/kompress/kompress/internal/lossy"

	"github.com/kompress/kompress/internal/ansi"
	"github.com/kompress/kompress/internal/jsonscan"

	"github.com/kompress/kompress/fold"
	"github.com/kompress/kompress/internal/failure"
	"github.com/kompress/kompress/internal/marker"
	"github.com/kompress/kompress/internal/tokencount"
	"github.com/kompress/kompress/internal/tool"
	"github.com/kompress/kompress/internal/toolline"
	"github.com/kompress/kompress/router"
	"github.com/kompress/kompress/wire"
)

// Compress compresses req.Content for tenant. Errors are only returned for
// bad options or a cancelled context; anything else that goes wrong inside
// (a compressor, a provider, the model, the store) degrades to a safer result.
func (e *Engine) Compress(ctx context.Context, tenant string, req wire.CompressRequest) (wire.Result, error) {
	if err := ctx.Err(); err != nil {
		return wire.Result{}, err
	}
	if err := req.Validate(); err != nil {
		return wire.Result{}, err
	}
	var target float64
	if req.TargetRatio != nil {
		target = *req.TargetRatio
	}
	// The engine only reads the input; viewing the string's bytes instead
	// of copying them keeps a 100 MB input from costing another 100 MB.
	in := unsafe.Slice(unsafe.StringData(req.Content), len(req.Content))
	res := wire.Result{Text: req.Content, CCRID: "", OriginalBytes: len(in)}
	// Counting a large original overlaps with the pipeline.
	var original <-chan counted
	if len(in) >= asyncCountBytes && !e.opts.SkipTokenCounts {
		original = e.countAsync(ctx, req.Content)
	}
	strategy, err := e.compress(ctx, &request{tenant: tenant, in: in, req: req, target: target, res: &res})
	if err != nil {
		if original != nil {
			(<-original).close()
		}
		return wire.Result{}, err
	}
	res.Strategy = strategy
	if res.Text == req.Content {
		// Untouched text is byte-exact, whatever the reason it was kept.
		res.Lossless, res.Equivalence = true, string(fold.Byte)
		if fold.NeedsEscape(in) {
			escapePassThrough(&res, in)
		}
	}
	res.CompressedBytes = len(res.Text)
	switch {
	case e.opts.SkipTokenCounts:
	case original == nil:
		e.countTokens(ctx, &res, req.Content)
	default:
		c := <-original
		if c.n >= 0 {
			res.Tokenizer, res.OriginalTokens = e.counter.Name(), c.n
			res.CompressedTokens = c.n
			if res.Text != req.Content {
				res.CompressedTokens, _ = c.tally.Count(ctx, res.Text)
			}
		} else {
			res.Tokenizer = "none"
		}
		c.close()
	}
	return res, ctx.Err()
}

// escapePassThrough turns a pass-through result whose input holds fold
// header or marker lookalikes into the input with those lines in raw
// blocks: returned verbatim, expand would unfold or replace them. The text
// is then not the input, but expand gives the input back byte for byte.
func escapePassThrough(res *wire.Result, in []byte) {
	text := fold.Escape(in)
	n := bytes.Count(text, []byte("[fold raw 1 line]\n")) - bytes.Count(in, []byte("[fold raw 1 line]\n"))
	res.Warnings = append(res.Warnings, fmt.Sprintf(
		"%s: the input has %d lines that look like fold headers or kompress markers; they are wrapped in raw blocks so that expand gives the input back", res.Strategy, n))
	res.Steps = []wire.Step{{Kind: res.Kind, Strategy: "escape", OriginalBytes: len(in), CompressedBytes: len(text)}}
	res.Text, res.Strategy = string(text), "lossless:escape"
	res.CCRID, res.Scorer = "", ""
}

// asyncCountBytes is the input size from which the original's tokens are
// counted alongside the pipeline rather than after it.
const asyncCountBytes = 64 << 10

// request is one Compress call on its way through the pipeline: the input
// and its options, what routing found, and the best text so far with its
// strategy. Each step of compress reads it and moves it on.
type request struct {
	tenant string
	in     []byte
	req    wire.CompressRequest
	target float64
	res    *wire.Result // the result being filled; Text is set last

	kind     router.Kind
	sections []router.Section
	checks   []sectionCheck
	failures failureMemo

	// noFold: the result can only be the input (see foldsSaveLittle).
	noFold bool

	best     []byte // the smallest text so far: in, the lossless fold or the lossy view
	strategy string // best's strategy
	// bestLen is len(best), also after releaseUnusable dropped a lossless
	// fold that saves too little to be returned.
	bestLen int
}

// warn adds w, when there is one, to the result's warnings.
func (r *request) warn(w string) {
	if w != "" {
		r.res.Warnings = append(r.res.Warnings, w)
	}
}

// compress fills res.Text and the result's detail, and returns the strategy.
// Its only error is a strictly requested scorer that cannot be loaded.
func (e *Engine) compress(ctx context.Context, r *request) (string, error) {
	if strategy, ok := e.passThrough(r); ok {
		return strategy, nil
	}
	r.noFold = e.foldsSaveLittle(r)
	if !e.opts.SkipKind || !r.noFold {
		r.route()
	}
	// The lossy views run before the lossless fold, which they do not
	// read: a view's working memory (a line record per line of a big
	// input) is gone before the fold, often as big as the input, is built
	// and held to the end. The fold then only meets the view's output.
	lossy := e.lossyAllowed(r.sections, r.req)
	var v lossyView
	if lossy {
		var err error
		if v, err = e.lossy(ctx, r); err != nil {
			return "", err
		}
		r.warn(v.warn)
		e.checkBoundary(r, &v)
	}
	r.best, r.bestLen, r.strategy = r.in, len(r.in), wire.StrategyPassthroughLowSavings
	// A view that beats every fold the gate could make is marked without
	// folding (most JSON and logs: the fold would lex and verify the
	// whole input for nothing); the fold runs only if the store fails.
	later := lossy && e.foldsLose(r, v)
	if !later {
		e.foldLossless(ctx, r)
	}
	if lossy {
		r.releaseUnusable(e.opts.MinSavings)
		if v.fellBack && r.strategy == wire.StrategyPassthroughLowSavings {
			r.strategy = wire.StrategyFailurePreserveFallback
		}
		if !e.storeAndMark(ctx, r, v) && later {
			e.foldLossless(ctx, r)
		}
	}
	if strategy, low := r.lowSavings(e.opts.MinSavings); low {
		return strategy, nil
	}
	// best was built for this result and is not written again: no copy.
	r.res.Text = unsafe.String(unsafe.SliceData(r.best), len(r.best))
	if r.strategy == wire.StrategyLossy {
		return "lossy:" + strategyName(r.res.Steps), nil
	}
	return e.keepExact(ctx, r), nil
}

// passThrough returns the strategy for input that is not compressed at
// all: empty, binary, invalid UTF-8, too small, or an original retrieved.
func (e *Engine) passThrough(r *request) (string, bool) {
	switch {
	case len(r.in) == 0:
		return wire.StrategyPassthroughEmpty, true
	case bytes.IndexByte(r.in, 0) >= 0:
		r.res.Kind = string(router.Binary)
		return wire.StrategyPassthroughBinary, true
	case router.IsBinary(r.in):
		// A few bad bytes in a text (a Latin-1 name, a cut character) do
		// not stop its compression: only input that is not text passes.
		r.res.Kind = string(router.Binary)
		return wire.StrategyPassthroughInvalidUTF8, true
	case len(r.in) < e.opts.MinBytes:
		return wire.StrategyPassthroughSmall, true
	case tool.IsRetrieve(r.req.Tool):
		// An original the model asked for: compressing it again would
		// give back the marker it was retrieved by.
		return wire.StrategyPassthroughRetrieved, true
	}
	return "", false
}

// route splits the input into sections of one kind each and prepares
// their failure checks.
func (r *request) route() {
	r.sections = router.SplitText(r.in) // passThrough took empty and binary input
	r.kind = router.Mixed
	if len(r.sections) == 1 {
		r.kind = r.sections[0].Kind
	}
	r.res.Kind = string(r.kind)
	r.checks = newChecks(r.in, r.sections, &r.failures)
}

// foldLossless tries the lossless folds first: the whole input as one, or
// each section of mixed output on its own, verified as a whole either way.
func (e *Engine) foldLossless(ctx context.Context, r *request) {
	gate := &e.gate
	switch {
	case e.fileTool(r.req):
		// The model edits what a file tool shows it: only folds that give
		// back the exact bytes (minified JSON would break an Edit's match).
		gate = &e.byteGate
	case e.opts.Store != nil && !r.req.LosslessOnly:
		// Colour codes may go when the store keeps the original bytes.
		gate = &e.colorGate
	}
	if r.noFold {
		return
	}
	lossless, n, eq, steps := e.foldSections(ctx, gate, r)
	if n < len(r.in) {
		r.bestLen, r.strategy = n, wire.StrategyLossless
		r.res.Lossless, r.res.Equivalence, r.res.Steps = true, string(eq), steps
		if lossless != nil {
			r.best = lossless
		}
	}
}

// foldsSaveLittle reports that the result can only be
// the input: nothing but the lossless folds runs (no lossy view, no
// external provider), and fold.MaxSavings finds in one reading of the
// lines that no cut of the input into sections could fold enough of it to
// be returned. Most tool output is such (a log without repeats, a table,
// code): it is then neither folded nor, when the kind is not wanted,
// routed.
func (e *Engine) foldsSaveLittle(r *request) bool {
	if (!r.req.LosslessOnly && e.opts.Store != nil) || len(e.opts.Providers) > 0 {
		return false
	}
	// Stop counting once the bound is past what savesLittle refuses.
	limit := int(e.opts.MinSavings*float64(len(r.in))) + 1
	return r.savesLittle(len(r.in)-fold.MaxSavings(r.in, limit), e.opts.MinSavings)
}

// checkBoundary checks the lossy view again as a whole: the invariant
// holds at this boundary whatever the sections did. A view that dropped a
// failure line is discarded.
func (e *Engine) checkBoundary(r *request, v *lossyView) {
	if v.view != nil && !v.checked {
		if missing := mustSurviveMissing(r.checks, v.view); len(missing) > 0 {
			e.log.Warn("lossy result dropped failure lines; falling back", "kind", r.kind, "missing", len(missing))
			v.fellBack, v.view = true, nil
			r.warn("failure-preserve-fallback: a lossy compressor dropped a failure line")
		}
	}
}

// foldsLose reports whether storeAndMark would keep the view v whatever
// the lossless fold of the input: no fold of the gate can save enough to
// be within 10% of it. fold.MaxSavings bounds the built-in folds but the
// colour fold, which needs an ESC byte, and knows nothing of external
// providers; a view that needs escaping is left to storeAndMark to weigh.
func (e *Engine) foldsLose(r *request, v lossyView) bool {
	if v.view == nil || len(e.opts.Providers) > 0 || bytes.IndexByte(r.in, 0x1b) >= 0 || fold.NeedsEscape(v.view) {
		return false
	}
	// storeAndMark keeps the view when len(view)+markerBudget <
	// bestLen*9/10, that is when bestLen, the fold's length, is at least
	// need; a fold saves at most what MaxSavings counts.
	need := (10*(len(v.view)+markerBudget+1) + 8) / 9
	limit := len(r.in) - need
	return limit >= 0 && fold.MaxSavings(r.in, limit) <= limit
}

// storeAndMark makes the lossy view, ended by its marker line, the best
// result once the original is in the store, and reports whether it did.
func (e *Engine) storeAndMark(ctx context.Context, r *request, v lossyView) bool {
	if v.view == nil {
		return false
	}
	// shown is the view as the reader sees it, before escaping.
	shown, view := v.view, fold.Escape(v.view)
	// Worth losing detail only if clearly smaller than the lossless
	// result; the original goes to the store first.
	if len(view)+markerBudget >= r.bestLen*9/10 {
		return false
	}
	id, err := e.put(ctx, r.tenant, r.req.Content)
	if err != nil {
		e.log.Warn("store put failed; returning lossless result", "err", err)
		r.warn("store unavailable: lossy compression skipped")
		return false
	}
	r.res.Lossless, r.res.Equivalence, r.res.Steps = false, "", v.steps
	r.res.CCRID, r.res.Scorer = id, v.scorer
	r.best, r.strategy = r.marked(shown, view, id), wire.StrategyLossy
	r.bestLen = len(r.best)
	return true
}

// releaseUnusable drops a lossless fold that saves less than min of the
// input before the lossy view is marked: lowSavings would return the input
// rather than it, and on a big input it holds as many bytes as the input.
// Only its length still counts (storeAndMark weighs the view against it).
func (r *request) releaseUnusable(min float64) {
	if len(r.best) < len(r.in) && r.savesLittle(len(r.best), min) {
		r.best = r.in
	}
}

// savesLittle reports whether a text of n bytes saves less than min of the
// input: too little to be returned instead of it.
func (r *request) savesLittle(n int, min float64) bool {
	return 1-float64(n)/float64(len(r.in)) < min
}

// marked returns view (shown, escaped) followed by the marker line naming
// id and what shown leaves out, ending in a newline when the input does.
func (r *request) marked(shown, view []byte, id string) []byte {
	goTest := func() bool { return logview.GoTestText(r.in) != nil }
	plain := func() []byte { return ansi.Strip(r.in) }
	if len(r.checks) == 1 {
		c := &r.checks[0]
		goTest = func() bool { return c.goTestText() != nil }
		if c.plain != nil {
			// The boundary check stripped the input already.
			plain = func() []byte { return c.plain }
		}
	}
	omitted, total, unit := omission(r.kind, r.in, shown, goTest, plain)
	return r.withMarker(view, id, omitted, total, unit)
}

// withMarker returns view followed by the marker line naming id, ending in
// a newline when the input does. It appends to view where view has the
// room: both callers pass a buffer the request built for itself (the lossy
// view, the lossless fold), whose bytes beyond its length nothing reads,
// and a big view is not copied for a line.
func (r *request) withMarker(view []byte, id string, omitted, total int, unit string) []byte {
	out := view
	if cap(out)-len(out) < markerBudget+2 {
		out = make([]byte, 0, len(view)+markerBudget+2)
		out = append(out, view...)
	}
	if len(out) > 0 && out[len(out)-1] != '\n' {
		out = append(out, '\n')
	}
	out = append(out, marker.Marker(id, omitted, total, unit)...)
	if r.in[len(r.in)-1] == '\n' {
		out = append(out, '\n')
	}
	return out
}

// lowSavings reports whether the best result saves less than min of the
// input; then the result is the input, without detail, and the strategy
// says why.
func (r *request) lowSavings(min float64) (string, bool) {
	if r.savesLittle(r.bestLen, min) {
		r.res.Lossless, r.res.Equivalence, r.res.Steps, r.res.CCRID, r.res.Scorer = false, "", nil, "", ""
		if r.strategy == wire.StrategyFailurePreserveFallback {
			return r.strategy, true
		}
		return wire.StrategyPassthroughLowSavings, true
	}
	return "", false
}

// keepExact finishes a lossless result and returns its strategy. JSON-equal
// or visible-equal is not byte-equal: the exact bytes go to the store and
// the text ends with a marker naming them, so that expand gives the input
// back byte for byte. The marker counts the colour escapes, or the bytes of
// layout, that the text leaves out. When the marker would eat the savings,
// JSON-equal text stays as it is, as without a store; colour codes are kept
// (the input is folded again under the byte and JSON equivalences), as
// they are when the store is down.
func (e *Engine) keepExact(ctx context.Context, r *request) string {
	eq := fold.Equivalence(r.res.Equivalence)
	if eq == fold.Byte || e.opts.Store == nil || r.req.LosslessOnly {
		return "lossless:" + strategyName(r.res.Steps)
	}
	id, err := e.put(ctx, r.tenant, r.req.Content)
	if err == nil {
		n, unit := layoutBlanks(r.in), "blanks"
		if eq == fold.Visible {
			n, unit = ansi.Count(r.in), "escapes"
		}
		marked := r.withMarker(r.best, id, n, n, unit)
		if float64(len(marked)) <= float64(len(r.in))*(1-e.opts.MinSavings) {
			r.res.CCRID, r.res.Text = id, unsafe.String(unsafe.SliceData(marked), len(marked))
			return "lossless:" + strategyName(r.res.Steps)
		}
		if eq == fold.JSON {
			return "lossless:" + strategyName(r.res.Steps)
		}
	}
	if eq == fold.Visible {
		// Without a marker naming the original, colour codes would be
		// lost: fold again under the byte and JSON equivalences only.
		lossless, _, eq, steps := e.foldSections(ctx, &e.gate, r)
		if lossless == nil || float64(len(lossless)) > float64(len(r.in))*(1-e.opts.MinSavings) {
			r.res.Lossless, r.res.Equivalence, r.res.Steps = false, "", nil
			r.res.Text = r.req.Content
			return wire.StrategyPassthroughLowSavings
		}
		r.res.Text, r.res.Equivalence, r.res.Steps = string(lossless), string(eq), steps
	}
	return "lossless:" + strategyName(r.res.Steps)
}

// layoutBlanks counts the bytes of JSON text between its tokens: the
// layout a JSON-equal result leaves out.
func layoutBlanks(in []byte) int {
	n, s := len(in), jsonscan.NewScanner(in)
	for {
		kind, lit, err := s.Next()
		if err != nil || kind == jsonscan.TokEOF {
			return n
		}
		n -= len(lit)
	}
}

// omission says how much of in the view leaves out, in the unit that fits
// the kind. Views that keep input lines verbatim (logs, tables, diffs,
// JSON) count the input lines the view does not show, each occurrence once
// (a view showing one blank line does not account for twenty); views that
// rewrite lines (search in heading form, go test -json as text, mixed
// output) count lines beyond those shown; prose and HTML, which keep or
// convert lines but drop words, count words; JSON of a few long lines
// counts bytes. goTest reports whether in is go test -json output
// (logview.GoTestText), asked only when the kind leaves it open; plain
// returns ansi.Strip(in).
func omission(kind router.Kind, in, view []byte, goTest func() bool, plain func() []byte) (omitted, total int, unit string) {
	switch {
	case kind == router.Prose || kind == router.HTML:
		total = countWords(in)
		return max(total-countWords(view), 0), total, "words"
	case kind == router.JSON && bytes.Count(in, []byte{'\n'}) < 10:
		return max(len(in)-len(view), 0), len(in), "bytes"
	case kind == router.Search:
		// Views in heading form print paths and blank lines the input may
		// not have: count the hits shown, and other lines only when they
		// are input lines. Those others are few: they are indexed, with
		// their lengths, rather than every input line.
		shown := 0
		others := make(map[string]int)
		var lengths [1024]bool
		for line := range bytes.Lines(view) {
			l := trimEOL(line)
			switch _, hit := toolline.ParseHit(l); {
			case hit:
				shown++
			case !bytes.HasPrefix(l, []byte("[… ")):
				others[lineKey(l)]++
				lengths[min(len(l), len(lengths)-1)] = true
			default:
				if _, hit := toolline.ParseHeadingHit(l); hit {
					shown++
				}
			}
		}
		for line := range bytes.Lines(in) {
			total++
			l := trimEOL(line)
			if !lengths[min(len(l), len(lengths)-1)] {
				continue
			}
			if k := lineKey(l); others[k] > 0 {
				shown += others[k]
				others[k] = 0
			}
		}
		for l, n := range others {
			if _, hit := toolline.ParseHeadingHit([]byte(l)); hit && n > 0 {
				shown += n
			}
		}
		return max(total-shown, 0), total, "lines"
	case kind == router.Mixed || goTest():
		shown := 0
		for line := range bytes.Lines(view) {
			if !bytes.HasPrefix(line, []byte("[… ")) {
				shown++
			}
		}
		for range bytes.Lines(in) {
			total++
		}
		return max(total-shown, 0), total, "lines"
	}
	inText, viewText := in, view
	in, view = plain(), ansi.Strip(view)
	shown := make(map[string]int, bytes.Count(view, []byte{'\n'})+1)
	// lengths has the lengths of the view's lines, so that most input lines
	// a view leaves out are told so without hashing them.
	var lengths [1024]bool
	for line := range bytes.Lines(view) {
		l := trimEOL(line)
		shown[lineKey(l)]++
		lengths[min(len(l), len(lengths)-1)] = true
	}
	for line := range bytes.Lines(in) {
		total++
		l := trimEOL(line)
		if !lengths[min(len(l), len(lengths)-1)] {
			omitted++
		} else if k := lineKey(l); shown[k] > 0 {
			shown[k]--
		} else {
			omitted++
		}
	}
	if omitted == total && viewShows(view) {
		// A view that rewrote every line (JSON in the columnar form, say)
		// still shows rows: "N of N lines omitted" would say it shows
		// nothing. Count what it leaves out in bytes instead.
		return max(len(inText)-len(viewText), 0), len(inText), "bytes"
	}
	return omitted, total, "lines"
}

// trimEOL is bytes.TrimRight(line, "\r\n"), without building the
// cutset's table for every line of the input.
func trimEOL(line []byte) []byte {
	n := len(line)
	for n > 0 && (line[n-1] == '\n' || line[n-1] == '\r') {
		n--
	}
	return line[:n]
}

// lineKey returns line, a line of the input or the view omission counts,
// as a map key without a copy: neither is written while omission's maps
// live, and the maps die with the call.
func lineKey(line []byte) string { return unsafe.String(unsafe.SliceData(line), len(line)) }

// viewShows reports whether a view has a line that is not an omission
// note.
func viewShows(view []byte) bool {
	for line := range bytes.Lines(view) {
		if t := bytes.TrimSpace(line); len(t) > 0 && !bytes.HasPrefix(t, []byte("[… ")) && !bytes.HasPrefix(t, []byte(`"[… `)) {
			return true
		}
	}
	return false
}

func countWords(b []byte) int {
	n, prev := 0, uint8(1) // prev: the byte before was a space (or none)
	for _, c := range b {
		s := wordSpace[c]
		n += int(prev &^ s) // a word starts here
		prev = s
	}
	return n
}

// wordSpace is 1 for the bytes that separate words, 0 otherwise.
var wordSpace = [256]uint8{' ': 1, '\n': 1, '\t': 1, '\r': 1}

// markerBudget is the most bytes a marker line takes.
const markerBudget = 120

// foldSections runs the verification gate over the input (or each section of
// mixed input) and verifies the concatenation against the input. It
// returns the folded text and its length; a concatenation that would save
// too little to be returned (see releaseUnusable) is not built, nor
// verified: the text is nil, and only its length counts.
func (e *Engine) foldSections(ctx context.Context, gate *fold.Gate, r *request) ([]byte, int, fold.Equivalence, []wire.Step) {
	in, sections, checks, tool := r.in, r.sections, r.checks, r.req.Tool
	if len(sections) <= 1 {
		k := router.Prose
		var keep func([]byte) bool
		if len(sections) == 1 {
			k = sections[0].Kind
			keep = checks[0].keep()
		} else {
			keep = keepFailures(k, in)
		}
		o := gate.Fold(ctx, in, fold.Info{Kind: k, Tool: tool, Keep: keep})
		if o.Label == "" {
			return in, len(in), fold.Byte, nil
		}
		return o.Text, len(o.Text), o.Equivalence, []wire.Step{stepOf(k, in, o)}
	}
	// Only byte-exact folds compose: a JSON- or visible-equal section
	// inside mixed text has no canonical form to compare as a whole. The
	// gate is not asked for those: one would be thrown away, after costing
	// copies of the section (the colour fold of a big log holds four).
	gate = &e.byteGate
	// The sections' texts are joined once their length is known: a big
	// input's concatenation is not grown through copies of itself, nor
	// built when it saves too little. Escape returns a section that needs
	// no escaping as it is.
	texts := make([][]byte, len(sections))
	n := 0
	var steps []wire.Step
	for i, s := range sections {
		part := in[s.Start:s.End]
		o := gate.Fold(ctx, part, fold.Info{Kind: s.Kind, Tool: tool, Keep: checks[i].keep()})
		if o.Label == "" || o.Equivalence != fold.Byte {
			texts[i] = fold.Escape(part)
		} else {
			texts[i] = o.Text
			steps = append(steps, stepOf(s.Kind, part, o))
		}
		n += len(texts[i])
	}
	if len(steps) == 0 {
		return in, len(in), fold.Byte, nil
	}
	if r.savesLittle(n, e.opts.MinSavings) {
		return nil, n, fold.Byte, steps
	}
	out := make([]byte, 0, n)
	for i := range texts {
		out, texts[i] = append(out, texts[i]...), nil
	}
	if fold.Verify(in, out, fold.Byte) != nil {
		return in, len(in), fold.Byte, nil
	}
	return out, n, fold.Byte, steps
}

// keepFailures returns the gate's Keep predicate for the failure lines of
// text: even a lossless fold must leave them readable verbatim.
func keepFailures(k router.Kind, text []byte) func([]byte) bool {
	return keepLines(failure.Lines(k, text))
}

// keepLines is keepFailures for failure lines already found.
func keepLines(lines [][]byte) func([]byte) bool {
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

// fileTool reports whether req comes from a file tool (Read, Edit, ...)
// whose output the model may edit, unless the caller opted out.
func (e *Engine) fileTool(req wire.CompressRequest) bool {
	return !req.AllowLossyGroundTruth && (e.groundTruth[strings.ToLower(req.Tool)] || e.readsFile(req.Tool))
}

// lossyAllowed applies invariant 7: file-tool output and source code get
// lossless folds only unless the caller opts in.
func (e *Engine) lossyAllowed(sections []router.Section, req wire.CompressRequest) bool {
	if req.LosslessOnly || e.opts.Store == nil {
		return false
	}
	if req.AllowLossyGroundTruth {
		return true
	}
	if e.fileTool(req) {
		return false
	}
	for _, s := range sections {
		if s.Kind != router.Code {
			return true
		}
	}
	return false
}

// lossyView is what the lossy step made of the input.
type lossyView struct {
	view     []byte      // the sections' views concatenated; nil when none changed
	steps    []wire.Step // one per section that changed
	scorer   string      // the prose scorer used, "" when none was
	warn     string      // the sections' warnings joined
	fellBack bool        // a section was kept whole for dropping a failure line
	// checked: the view is one section's, whose lines its own check found
	// there (see lossy), so the boundary would judge the same lines in the
	// same text again.
	checked bool
}

// lossy runs the compressor of each section's kind and concatenates the
// views; sections without a compressor or without gain stay verbatim.
func (e *Engine) lossy(ctx context.Context, r *request) (lossyView, error) {
	var v lossyView
	changed := false
	for i, s := range r.sections {
		part := r.in[s.Start:s.End]
		out, strategy, err := e.lossySection(ctx, r, s.Kind, part, &v)
		if errors.Is(err, wire.ErrScorerUnavailable) {
			return lossyView{warn: v.warn}, err
		}
		if err != nil || len(out) >= len(part) {
			if err != nil && !errors.Is(err, lossy.ErrNoGain) {
				e.log.Warn("compressor failed; section kept", "kind", s.Kind, "err", err)
			}
			v.view = append(v.view, part...)
			continue
		}
		if missing := r.checks[i].missing(out); len(missing) > 0 {
			// This section's compressor dropped a failure line: keep the
			// section whole and let the others compress.
			e.log.Warn("lossy section dropped failure lines; section kept", "kind", s.Kind, "missing", len(missing))
			v.warn = joinWarn(v.warn, "failure-preserve-fallback: a "+string(s.Kind)+" section was kept whole")
			v.view = append(v.view, part...)
			v.fellBack = true
			continue
		}
		// The boundary need not check again a view that is this one
		// section's: a newline after it adds no line, unless an escape
		// sequence left open in out could take it in.
		v.checked = len(r.sections) == 1
		// Keep the section boundary a line boundary.
		if len(part) > 0 && part[len(part)-1] == '\n' && (len(out) == 0 || out[len(out)-1] != '\n') {
			v.checked = v.checked && bytes.IndexByte(out, 0x1b) < 0
			out = append(out, '\n')
		}
		if v.view == nil {
			// The view's own buffer, no copy; capped, so that a later
			// section never appends into whatever lies beyond it.
			v.view = out[:len(out):len(out)]
		} else {
			v.view = append(v.view, out...)
		}
		v.steps = append(v.steps, wire.Step{Kind: string(s.Kind), Strategy: strategy, OriginalBytes: len(part), CompressedBytes: len(out)})
		changed = true
	}
	if !changed {
		return lossyView{warn: v.warn, fellBack: v.fellBack}, nil
	}
	return v, nil
}

// lossySection runs the compressor of kind k over part and returns its view
// and strategy name; the scorer it used and its warnings go to v. Only the
// prose scorer's errors can be wire.ErrScorerUnavailable.
func (e *Engine) lossySection(ctx context.Context, r *request, k router.Kind, part []byte, v *lossyView) ([]byte, string, error) {
	if k == router.Prose {
		out, name, w, err := e.prose(ctx, r, part, r.target)
		v.warn = joinWarn(v.warn, w)
		if err != nil {
			return out, string(k), err
		}
		v.scorer = name
		return out, "prose:" + name, nil
	}
	c := e.views[k]
	if c == nil {
		return nil, string(k), lossy.ErrNoGain
	}
	o := lossy.Options{Query: r.req.Query, TargetRatio: r.target, Failures: r.failures.lines}
	if r.target > 0 {
		o.Tokens = e.countFunc() // --target-ratio is a share of tokens
	}
	if k == router.JSON {
		o.Text = e.textViewer(r, 1)
	}
	out, err := c(part, o)
	strategy := string(k)
	if err == nil && k == router.HTML && r.target > 0 {
		var name, w string
		out, name, w, err = e.htmlToTarget(ctx, r, part, out)
		v.warn = joinWarn(v.warn, w)
		if name != "" {
			v.scorer = name
			strategy = "html+prose:" + name
		}
	}
	return out, strategy, err
}

// textViewer returns lossy.Options.Text for a view of JSON at depth levels
// of strings in the input: a string's text is viewed section by section,
// each by its kind's view, as the input's own sections are. Prose and code
// stay as they are (the JSON view cuts a string of prose; code is ground
// truth), and JSON held in a string inside another is not viewed again.
func (e *Engine) textViewer(r *request, depth int) func([]byte, []router.Section) []byte {
	return func(text []byte, sections []router.Section) []byte {
		var out []byte
		changed := false
		for _, s := range sections {
			part := text[s.Start:s.End]
			c := e.views[s.Kind]
			if c == nil || (s.Kind == router.JSON && depth > 1) {
				out = append(out, part...)
				continue
			}
			// Failures nil: the request's memo is for its own sections,
			// and a document may hold many strings.
			o := lossy.Options{Query: r.req.Query, TargetRatio: r.target}
			if s.Kind == router.JSON {
				o.Text = e.textViewer(r, depth+1)
			}
			view, err := c(part, o)
			if err != nil || len(view) >= len(part) {
				out = append(out, part...)
				continue
			}
			if part[len(part)-1] == '\n' && (len(view) == 0 || view[len(view)-1] != '\n') {
				view = append(view, '\n') // keep the section boundary a line boundary
			}
			out, changed = append(out, view...), true
		}
		if !changed {
			return nil
		}
		return out
	}
}

// countFunc returns a function counting o200k tokens, nil when there is no
// counter (the views then measure bytes).
func (e *Engine) countFunc() func([]byte) int {
	c := e.tokenCounter()
	if c == nil {
		return nil
	}
	return func(b []byte) int { return c.Count(unsafe.String(unsafe.SliceData(b), len(b))) }
}

// htmlToTarget compresses the text an HTML page became as prose, when that
// text still holds more than target of the page's tokens, so --target-ratio
// means the same on HTML as on prose. name is the scorer used, "" when the
// text was short enough already.
func (e *Engine) htmlToTarget(ctx context.Context, r *request, page, text []byte) (out []byte, name, warn string, err error) {
	c := e.tokenCounter()
	if c == nil {
		if c, err = tokencount.New(""); err != nil {
			return text, "", "", nil
		}
	}
	have := c.Count(unsafe.String(unsafe.SliceData(text), len(text)))
	want := r.target * float64(c.Count(unsafe.String(unsafe.SliceData(page), len(page))))
	if have == 0 || float64(have) <= want {
		return text, "", "", nil
	}
	return e.prose(ctx, r, text, want/float64(have))
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

// mustSurviveMissing returns the lines of the input that must appear
// verbatim in out but do not: failure lines of every section (package
// failure's one definition, for every section that is not data) and lines
// carrying our own markers, which are never compressed again.
//
// Every section's lines are sought in one pass over out (and one over out
// without its escapes, for the coloured sections): a line is present or not
// whatever else is sought, and a pass per section made a big input of many
// sections cost sections × output.
func mustSurviveMissing(checks []sectionCheck, out []byte) [][]byte {
	// The lines sought by how they are written in out: as lines (a log's),
	// as a page reads (see failure.AbsentIn), inside JSON literals; each
	// with its colour codes or without them.
	type group struct {
		kind           router.Kind
		ansi           bool
		lines, markers [][]byte
	}
	groups := [...]group{{kind: router.Log}, {kind: router.HTML}, {kind: router.JSON},
		{kind: router.Log, ansi: true}, {kind: router.JSON, ansi: true}}
	for i := range checks {
		c := &checks[i]
		c.judge()
		var g int
		switch {
		case c.kind == router.JSON:
			g = 2
		case c.kind == router.HTML && !c.ansi:
			g = 1
		}
		if c.ansi {
			// A coloured page's lines are sought as a log's.
			g = 3 + g/2
		}
		groups[g].lines, groups[g].markers = append(groups[g].lines, c.lines...), append(groups[g].markers, c.markers...)
	}
	var missing [][]byte
	var plain []byte
	for _, g := range groups {
		if len(g.lines) == 0 && len(g.markers) == 0 {
			continue
		}
		o := out
		if g.ansi {
			if plain == nil {
				plain = ansi.Strip(out)
			}
			o = plain
		}
		missing = append(missing, absentOrMarker(g.kind, g.lines, g.markers, o)...)
	}
	return missing
}

// absentOrMarker returns the failure lines of a text of kind absent from
// out (see failure.AbsentIn), then the marker lines whose text without
// escapes out does not hold.
func absentOrMarker(kind router.Kind, lines, markers [][]byte, out []byte) [][]byte {
	missing := failure.AbsentIn(kind, lines, out)
	for _, line := range markers {
		if !bytes.Contains(out, ansi.Strip(line)) {
			missing = append(missing, line)
		}
	}
	return missing
}

// sectionCheck holds what the failure checks (DESIGN invariant 2) derive
// from one section: the lossless gate's Keep predicate and the lines the
// lossy boundary looks for, once the section's compressor and once the
// whole view. Each is found once per call, when first needed.
type sectionCheck struct {
	kind     router.Kind
	part     []byte
	failures *failureMemo

	raw     [][]byte // failure.Lines(kind, part)
	rawDone bool

	goTest     []byte // logview.GoTestText(part)
	goTestDone bool

	lines     [][]byte // the failure lines judged at the boundary: see missing
	ansi      bool     // part holds ANSI escapes: compare without them
	plain     []byte   // ansi.Strip(part), when whole, ansi and lines were judged in it
	markers   [][]byte // lines of part carrying markers
	linesDone bool
	// whole: part is the whole input, whose stripped text the marker's
	// count reads again (see marked). Other sections' stripped texts are
	// not kept: a big log of many coloured sections would hold another
	// copy of itself to the end.
	whole bool
}

func newChecks(in []byte, sections []router.Section, failures *failureMemo) []sectionCheck {
	checks := make([]sectionCheck, len(sections))
	for i, s := range sections {
		part := in[s.Start:s.End]
		checks[i] = sectionCheck{kind: s.Kind, part: part, failures: failures, whole: len(sections) == 1 && len(part) == len(in)}
	}
	return checks
}

func (c *sectionCheck) rawLines() [][]byte {
	if !c.rawDone {
		c.raw, c.rawDone = c.failures.lines(c.kind, c.part), true
	}
	return c.raw
}

// failureMemo finds the failure lines of each text once per request: the
// lossless gate, the lossy views and the boundary check each judge the
// same sections (and go test -json's decoded text) by failure.Lines.
type failureMemo struct {
	found []failuresOf
}

type failuresOf struct {
	kind  router.Kind
	text  []byte
	lines [][]byte
}

// lines returns failure.Lines(kind, text), found once per kind and text
// content. The lines are subslices of text, as failure.Lines returns them,
// even when an equal text at another address was judged first.
func (m *failureMemo) lines(kind router.Kind, text []byte) [][]byte {
	for _, f := range m.found {
		if f.kind != kind || len(f.text) != len(text) {
			continue
		}
		if len(text) == 0 || unsafe.SliceData(f.text) == unsafe.SliceData(text) {
			return f.lines
		}
		if bytes.Equal(f.text, text) {
			return rebase(f.lines, f.text, text)
		}
	}
	lines := failure.Lines(kind, text)
	m.found = append(m.found, failuresOf{kind, text, lines})
	return lines
}

// rebase returns lines, subslices of from, as the same subslices of to,
// which has from's content; a line that is not a subslice of from is
// returned as it is.
func rebase(lines [][]byte, from, to []byte) [][]byte {
	out := make([][]byte, len(lines))
	base := uintptr(unsafe.Pointer(unsafe.SliceData(from)))
	for i, l := range lines {
		out[i] = l
		if len(l) == 0 {
			continue
		}
		off := uintptr(unsafe.Pointer(unsafe.SliceData(l))) - base
		if off < uintptr(len(from)) && int(off)+len(l) <= len(to) {
			out[i] = to[off : int(off)+len(l)]
		}
	}
	return out
}

// unstripLines returns lines, subslices of plain = ansi.Strip(raw) in
// order, as the same bytes of raw where raw holds them with no escape
// sequence inside (most lines of a coloured log), and the others as
// copies, in one buffer: none keeps plain alive.
func unstripLines(lines [][]byte, plain, raw []byte) [][]byte {
	out := make([][]byte, len(lines))
	var copied []int
	base := uintptr(unsafe.Pointer(unsafe.SliceData(plain)))
	// seg, a stretch of raw up to its next escape sequence, is
	// plain[at:at+len(seg)]; rest follows the sequence.
	seg, rest, more := ansi.Cut(raw)
	at := 0
	for i, l := range lines {
		off := int(uintptr(unsafe.Pointer(unsafe.SliceData(l))) - base)
		if len(l) == 0 || off < 0 || off+len(l) > len(plain) || off < at {
			copied = append(copied, i)
			continue
		}
		for more && off >= at+len(seg) {
			at += len(seg)
			seg, rest, more = ansi.Cut(rest)
		}
		if off >= at && off+len(l) <= at+len(seg) {
			out[i] = seg[off-at : off-at+len(l) : off-at+len(l)]
		} else {
			copied = append(copied, i)
		}
	}
	n := 0
	for _, i := range copied {
		n += len(lines[i])
	}
	buf := make([]byte, 0, n)
	for _, i := range copied {
		buf = append(buf, lines[i]...)
		out[i] = buf[len(buf)-len(lines[i]) : len(buf) : len(buf)]
	}
	return out
}

// keep returns the gate's Keep predicate: see keepFailures. Data has no
// failure lines (see failure.Data): its predicate is nil, and the gate
// looks for none.
func (c *sectionCheck) keep() func([]byte) bool {
	if failure.Data(c.kind) {
		return nil
	}
	// The failure lines are found when a fold first asks: most inputs
	// never need them on the lossless path.
	var set func([]byte) bool
	done := false
	return func(line []byte) bool {
		if !done {
			set, done = keepLines(c.rawLines()), true
		}
		return set != nil && set(line)
	}
}

func (c *sectionCheck) goTestText() []byte {
	if !c.goTestDone {
		c.goTest, c.goTestDone = logview.GoTestText(c.part), true
	}
	return c.goTest
}

// missing returns the failure and marker lines of the section that out
// lacks. Colour codes are not content: the lossy views drop them, so lines
// are compared as the reader sees them.
func (c *sectionCheck) missing(out []byte) [][]byte {
	c.judge()
	if c.ansi {
		out = ansi.Strip(out)
	}
	return absentOrMarker(c.kind, c.lines, c.markers, out)
}

// judge finds, once, the lines missing looks for: see sectionCheck.
func (c *sectionCheck) judge() {
	if !c.linesDone {
		c.linesDone = true
		text, decoded := c.part, false
		if c.kind == router.Log {
			// go test -json is shown as the text its events carry; its
			// failure lines are judged in that text.
			if t := c.goTestText(); t != nil {
				text, decoded = t, true
			}
		}
		c.ansi = bytes.IndexByte(c.part, 0x1b) >= 0
		switch {
		case c.ansi && (decoded || !c.whole):
			// Nothing else judges this stripped text: its lines are
			// found in text, or copied, so that it goes once judged.
			plain := ansi.Strip(text)
			c.lines = unstripLines(failure.Lines(c.kind, plain), plain, text)
		case c.ansi:
			c.plain = ansi.Strip(text)
			c.lines = c.failures.lines(c.kind, c.plain)
		case decoded:
			c.lines = c.failures.lines(c.kind, text)
		default:
			c.lines = c.rawLines() // the gate's lines: same kind, same text
		}
		if len(marker.Find(c.part)) > 0 {
			for line := range bytes.Lines(c.part) {
				line = bytes.TrimRight(line, "\r\n")
				if marker.HasMarker(line) {
					c.markers = append(c.markers, line)
				}
			}
		}
	}
}

// countTokens fills the token fields; a counter that cannot load leaves
// them zero with the tokenizer named "none".
func (e *Engine) countTokens(ctx context.Context, res *wire.Result, original string) {
	c := e.tokenCounter()
	if c == nil {
		res.Tokenizer = "none"
		return
	}
	res.Tokenizer = c.Name()
	// A cancelled count is not reported: Compress returns ctx's error.
	tally := c.Tally()
	defer tally.Close()
	res.OriginalTokens, _ = tally.Count(ctx, original)
	if res.Text == original {
		res.CompressedTokens = res.OriginalTokens
	} else {
		res.CompressedTokens, _ = tally.Count(ctx, res.Text)
	}
}

// tokenCounter returns the engine's token counter, or nil when counting is
// off or the counter cannot load.
func (e *Engine) tokenCounter() *tokencount.Counter {
	if e.opts.Encoding == "none" {
		return nil
	}
	e.counterOnce.Do(func() { e.counter, e.counterErr = tokencount.New(e.opts.Encoding) })
	if e.counterErr != nil {
		e.log.Warn("token counter unavailable", "err", e.counterErr)
		return nil
	}
	return e.counter
}

// counted is an original's token count, -1 when counting is off or was
// cancelled, and the tally that counted it, which counts the compressed
// text faster (most of it is the original's).
type counted struct {
	n     int
	tally *tokencount.Tally
}

func (c counted) close() {
	if c.tally != nil {
		c.tally.Close()
	}
}

// countAsync counts text's tokens on another goroutine, for large inputs
// whose count would otherwise wait for the pipeline; the result is read
// from the returned channel, whose send hands the tally over.
func (e *Engine) countAsync(ctx context.Context, text string) <-chan counted {
	ch := make(chan counted, 1)
	c := e.tokenCounter()
	if c == nil {
		ch <- counted{n: -1}
		return ch
	}
	go func() {
		tally := c.Tally()
		n, err := tally.Count(ctx, text)
		if err != nil {
			n = -1
		}
		ch <- counted{n, tally}
	}()
	return ch
}
