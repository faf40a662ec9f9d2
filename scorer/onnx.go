//go:build cgo

package scorer

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"

	ort "github.com/yalue/onnxruntime_go"

	"github.com/kompress/kompress/model"
	"github.com/kompress/kompress/tokenize"
)

// Defaults chosen with BenchmarkONNXWindow and BenchmarkONNXScore
// (onnx_bench_test.go) on 2 cores: batches of 8 windows cost 20% less per
// window than single windows, and 2 intra-op threads cut batch latency by
// 20% at no extra CPU per window, while 1 and 2 threads tie when two
// goroutines score at once. Spinning idle threads cost 40-60% more CPU per
// window and were slower at batch 8, so it is off.
const (
	// DefaultBatchSize windows go through the model per Run.
	DefaultBatchSize = 8
	// maxDefaultThreads caps intra-op threads: past a few, one batch's work
	// is too small to split and concurrent requests do better on their own.
	maxDefaultThreads = 4
)

// ONNXOptions configure NewONNX. The zero value is ready to use.
type ONNXOptions struct {
	// BatchSize is the number of windows per model run; 0 means DefaultBatchSize.
	BatchSize int
	// Threads is ONNX Runtime's intra-op thread count; 0 means the number
	// of CPUs, at most 4.
	Threads int
	// RuntimeLib is the ONNX Runtime shared library; "" means model.RuntimeLib().
	RuntimeLib string
	// Parallel is how many batches of one Score call run at once; 0 means
	// the CPUs the intra-op threads leave (at least 1).
	Parallel int
	// CacheTokens bounds the window cache, in tokens scored (4 bytes each
	// plus about 100 per window); 0 means DefaultCacheTokens, -1 none.
	CacheTokens int

	spin bool // let idle intra-op threads spin; benchmarks compare
}

// ErrClosed is returned by Score after Close.
var ErrClosed = errors.New("scorer: ONNX scorer is closed")

// ONNX scores words with a Kompress token-classification model. One ONNX
// Runtime session serves all goroutines.
type ONNX struct {
	m        *model.Model
	session  *ort.DynamicAdvancedSession
	outputs  []string
	batch    int
	parallel int
	cache    *windowCache // nil: off

	mu     sync.RWMutex // Score holds it shared, Close exclusively
	closed bool
}

// ortRuntime is the process's ONNX Runtime environment: it can be
// initialised once, from one library.
var ortRuntime struct {
	mu  sync.Mutex
	lib string
}

func initRuntime(lib string) error {
	ortRuntime.mu.Lock()
	defer ortRuntime.mu.Unlock()
	if ort.IsInitialized() {
		if lib != ortRuntime.lib {
			return fmt.Errorf("scorer: ONNX Runtime already loaded from %s, cannot also load %s", ortRuntime.lib, lib)
		}
		return nil
	}
	ort.SetSharedLibraryPath(lib)
	if err := ort.InitializeEnvironment(ort.WithLogLevelFatal()); err != nil {
		return fmt.Errorf("%w: %s: %w", model.ErrNoRuntime, lib, err)
	}
	ortRuntime.lib = lib
	return nil
}

