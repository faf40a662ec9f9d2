//go:build cgo

package scorer

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/kompress/kompress/internal/modelgen"
	"github.com/kompress/kompress/model"
	"github.com/kompress/kompress/tokenize"
)

const testModels = "../testdata/models"

// runtimeLib returns the ONNX Runtime library, skipping the test when there
// is none unless KOMPRESS_REQUIRE_ONNX=1 (CI), where that is a failure.
func runtimeLib(t testing.TB) string {
	t.Helper()
	lib, err := model.RuntimeLib()
	if err != nil {
		if os.Getenv("KOMPRESS_REQUIRE_ONNX") == "1" {
			t.Fatalf("KOMPRESS_REQUIRE_ONNX=1: %v", err)
		}
		t.Skipf("no ONNX Runtime (run scripts/fetch-model.sh --runtime): %v", err)
	}
	return lib
}

func loadModel(t testing.TB, name string) *model.Model {
	t.Helper()
	m, err := model.Load(filepath.Join(testModels, name))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func newONNX(t testing.TB, m *model.Model, opts ONNXOptions) *ONNX {
	t.Helper()
	opts.RuntimeLib = runtimeLib(t)
	s, err := NewONNX(m, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Error(err)
		}
	})
	return s
}

// reference scores words in pure Go: the windows the scorer chose (their
// properties are checked by TestWindows), the graph's math from modelgen,
// and the max over each word's tokens.
func reference(t *testing.T, s *ONNX, text string, words []tokenize.Word) []float32 {
	t.Helper()
	enc, err := s.m.Tokenizer.Encode(text, words)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]float64, len(words))
	for i := range want {
		want[i] = -1
	}
	tok := s.m.Tokenizer
	for _, w := range s.windows(enc) {
		ids := append(append(append([]int32{}, tok.Prefix()...), w.tokens...), tok.Suffix()...)
		ref := modelgen.Reference(ids)
		for k, wi := range w.words {
			p := ref.Final[len(tok.Prefix())+k]
			if s.m.Output == model.Logits && s.m.SpanOutput == "" {
				p = ref.PKeep[len(tok.Prefix())+k]
			}
			if wi >= 0 {
				want[wi] = math.Max(want[wi], p)
			}
		}
	}
	out := make([]float32, len(want))
	for i, v := range want {
		out[i] = float32(v)
		if v < 0 {
			out[i] = 1
		}
	}
	return out
}

func longText(words int) string {
	base := strings.Fields(modelgen.Corpus)
	var b strings.Builder
	for i := range words {
		b.WriteString(base[i%len(base)])
		if i%11 == 10 {
			b.WriteString("\n")
		} else {
			b.WriteString(" ")
		}
	}
	return b.String()
}

var scoreTexts = map[string]string{
	"short":     "The build failed because the test runner could not find the file.",
	"non-ascii": "naïve café 東京 Ünïcode résumé—dash über",
	"invalid":   "bad \xff\xfe bytes and caf\xc3 \x00 control",
	"logs":      "ERROR 2024-05-01 12:00:03 request failed: connection refused (retry 3/5)\n--- FAIL: TestParse (0.01s)\n",
	"long":      longText(300),
	"blank":     "  \n\t ",
	"giant":     "start " + strings.Repeat("x", 200) + " end",
}

func TestONNXMatchesReference(t *testing.T) {
	for _, name := range []string{modelgen.WordPieceLogits, modelgen.BPEFinal} {
		s := newONNX(t, loadModel(t, name), ONNXOptions{})
		for tname, text := range scoreTexts {
			t.Run(name+"/"+tname, func(t *testing.T) {
				words := tokenize.Words(text)
				got, err := s.Score(context.Background(), text, words)
				if err != nil {
					t.Fatal(err)
				}
				want := reference(t, s, text, words)
				if len(got) != len(words) {
					t.Fatalf("%d scores for %d words", len(got), len(words))
				}
				for i := range got {
					if math.Abs(float64(got[i]-want[i])) > 1e-5 {
						t.Errorf("word %d %q: score %v, reference %v", i, text[words[i].Start:words[i].End], got[i], want[i])
					}
				}
			})
		}
	}
}

func TestLogitsWithoutSpan(t *testing.T) {
	dir := copyModel(t, modelgen.WordPieceLogits)
	mf, err := model.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	mf.SpanOutput = ""
	if err := model.WriteManifest(dir, *mf, model.ONNXFile, model.TokenizerFile); err != nil {
		t.Fatal(err)
	}
	m, err := model.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	s := newONNX(t, m, ONNXOptions{})
	text := scoreTexts["short"]
	words := tokenize.Words(text)
	got, err := s.Score(context.Background(), text, words)
	if err != nil {
		t.Fatal(err)
	}
	want := reference(t, s, text, words)
	spanned := reference(t, newONNX(t, loadModel(t, modelgen.WordPieceLogits), ONNXOptions{}), text, words)
	for i := range got {
		if math.Abs(float64(got[i]-want[i])) > 1e-5 {
			t.Errorf("word %d: %v, want p_keep %v", i, got[i], want[i])
		}
		if got[i] == spanned[i] {
			t.Errorf("word %d: span output seems applied (%v)", i, got[i])
		}
	}
}

