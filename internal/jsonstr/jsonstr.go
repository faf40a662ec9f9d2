// Package jsonstr decodes JSON string literals without encoding/json, so
// callers can decode into a reused buffer straight from the input bytes.
package jsonstr

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf16"
	"unicode/utf8"
)

// Append decodes the rest of a string literal, from b[i] (just after the
// opening quote) up to its closing quote, and appends the text to dst. It
// returns the index after the quote, and false for a control character, a
// bad escape or a missing quote. A surrogate that is not half of a pair
// decodes as U+FFFD, as in encoding/json.
func Append(dst, b []byte, i int) ([]byte, int, bool) {
	return appendString(dst, b, i, false, false)
}

// AppendSpan decodes raw, the text of a string literal between its quotes
// (or a stretch of it between escapes), and appends it to dst; false for a
// control character, a quote or a bad escape.
func AppendSpan(dst, raw []byte) ([]byte, bool) {
	dst, _, ok := appendString(dst, raw, 0, false, true)
	return dst, ok
}

// AppendEscaped appends text as the inside of a JSON string literal, no
// quotes: the quote, the backslash and control characters escaped (\n,
// \t, \u001b), everything else as it is, so that a line of text that
// needs no escape reads the same in the literal.
func AppendEscaped(dst, text []byte) []byte {
	const hex = "0123456789abcdef"
	start := 0
	for i := PlainEnd(text, 0); i < len(text); i = PlainEnd(text, i+1) {
		c := text[i]
		dst = append(dst, text[start:i]...)
		start = i + 1
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		}
	}
	return append(dst, text[start:]...)
}

// AppendMarked is Append, except that a surrogate that is not half of a pair
// is written as 0xFF and its two bytes. 0xFF never occurs in valid UTF-8, so
// comparing decoded strings tells a lone surrogate from every real
// character, U+FFFD included.
func AppendMarked(dst, b []byte, i int) ([]byte, int, bool) {
	return appendString(dst, b, i, true, false)
}

// appendString decodes b from i to its closing quote, or, for a span, to
// its end, where a quote is an error.
func appendString(dst, b []byte, i int, mark, span bool) ([]byte, int, bool) {
	for i < len(b) {
		c := b[i]
		switch {
		case c == '"' && span:
			return nil, 0, false
		case c == '"':
			return dst, i + 1, true
		case c < 0x20:
			return nil, 0, false
		case c != '\\':
			// Copy the run of plain bytes at once.
			j := PlainEnd(b, i+1)
			dst = append(dst, b[i:j]...)
			i = j
			continue
		}
		if i+1 >= len(b) {
			return nil, 0, false
		}
		switch b[i+1] {
		case '"', '\\', '/':
			dst = append(dst, b[i+1])
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r, ok := Hex4(b[i+2:])
			if !ok {
				return nil, 0, false
			}
			i += 6
			if utf16.IsSurrogate(r) {
				if i+1 < len(b) && b[i] == '\\' && b[i+1] == 'u' {
					if r2, ok := Hex4(b[i+2:]); ok {
						if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
							dst = utf8.AppendRune(dst, dec)
							i += 6
							continue
						}
					}
				}
				if mark {
					dst = append(dst, 0xFF, byte(r>>8), byte(r))
					continue
				}
				r = utf8.RuneError
			}
			dst = utf8.AppendRune(dst, r)
			continue
		default:
			return nil, 0, false
		}
		i += 2
	}
	if span {
		return dst, i, true
	}
	return nil, 0, false
}

// Hex4 reads the four hex digits of a \u escape from the start of b; false
// if b is shorter or any of them is not a hex digit.
func Hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	return r, true
}

// Word-at-a-time masks: a byte of ones, and each byte's top bit.
const (
	ones = 0x0101010101010101
	tops = 0x8080808080808080
)

// PlainEnd returns the index of the first byte of b at or after i that a
// JSON string cannot hold as itself: a control byte, '"' or '\\'; len(b)
// if there is none. It looks at eight bytes at a time: a byte is flagged
// when it is below 0x20, or when it XORed with '"' or '\\' is zero (both
// by the borrow of a subtraction reaching its top bit, which a byte of
// 0x80 or more does not count for). A borrow only runs upward from a
// flagged byte, so the lowest flag is the first such byte.
func PlainEnd(b []byte, i int) int {
	for ; i+8 <= len(b); i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		q := w ^ (ones * '"')
		s := w ^ (ones * '\\')
		if m := ((w-ones*0x20)&^w | (q-ones)&^q | (s-ones)&^s) & tops; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for i < len(b) && b[i] >= 0x20 && b[i] != '"' && b[i] != '\\' {
		i++
	}
	return i
}