// NewONNX opens m's ONNX graph in ONNX Runtime, initialising the runtime on
// first use, and checks with a tiny run that the graph has the inputs and
// outputs the manifest promises.
func NewONNX(m *model.Model, opts ONNXOptions) (*ONNX, error) {
	if m == nil || m.Tokenizer == nil {
		return nil, errors.New("scorer: NewONNX needs a loaded model")
	}
	lib := opts.RuntimeLib
	if lib == "" {
		var err error
		if lib, err = model.RuntimeLib(); err != nil {
			return nil, err
		}
	}
	if err := initRuntime(lib); err != nil {
		return nil, err
	}
	s := &ONNX{m: m, batch: opts.BatchSize}
	if s.batch <= 0 {
		s.batch = DefaultBatchSize
	}
	s.outputs = []string{m.Output}
	if m.Output == model.Logits && m.SpanOutput != "" {
		s.outputs = append(s.outputs, m.SpanOutput)
	}
	threads := opts.Threads
	if threads <= 0 {
		threads = min(runtime.NumCPU(), maxDefaultThreads)
	}
	s.parallel = opts.Parallel
	if s.parallel <= 0 {
		s.parallel = max(1, runtime.NumCPU()/threads)
	}
	switch {
	case opts.CacheTokens == 0:
		s.cache = newWindowCache(DefaultCacheTokens)
	case opts.CacheTokens > 0:
		s.cache = newWindowCache(opts.CacheTokens)
	}
	so, err := ort.NewSessionOptions()
	if err != nil {
		return nil, fmt.Errorf("scorer: session options: %w", err)
	}
	defer so.Destroy()
	err = errors.Join(
		so.SetIntraOpNumThreads(threads),
		so.SetInterOpNumThreads(1),
		so.AddSessionConfigEntry("session.intra_op.allow_spinning", map[bool]string{false: "0", true: "1"}[opts.spin]),
	)
	if err != nil {
		return nil, fmt.Errorf("scorer: session options: %w", err)
	}
	s.session, err = ort.NewDynamicAdvancedSession(m.ONNXPath(), []string{"input_ids", "attention_mask"}, s.outputs, so)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", model.ErrCorrupt, m.ONNXPath(), err)
	}
	probe := []int32{m.Tokenizer.PadID()}
	if _, err := s.run(context.Background(), []window{{tokens: probe, words: []int32{0}}}, make([]float32, 1)); err != nil {
		s.session.Destroy()
		return nil, fmt.Errorf("%w: %s does not follow the %q convention: %w", model.ErrCorrupt, m.ONNXPath(), m.Output, err)
	}
	return s, nil
}

// Name returns "onnx:<model name>".
func (s *ONNX) Name() string { return "onnx:" + s.m.Name }

// Close releases the session after in-flight Score calls return.
func (s *ONNX) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	return s.session.Destroy()
}

// testHookRun, set only by tests, is called just before each model run.
var testHookRun func()

// window is one model sequence's share of a text: tokens (without special
// tokens) and the word index of each.
type window struct {
	tokens []int32
	words  []int32
}

// Score returns each word's keep score: the maximum over its tokens. Long
// texts are cut into windows of at most max_length tokens and
// words_per_chunk words, between words, so every token is scored; only a
// word longer than a whole window is split. Words without tokens (all
// control characters, say) score 1: nothing is known against keeping them.
//
// Windows already scored (the same tokens, by this scorer) come from the
// window cache; the others go through the model in batches, Parallel
// batches at a time. When ctx's deadline passes after some windows were
// scored, the words of the others get the heuristic's scores and the error
// is a *PartialError carrying the scores: the budget bought what it could.
func (s *ONNX) Score(ctx context.Context, text string, words []tokenize.Word) ([]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return nil, ErrClosed
	}
	enc, err := s.m.Tokenizer.Encode(text, words)
	if err != nil {
		return nil, err
	}
	scores := make([]float32, len(words))
	for i := range scores {
		scores[i] = -1
	}
	// Windows of whitespace alone (a blank tail) have nothing to score.
	wins := slices.DeleteFunc(s.windows(enc), func(w window) bool {
		return !slices.ContainsFunc(w.words, func(wi int32) bool { return wi != tokenize.NoWord })
	})
	total := len(wins)
	todo := wins[:0:0]
	for _, w := range wins {
		if raw, ok := s.cache.get(w.tokens); ok {
			w.merge(raw, scores)
		} else {
			todo = append(todo, w)
		}
	}
	missed, err := s.runAll(ctx, todo, scores)
	if err != nil && (len(missed) == len(todo) && len(todo) == total || !errors.Is(err, context.DeadlineExceeded)) {
		return nil, err
	}
	if len(missed) > 0 {
		// Past the deadline: the heuristic scores what the model did not.
		h, herr := Heuristic().Score(context.WithoutCancel(ctx), text, words)
		if herr != nil {
			return nil, herr
		}
		for _, w := range missed {
			for _, wi := range w.words {
				if wi >= 0 && int(wi) < len(scores) {
					scores[wi] = max(scores[wi], h[wi])
				}
			}
		}
	}
	for i, v := range scores {
		if v < 0 {
			scores[i] = 1
		}
	}
	if len(missed) > 0 {
		return scores, &PartialError{Scores: scores, Windows: total, Missed: len(missed), Err: err}
	}
	return scores, nil
}

