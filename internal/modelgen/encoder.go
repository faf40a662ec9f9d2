package modelgen

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/kompress/kompress/model"
)

// EncoderShape sizes an encoder test model. The real Kompress-v2 is a
// ModernBERT-base token classifier (hidden 768, 12 heads, 22 layers); the
// test model has the same graph with small random weights.
type EncoderShape struct {
	Hidden, Heads, Intermediate, Layers int
	// Quantized replaces the weight MatMuls with com.microsoft MatMulNBits
	// (8-bit weights, blocks of 32), as in the int8 weight-only export.
	Quantized bool
}

// TestEncoder is the shape of the encoder test models.
var TestEncoder = EncoderShape{Hidden: 64, Heads: 4, Intermediate: 128, Layers: 2}

// encoderPositions bounds the rotary tables: the longest sequence the model
// accepts.
const encoderPositions = 1024

// quantBlock is MatMulNBits' block size along K.
const quantBlock = 32

// EncoderGraph returns a ModernBERT-shaped token classifier over vocabSize
// tokens with random weights (seeded, so deterministic): token embedding
// and LayerNormalization, then per layer pre-norm attention with rotary
// position embeddings (Reshape, Transpose, Gather, Slice, Neg, Concat,
// MatMul, Softmax with an additive attention-mask bias) and a GeGLU MLP
// (Split, Erf), a final norm and the prediction head, and softmax over two
// labels whose second is output as final_scores [batch, seq]. Opset 17.
func EncoderGraph(vocabSize int, sh EncoderShape) []byte {
	b := &encBuilder{r: rand.New(rand.NewPCG(17, uint64(vocabSize))), quant: sh.Quantized}
	H, D := sh.Hidden, sh.Hidden/sh.Heads
	b.ints("axis0", 0)
	b.ints("axis1", 1)
	b.ints("axis2", 2)
	b.ints("axis3", 3)
	b.ints("axes12", 1, 2)
	b.scalarInt("i0", 0)
	b.scalarInt("i1", 1)
	b.scalarInt("i2", 2)
	b.ints("qkvShape", 0, 0, 3, int64(sh.Heads), int64(D))
	b.ints("hiddenShape", 0, 0, int64(H))
	b.ints("halfD", int64(D/2))
	b.ints("fullD", int64(D))
	b.ints("split", int64(sh.Intermediate), int64(sh.Intermediate))
	b.ints("one1", 1)
	b.ints("two1", 2)
	b.floatScalar("fone", 1)
	b.floatScalar("fhalf", 0.5)
	b.floatScalar("sqrt2", math.Sqrt2)
	b.floatScalar("maskNeg", -1e4)
	b.floatScalar("attScale", float32(1/math.Sqrt(float64(D))))
	// Rotary tables: cos and sin of p·θ_j, each half of the head repeated.
	cos := make([]float32, 0, encoderPositions*D)
	sin := make([]float32, 0, encoderPositions*D)
	for p := range encoderPositions {
		for j := range D {
			theta := float64(p) / math.Pow(10000, float64(2*(j%(D/2)))/float64(D))
			cos = append(cos, float32(math.Cos(theta)))
			sin = append(sin, float32(math.Sin(theta)))
		}
	}
	b.init(tensor{name: "rope_cos", dims: []int64{encoderPositions, int64(D)}, floats: cos})
	b.init(tensor{name: "rope_sin", dims: []int64{encoderPositions, int64(D)}, floats: sin})

	b.node("Gather", []string{b.weight("tok_embeddings", vocabSize, H), "input_ids"}, "emb", attr{name: "axis", typ: attrInt, i: 0})
	x := b.norm("emb", "emb_norm", H)
	// The additive mask bias [B,1,1,S]: 0 for tokens, -1e4 for padding.
	b.node("Cast", []string{"attention_mask"}, "maskf", attr{name: "to", typ: attrInt, i: typeFloat})
	b.node("Sub", []string{"fone", "maskf"}, "unmask")
	b.node("Mul", []string{"unmask", "maskNeg"}, "maskbias2")
	b.node("Unsqueeze", []string{"maskbias2", "axes12"}, "maskbias")
	// The rotary tables cut to the sequence length.
	b.node("Shape", []string{"input_ids"}, "ids_shape")
	b.node("Gather", []string{"ids_shape", "i1"}, "seqlen0", attr{name: "axis", typ: attrInt, i: 0})
	b.node("Unsqueeze", []string{"seqlen0", "axis0"}, "seqlen")
	b.node("Slice", []string{"rope_cos", "axis0", "seqlen", "axis0"}, "cos")
	b.node("Slice", []string{"rope_sin", "axis0", "seqlen", "axis0"}, "sin")

	for l := range sh.Layers {
		p := fmt.Sprintf("l%d_", l)
		h := b.norm(x, p+"attn_norm", H)
		qkv := b.linear(h, p+"Wqkv", H, 3*H)
		b.node("Reshape", []string{qkv, "qkvShape"}, p+"qkv5")
		b.node("Transpose", []string{p + "qkv5"}, p+"qkvT", attr{name: "perm", typ: attrInts, ints: []int64{2, 0, 3, 1, 4}})
		var qkvs [3]string
		for k, idx := range []string{"i0", "i1", "i2"} {
			qkvs[k] = fmt.Sprintf("%sqkv%d", p, k)
			b.node("Gather", []string{p + "qkvT", idx}, qkvs[k], attr{name: "axis", typ: attrInt, i: 0})
		}
		q, k := b.rotary(qkvs[0], p+"q"), b.rotary(qkvs[1], p+"k")
		b.node("Transpose", []string{k}, p+"kT", attr{name: "perm", typ: attrInts, ints: []int64{0, 1, 3, 2}})
		b.node("MatMul", []string{q, p + "kT"}, p+"att_raw")
		b.node("Mul", []string{p + "att_raw", "attScale"}, p+"att_scaled")
		b.node("Add", []string{p + "att_scaled", "maskbias"}, p+"att_masked")
		b.node("Softmax", []string{p + "att_masked"}, p+"att_p", attr{name: "axis", typ: attrInt, i: -1})
		b.node("MatMul", []string{p + "att_p", qkvs[2]}, p+"ctx4")
		b.node("Transpose", []string{p + "ctx4"}, p+"ctxT", attr{name: "perm", typ: attrInts, ints: []int64{0, 2, 1, 3}})
		b.node("Reshape", []string{p + "ctxT", "hiddenShape"}, p+"ctx")
		o := b.linear(p+"ctx", p+"Wo", H, H)
		b.node("Add", []string{x, o}, p+"res1")
		h2 := b.norm(p+"res1", p+"mlp_norm", H)
		u := b.linear(h2, p+"Wi", H, 2*sh.Intermediate)
		b.n = append(b.n, node{op: "Split", inputs: []string{u, "split"}, outputs: []string{p + "mlp_in", p + "mlp_gate"},
			attrs: []attr{{name: "axis", typ: attrInt, i: -1}}})
		g := b.gelu(p+"mlp_in", p+"mlp_act")
		b.node("Mul", []string{g, p + "mlp_gate"}, p+"mlp_glu")
		m := b.linear(p+"mlp_glu", p+"Wmlp_o", sh.Intermediate, H)
		b.node("Add", []string{p + "res1", m}, p+"res2")
		x = p + "res2"
	}
	x = b.norm(x, "final_norm", H)
	hd := b.linear(x, "head_dense", H, H)
	hd = b.norm(b.gelu(hd, "head_act"), "head_norm", H)
	logits := b.linear(hd, "classifier", H, 2)
	b.node("Add", []string{logits, b.weight("classifier_bias", 2)}, "logits")
	b.node("Softmax", []string{"logits"}, "probs", attr{name: "axis", typ: attrInt, i: -1})
	b.node("Slice", []string{"probs", "one1", "two1", "axis2"}, "pkeep3")
	b.node("Squeeze", []string{"pkeep3", "axis2"}, "final_scores")

	return marshalModel(graph{
		name:         "kompress_encoder_test",
		nodes:        b.n,
		initializers: b.inits,
		inputs: []valueInfo{
			{"input_ids", typeInt64, []string{"batch", "seq"}},
			{"attention_mask", typeInt64, []string{"batch", "seq"}},
		},
		outputs: []valueInfo{{"final_scores", typeFloat, []string{"batch", "seq"}}},
	})
}