// TestWindows checks the chunking invariants on both tokenizers: windows
// cover every token once, in order; respect max_length and words_per_chunk;
// and split a word only when it alone exceeds a window.
func TestWindows(t *testing.T) {
	for _, name := range []string{modelgen.WordPieceLogits, modelgen.BPEFinal} {
		m := loadModel(t, name)
		s := &ONNX{m: m}
		capacity := m.MaxLength - len(m.Tokenizer.Prefix()) - len(m.Tokenizer.Suffix())
		for tname, text := range scoreTexts {
			enc, err := m.Tokenizer.Encode(text, tokenize.Words(text))
			if err != nil {
				t.Fatal(err)
			}
			wins := s.windows(enc)
			var ids, wordIdx []int32
			for k, w := range wins {
				if len(w.tokens) == 0 || len(w.tokens) > capacity {
					t.Errorf("%s/%s: window %d has %d tokens, capacity %d", name, tname, k, len(w.tokens), capacity)
				}
				distinct := map[int32]bool{}
				for _, wi := range w.words {
					if wi >= 0 {
						distinct[wi] = true
					}
				}
				if len(distinct) > m.WordsPerChunk {
					t.Errorf("%s/%s: window %d has %d words", name, tname, k, len(distinct))
				}
				if k > 0 && len(w.words) > 0 && len(wins[k-1].words) > 0 {
					prev, first := wins[k-1].words[len(wins[k-1].words)-1], w.words[0]
					if first >= 0 && first == prev && len(wins[k-1].tokens) < capacity {
						t.Errorf("%s/%s: word %d split between windows %d and %d", name, tname, first, k-1, k)
					}
				}
				ids, wordIdx = append(ids, w.tokens...), append(wordIdx, w.words...)
			}
			if fmt.Sprint(ids) != fmt.Sprint(enc.IDs) || fmt.Sprint(wordIdx) != fmt.Sprint(enc.Words) {
				t.Errorf("%s/%s: windows do not cover the encoding exactly once", name, tname)
			}
			if tname == "long" && len(wins) < 3 {
				t.Errorf("%s/long: %d windows, want several", name, len(wins))
			}
		}
	}
}

// TestChunkBoundaries checks that the first and last words of a text much
// longer than one window are scored by the model, not defaulted.
func TestChunkBoundaries(t *testing.T) {
	s := newONNX(t, loadModel(t, modelgen.BPEFinal), ONNXOptions{})
	text := longText(500)
	words := tokenize.Words(text)
	got, err := s.Score(context.Background(), text, words)
	if err != nil {
		t.Fatal(err)
	}
	want := reference(t, s, text, words)
	for _, i := range []int{0, 1, len(words) / 2, len(words) - 2, len(words) - 1} {
		if got[i] == 1 || math.Abs(float64(got[i]-want[i])) > 1e-5 {
			t.Errorf("word %d of %d: %v, want %v", i, len(words), got[i], want[i])
		}
	}
}

func TestBatchEquivalence(t *testing.T) {
	for _, name := range []string{modelgen.WordPieceLogits, modelgen.BPEFinal} {
		m := loadModel(t, name)
		one := newONNX(t, m, ONNXOptions{BatchSize: 1})
		eight := newONNX(t, m, ONNXOptions{BatchSize: 8, Threads: 1})
		text := longText(400)
		words := tokenize.Words(text)
		a, err := one.Score(context.Background(), text, words)
		if err != nil {
			t.Fatal(err)
		}
		b, err := eight.Score(context.Background(), text, words)
		if err != nil {
			t.Fatal(err)
		}
		for i := range a {
			if math.Abs(float64(a[i]-b[i])) > 1e-6 {
				t.Fatalf("%s word %d: batch 1 gives %v, batch 8 gives %v", name, i, a[i], b[i])
			}
		}
	}
}