// runAll scores wins into scores, Parallel batches at once, caching each
// window's token scores. It returns the windows left unscored when it
// stopped on an error, and the first error.
func (s *ONNX) runAll(ctx context.Context, wins []window, scores []float32) (missed []window, err error) {
	var batches [][]window
	for len(wins) > 0 {
		n := min(s.batch, len(wins))
		batches = append(batches, wins[:n])
		wins = wins[n:]
	}
	var (
		mu    sync.Mutex
		next  int
		wg    sync.WaitGroup
		first error
	)
	done := make([]bool, len(batches))
	for range min(s.parallel, len(batches)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			local := make([]float32, len(scores))
			for {
				mu.Lock()
				if next >= len(batches) || first != nil {
					mu.Unlock()
					return
				}
				k := next
				next++
				mu.Unlock()
				for i := range local {
					local[i] = -1
				}
				raw, err := s.run(ctx, batches[k], local)
				mu.Lock()
				if err != nil {
					if first == nil {
						first = err
					}
					mu.Unlock()
					return
				}
				done[k] = true
				for b, w := range batches[k] {
					s.cache.put(w.tokens, raw[b])
					w.merge(raw[b], scores)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	for k, b := range batches {
		if !done[k] {
			missed = append(missed, b...)
		}
	}
	return missed, first
}

// merge raises each word's score to the maximum of its tokens' raw scores.
func (w window) merge(raw, scores []float32) {
	for k, wi := range w.words {
		if wi >= 0 && int(wi) < len(scores) && raw[k] > scores[wi] {
			scores[wi] = raw[k]
		}
	}
}

// windows cuts enc into model sequences. Whitespace tokens travel with the
// word after them.
func (s *ONNX) windows(enc *tokenize.Encoding) []window {
	capacity := s.m.MaxLength - len(s.m.Tokenizer.Prefix()) - len(s.m.Tokenizer.Suffix())
	var wins []window
	start, nwords := 0, 0 // current window: enc[start:i]
	flush := func(end int) {
		if end > start {
			wins = append(wins, window{enc.IDs[start:end], enc.Words[start:end]})
		}
		start, nwords = end, 0
	}
	for i := 0; i < len(enc.IDs); {
		// The next unit: whitespace tokens, then one word's tokens.
		j := i
		for j < len(enc.IDs) && enc.Words[j] == tokenize.NoWord {
			j++
		}
		unitWords := 0
		if j < len(enc.IDs) {
			w := enc.Words[j]
			for j < len(enc.IDs) && enc.Words[j] == w {
				j++
			}
			unitWords = 1
		}
		if i > start && (j-start > capacity || nwords+unitWords > s.m.WordsPerChunk) {
			flush(i)
		}
		for j-start > capacity { // one word longer than a window
			flush(start + capacity)
		}
		nwords += unitWords
		i = j
	}
	flush(len(enc.IDs))
	return wins
}

// run scores a batch of windows into scores (by word, keeping the maximum)
// and returns the raw per-token scores of each window for tests.
func (s *ONNX) run(ctx context.Context, wins []window, scores []float32) ([][]float32, error) {
	prefix, suffix := s.m.Tokenizer.Prefix(), s.m.Tokenizer.Suffix()
	seq := 0
	for _, w := range wins {
		seq = max(seq, len(prefix)+len(w.tokens)+len(suffix))
	}
	batch := len(wins)
	ids := make([]int64, batch*seq)
	mask := make([]int64, batch*seq)
	pad := int64(s.m.Tokenizer.PadID())
	for b, w := range wins {
		row, rmask := ids[b*seq:(b+1)*seq], mask[b*seq:(b+1)*seq]
		k := 0
		for _, part := range [][]int32{prefix, w.tokens, suffix} {
			for _, id := range part {
				row[k], rmask[k] = int64(id), 1
				k++
			}
		}
		for ; k < seq; k++ {
			row[k] = pad
		}
	}
	shape := ort.NewShape(int64(batch), int64(seq))
	inIDs, err := ort.NewTensor(shape, ids)
	if err != nil {
		return nil, fmt.Errorf("scorer: input tensor: %w", err)
	}
	defer inIDs.Destroy()
	inMask, err := ort.NewTensor(shape, mask)
	if err != nil {
		return nil, fmt.Errorf("scorer: input tensor: %w", err)
	}
	defer inMask.Destroy()
	outputs := make([]ort.Value, len(s.outputs)) // nil: allocated by ONNX Runtime
	defer func() {
		for _, o := range outputs {
			if o != nil {
				o.Destroy()
			}
		}
	}()

	if err := ctx.Err(); err != nil {
		return nil, err
	}
	opts, err := ort.NewRunOptions()
	if err != nil {
		return nil, fmt.Errorf("scorer: run options: %w", err)
	}
	defer opts.Destroy()
	// Cancellation asks the runtime to stop; the callback must be over
	// before opts is destroyed.
	terminated := make(chan struct{})
	stop := context.AfterFunc(ctx, func() {
		opts.Terminate()
		close(terminated)
	})
	if testHookRun != nil {
		testHookRun()
	}
	err = s.session.RunWithOptions([]ort.Value{inIDs, inMask}, outputs, opts)
	if !stop() {
		<-terminated
	}
	if cerr := ctx.Err(); cerr != nil {
		if err != nil {
			return nil, fmt.Errorf("%w (model run stopped: %v)", cerr, err)
		}
		return nil, cerr
	}
	if err != nil {
		return nil, fmt.Errorf("scorer: model run: %w", err)
	}

	tokenScores, err := s.decode(outputs, batch, seq)
	if err != nil {
		return nil, err
	}
	raw := make([][]float32, batch)
	for b, w := range wins {
		row := tokenScores[b*seq : (b+1)*seq]
		raw[b] = row[len(prefix) : len(prefix)+len(w.tokens)]
		for k, wi := range w.words {
			v := raw[b][k]
			if math.IsNaN(float64(v)) || v < 0 || v > 1 {
				return nil, fmt.Errorf("scorer: model gave score %v outside [0, 1]", v)
			}
			if wi >= 0 && int(wi) < len(scores) && v > scores[wi] {
				scores[wi] = v
			}
		}
	}
	return raw, nil
}

// decode turns the model's outputs into one keep score per position;
// padding positions are not checked.
func (s *ONNX) decode(outputs []ort.Value, batch, seq int) ([]float32, error) {
	data := make([][]float32, len(outputs))
	for i, o := range outputs {
		t, ok := o.(*ort.Tensor[float32])
		if !ok {
			return nil, fmt.Errorf("scorer: output %q is not a float32 tensor", s.outputs[i])
		}
		data[i] = t.GetData()
		want := batch * seq
		if i == 0 && s.m.Output == model.Logits {
			want *= 2
		}
		if len(data[i]) != want {
			return nil, fmt.Errorf("scorer: output %q has shape %v for input [%d %d]", s.outputs[i], t.GetShape(), batch, seq)
		}
	}
	out := make([]float32, batch*seq)
	for k := range out {
		var p float64
		if s.m.Output == model.FinalScores {
			p = float64(data[0][k])
		} else {
			l0, l1 := float64(data[0][2*k]), float64(data[0][2*k+1])
			p = 1 / (1 + math.Exp(l0-l1)) // softmax(l0, l1)[1]
			if len(data) > 1 {
				p *= 0.5 + 0.5*float64(data[1][k])
			}
		}
		out[k] = float32(p)
	}
	return out, nil
}
