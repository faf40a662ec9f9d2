package jsonscan

// Status is the outcome of recognising one JSON value.
type Status uint8

const (
	Bad       Status = iota // a syntax error
	OK                      // a complete value
	Truncated               // valid so far, but the input ended inside it
)

// Scan is the recogniser view: it validates the JSON object or array
// starting at b[i] (which must be '{' or '['), without allocating for
// nesting up to 64 levels. It returns the index just past the value (or
// where scanning stopped: the offending byte, or len(b) when Truncated) and
// the status. Only containers start a routed value: JSON's structure,
// string escapes and number syntax are what separate it from code and logs
// that merely start with a brace.
func Scan(b []byte, i int) (int, Status) {
	var small [64]byte
	l := lexer{data: b, pos: i, stack: small[:0], state: stValue, maxDepth: MaxDepth}
	for first := true; ; first = false {
		kind, start := l.next()
		switch {
		case kind == tokError && l.truncated():
			return len(b), Truncated
		case kind == tokError:
			return l.pos, Bad
		case first && kind != '{' && kind != '[':
			return start, Bad
		case len(l.stack) == 0:
			return l.pos, OK
		}
	}
}
