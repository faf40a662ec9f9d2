// Package jsonout writes a JSON value holding one big string field without
// a second copy of that string: the rest of the value is marshalled as
// encoding/json does, and the string is escaped straight to the writer,
// byte for byte as encoding/json (with SetEscapeHTML(false)) escapes it.
package jsonout

import (
	"bytes"
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
	_, err := w.Write(b[at:])
	return err
}

const hex = "0123456789abcdef"

// WriteString writes the body of the JSON string holding s (no quotes), in
// chunks, escaped as encoding/json escapes it without HTML escaping.
func WriteString(w io.Writer, s string) error {
	var chunk [32 << 10]byte
	out := chunk[:0]
	flush := func() error {
		_, err := w.Write(out)
		out = chunk[:0]
		return err
	}
	start := 0 // s[start:i] is plain
	for i := 0; i < len(s); {
		if len(out) > len(chunk)-64 {
			if err := flush(); err != nil {
				return err
			}
		}
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				if i-start >= 4096 {
					out = appendPlain(out, s[start:i], w, &chunk)
					if out == nil {
						return errWrite
					}
					start = i
				}
				continue
			}
			out = append(out, s[start:i]...)
			switch c {
			case '"', '\\':
				out = append(out, '\\', c)
			case '\n':
				out = append(out, '\\', 'n')
			case '\r':
				out = append(out, '\\', 'r')
			case '\t':
				out = append(out, '\\', 't')
			case '\b':
				out = append(out, '\\', 'b')
			case '\f':
				out = append(out, '\\', 'f')
			default:
				out = append(out, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || r == '\u2028' || r == '\u2029' {
			out = append(out, s[start:i]...)
			switch r {
			case utf8.RuneError:
				out = append(out, `\ufffd`...)
			default:
				out = append(out, '\\', 'u', '2', '0', '2', hex[r&0xf])
			}
			i += n
			start = i
			continue
		}
		i += n
	}
	out = append(out, s[start:]...)
	return flush()
}

var errWrite = errors.New("jsonout: write failed")

// appendPlain adds plain bytes p to out, writing out first when p does not
// fit; it returns nil if a write fails.
func appendPlain(out []byte, p string, w io.Writer, chunk *[32 << 10]byte) []byte {
	if len(out)+len(p) <= len(chunk)-64 {
		return append(out, p...)
	}
	if _, err := w.Write(out); err != nil {
		return nil
	}
	if _, err := io.WriteString(w, p); err != nil {
		return nil
	}
	return chunk[:0]
}