type encBuilder struct {
	r     *rand.Rand
	quant bool
	n     []node
	inits []tensor
}

func (b *encBuilder) node(op string, in []string, out string, attrs ...attr) {
	b.n = append(b.n, node{op: op, inputs: in, outputs: []string{out}, attrs: attrs})
}

func (b *encBuilder) init(t tensor) { b.inits = append(b.inits, t) }

func (b *encBuilder) ints(name string, v ...int64) {
	b.init(tensor{name: name, dims: []int64{int64(len(v))}, int64s: v})
}

func (b *encBuilder) scalarInt(name string, v int64) { b.init(tensor{name: name, int64s: []int64{v}}) }

func (b *encBuilder) floatScalar(name string, v float32) {
	b.init(tensor{name: name, floats: []float32{v}})
}

// weight adds a random float tensor of the given dims, uniform in ±0.08.
func (b *encBuilder) weight(name string, dims ...int) string {
	n := 1
	d64 := make([]int64, len(dims))
	for i, d := range dims {
		n *= d
		d64[i] = int64(d)
	}
	v := make([]float32, n)
	for i := range v {
		v[i] = float32(b.r.Float64()*0.16 - 0.08)
	}
	b.init(tensor{name: name, dims: d64, floats: v})
	return name
}

// linear multiplies x by a random [k, n] weight: a MatMul, or a
// MatMulNBits over the weight quantised to 8 bits when quantising.
func (b *encBuilder) linear(x, name string, k, n int) string {
	out := name + "_out"
	if !b.quant {
		b.node("MatMul", []string{x, b.weight(name, k, n)}, out)
		return out
	}
	w := make([]float64, k*n) // row-major [k][n]
	for i := range w {
		w[i] = b.r.Float64()*0.16 - 0.08
	}
	blocks := (k + quantBlock - 1) / quantBlock
	q := make([]byte, n*blocks*quantBlock) // [n][blocks][quantBlock]
	scales := make([]float32, n*blocks)
	for col := range n {
		for blk := range blocks {
			amax := 1e-8
			for j := range quantBlock {
				if r := blk*quantBlock + j; r < k {
					amax = math.Max(amax, math.Abs(w[r*n+col]))
				}
			}
			scale := amax / 127
			scales[col*blocks+blk] = float32(scale)
			for j := range quantBlock {
				v := 128.0 // the default zero point: padding dequantises to 0
				if r := blk*quantBlock + j; r < k {
					v = math.Round(w[r*n+col]/scale) + 128
				}
				q[(col*blocks+blk)*quantBlock+j] = byte(min(max(v, 0), 255))
			}
		}
	}
	b.init(tensor{name: name + "_q", dims: []int64{int64(n), int64(blocks), quantBlock}, uint8s: q})
	b.init(tensor{name: name + "_scales", dims: []int64{int64(n * blocks)}, floats: scales})
	b.n = append(b.n, node{op: "MatMulNBits", domain: msDomain, inputs: []string{x, name + "_q", name + "_scales"}, outputs: []string{out},
		attrs: []attr{
			{name: "K", typ: attrInt, i: int64(k)}, {name: "N", typ: attrInt, i: int64(n)},
			{name: "bits", typ: attrInt, i: 8}, {name: "block_size", typ: attrInt, i: quantBlock},
		}})
	return out
}

