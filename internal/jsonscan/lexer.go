// Package jsonscan is the one home of JSON scanning in kompress: one lexer,
// with the views its callers need built on it.
//
//   - Scan, the recogniser: does a JSON object or array start here, where
//     does it end, or did the input end inside it? The router asks this of
//     every line that opens a bracket, so it does not allocate.
//   - Scanner, the token view: the tokens of a sequence of values, each a
//     slice of the input, for fold's lossless JSON layout and its
//     canonical comparison.
//   - ParseAll and Parse, the tree view: values with their source text,
//     for the JSON and rg --json views.
//
// All three accept exactly RFC 8259 JSON in UTF-8 (checked against
// encoding/json by the fuzz targets), with the limits of limits.go.
package jsonscan

import (
	"errors"
	"fmt"
	"unicode/utf8"
)

// ErrSyntax is wrapped by the errors of every view for input that is not
// JSON, or nests deeper than the view's limit.
var ErrSyntax = errors.New("jsonscan: invalid JSON")

// Token kinds.
const (
	TokEOF    = 0
	TokString = '"'
	TokNumber = '0'
	TokTrue   = 't'
	TokFalse  = 'f'
	TokNull   = 'n'
	// Structural tokens use their own byte: { } [ ] : ,

	tokError = 1 // the lexer stopped at a syntax error
)

// Lexer states: what may come next.
const (
	stValue        = iota // a value (top level or after ':' or ',' in an array)
	stValueOrClose        // after '['
	stKey                 // after ',' in an object
	stKeyOrClose          // after '{'
	stColon               // after a key
	stAfter               // after a value inside a container
	stTop                 // after a top-level value: another value or EOF
)

// lexer validates a sequence of JSON values and yields their tokens. It
// never allocates but to grow its stack past the caller's backing array, and
// reports an error as a position and a constant message, so the recogniser
// can fail cheaply; the token view turns that into an error value.
type lexer struct {
	data     []byte
	pos      int    // just past the last token; where it stopped on error
	stack    []byte // open containers, '{' or '['
	state    uint8
	maxDepth int
	// wide is set when the last string holds bytes >= 0x80 or escapes, so
	// that comparing it canonically must decode it; escaped when it holds
	// escapes, so that its text is not its source.
	wide, escaped bool
	values        int    // completed top-level values
	msg           string // why the lexer stopped, after tokError
}

// fail stops the lexer at position at.
func (l *lexer) fail(at int, msg string) byte {
	l.pos, l.msg = at, msg
	return tokError
}

// truncated reports, after tokError, that the input ended inside a value:
// some continuation would have been valid JSON.
func (l *lexer) truncated() bool { return l.pos >= len(l.data) }

func (l *lexer) err() error {
	return fmt.Errorf("%w at byte %d: %s", ErrSyntax, l.pos, l.msg)
}

// space marks JSON white space.
var space = [256]bool{' ': true, '\t': true, '\n': true, '\r': true}

// plain marks the bytes a string holds as they are: not a quote, a
// backslash, a control byte or part of a multi-byte UTF-8 sequence.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// IsSpace reports JSON white space.
func IsSpace(c byte) bool { return space[c] }

