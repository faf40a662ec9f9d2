// Package modelgen builds the small Kompress test models under
// testdata/models: ONNX graphs written with protowire and tokenizer.json
// files (WordPiece and byte-level BPE) whose vocabularies are derived from a
// built-in corpus. Scores depend on each token's id and, through a masked
// mean over the sequence, on every other real token, so padding and
// attention-mask mistakes change them. Reference computes the same scores in
// pure Go. Regenerate with: go test ./internal/modelgen -update
package modelgen

import (
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/kompress/kompress/model"
)

// Alpha weighs the sequence context added to each token's embedding.
const Alpha = 0.25

// Dims is the width of the embedding table: two logits and a span logit.
const Dims = 3

// Embedding returns the row of token id: values in [-2, 2) from a hash,
// so the table needs no storage besides the model.
func Embedding(id int32) [Dims]float32 {
	var row [Dims]float32
	x := uint64(id)*0x9E3779B97F4A7C15 + 0x632BE59BD9B4E5A9
	for j := range row {
		x ^= x >> 30
		x *= 0xBF58476D1CE4E5B9
		x ^= x >> 27
		x *= 0x94D049BB133111EB
		x ^= x >> 31
		// Quantise to 1/1024 so float32 holds every value exactly.
		row[j] = float32(int64(x%4096)-2048) / 1024
	}
	return row
}

// Scores are one sequence's outputs, computed by Reference.
type Scores struct {
	PKeep []float64 // softmax(logits)[1]
	Span  []float64 // sigmoid(span logit)
	Final []float64 // PKeep × (0.5 + 0.5 × Span)
}

// Reference computes the test graphs' outputs for one unpadded sequence
// (every attention-mask value 1) in float64.
func Reference(ids []int32) Scores {
	var mean [Dims]float64
	for _, id := range ids {
		e := Embedding(id)
		for j := range mean {
			mean[j] += float64(e[j])
		}
	}
	for j := range mean {
		mean[j] /= float64(len(ids))
	}
	s := Scores{make([]float64, len(ids)), make([]float64, len(ids)), make([]float64, len(ids))}
	for i, id := range ids {
		e := Embedding(id)
		var h [Dims]float64
		for j := range h {
			h[j] = float64(e[j]) + Alpha*mean[j]
		}
		s.PKeep[i] = 1 / (1 + math.Exp(h[0]-h[1]))
		s.Span[i] = 1 / (1 + math.Exp(-h[2]))
		s.Final[i] = s.PKeep[i] * (0.5 + 0.5*s.Span[i])
	}
	return s
}

// buildGraph returns the ONNX model: logits [B,S,2] and span [B,S] outputs,
// or final_scores [B,S] when final is set.
func buildGraph(vocabSize int, final bool) []byte {
	table := make([]float32, 0, vocabSize*Dims)
	for id := range vocabSize {
		e := Embedding(int32(id))
		table = append(table, e[:]...)
	}
	i64 := func(name string, v ...int64) tensor {
		return tensor{name: name, dims: []int64{int64(len(v))}, int64s: v}
	}
	g := graph{
		name: "kompress_test",
		initializers: []tensor{
			{name: "embedding", dims: []int64{int64(vocabSize), Dims}, floats: table},
			{name: "alpha", floats: []float32{Alpha}},
			{name: "half", floats: []float32{0.5}},
			i64("axis1", 1), i64("axis2", 2),
			i64("zero", 0), i64("one", 1), i64("two", 2), i64("three", 3),
		},
		inputs: []valueInfo{
			{"input_ids", typeInt64, []string{"batch", "seq"}},
			{"attention_mask", typeInt64, []string{"batch", "seq"}},
		},
		nodes: []node{
			{op: "Gather", inputs: []string{"embedding", "input_ids"}, outputs: []string{"emb"}, attrs: []attr{{name: "axis", typ: attrInt, i: 0}}},
			{op: "Cast", inputs: []string{"attention_mask"}, outputs: []string{"maskf"}, attrs: []attr{{name: "to", typ: attrInt, i: typeFloat}}},
			{op: "Unsqueeze", inputs: []string{"maskf", "axis2"}, outputs: []string{"mask3"}},
			{op: "Mul", inputs: []string{"emb", "mask3"}, outputs: []string{"embm"}},
			{op: "ReduceSum", inputs: []string{"embm", "axis1"}, outputs: []string{"ctxsum"}, attrs: []attr{{name: "keepdims", typ: attrInt, i: 1}}},
			{op: "ReduceSum", inputs: []string{"mask3", "axis1"}, outputs: []string{"count"}, attrs: []attr{{name: "keepdims", typ: attrInt, i: 1}}},
			{op: "Div", inputs: []string{"ctxsum", "count"}, outputs: []string{"ctxmean"}},
			{op: "Mul", inputs: []string{"ctxmean", "alpha"}, outputs: []string{"ctxw"}},
			{op: "Add", inputs: []string{"emb", "ctxw"}, outputs: []string{"h"}},
			{op: "Slice", inputs: []string{"h", "zero", "two", "axis2"}, outputs: []string{"logits"}},
			{op: "Slice", inputs: []string{"h", "two", "three", "axis2"}, outputs: []string{"span_logit"}},
			{op: "Squeeze", inputs: []string{"span_logit", "axis2"}, outputs: []string{"span_logit2"}},
			{op: "Sigmoid", inputs: []string{"span_logit2"}, outputs: []string{"span"}},
		},
	}
	if final {
		g.nodes = append(g.nodes,
			node{op: "Softmax", inputs: []string{"logits"}, outputs: []string{"probs"}, attrs: []attr{{name: "axis", typ: attrInt, i: -1}}},
			node{op: "Slice", inputs: []string{"probs", "one", "two", "axis2"}, outputs: []string{"pkeep3"}},
			node{op: "Squeeze", inputs: []string{"pkeep3", "axis2"}, outputs: []string{"pkeep"}},
			node{op: "Mul", inputs: []string{"span", "half"}, outputs: []string{"span_half"}},
			node{op: "Add", inputs: []string{"span_half", "half"}, outputs: []string{"span_weight"}},
			node{op: "Mul", inputs: []string{"pkeep", "span_weight"}, outputs: []string{"final_scores"}},
		)
		g.outputs = []valueInfo{{"final_scores", typeFloat, []string{"batch", "seq"}}}
	} else {
		g.outputs = []valueInfo{
			{"logits", typeFloat, []string{"batch", "seq", "2"}},
			{"span", typeFloat, []string{"batch", "seq"}},
		}
	}
	return marshalModel(g)
}

