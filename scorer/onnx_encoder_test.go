//go:build cgo

package scorer

import (
	"context"
	"math"
	"path/filepath"
	"testing"

	"github.com/kompress/kompress/internal/modelgen"
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
