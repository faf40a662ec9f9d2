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
	"math/bits"
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

// plainASCII and plainUTF8 mark the bytes that stand for themselves in a
// JSON string: printable ASCII but '"' and '\\'; in text known to be valid
// UTF-8 also every byte of a multi-byte character but 0xE2, which starts
// U+2028 and U+2029 (escaped) as well as other characters.
var plainASCII, plainUTF8 = func() (a, u [256]bool) {
	for c := 0x20; c < 256; c++ {
		a[c] = c < utf8.RuneSelf && c != '"' && c != '\\'
		u[c] = a[c] || c >= utf8.RuneSelf && c != 0xE2
	}
	return a, u
}()

// WriteString writes the body of the JSON string holding s (no quotes), in
// chunks, escaped as encoding/json escapes it without HTML escaping. Runs
// of bytes that need no escape are copied whole: in valid UTF-8 (checked
// once, a fast scan) only control bytes, '"', '\\' and a character that
// starts with 0xE2 are looked at one by one.
func WriteString(w io.Writer, s string) error {
	const chunk = 32 << 10
	plain := &plainASCII
	if utf8.ValidString(s) {
		plain = &plainUTF8
	}
	// Small texts, the most, get a buffer of their size (and a few
	// escapes' worth more), not a whole chunk.
	out := make([]byte, 0, min(chunk, len(s)+len(s)/16)+16)
	for i := 0; i < len(s); {
		j, end := i, min(len(s), i+chunk-len(out))
		j = plainRun(s, j, end, plain == &plainUTF8)
		for j < end && plain[s[j]] {
			j++
		}
		out = append(out, s[i:j]...)
		i = j
		if len(out) >= chunk {
			if _, err := w.Write(out); err != nil {
				return err
			}
			out = out[:0]
		}
		if i == len(s) || plain[s[i]] {
			continue
		}
		c := s[i]
		n := 1
		switch {
		case c == '"' || c == '\\':
			out = append(out, '\\', c)
		case c == '\n':
			out = append(out, `\n`...)
		case c == '\r':
			out = append(out, `\r`...)
		case c == '\t':
			out = append(out, `\t`...)
		case c == '\b':
			out = append(out, `\b`...)
		case c == '\f':
			out = append(out, `\f`...)
		case c < 0x20:
			out = append(out, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		default:
			var r rune
			r, n = utf8.DecodeRuneInString(s[i:])
			switch {
			case r == utf8.RuneError && n == 1:
				out = append(out, `\ufffd`...)
			case r == '\u2028' || r == '\u2029':
				out = append(out, '\\', 'u', '2', '0', '2', hex[r&0xf])
			default:
				out = append(out, s[i:i+n]...)
			}
		}
		i += n
	}
	_, err := w.Write(out)
	return err
}

// Word-at-a-time masks: a byte of ones, and each byte's top bit.
const (
	ones = 0x0101010101010101
	tops = 0x8080808080808080
)

// plainRun skips, eight bytes at a time, from i towards end over bytes
// that surely stand for themselves, and returns where it stopped: at the
// first byte below 0x20, '"', '\\' or, in valid UTF-8 (utf8Text), 0xE2,
// or else at any byte of 0x80 or more; near end it stops early, for the
// caller's table to go on byte by byte. (A byte is flagged by the borrow
// of a subtraction reaching its top bit; a borrow only runs upward from a
// flagged byte, so the lowest flag is a true one.)
func plainRun(s string, i, end int, utf8Text bool) int {
	for ; i+8 <= end; i += 8 {
		_ = s[i+7]
		w := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56 // one load
		q := w ^ (ones * '"')
		b := w ^ (ones * '\\')
		m := (w-ones*0x20)&^w | (q-ones)&^q | (b-ones)&^b
		if utf8Text {
			e := w ^ (ones * 0xE2)
			m |= (e - ones) &^ e
		} else {
			m |= w
		}
		if m &= tops; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	return i
}