// Test model directory names under testdata/models.
const (
	WordPieceLogits = "wordpiece-logits" // WordPiece, logits [B,S,2] + span
	BPEFinal        = "bpe-final"        // byte-level BPE, final_scores [B,S]
)

// Test models' sequence limits: small, so that tests cross chunk
// boundaries with short texts.
const (
	TestMaxLength     = 48
	TestWordsPerChunk = 24
)

// Generate writes both test model directories under root.
func Generate(root string) error {
	wpJSON, wpSize, err := wordPieceTokenizer()
	if err != nil {
		return err
	}
	bpeJSON, bpeSize, err := bpeTokenizer()
	if err != nil {
		return err
	}
	dirs := []struct {
		name      string
		tokenizer []byte
		vocab     int
		manifest  model.Manifest
	}{
		{WordPieceLogits, wpJSON, wpSize, model.Manifest{Name: "test-" + WordPieceLogits, Output: model.Logits, SpanOutput: "span"}},
		{BPEFinal, bpeJSON, bpeSize, model.Manifest{Name: "test-" + BPEFinal, Output: model.FinalScores}},
	}
	for _, d := range dirs {
		dir := filepath.Join(root, d.name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		onnx := buildGraph(d.vocab, d.manifest.Output == model.FinalScores)
		if err := os.WriteFile(filepath.Join(dir, model.ONNXFile), onnx, 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, model.TokenizerFile), d.tokenizer, 0o644); err != nil {
			return err
		}
		mf := d.manifest
		mf.MaxLength, mf.WordsPerChunk = TestMaxLength, TestWordsPerChunk
		if err := model.WriteManifest(dir, mf, model.ONNXFile, model.TokenizerFile); err != nil {
			return fmt.Errorf("%s: %w", d.name, err)
		}
	}
	return nil
}

// SlowGraph returns a final_scores model that does about 2·S³·matmuls
// floating-point operations per sequence of S tokens and has no weights, so
// tests can cancel a run in flight without committing a large model.
func SlowGraph(matmuls int) []byte {
	g := graph{
		name:         "kompress_slow",
		initializers: []tensor{{name: "axis1", dims: []int64{1}, int64s: []int64{1}}, {name: "axis2", dims: []int64{1}, int64s: []int64{2}}},
		inputs: []valueInfo{
			{"input_ids", typeInt64, []string{"batch", "seq"}},
			{"attention_mask", typeInt64, []string{"batch", "seq"}},
		},
		nodes: []node{
			{op: "Mul", inputs: []string{"input_ids", "attention_mask"}, outputs: []string{"masked"}},
			{op: "Cast", inputs: []string{"masked"}, outputs: []string{"x"}, attrs: []attr{{name: "to", typ: attrInt, i: typeFloat}}},
			{op: "Unsqueeze", inputs: []string{"x", "axis2"}, outputs: []string{"col"}},
			{op: "Unsqueeze", inputs: []string{"x", "axis1"}, outputs: []string{"row"}},
			{op: "MatMul", inputs: []string{"col", "row"}, outputs: []string{"outer"}},
			{op: "Sigmoid", inputs: []string{"outer"}, outputs: []string{"m0"}},
		},
		outputs: []valueInfo{{"final_scores", typeFloat, []string{"batch", "seq"}}},
	}
	prev := "m0"
	for k := range matmuls {
		p, next := fmt.Sprintf("p%d", k), fmt.Sprintf("m%d", k+1)
		g.nodes = append(g.nodes,
			node{op: "MatMul", inputs: []string{prev, prev}, outputs: []string{p}},
			node{op: "Sigmoid", inputs: []string{p}, outputs: []string{next}})
		prev = next
	}
	g.nodes = append(g.nodes,
		node{op: "ReduceMean", inputs: []string{prev}, outputs: []string{"mean"}, attrs: []attr{{name: "axes", typ: attrInts, ints: []int64{2}}, {name: "keepdims", typ: attrInt, i: 0}}},
		node{op: "Sigmoid", inputs: []string{"mean"}, outputs: []string{"final_scores"}})
	return marshalModel(g)
}
