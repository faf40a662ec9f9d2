package crush

import (
	"errors"
	"unicode/utf8"

	"github.com/kompress/kompress/internal/jsonstr"
)

// jsonMaxDepth bounds nesting so hostile input cannot exhaust the stack;
// real tool output rarely goes past a few dozen levels.
const jsonMaxDepth = 256

var errJSONSyntax = errors.New("crush: malformed JSON")

// jsonKind is the type of a parsed JSON value.
type jsonKind uint8

const (
	jsonNull jsonKind = iota
	jsonBool
	jsonNumber
	jsonString
	jsonArray
	jsonObject
)

func (k jsonKind) String() string {
	switch k {
	case jsonNull:
		return "null"
	case jsonBool:
		return "bool"
	case jsonNumber:
		return "num"
	case jsonString:
		return "str"
	case jsonArray:
		return "arr"
	}
	return "obj"
}

// jsonValue is one parsed value. Scalars keep their exact source text in
// raw, so what we print back is byte-identical to the input; containers keep
// their source span so kept elements can be copied verbatim.
type jsonValue struct {
	kind  jsonKind
	raw   []byte // exact source text of the whole value
	start int    // offset of raw in the input
	elems []*jsonValue
	keys  []jsonKey // objects: keys[i] names elems[i]
	clen  int       // length when printed on one line
	open  bool      // cut off by the end of input: raw ends in closers it lacked
}

type jsonKey struct {
	raw  []byte // quoted source text
	name string // decoded
}

// jsonParser is a recursive-descent parser over the input bytes. It is
// linear in the input and stops at jsonMaxDepth.
type jsonParser struct {
	in  []byte
	pos int
}

// jsonParseAll parses one or more whitespace-separated JSON values (a
// single document, JSON Lines, or concatenated values). It reports whether
// the values sat one per line.
func jsonParseAll(in []byte) (vals []*jsonValue, oneLine bool, err error) {
	p := &jsonParser{in: in}
	oneLine = true
	for {
		p.skipSpace()
		if p.pos >= len(in) {
			break
		}
		v, err := p.value(0)
		if err != nil {
			return nil, false, err
		}
		for _, c := range v.raw {
			if c == '\n' {
				oneLine = false
				break
			}
		}
		// Values on one line must be followed by a newline (or EOF) to count
		// as JSON Lines.
		q := p.pos
		for q < len(in) && (in[q] == ' ' || in[q] == '\t' || in[q] == '\r') {
			q++
		}
		if q < len(in) && in[q] != '\n' {
			oneLine = false
		}
		vals = append(vals, v)
	}
	if len(vals) == 0 {
		return nil, false, errJSONSyntax
	}
	return vals, oneLine && len(vals) > 1, nil
}

