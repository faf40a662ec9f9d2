package jsonscan

import (
	"errors"
	"unicode/utf8"

	"github.com/kompress/kompress/internal/jsonstr"
)

// ErrMalformed is the error of the tree view for input that is not JSON.
var ErrMalformed = errors.New("crush: malformed JSON")

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
}

// Key is an object member's name.
type Key struct {
	Raw  []byte // quoted source text
	Name string // decoded
}

// Parser is a recursive-descent parser over the input bytes. It is
// linear in the input and stops at MaxDepth.
type Parser struct {
	In       []byte
	Pos      int
	MaxDepth int // deeper values are refused
}

// ParseAll parses one or more whitespace-separated JSON values (a
// single document, JSON Lines, or concatenated values). It reports whether
// the values sat one per line.
func ParseAll(in []byte, maxDepth int) (vals []*Value, oneLine bool, err error) {
	p := &Parser{In: in, MaxDepth: maxDepth}
	oneLine = true
	for {
		p.SkipSpace()
		if p.Pos >= len(in) {
			break
		}
		v, err := p.Value(0)
		if err != nil {
			return nil, false, err
		}
		for _, c := range v.Raw {
			if c == '\n' {
				oneLine = false
				break
			}
		}
		// Values on one line must be followed by a newline (or EOF) to count
		// as JSON Lines.
		q := p.Pos
		for q < len(in) && (in[q] == ' ' || in[q] == '\t' || in[q] == '\r') {
			q++
		}
		if q < len(in) && in[q] != '\n' {
			oneLine = false
		}
		vals = append(vals, v)
	}
	if len(vals) == 0 {
		return nil, false, ErrMalformed
	}
	return vals, oneLine && len(vals) > 1, nil
}

// SkipSpace moves p.Pos past white space.
func (p *Parser) SkipSpace() {
	for p.Pos < len(p.In) {
		switch p.In[p.Pos] {
		case ' ', '\t', '\n', '\r':
			p.Pos++
		default:
			return
		}
	}
}

// Value parses the value at p.Pos, nested depth levels deep.
func (p *Parser) Value(depth int) (*Value, error) {
	if depth > p.MaxDepth {
		return nil, ErrMalformed
	}
	p.SkipSpace()
	if p.Pos >= len(p.In) {
		return nil, ErrMalformed
	}
	start := p.Pos
	v := &Value{Start: start}
	switch c := p.In[p.Pos]; {
	case c == '{':
		v.Kind = Object
		p.Pos++
		p.SkipSpace()
		if p.Pos < len(p.In) && p.In[p.Pos] == '}' {
			p.Pos++
			break
		}
		for {
			p.SkipSpace()
			ks := p.Pos
			name, err := p.str()
			if err != nil {
				return nil, err
			}
			key := Key{Raw: p.In[ks:p.Pos], Name: name}
			p.SkipSpace()
			if p.Pos >= len(p.In) || p.In[p.Pos] != ':' {
				return nil, ErrMalformed
			}
			p.Pos++
			e, err := p.Value(depth + 1)
			if err != nil {
				return nil, err
			}
			v.Keys = append(v.Keys, key)
			v.Elems = append(v.Elems, e)
			more, err := p.next('}')
			if err != nil {
				return nil, err
			}
			if !more {
				break
			}
		}
	case c == '[':
		v.Kind = Array
		p.Pos++
		p.SkipSpace()
		if p.Pos < len(p.In) && p.In[p.Pos] == ']' {
			p.Pos++
			break
		}
		for {
			e, err := p.Value(depth + 1)
			if err != nil {
				return nil, err
			}
			v.Elems = append(v.Elems, e)
			more, err := p.next(']')
			if err != nil {
				return nil, err
			}
			if !more {
				break
			}
		}
	case c == '"':
		v.Kind = String
		if _, err := p.strRaw(); err != nil {
			return nil, err
		}
	case c == 't':
		v.Kind = Bool
		if err := p.literal("true"); err != nil {
			return nil, err
		}
	case c == 'f':
		v.Kind = Bool
		if err := p.literal("false"); err != nil {
			return nil, err
		}
	case c == 'n':
		v.Kind = Null
		if err := p.literal("null"); err != nil {
			return nil, err
		}
	case c == '-' || (c >= '0' && c <= '9'):
		v.Kind = Number
		if err := p.number(); err != nil {
			return nil, err
		}
	default:
		return nil, ErrMalformed
	}
	v.Raw = p.In[start:p.Pos]
	switch v.Kind {
	case Array, Object:
		v.Clen = 2
		for i, e := range v.Elems {
			v.Clen += e.Clen
			if i > 0 {
				v.Clen += 2
			}
			if v.Kind == Object {
				v.Clen += len(v.Keys[i].Raw) + 2
			}
		}
	default:
		v.Clen = len(v.Raw)
	}
	return v, nil
}

func (p *Parser) literal(s string) error {
	if len(p.In)-p.Pos < len(s) || string(p.In[p.Pos:p.Pos+len(s)]) != s {
		return ErrMalformed
	}
	p.Pos += len(s)
	return nil
}

func (p *Parser) number() error {
	in, i := p.In, p.Pos
	if i < len(in) && in[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(in) && in[i] >= '0' && in[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(in) && in[i] == '0' {
		i++
	} else if digits() == 0 {
		return ErrMalformed
	}
	if i < len(in) && in[i] == '.' {
		i++
		if digits() == 0 {
			return ErrMalformed
		}
	}
	if i < len(in) && (in[i] == 'e' || in[i] == 'E') {
		i++
		if i < len(in) && (in[i] == '+' || in[i] == '-') {
			i++
		}
		if digits() == 0 {
			return ErrMalformed
		}
	}
	p.Pos = i
	return nil
}

// next reads what follows a member of an array or object: a comma, when
// it reports that another member follows, or the closing byte.
func (p *Parser) next(close byte) (more bool, err error) {
	p.SkipSpace()
	if p.Pos >= len(p.In) {
		return false, ErrMalformed
	}
	switch p.In[p.Pos] {
	case ',':
		p.Pos++
		return true, nil
	case close:
		p.Pos++
		return false, nil
	}
	return false, ErrMalformed
}

// strRaw skips a string token and reports whether it holds escapes.
func (p *Parser) strRaw() (escaped bool, err error) {
	in, i := p.In, p.Pos
	if i >= len(in) || in[i] != '"' {
		return false, ErrMalformed
	}
	i++
	for i < len(in) {
		c := in[i]
		switch {
		case c == '"':
			p.Pos = i + 1
			return escaped, nil
		case c == '\\':
			escaped = true
			i += 2
		case c < 0x20:
			return false, ErrMalformed
		case c < utf8.RuneSelf:
			i++
		default:
			r, n := utf8.DecodeRune(in[i:])
			if r == utf8.RuneError && n == 1 {
				return false, ErrMalformed
			}
			i += n
		}
	}
	return false, ErrMalformed
}

// str parses a string token and returns its decoded text.
func (p *Parser) str() (string, error) {
	start := p.Pos
	escaped, err := p.strRaw()
	if err != nil {
		return "", err
	}
	body := p.In[start+1 : p.Pos-1]
	if !escaped {
		return string(body), nil
	}
	out, _, ok := jsonstr.Append(make([]byte, 0, len(body)), p.In, start+1)
	if !ok {
		return "", ErrMalformed
	}
	return string(out), nil
}