func TestConcurrentScore(t *testing.T) {
	s := newONNX(t, loadModel(t, modelgen.BPEFinal), ONNXOptions{BatchSize: 4})
	texts := []string{scoreTexts["short"], scoreTexts["long"], scoreTexts["non-ascii"], longText(120)}
	want := make([][]float32, len(texts))
	for i, text := range texts {
		var err error
		if want[i], err = s.Score(context.Background(), text, tokenize.Words(text)); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for g := range 6 {
		wg.Go(func() {
			for k := range 4 {
				i := (g + k) % len(texts)
				got, err := s.Score(context.Background(), texts[i], tokenize.Words(texts[i]))
				if err != nil {
					t.Error(err)
					return
				}
				if fmt.Sprint(got) != fmt.Sprint(want[i]) {
					t.Errorf("goroutine %d text %d: scores differ from the serial run", g, i)
				}
			}
		})
	}
	wg.Wait()
}

func TestScoreContextAndClose(t *testing.T) {
	m := loadModel(t, modelgen.BPEFinal)
	s, err := NewONNX(m, ONNXOptions{RuntimeLib: runtimeLib(t)})
	if err != nil {
		t.Fatal(err)
	}
	text := scoreTexts["long"]
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Score(ctx, text, tokenize.Words(text)); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled Score: %v, want context.Canceled", err)
	}
	if _, err := s.Score(context.Background(), "a b", []tokenize.Word{{Start: 0, End: 1}, {Start: 1, End: 3}}); !errors.Is(err, tokenize.ErrSpans) {
		t.Errorf("bad spans: %v, want ErrSpans", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if _, err := s.Score(context.Background(), text, tokenize.Words(text)); !errors.Is(err, ErrClosed) {
		t.Errorf("Score after Close: %v, want ErrClosed", err)
	}
}

// copyModel copies a test model directory into a temporary one.
func copyModel(t *testing.T, name string) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range []string{model.ONNXFile, model.TokenizerFile, model.ManifestFile} {
		data, err := os.ReadFile(filepath.Join(testModels, name, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestCorruptONNX(t *testing.T) {
	lib := runtimeLib(t)
	for name, content := range map[string][]byte{
		"garbage":   []byte("this is not an onnx model"),
		"truncated": nil, // filled below
	} {
		t.Run(name, func(t *testing.T) {
			dir := copyModel(t, modelgen.BPEFinal)
			if content == nil {
				data, _ := os.ReadFile(filepath.Join(dir, model.ONNXFile))
				content = data[:len(data)/2]
			}
			if err := os.WriteFile(filepath.Join(dir, model.ONNXFile), content, 0o644); err != nil {
				t.Fatal(err)
			}
			mf, _ := model.ReadManifest(dir)
			// With the old checksum the manifest catches it...
			if _, err := model.Load(dir); !errors.Is(err, model.ErrChecksum) {
				t.Fatalf("Load: %v, want ErrChecksum", err)
			}
			// ...and with a matching one the runtime does.
			if err := model.WriteManifest(dir, *mf, model.ONNXFile, model.TokenizerFile); err != nil {
				t.Fatal(err)
			}
			m, err := model.Load(dir)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := NewONNX(m, ONNXOptions{RuntimeLib: lib}); !errors.Is(err, model.ErrCorrupt) {
				t.Errorf("NewONNX: %v, want ErrCorrupt", err)
			}
		})
	}
}

// TestWrongConvention opens a logits model whose manifest claims
// final_scores: the probe run must reject it.
func TestWrongConvention(t *testing.T) {
	dir := copyModel(t, modelgen.WordPieceLogits)
	mf, err := model.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	mf.Output, mf.SpanOutput = model.FinalScores, ""
	if err := model.WriteManifest(dir, *mf, model.ONNXFile, model.TokenizerFile); err != nil {
		t.Fatal(err)
	}
	m, err := model.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewONNX(m, ONNXOptions{RuntimeLib: runtimeLib(t)}); !errors.Is(err, model.ErrCorrupt) {
		t.Errorf("NewONNX: %v, want ErrCorrupt", err)
	}
}

// TestRuntimeInitFailure loads a file that is not a shared library in a
// fresh process, since a process initialises the runtime only once.
func TestRuntimeInitFailure(t *testing.T) {
	if lib := os.Getenv("KOMPRESS_TEST_BAD_LIB"); lib != "" {
		err := initRuntime(lib)
		if !errors.Is(err, model.ErrNoRuntime) {
			fmt.Printf("initRuntime: %v, want ErrNoRuntime\n", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	bad := filepath.Join(t.TempDir(), "libonnxruntime.so.1")
	if err := os.WriteFile(bad, []byte("not a library"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestRuntimeInitFailure$")
	cmd.Env = append(os.Environ(), "KOMPRESS_TEST_BAD_LIB="+bad)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
}

// TestCancelDuringRun cancels while ONNX Runtime is inside a long run: the
// run must be terminated (not waited out), its tensors freed only after it
// returns, and the shared session must keep working.
func TestCancelDuringRun(t *testing.T) {
	dir := copyModel(t, modelgen.BPEFinal)
	// One batch of this graph takes minutes; only termination ends it soon.
	if err := os.WriteFile(filepath.Join(dir, model.ONNXFile), modelgen.SlowGraph(400), 0o644); err != nil {
		t.Fatal(err)
	}
	mf, err := model.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	mf.MaxLength, mf.WordsPerChunk = 512, 500
	if err := model.WriteManifest(dir, *mf, model.ONNXFile, model.TokenizerFile); err != nil {
		t.Fatal(err)
	}
	m, err := model.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	s := newONNX(t, m, ONNXOptions{Threads: 1})

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	started := make(chan struct{}, 1)
	testHookRun = func() {
		select {
		case started <- struct{}{}:
		default:
		}
	}
	defer func() { testHookRun = nil }()
	go func() {
		<-started
		cancel()
	}()
	text := longText(800)
	_, err = s.Score(ctx, text, tokenize.Words(text))
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "terminate") {
		t.Fatalf("Score: %v, want context.Canceled from a terminated run", err)
	}
	testHookRun = nil
	short := "keep going"
	if scores, err := s.Score(context.Background(), short, tokenize.Words(short)); err != nil || len(scores) != 2 {
		t.Errorf("Score after a terminated run: %v, %v", scores, err)
	}
}
