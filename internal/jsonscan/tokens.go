package jsonscan

// Scanner is the token view: it validates a sequence of JSON values (one
// document, JSON Lines or concatenated values) and yields their tokens,
// whose literals are slices of the input. Nothing is decoded into Go
// values, so numbers of any size keep their literal text.
type Scanner struct {
	l lexer
}

// NewScanner returns a scanner of data that refuses nesting deeper than
// MaxDepth.
func NewScanner(data []byte) *Scanner {
	return &Scanner{l: lexer{data: data, state: stValue, maxDepth: MaxDepth}}
}

// Next returns the next token. At the end of a well-formed sequence it
// returns TokEOF; an empty or all-whitespace input is an error wrapping
// ErrSyntax.
func (s *Scanner) Next() (kind byte, lit []byte, err error) {
	kind, start := s.l.next()
	switch kind {
	case tokError:
		return 0, nil, s.l.err()
	case TokEOF:
		return TokEOF, nil, nil
	}
	return kind, s.l.data[start:s.l.pos], nil
}

// Wide reports whether the last string token holds bytes >= 0x80 or
// escapes, so that comparing it canonically must decode it.
func (s *Scanner) Wide() bool { return s.l.wide }

// Pos returns the offset just past the last token.
func (s *Scanner) Pos() int { return s.l.pos }

// Depth returns the number of containers open after the last token.
func (s *Scanner) Depth() int { return len(s.l.stack) }

// Values returns the number of complete top-level values scanned.
func (s *Scanner) Values() int { return s.l.values }

// Closes reports whether the next byte after white space closes a
// container: after '{' or '[', that the container is empty.
func (s *Scanner) Closes() bool {
	d, i := s.l.data, s.l.pos
	for i < len(d) && space[d[i]] {
		i++
	}
	return i < len(d) && (d[i] == '}' || d[i] == ']')
}
