package proxy

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/kompress/kompress/internal/jsonstr"
)

// value is a JSON value located in the request body: b[start:end] is its
// text exactly as the client sent it. The proxy edits a request by splicing
// new text over such spans, so everything it does not change (key order,
// spacing, number literals) reaches the upstream byte for byte and the
// provider's prompt cache keeps matching.
type value struct {
	kind       byte // '{', '[', '"', or 'l' for a literal (number, true, false, null)
	start, end int
	keys       []string // objects: decoded keys, parallel to vals
	vals       []*value
}

var errSyntax = errors.New("proxy: not a JSON document")

// maxDepth bounds nesting so a hostile body cannot exhaust the stack.
const maxDepth = 512

// parse locates every value of the JSON document b.
func parse(b []byte) (*value, error) {
	if !json.Valid(b) {
		return nil, errSyntax
	}
	p := parser{b: b}
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	return v, nil
}

type parser struct {
	b []byte
	i int
}

func (p *parser) ws() {
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// value parses one value; b is known to be valid JSON, so the scanner only
// needs to find where things start and end.
func (p *parser) value(depth int) (*value, error) {
	if depth > maxDepth {
		return nil, errSyntax
	}
	p.ws()
	if p.i >= len(p.b) {
		return nil, errSyntax
	}
	v := &value{start: p.i}
	switch c := p.b[p.i]; c {
	case '{':
		v.kind = '{'
		p.i++
		for {
			p.ws()
			if p.b[p.i] == '}' {
				p.i++
				break
			}
			if p.b[p.i] == ',' {
				p.i++
				p.ws()
			}
			key, next, ok := jsonstr.Append(nil, p.b, p.i+1)
			if !ok {
				return nil, errSyntax
			}
			p.i = next
			p.ws()
			p.i++ // ':'
			kid, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			v.keys = append(v.keys, string(key))
			v.vals = append(v.vals, kid)
		}
	case '[':
		v.kind = '['
		p.i++
		for {
			p.ws()
			if p.b[p.i] == ']' {
				p.i++
				break
			}
			if p.b[p.i] == ',' {
				p.i++
			}
			kid, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			v.vals = append(v.vals, kid)
		}
	case '"':
		v.kind = '"'
		p.str()
	default:
		v.kind = 'l'
		for p.i < len(p.b) {
			switch p.b[p.i] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				v.end = p.i
				return v, nil
			}
			p.i++
		}
	}
	v.end = p.i
	return v, nil
}

// str moves past the string starting at p.i.
func (p *parser) str() {
	p.i++
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case '\\':
			p.i += 2
			continue
		case '"':
			p.i++
			return
		}
		p.i++
	}
}

// get returns the member key of an object, nil when absent or v is not an
// object. With duplicate keys the last wins, as in most JSON decoders.
func (v *value) get(key string) *value {
	if v == nil || v.kind != '{' {
		return nil
	}
	for i := len(v.keys) - 1; i >= 0; i-- {
		if v.keys[i] == key {
			return v.vals[i]
		}
	}
	return nil
}

// is reports whether v is present and of kind k.
func (v *value) is(k byte) bool { return v != nil && v.kind == k }

// array returns the elements of an array value, nil otherwise.
func (v *value) array() []*value {
	if v == nil || v.kind != '[' {
		return nil
	}
	return v.vals
}

// text returns the decoded string of a string value.
func (v *value) text(b []byte) (string, bool) {
	if v == nil || v.kind != '"' {
		return "", false
	}
	s, _, ok := jsonstr.Append(nil, b, v.start+1)
	return string(s), ok
}

// str is v.get(key).text(b), "" when absent.
func (v *value) str(b []byte, key string) string {
	s, _ := v.get(key).text(b)
	return s
}

// raw returns the bytes of v as sent.
func (v *value) raw(b []byte) []byte { return b[v.start:v.end] }

// edit replaces b[start:end] by text; start == end inserts.
type edit struct {
	start, end int
	text       []byte
}

// splice applies non-overlapping edits to b. Inserts at the same offset
// keep the order they were given in.
func splice(b []byte, edits []edit) []byte {
	if len(edits) == 0 {
		return b
	}
	slices.SortStableFunc(edits, func(x, y edit) int { return x.start - y.start })
	n := len(b)
	for _, e := range edits {
		n += len(e.text) - (e.end - e.start)
	}
	var out bytes.Buffer
	out.Grow(n) // the exact size: a compressed request is a fraction of the client's
	at := 0
	for _, e := range edits {
		out.Write(b[at:e.start])
		out.Write(e.text)
		at = e.end
	}
	out.Write(b[at:])
	return out.Bytes()
}

// syntaxError says where b stops being JSON, without quoting it (request
// text is not logged).
func syntaxError(b []byte) string {
	var v json.RawMessage
	var se *json.SyntaxError
	if err := json.Unmarshal(b, &v); errors.As(err, &se) {
		return fmt.Sprintf("not JSON: syntax error at byte %d", se.Offset)
	}
	return "not JSON"
}

// quote encodes s as a JSON string, without HTML escaping so the text the
// model sees is what the compressor wrote.
func quote(s string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// marshal is json.Marshal without HTML escaping.
func marshal(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err) // only proxy-built values are marshalled
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}
