// Package jsonout writes a JSON value holding one big string field without
// a second copy of that string: the rest of the value is marshalled as
// encoding/json does, and the string is escaped straight to the writer,
// byte for byte as encoding/json (with SetEscapeHTML(false)) escapes it.
package jsonout

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"unicode/utf8"
)

// Encode writes v as one line, as json.Encoder with SetEscapeHTML(false)
// writes it, where v's field named by key (its JSON name) holds text: v must
// hold that field empty, so that `"key":""` stands in for it. Fields
// before key must not be strings that can hold `"key":""` unescaped
// (encoding/json escapes every quote inside a string, so none can).
func Encode(w io.Writer, v any, key, text string) error {
	return encode(w, v, key, text, "")
}

// EncodeBase64 is Encode that also writes, right after key's field, a
// field named b64key holding text in standard base64, streamed as text
// is: a big text is not held again, a third bigger, as base64 and as its
// JSON. v must leave b64key out (empty, with omitempty) and have it right
// after key, so that the output is what encoding/json writes of v with
// both fields set (an empty text's base64 is left out, as omitempty does).
func EncodeBase64(w io.Writer, v any, key, text, b64key string) error {
	return encode(w, v, key, text, b64key)
}

func encode(w io.Writer, v any, key, text, b64key string) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	b := buf.Bytes()
	hole := []byte(`"` + key + `":""`)
	i := bytes.Index(b, hole)
	if i < 0 {
		return errors.New("jsonout: no empty " + key + " field")
	}
	at := i + len(hole) - 1 // the closing quote
	if _, err := w.Write(b[:at]); err != nil {
		return err
	}
	if err := WriteString(w, text); err != nil {
		return err
	}
	if b64key != "" && text != "" { // omitempty leaves an empty one out
		if err := writeBase64(w, b64key, text); err != nil {
			return err
		}
	}
	_, err := w.Write(b[at:])
	return err
}

// writeBase64 ends the string field being written and writes the field
// `"key":"` and text in base64, leaving the closing quote to the caller.
func writeBase64(w io.Writer, key, text string) error {
	if _, err := io.WriteString(w, `","`+key+`":"`); err != nil {
		return err
	}
	enc := base64.NewEncoder(base64.StdEncoding, w)
	// Pieces of a multiple of 3 bytes: base64's own output stays whole.
	const chunk = 3 * 8 << 10
	buf := make([]byte, 0, chunk)
	for i := 0; i < len(text); i += chunk {
		buf = append(buf[:0], text[i:min(i+chunk, len(text))]...)
		if _, err := enc.Write(buf); err != nil {
			return err
		}
	}
	return enc.Close()
}

const hex = "0123456789abcdef"

// WriteString writes the body of the JSON string holding s (no quotes), in
// chunks, escaped as encoding/json escapes it without HTML escaping.
func WriteString(w io.Writer, s string) error {
	const chunk = 32 << 10
	out := make([]byte, 0, chunk+16)
	start := 0 // s[start:i] is plain, not yet in out
	for i := 0; i < len(s); {
		c := s[i]
		var esc []byte
		n := 1
		switch {
		case c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf:
		case c == '"' || c == '\\':
			esc = []byte{'\\', c}
		case c == '\n':
			esc = []byte(`\n`)
		case c == '\r':
			esc = []byte(`\r`)
		case c == '\t':
			esc = []byte(`\t`)
		case c == '\b':
			esc = []byte(`\b`)
		case c == '\f':
			esc = []byte(`\f`)
		case c < 0x20:
			esc = []byte{'\\', 'u', '0', '0', hex[c>>4], hex[c&0xf]}
		default:
			var r rune
			r, n = utf8.DecodeRuneInString(s[i:])
			switch {
			case r == utf8.RuneError && n == 1:
				esc = []byte(`\ufffd`)
			case r == '\u2028' || r == '\u2029':
				esc = []byte{'\\', 'u', '2', '0', '2', hex[r&0xf]}
			}
		}
		if esc != nil {
			out = append(append(out, s[start:i]...), esc...)
			start = i + n
		}
		i += n
		if len(out)+i-start >= chunk {
			out = append(out, s[start:i]...)
			start = i
			if _, err := w.Write(out); err != nil {
				return err
			}
			out = out[:0]
		}
	}
	_, err := w.Write(append(out, s[start:]...))
	return err
}