// IsHex reports an ASCII hexadecimal digit.
func IsHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// next returns the next token and where it starts; the token ends at l.pos.
// At the end of a well-formed sequence it returns TokEOF; an empty or
// all-whitespace input is an error.
func (l *lexer) next() (kind byte, start int) {
	d := l.data
	i := l.pos
	for i < len(d) && space[d[i]] {
		i++
	}
	if i >= len(d) {
		if l.state != stTop {
			return l.fail(len(d), "unexpected end of input"), i
		}
		l.pos = i
		return TokEOF, i
	}
	c := d[i]
	switch l.state {
	case stColon:
		if c != ':' {
			return l.fail(i, "want ':'"), i
		}
		l.pos, l.state = i+1, stValue
		return ':', i
	case stAfter:
		top := l.stack[len(l.stack)-1]
		switch {
		case c == ',':
			l.pos = i + 1
			if top == '{' {
				l.state = stKey
			} else {
				l.state = stValue
			}
			return ',', i
		case c == '}' && top == '{', c == ']' && top == '[':
			return l.close(i), i
		}
		return l.fail(i, "want ',' or close"), i
	case stKey, stKeyOrClose:
		if c == '}' && l.state == stKeyOrClose {
			return l.close(i), i
		}
		if c != '"' {
			return l.fail(i, "want object key"), i
		}
		if !l.str(i) {
			return tokError, i
		}
		l.state = stColon
		return TokString, i
	case stValueOrClose:
		if c == ']' {
			return l.close(i), i
		}
	}
	// A value: stValue, stValueOrClose or stTop.
	switch c {
	case '{', '[':
		if len(l.stack) >= l.maxDepth {
			return l.fail(i, "nesting too deep"), i
		}
		l.stack = append(l.stack, c)
		l.pos = i + 1
		if c == '{' {
			l.state = stKeyOrClose
		} else {
			l.state = stValueOrClose
		}
		return c, i
	case '"':
		if !l.str(i) {
			return tokError, i
		}
	case 't':
		if !l.literal(i, "true") {
			return tokError, i
		}
	case 'f':
		if !l.literal(i, "false") {
			return tokError, i
		}
	case 'n':
		if !l.literal(i, "null") {
			return tokError, i
		}
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		if !l.number(i) {
			return tokError, i
		}
		c = TokNumber
	default:
		return l.fail(i, "unexpected byte"), i
	}
	l.valueDone()
	return c, i
}

func (l *lexer) close(i int) byte {
	l.stack = l.stack[:len(l.stack)-1]
	l.pos = i + 1
	l.valueDone()
	return l.data[i]
}

func (l *lexer) valueDone() {
	if len(l.stack) == 0 {
		l.state = stTop
		l.values++
	} else {
		l.state = stAfter
	}
}

// delimited checks that a number or literal ending at l.pos is not glued to
// what follows.
func (l *lexer) delimited() bool {
	if l.pos >= len(l.data) {
		return true
	}
	switch l.data[l.pos] {
	case ' ', '\n', '\t', '\r', ',', ']', '}', ':':
		return true
	}
	l.msg = "literal runs into the next byte"
	return false
}

// str scans the string whose quote is d[i].
func (l *lexer) str(i int) bool {
	d := l.data
	start := i
	i++
	l.wide, l.escaped = false, false
	for {
		for i < len(d) && plain[d[i]] {
			i++
		}
		if i >= len(d) {
			l.fail(i, "unterminated string")
			return false
		}
		switch c := d[i]; {
		case c == '"':
			if l.wide && !utf8.Valid(d[start+1:i]) {
				l.fail(start, "string is not valid UTF-8")
				return false
			}
			l.pos = i + 1
			return true
		case c == '\\':
			l.wide, l.escaped = true, true
			if i+1 >= len(d) {
				l.fail(i+1, "unterminated escape")
				return false
			}
			switch d[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				for k := i + 2; k < i+6; k++ {
					if k >= len(d) || !IsHex(d[k]) {
						l.fail(k, "bad \\u escape")
						return false
					}
				}
				i += 6
			default:
				l.fail(i+1, "bad escape")
				return false
			}
		case c < 0x20:
			l.fail(i, "control byte in string")
			return false
		default:
			l.wide = true
			i++
		}
	}
}

// number scans a number, -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?, at d[i].
func (l *lexer) number(i int) bool {
	d := l.data
	if d[i] == '-' {
		i++
	}
	digits := func() int {
		j := i
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
		return i - j
	}
	switch {
	case i < len(d) && d[i] == '0':
		i++
	case digits() == 0:
		l.fail(i, "bad number")
		return false
	}
	if i < len(d) && d[i] == '.' {
		i++
		if digits() == 0 {
			l.fail(i, "bad fraction")
			return false
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if digits() == 0 {
			l.fail(i, "bad exponent")
			return false
		}
	}
	l.pos = i
	return l.delimited()
}

// literal scans true, false or null at d[i]; it stops at the first byte
// that differs.
func (l *lexer) literal(i int, word string) bool {
	d := l.data
	for k := 0; k < len(word); k++ {
		if i+k >= len(d) || d[i+k] != word[k] {
			l.fail(i+k, "bad literal")
			return false
		}
	}
	l.pos = i + len(word)
	return l.delimited()
}
