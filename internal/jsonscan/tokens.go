package jsonscan

import (
	"bytes"
	"errors"
	"fmt"
	"unicode/utf8"
)

// A hand-written streaming JSON scanner: it validates a sequence of JSON
// values (one document, JSON Lines or concatenated values) and yields tokens
// whose literals are slices of the input. Nothing is decoded into Go values,
// so numbers of any size keep their literal text.

// ErrSyntax is wrapped by the errors of Scanner.Next.
var ErrSyntax = errors.New("fold: invalid JSON")

// Token kinds.
const (
	TokEOF    = 0
	TokString = '"'
	TokNumber = '0'
	TokTrue   = 't'
	TokFalse  = 'f'
	TokNull   = 'n'
	// Structural tokens use their own byte: { } [ ] : ,
)

// Parser states.
const (
	stValue        = iota // a value (top level or after ':' or ',' in an array)
	stValueOrClose        // after '['
	stKey                 // after ',' in an object
	stKeyOrClose          // after '{'
	stColon               // after a key
	stAfter               // after a value inside a container
	stTop                 // after a top-level value: another value or EOF
)

// Scanner is the token view: it validates a sequence of JSON values and
// yields their tokens, as fold's JSON layout needs.
type Scanner struct {
	data  []byte
	pos   int
	stack []byte // open containers, '{' or '['
	state int
	// wide is set when a string holds bytes >= 0x80 or escapes, so that
	// canonical comparison must decode it.
	wide bool
	// values counts completed top-level values.
	values   int
	maxDepth int
}

// NewScanner returns a scanner of data that refuses nesting deeper than
// maxDepth.
func NewScanner(data []byte, maxDepth int) *Scanner {
	return &Scanner{data: data, state: stValue, maxDepth: maxDepth}
}

// Wide reports whether the last string token holds bytes >= 0x80 or
// escapes, so that comparing it canonically must decode it.
func (s *Scanner) Wide() bool { return s.wide }

// Pos returns the offset just past the last token.
func (s *Scanner) Pos() int { return s.pos }

// Depth returns the number of containers open after the last token.
func (s *Scanner) Depth() int { return len(s.stack) }

// Values returns the number of complete top-level values scanned.
func (s *Scanner) Values() int { return s.values }

// Closes reports whether the next byte after white space closes a
// container: after '{' or '[', that the container is empty.
func (s *Scanner) Closes() bool {
	i := s.pos
	for i < len(s.data) && IsSpace(s.data[i]) {
		i++
	}
	return i < len(s.data) && (s.data[i] == '}' || s.data[i] == ']')
}

func (s *Scanner) errorf(format string, args ...any) error {
	return fmt.Errorf("%w at byte %d: %s", ErrSyntax, s.pos, fmt.Sprintf(format, args...))
}

// IsSpace reports JSON white space.
func IsSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }

// next returns the next token. At the end of a well-formed sequence it
// returns TokEOF; an empty or all-whitespace input is an error.
func (s *Scanner) Next() (kind byte, lit []byte, err error) {
	d := s.data
	for s.pos < len(d) && IsSpace(d[s.pos]) {
		s.pos++
	}
	if s.pos >= len(d) {
		if s.state != stTop {
			return 0, nil, s.errorf("unexpected end of input")
		}
		return TokEOF, nil, nil
	}
	c := d[s.pos]
	switch s.state {
	case stColon:
		if c != ':' {
			return 0, nil, s.errorf("want ':'")
		}
		s.pos++
		s.state = stValue
		return ':', d[s.pos-1 : s.pos], nil
	case stAfter:
		top := s.stack[len(s.stack)-1]
		switch {
		case c == ',':
			s.pos++
			if top == '{' {
				s.state = stKey
			} else {
				s.state = stValue
			}
			return ',', d[s.pos-1 : s.pos], nil
		case c == '}' && top == '{', c == ']' && top == '[':
			return s.close(c)
		}
		return 0, nil, s.errorf("want ',' or close")
	case stKey, stKeyOrClose:
		if c == '}' && s.state == stKeyOrClose {
			return s.close(c)
		}
		if c != '"' {
			return 0, nil, s.errorf("want object key")
		}
		lit, err := s.scanString()
		if err != nil {
			return 0, nil, err
		}
		s.state = stColon
		return TokString, lit, nil
	case stValueOrClose:
		if c == ']' {
			return s.close(c)
		}
	}
	// A value: stValue, stValueOrClose or stTop.
	switch c {
	case '{', '[':
		if len(s.stack) >= s.maxDepth {
			return 0, nil, s.errorf("nesting deeper than %d", s.maxDepth)
		}
		s.stack = append(s.stack, c)
		s.pos++
		if c == '{' {
			s.state = stKeyOrClose
		} else {
			s.state = stValueOrClose
		}
		return c, d[s.pos-1 : s.pos], nil
	case '"':
		lit, err := s.scanString()
		if err != nil {
			return 0, nil, err
		}
		s.valueDone()
		return TokString, lit, nil
	case 't', 'f', 'n':
		var word string
		switch c {
		case 't':
			word = "true"
		case 'f':
			word = "false"
		default:
			word = "null"
		}
		if !bytes.HasPrefix(d[s.pos:], []byte(word)) {
			return 0, nil, s.errorf("bad literal")
		}
		start := s.pos
		s.pos += len(word)
		if err := s.delimited(); err != nil {
			return 0, nil, err
		}
		s.valueDone()
		return c, d[start:s.pos], nil
	}
	if c == '-' || c >= '0' && c <= '9' {
		lit, err := s.scanNumber()
		if err != nil {
			return 0, nil, err
		}
		s.valueDone()
		return TokNumber, lit, nil
	}
	return 0, nil, s.errorf("unexpected byte %q", c)
}

func (s *Scanner) close(c byte) (byte, []byte, error) {
	s.stack = s.stack[:len(s.stack)-1]
	s.pos++
	s.valueDone()
	return c, s.data[s.pos-1 : s.pos], nil
}

func (s *Scanner) valueDone() {
	if len(s.stack) == 0 {
		s.state = stTop
		s.values++
	} else {
		s.state = stAfter
	}
}

// delimited checks that a number or keyword is not glued to what follows.
func (s *Scanner) delimited() error {
	if s.pos >= len(s.data) {
		return nil
	}
	switch c := s.data[s.pos]; c {
	case ' ', '\n', '\t', '\r', ',', ']', '}', ':':
		return nil
	}
	return s.errorf("literal runs into %q", s.data[s.pos])
}

func (s *Scanner) scanString() ([]byte, error) {
	d := s.data
	start := s.pos
	i := s.pos + 1
	s.wide = false
	for {
		if i >= len(d) {
			s.pos = i
			return nil, s.errorf("unterminated string")
		}
		c := d[i]
		switch {
		case c == '"':
			if s.wide && !utf8.Valid(d[start:i]) {
				s.pos = start
				return nil, s.errorf("string is not valid UTF-8")
			}
			s.pos = i + 1
			return d[start:s.pos], nil
		case c == '\\':
			s.wide = true
			if i+1 >= len(d) {
				s.pos = i
				return nil, s.errorf("unterminated escape")
			}
			switch d[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(d) || !isHex4(d[i+2:i+6]) {
					s.pos = i
					return nil, s.errorf("bad \\u escape")
				}
				i += 6
			default:
				s.pos = i
				return nil, s.errorf("bad escape")
			}
		case c < 0x20:
			s.pos = i
			return nil, s.errorf("control byte in string")
		default:
			if c >= 0x80 {
				s.wide = true
			}
			i++
		}
	}
}

func isHex4(b []byte) bool {
	for _, c := range b[:4] {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

func (s *Scanner) scanNumber() ([]byte, error) {
	d := s.data
	start := s.pos
	i := s.pos
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
		s.pos = i
		return nil, s.errorf("bad number")
	}
	if i < len(d) && d[i] == '.' {
		i++
		if digits() == 0 {
			s.pos = i
			return nil, s.errorf("bad fraction")
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if digits() == 0 {
			s.pos = i
			return nil, s.errorf("bad exponent")
		}
	}
	s.pos = i
	if err := s.delimited(); err != nil {
		return nil, err
	}
	return d[start:i], nil
}
