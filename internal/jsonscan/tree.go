package jsonscan

import (
	"bytes"
	"unsafe"

	"github.com/kompress/kompress/internal/jsonstr"
)

// Kind is the type of a parsed JSON value.
type Kind uint8

const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

func (k Kind) String() string {
	switch k {
	case Null:
		return "null"
	case Bool:
		return "bool"
	case Number:
		return "num"
	case String:
		return "str"
	case Array:
		return "arr"
	}
	return "obj"
}

// Value is one parsed value of the tree view. Scalars keep their exact source text in
// raw, so what we print back is byte-identical to the input; containers keep
// their source span so kept elements can be copied verbatim.
type Value struct {
	Kind  Kind
	Raw   []byte // exact source text of the whole value
	Start int    // offset of Raw in the input
	Elems []*Value
	Keys  []Key // objects: Keys[i] names Elems[i]
	Clen  int   // length when printed on one line
	Open  bool  // cut off by the end of input: Raw ends in closers it lacked
}

// Key is an object member's name.
type Key struct {
	Raw []byte // quoted source text
	// Name is the decoded name. Without escapes it is the text between
	// the quotes, sharing the input's memory as Raw does.
	Name string
}

// parser builds the tree view from the lexer's tokens, which the lexer has
// already checked against the grammar. Values come from slabs; each
// container's children and keys are gathered on a shared stack and, once
// complete, copied into a slab of their own, so a document costs a few
// allocations per slab, not per value, container or key.
type parser struct {
	l        lexer
	slab     []Value
	kids     []*Value
	keys     []Key
	elemSlab []*Value // containers' Elems are cut from here
	keySlab  []Key    // and objects' Keys from here
}

// slabChunk is how many values, elements or keys a slab holds, unless one
// container needs more.
const slabChunk = 256

// cut copies items into the free end of *slab, starting a new chunk when
// they do not fit, and returns the copy, capped so that appending to it
// cannot write into the slab.
func cut[T any](slab *[]T, items []T) []T {
	s := *slab
	if cap(s)-len(s) < len(items) {
		s = make([]T, 0, max(slabChunk, len(items)))
	}
	n := len(s)
	s = append(s, items...)
	*slab = s
	return s[n:len(s):len(s)]
}

func newParser(in []byte) *parser {
	return &parser{l: lexer{data: in, state: stValue, maxDepth: TreeMaxDepth}}
}

// ParseAll parses one or more whitespace-separated JSON values (a single
// document, JSON Lines, or concatenated values), refusing nesting deeper
// than TreeMaxDepth. It reports whether the values sat one per line. The
// values share in's memory (Raw, and Key.Name without escapes): in must
// not change while they are used.
func ParseAll(in []byte) (vals []*Value, oneLine bool, err error) {
	p := newParser(in)
	oneLine = true
	for {
		kind, start := p.l.next()
		if kind == TokEOF {
			break
		}
		v, err := p.value(kind, start)
		if err != nil {
			return nil, false, err
		}
		if oneLine && bytes.IndexByte(v.Raw, '\n') >= 0 {
			oneLine = false
		}
		// Values on one line must be followed by a newline (or EOF) to count
		// as JSON Lines.
		q := p.l.pos
		for q < len(in) && (in[q] == ' ' || in[q] == '\t' || in[q] == '\r') {
			q++
		}
		if q < len(in) && in[q] != '\n' {
			oneLine = false
		}
		vals = append(vals, v)
	}
	return vals, oneLine && len(vals) > 1, nil
}

// Parse parses in as exactly one JSON value, with only white space around
// it, refusing nesting deeper than TreeMaxDepth. The value shares in's
// memory, as ParseAll's do.
func Parse(in []byte) (*Value, error) {
	p := newParser(in)
	v, err := p.value(p.l.next())
	if err != nil {
		return nil, err
	}
	if kind, _ := p.l.next(); kind != TokEOF {
		return nil, ErrSyntax
	}
	return v, nil
}

// value builds the value whose first token the lexer just returned.
func (p *parser) value(kind byte, start int) (*Value, error) {
	if len(p.slab) == cap(p.slab) {
		p.slab = make([]Value, 0, slabChunk)
	}
	p.slab = append(p.slab, Value{Start: start})
	v := &p.slab[len(p.slab)-1]
	switch kind {
	case tokError:
		return nil, p.l.err()
	case '{', '[':
		v.Kind = Array
		if kind == '{' {
			v.Kind = Object
		}
		if err := p.members(v); err != nil {
			return nil, err
		}
	case TokString:
		v.Kind = String
	case TokNumber:
		v.Kind = Number
	case TokNull:
		v.Kind = Null
	default: // TokTrue, TokFalse
		v.Kind = Bool
	}
	v.Raw = p.l.data[start:p.l.pos]
	if v.Kind < Array {
		v.Clen = len(v.Raw)
	}
	return v, nil
}

// members builds the elements of the container v up to its closer, and
// its length on one line.
func (p *parser) members(v *Value) error {
	kids, keys := len(p.kids), len(p.keys)
	v.Clen = 2
	for {
		kind, start := p.l.next()
		switch kind {
		case '}', ']':
			v.Elems = cut(&p.elemSlab, p.kids[kids:])
			p.kids = p.kids[:kids]
			if v.Kind == Object {
				v.Keys = cut(&p.keySlab, p.keys[keys:])
				p.keys = p.keys[:keys]
			}
			return nil
		case ',':
			v.Clen += 2
			continue
		case tokError:
			return p.l.err()
		}
		if v.Kind == Object {
			key, err := p.key(start)
			if err != nil {
				return err
			}
			p.keys = append(p.keys, key)
			v.Clen += len(key.Raw) + 2
			if kind, _ := p.l.next(); kind == tokError { // the colon
				return p.l.err()
			}
			kind, start = p.l.next()
		}
		e, err := p.value(kind, start)
		if err != nil {
			return err
		}
		p.kids = append(p.kids, e)
		v.Clen += e.Clen
	}
}

// key decodes the object key the lexer just returned.
func (p *parser) key(start int) (Key, error) {
	raw := p.l.data[start:p.l.pos]
	if !p.l.escaped {
		name := raw[1 : len(raw)-1]
		return Key{Raw: raw, Name: unsafe.String(unsafe.SliceData(name), len(name))}, nil
	}
	out, _, ok := jsonstr.Append(make([]byte, 0, len(raw)), p.l.data, start+1)
	if !ok {
		return Key{}, ErrSyntax
	}
	return Key{Raw: raw, Name: string(out)}, nil
}
