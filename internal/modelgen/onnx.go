package modelgen

import (
	"encoding/binary"
	"math"

	"google.golang.org/protobuf/encoding/protowire"
)

// A minimal ONNX ModelProto writer: just the fields the test graphs use,
// numbered as in onnx.proto.

const (
	typeFloat = 1 // TensorProto.FLOAT
	typeUint8 = 2 // TensorProto.UINT8
	typeInt64 = 7 // TensorProto.INT64

	attrFloat = 1
	attrInt   = 2
	attrInts  = 7
)

type node struct {
	op      string
	inputs  []string
	outputs []string
	attrs   []attr
	domain  string // "" is the default ONNX domain; com.microsoft for contrib ops
}

type attr struct {
	name string
	typ  int
	i    int64
	f    float32
	ints []int64
}

type tensor struct {
	name   string
	dims   []int64
	floats []float32
	int64s []int64
	uint8s []byte
}

type valueInfo struct {
	name  string
	elem  int
	shape []string // symbolic dims
}

type graph struct {
	name         string
	nodes        []node
	initializers []tensor
	inputs       []valueInfo
	outputs      []valueInfo
}

func appendString(b []byte, num protowire.Number, s string) []byte {
	b = protowire.AppendTag(b, num, protowire.BytesType)
	return protowire.AppendString(b, s)
}

func appendVarint(b []byte, num protowire.Number, v uint64) []byte {
	b = protowire.AppendTag(b, num, protowire.VarintType)
	return protowire.AppendVarint(b, v)
}

func appendMessage(b []byte, num protowire.Number, msg []byte) []byte {
	b = protowire.AppendTag(b, num, protowire.BytesType)
	return protowire.AppendBytes(b, msg)
}

func (n node) marshal() []byte {
	var b []byte
	for _, in := range n.inputs {
		b = appendString(b, 1, in)
	}
	for _, out := range n.outputs {
		b = appendString(b, 2, out)
	}
	b = appendString(b, 3, n.outputs[0])
	b = appendString(b, 4, n.op)
	if n.domain != "" {
		b = appendString(b, 7, n.domain)
	}
	for _, a := range n.attrs {
		var m []byte
		m = appendString(m, 1, a.name)
		switch a.typ {
		case attrFloat:
			m = protowire.AppendTag(m, 2, protowire.Fixed32Type)
			m = protowire.AppendFixed32(m, math.Float32bits(a.f))
		case attrInt:
			m = appendVarint(m, 3, uint64(a.i))
		case attrInts:
			for _, v := range a.ints {
				m = appendVarint(m, 8, uint64(v))
			}
		}
		m = appendVarint(m, 20, uint64(a.typ))
		b = appendMessage(b, 5, m)
	}
	return b
}

func (t tensor) marshal() []byte {
	var b []byte
	for _, d := range t.dims {
		b = appendVarint(b, 1, uint64(d))
	}
	var raw []byte
	if t.uint8s != nil {
		b = appendVarint(b, 2, typeUint8)
		raw = t.uint8s
	} else if t.floats != nil {
		b = appendVarint(b, 2, typeFloat)
		for _, f := range t.floats {
			raw = binary.LittleEndian.AppendUint32(raw, math.Float32bits(f))
		}
	} else {
		b = appendVarint(b, 2, typeInt64)
		for _, v := range t.int64s {
			raw = binary.LittleEndian.AppendUint64(raw, uint64(v))
		}
	}
	b = appendString(b, 8, t.name)
	b = protowire.AppendTag(b, 9, protowire.BytesType)
	return protowire.AppendBytes(b, raw)
}

func (v valueInfo) marshal() []byte {
	var shape []byte
	for _, d := range v.shape {
		shape = appendMessage(shape, 1, appendString(nil, 2, d))
	}
	var tt []byte
	tt = appendVarint(tt, 1, uint64(v.elem))
	tt = appendMessage(tt, 2, shape)
	var b []byte
	b = appendString(b, 1, v.name)
	return appendMessage(b, 2, appendMessage(nil, 1, tt))
}

func (g graph) marshal() []byte {
	var b []byte
	for _, n := range g.nodes {
		b = appendMessage(b, 1, n.marshal())
	}
	b = appendString(b, 2, g.name)
	for _, t := range g.initializers {
		b = appendMessage(b, 5, t.marshal())
	}
	for _, v := range g.inputs {
		b = appendMessage(b, 11, v.marshal())
	}
	for _, v := range g.outputs {
		b = appendMessage(b, 12, v.marshal())
	}
	return b
}

// marshalModel wraps g in a ModelProto for IR version 8, opset 17, and
// opset 1 of com.microsoft when a node uses it.
func marshalModel(g graph) []byte {
	var b []byte
	b = appendVarint(b, 1, 8) // ir_version
	b = appendString(b, 2, "kompress-modelgen")
	b = appendString(b, 3, "1")
	b = appendMessage(b, 7, g.marshal())
	var opset []byte
	opset = appendString(opset, 1, "")
	opset = appendVarint(opset, 2, 17)
	b = appendMessage(b, 8, opset)
	for _, n := range g.nodes {
		if n.domain == msDomain {
			var ms []byte
			ms = appendString(ms, 1, msDomain)
			ms = appendVarint(ms, 2, 1)
			return appendMessage(b, 8, ms)
		}
	}
	return b
}

const msDomain = "com.microsoft"
