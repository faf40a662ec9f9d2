//go:build cgo

package scorer

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kompress/kompress/internal/modelgen"
	"github.com/kompress/kompress/internal/sample"
	"github.com/kompress/kompress/internal/tokencount"
	"github.com/kompress/kompress/model"
	"github.com/kompress/kompress/tokenize"
)

// encoderModel builds a ModernBERT-shaped test model (fp32, or with 8-bit
// MatMulNBits weights) into a temporary directory and loads it.
func encoderModel(t testing.TB, quantized bool) *model.Model {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "encoder")
	sh := modelgen.TestEncoder
	sh.Quantized = quantized
	if err := modelgen.WriteEncoder(dir, sh, 128, 64); err != nil {
		t.Fatal(err)
	}
	m, err := model.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestEncoderGraphs proves that ONNX Runtime loads and runs the graph ops
// of a ModernBERT-style Kompress model (opset 17: LayerNormalization,
// rotary embeddings, attention with a mask bias, GeGLU with Erf; and the
// com.microsoft MatMulNBits of the int8 export), and that padding in a
// batch does not change a window's scores: the attention mask works.
func TestEncoderGraphs(t *testing.T) {
	text := longText(300)
	words := tokenize.Words(text)
	for _, quantized := range []bool{false, true} {
		m := encoderModel(t, quantized)
		one := newONNX(t, m, ONNXOptions{BatchSize: 1})
		eight := newONNX(t, m, ONNXOptions{BatchSize: 8})
		a, err := one.Score(context.Background(), text, words)
		if err != nil {
			t.Fatalf("%s: %v", m.Name, err)
		}
		b, err := eight.Score(context.Background(), text, words)
		if err != nil {
			t.Fatalf("%s: %v", m.Name, err)
		}
		lo, hi := float32(1), float32(0)
		for i := range a {
			if !(a[i] > 0 && a[i] < 1) {
				t.Fatalf("%s: word %d scored %v", m.Name, i, a[i])
			}
			if math.Abs(float64(a[i]-b[i])) > 1e-4 {
				t.Fatalf("%s word %d: batch 1 gives %v, batch 8 gives %v", m.Name, i, a[i], b[i])
			}
			lo, hi = min(lo, a[i]), max(hi, a[i])
		}
		if hi-lo < 1e-3 {
			t.Errorf("%s: all scores within [%v, %v]: the graph ignores its input", m.Name, lo, hi)
		}
	}
}

// TestWindowCache checks that a repeated Score call is served from the
// window cache without running the model, with the same scores, and that
// the cache stays within its bound.
func TestWindowCache(t *testing.T) {
	m := loadModel(t, modelgen.BPEFinal)
	s := newONNX(t, m, ONNXOptions{BatchSize: 1, Parallel: 2})
	var nruns atomic.Int64
	testHookRun = func() { nruns.Add(1) }
	runs := func() int { return int(nruns.Load()) }
	defer func() { testHookRun = nil }()
	text := longText(200)
	words := tokenize.Words(text)
	a, err := s.Score(context.Background(), text, words)
	if err != nil {
		t.Fatal(err)
	}
	first := runs()
	if first < 2 || s.cache.len() != first {
		t.Fatalf("%d runs, %d cached windows: want several, one per run", first, s.cache.len())
	}
	b, err := s.Score(context.Background(), text, words)
	if err != nil {
		t.Fatal(err)
	}
	if runs() != first {
		t.Errorf("the repeated request ran the model %d more times", runs()-first)
	}
	if !slices.Equal(a, b) {
		t.Error("cached scores differ")
	}
	// A text that grew shares its first windows with the earlier one.
	longer := text + " " + longText(40)
	if _, err := s.Score(context.Background(), longer, tokenize.Words(longer)); err != nil {
		t.Fatal(err)
	}
	if extra := runs() - first; extra >= first {
		t.Errorf("the grown text ran the model %d times, as many as the original", extra)
	}

	c := newWindowCache(10)
	c.put([]int32{1}, make([]float32, 6))
	c.put([]int32{2}, make([]float32, 6)) // evicts {1}
	if _, ok := c.get([]int32{1}); ok || c.len() != 1 {
		t.Errorf("cache over its bound: %d windows", c.len())
	}
}