// norm is LayerNormalization over the last axis with a random scale near 1
// and a zero bias.
func (b *encBuilder) norm(x, name string, h int) string {
	scale := make([]float32, h)
	for i := range scale {
		scale[i] = float32(1 + b.r.Float64()*0.2 - 0.1)
	}
	b.init(tensor{name: name + "_scale", dims: []int64{int64(h)}, floats: scale})
	b.init(tensor{name: name + "_bias", dims: []int64{int64(h)}, floats: make([]float32, h)})
	out := name + "_out"
	b.node("LayerNormalization", []string{x, name + "_scale", name + "_bias"}, out,
		attr{name: "axis", typ: attrInt, i: -1}, attr{name: "epsilon", typ: attrFloat, f: 1e-5})
	return out
}

// gelu is the exact GELU, x·½·(1+erf(x/√2)), as opset 17 exports it.
func (b *encBuilder) gelu(x, name string) string {
	b.node("Div", []string{x, "sqrt2"}, name+"_s")
	b.node("Erf", []string{name + "_s"}, name+"_erf")
	b.node("Add", []string{name + "_erf", "fone"}, name+"_1p")
	b.node("Mul", []string{x, name + "_1p"}, name+"_x1p")
	b.node("Mul", []string{name + "_x1p", "fhalf"}, name)
	return name
}

// rotary applies the rotary position embedding to x [B, heads, S, D]:
// x·cos + rotate_half(x)·sin.
func (b *encBuilder) rotary(x, name string) string {
	b.node("Slice", []string{x, "axis0", "halfD", "axis3"}, name+"_x1")
	b.node("Slice", []string{x, "halfD", "fullD", "axis3"}, name+"_x2")
	b.node("Neg", []string{name + "_x2"}, name+"_nx2")
	b.n = append(b.n, node{op: "Concat", inputs: []string{name + "_nx2", name + "_x1"}, outputs: []string{name + "_rot"},
		attrs: []attr{{name: "axis", typ: attrInt, i: -1}}})
	b.node("Mul", []string{x, "cos"}, name+"_c")
	b.node("Mul", []string{name + "_rot", "sin"}, name+"_s")
	b.node("Add", []string{name + "_c", name + "_s"}, name)
	return name
}

// WriteEncoder writes an encoder test model directory: EncoderGraph over
// the byte-level BPE test tokenizer, with its manifest. The models are
// built by tests, not committed.
func WriteEncoder(dir string, sh EncoderShape, maxLength, wordsPerChunk int) error {
	tok, size, err := bpeTokenizer()
	if err != nil {
		return err
	}
	if maxLength > encoderPositions {
		return fmt.Errorf("modelgen: max length %d over the encoder's %d positions", maxLength, encoderPositions)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, model.ONNXFile), EncoderGraph(size, sh), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, model.TokenizerFile), tok, 0o644); err != nil {
		return err
	}
	name := "test-encoder"
	if sh.Quantized {
		name += "-int8"
	}
	mf := model.Manifest{Name: name, Output: model.FinalScores, MaxLength: maxLength, WordsPerChunk: wordsPerChunk}
	return model.WriteManifest(dir, mf, model.ONNXFile, model.TokenizerFile)
}