func (p *jsonParser) skipSpace() {
	for p.pos < len(p.in) {
		switch p.in[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *jsonParser) value(depth int) (*jsonValue, error) {
	if depth > jsonMaxDepth {
		return nil, errJSONSyntax
	}
	p.skipSpace()
	if p.pos >= len(p.in) {
		return nil, errJSONSyntax
	}
	start := p.pos
	v := &jsonValue{start: start}
	switch c := p.in[p.pos]; {
	case c == '{':
		v.kind = jsonObject
		p.pos++
		p.skipSpace()
		if p.pos < len(p.in) && p.in[p.pos] == '}' {
			p.pos++
			break
		}
		for {
			p.skipSpace()
			ks := p.pos
			name, err := p.str()
			if err != nil {
				return nil, err
			}
			key := jsonKey{raw: p.in[ks:p.pos], name: name}
			p.skipSpace()
			if p.pos >= len(p.in) || p.in[p.pos] != ':' {
				return nil, errJSONSyntax
			}
			p.pos++
			e, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			v.keys = append(v.keys, key)
			v.elems = append(v.elems, e)
			more, err := p.next('}')
			if err != nil {
				return nil, err
			}
			if !more {
				break
			}
		}
	case c == '[':
		v.kind = jsonArray
		p.pos++
		p.skipSpace()
		if p.pos < len(p.in) && p.in[p.pos] == ']' {
			p.pos++
			break
		}
		for {
			e, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			v.elems = append(v.elems, e)
			more, err := p.next(']')
			if err != nil {
				return nil, err
			}
			if !more {
				break
			}
		}
	case c == '"':
		v.kind = jsonString
		if _, err := p.strRaw(); err != nil {
			return nil, err
		}
	case c == 't':
		v.kind = jsonBool
		if err := p.literal("true"); err != nil {
			return nil, err
		}
	case c == 'f':
		v.kind = jsonBool
		if err := p.literal("false"); err != nil {
			return nil, err
		}
	case c == 'n':
		v.kind = jsonNull
		if err := p.literal("null"); err != nil {
			return nil, err
		}
	case c == '-' || (c >= '0' && c <= '9'):
		v.kind = jsonNumber
		if err := p.number(); err != nil {
			return nil, err
		}
	default:
		return nil, errJSONSyntax
	}
	v.raw = p.in[start:p.pos]
	switch v.kind {
	case jsonArray, jsonObject:
		v.clen = 2
		for i, e := range v.elems {
			v.clen += e.clen
			if i > 0 {
				v.clen += 2
			}
			if v.kind == jsonObject {
				v.clen += len(v.keys[i].raw) + 2
			}
		}
	default:
		v.clen = len(v.raw)
	}
	return v, nil
}

func (p *jsonParser) literal(s string) error {
	if len(p.in)-p.pos < len(s) || string(p.in[p.pos:p.pos+len(s)]) != s {
		return errJSONSyntax
	}
	p.pos += len(s)
	return nil
}

func (p *jsonParser) number() error {
	in, i := p.in, p.pos
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
		return errJSONSyntax
	}
	if i < len(in) && in[i] == '.' {
		i++
		if digits() == 0 {
			return errJSONSyntax
		}
	}
	if i < len(in) && (in[i] == 'e' || in[i] == 'E') {
		i++
		if i < len(in) && (in[i] == '+' || in[i] == '-') {
			i++
		}
		if digits() == 0 {
			return errJSONSyntax
		}
	}
	p.pos = i
	return nil
}

// next reads what follows a member of an array or object: a comma, when
// it reports that another member follows, or the closing byte.
func (p *jsonParser) next(close byte) (more bool, err error) {
	p.skipSpace()
	if p.pos >= len(p.in) {
		return false, errJSONSyntax
	}
	switch p.in[p.pos] {
	case ',':
		p.pos++
		return true, nil
	case close:
		p.pos++
		return false, nil
	}
	return false, errJSONSyntax
}

// strRaw skips a string token and reports whether it holds escapes.
func (p *jsonParser) strRaw() (escaped bool, err error) {
	in, i := p.in, p.pos
	if i >= len(in) || in[i] != '"' {
		return false, errJSONSyntax
	}
	i++
	for i < len(in) {
		c := in[i]
		switch {
		case c == '"':
			p.pos = i + 1
			return escaped, nil
		case c == '\\':
			escaped = true
			i += 2
		case c < 0x20:
			return false, errJSONSyntax
		case c < utf8.RuneSelf:
			i++
		default:
			r, n := utf8.DecodeRune(in[i:])
			if r == utf8.RuneError && n == 1 {
				return false, errJSONSyntax
			}
			i += n
		}
	}
	return false, errJSONSyntax
}

// str parses a string token and returns its decoded text.
func (p *jsonParser) str() (string, error) {
	start := p.pos
	escaped, err := p.strRaw()
	if err != nil {
		return "", err
	}
	body := p.in[start+1 : p.pos-1]
	if !escaped {
		return string(body), nil
	}
	out, _, ok := jsonstr.Append(make([]byte, 0, len(body)), p.in, start+1)
	if !ok {
		return "", errJSONSyntax
	}
	return string(out), nil
}