// TestParallelAndPartial checks that parallel batches give the scores of
// serial ones, and that a deadline passing mid-request keeps the windows
// the model scored and gives the rest the heuristic's scores.
func TestParallelAndPartial(t *testing.T) {
	m := loadModel(t, modelgen.BPEFinal)
	text := longText(300)
	words := tokenize.Words(text)
	serial := newONNX(t, m, ONNXOptions{BatchSize: 1, Parallel: 1, CacheTokens: -1})
	par := newONNX(t, m, ONNXOptions{BatchSize: 1, Parallel: 3, CacheTokens: -1})
	a, err := serial.Score(context.Background(), text, words)
	if err != nil {
		t.Fatal(err)
	}
	b, err := par.Score(context.Background(), text, words)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a, b) {
		t.Fatal("parallel scores differ from serial ones")
	}

	ctx := newBudget()
	runs := 0
	testHookRun = func() {
		if runs++; runs > 1 {
			ctx.expire() // the budget runs out after the first window
		}
	}
	defer func() { testHookRun = nil }()
	got, err := serial.Score(ctx, text, words)
	var pe *PartialError
	if !errors.As(err, &pe) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Score past the deadline: %v, want a *PartialError", err)
	}
	if pe.Missed != pe.Windows-1 || !slices.Equal(got, pe.Scores) {
		t.Fatalf("partial: %d of %d windows missed, want all but one", pe.Missed, pe.Windows)
	}
	h, _ := Heuristic().Score(context.Background(), text, words)
	enc, _ := m.Tokenizer.Encode(text, words)
	firstWin := serial.windows(enc)[0]
	inFirst := map[int32]bool{}
	for _, wi := range firstWin.words {
		inFirst[wi] = true
	}
	for i := range got {
		want := h[i]
		if inFirst[int32(i)] {
			want = a[i]
		}
		if got[i] != want && !(inFirst[int32(i)] && got[i] == max(a[i], h[i])) {
			t.Fatalf("word %d: partial score %v, want %v (model %v, heuristic %v)", i, got[i], want, a[i], h[i])
		}
	}
	// Compress takes the partial scores and says so in its stats.
	testHookRun = nil
	ctx2 := newBudget()
	runs = 0
	testHookRun = func() {
		if runs++; runs > 1 {
			ctx2.expire()
		}
	}
	_, st, err := Compress(ctx2, serial, text, CompressOptions{TargetRatio: 0.5})
	if err != nil || st.MissedWindows == 0 || st.Windows != pe.Windows {
		t.Errorf("Compress past the deadline: %v, stats %+v", err, st)
	}
}

// budget is a context whose deadline passes when the test says so, not on
// a clock: tests must not depend on how fast a loaded machine runs.
type budget struct {
	context.Context
	once sync.Once
	done chan struct{}
}

func newBudget() *budget {
	return &budget{Context: context.Background(), done: make(chan struct{})}
}

func (b *budget) expire()                     { b.once.Do(func() { close(b.done) }) }
func (b *budget) Done() <-chan struct{}       { return b.done }
func (b *budget) Deadline() (time.Time, bool) { return time.Time{}, false }
func (b *budget) Err() error {
	select {
	case <-b.done:
		return context.DeadlineExceeded
	default:
		return nil
	}
}

// BenchmarkEncoderWindow measures one 512-token window through a
// ModernBERT-base-shaped encoder (hidden 768, 12 heads, GeGLU 1152) with
// random weights, fp32 and 8-bit MatMulNBits, with KOMPRESS_BENCH_LAYERS
// layers (default 2; the real model has 22, and the cost grows linearly
// with them). Reports wall and CPU time per window and the model's size.
func BenchmarkEncoderWindow(b *testing.B) {
	layers := 2
	if v := os.Getenv("KOMPRESS_BENCH_LAYERS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			b.Fatalf("KOMPRESS_BENCH_LAYERS=%q", v)
		}
		layers = n
	}
	for _, quantized := range []bool{false, true} {
		b.Run(fmt.Sprintf("layers=%d/int8=%v", layers, quantized), func(b *testing.B) {
			dir := filepath.Join(b.TempDir(), "encoder")
			sh := modelgen.EncoderShape{Hidden: 768, Heads: 12, Intermediate: 1152, Layers: layers, Quantized: quantized}
			if err := modelgen.WriteEncoder(dir, sh, 512, 512); err != nil {
				b.Fatal(err)
			}
			fi, err := os.Stat(filepath.Join(dir, model.ONNXFile))
			if err != nil {
				b.Fatal(err)
			}
			m, err := model.Load(dir)
			if err != nil {
				b.Fatal(err)
			}
			s := newONNX(b, m, ONNXOptions{BatchSize: 1, CacheTokens: -1})
			r := rand.New(rand.NewPCG(7, 8))
			w := window{tokens: make([]int32, 510), words: make([]int32, 510)}
			for k := range w.tokens {
				w.tokens[k], w.words[k] = int32(r.IntN(300)), int32(k)
			}
			scores := make([]float32, 510)
			cpu := sample.CPUTime()
			for b.Loop() {
				if _, err := s.run(context.Background(), []window{w}, scores); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/window")
			b.ReportMetric(float64((sample.CPUTime()-cpu).Milliseconds())/float64(b.N), "cpu-ms/window")
			b.ReportMetric(float64(fi.Size())/(1<<20), "model-MiB")
		})
	}
}

// TestONNXTargetRatio checks that TargetRatio is a share of tokens with
// the model's scores too: Compress fits the budget whatever the scorer.
func TestONNXTargetRatio(t *testing.T) {
	s := newONNX(t, loadModel(t, modelgen.BPEFinal), ONNXOptions{})
	tok, err := tokencount.New("")
	if err != nil {
		t.Fatal(err)
	}
	for _, ps := range samples(t) {
		in := tok.Count(ps.Text)
		low, _, err := Compress(context.Background(), s, ps.Text, CompressOptions{TargetRatio: 1e-9})
		if err != nil {
			t.Fatal(err)
		}
		floor := float64(tok.Count(low)) / float64(in)
		for _, r := range []float64{0.3, 0.5} {
			out, _, err := Compress(context.Background(), s, ps.Text, CompressOptions{TargetRatio: r})
			if err != nil {
				t.Fatal(err)
			}
			got := float64(tok.Count(out)) / float64(in)
			if want := max(r, floor); math.Abs(got-want) > 0.02 {
				t.Errorf("%s: target %.1f kept %.3f of the tokens, want %.3f ± 0.02 (floor %.3f)", ps.Name, r, got, want, floor)
			}
		}
	}
}
