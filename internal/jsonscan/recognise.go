// Package jsonscan is the one home of JSON scanning in kompress, with the
// views its callers need: Scan recognises a JSON value for the router
// without allocating, and Scanner yields the tokens of a sequence of values
// for fold's lossless layout. Limits are the caller's: Scanner takes its
// nesting bound as a parameter.
package jsonscan

// Status is the outcome of scanning one JSON value.
type Status uint8

const (
	Bad       Status = iota // a syntax error
	OK                      // a complete value
	Truncated               // valid so far, but the input ended inside it
)

// Scan is the recogniser view: it validates the JSON object or array
// starting at b[i] (which must be '{' or '['), without allocating for nesting up to 64 levels. It returns the
// index just past the value (or where scanning stopped) and the status. It is
// a recogniser for routing, not a parser: it checks structure, string escapes
// and number syntax, which is what separates JSON from code and logs that
// merely start with a brace.
func Scan(b []byte, i int) (int, Status) {
	var small [64]byte
	stack := small[:0]
	const (
		wantValue = iota // a value must come next
		wantAfter        // after a value: ',' or a closer
		wantKey          // after '{' or ',' in an object: a string key (or '}' right after '{')
		wantColon
	)
	state := wantValue
	first := true // right after an opener, where a closer is allowed
	for i < len(b) {
		c := b[i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			i++
			continue
		}
		switch state {
		case wantValue, wantKey:
			if first && (c == '}' || c == ']') && len(stack) > 0 && c == closer(stack[len(stack)-1]) {
				stack = stack[:len(stack)-1]
				i++
				if len(stack) == 0 {
					return i, OK
				}
				state, first = wantAfter, false
				continue
			}
			first = false
			if state == wantKey {
				if c != '"' {
					return i, Bad
				}
				j, st := scanString(b, i)
				if st != OK {
					return j, st
				}
				i, state = j, wantColon
				continue
			}
			switch {
			case c == '{' || c == '[':
				stack = append(stack, c)
				i++
				first = true
				if c == '{' {
					state = wantKey
				} else {
					state = wantValue
				}
				continue
			case len(stack) == 0:
				return i, Bad // only containers start a routed value
			case c == '"':
				j, st := scanString(b, i)
				if st != OK {
					return j, st
				}
				i = j
			case c == '-' || c >= '0' && c <= '9':
				j, st := scanNumber(b, i)
				if st != OK {
					return j, st
				}
				i = j
			case c == 't':
				j, st := scanLiteral(b, i, "true")
				if st != OK {
					return j, st
				}
				i = j
			case c == 'f':
				j, st := scanLiteral(b, i, "false")
				if st != OK {
					return j, st
				}
				i = j
			case c == 'n':
				j, st := scanLiteral(b, i, "null")
				if st != OK {
					return j, st
				}
				i = j
			default:
				return i, Bad
			}
			state = wantAfter
		case wantColon:
			if c != ':' {
				return i, Bad
			}
			i++
			state = wantValue
		case wantAfter:
			top := stack[len(stack)-1]
			switch {
			case c == ',':
				i++
				if top == '{' {
					state = wantKey
				} else {
					state = wantValue
				}
			case c == closer(top):
				stack = stack[:len(stack)-1]
				i++
				if len(stack) == 0 {
					return i, OK
				}
			default:
				return i, Bad
			}
		}
	}
	return i, Truncated
}

func closer(open byte) byte {
	if open == '{' {
		return '}'
	}
	return ']'
}

// scanString scans the string starting at the quote b[i].
func scanString(b []byte, i int) (int, Status) {
	for j := i + 1; j < len(b); j++ {
		switch c := b[j]; {
		case c == '"':
			return j + 1, OK
		case c == '\\':
			j++
			if j >= len(b) {
				return j, Truncated
			}
			switch b[j] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				for k := 1; k <= 4; k++ {
					if j+k >= len(b) {
						return j + k, Truncated
					}
					if !IsHex(b[j+k]) {
						return j + k, Bad
					}
				}
				j += 4
			default:
				return j, Bad
			}
		case c < 0x20:
			return j, Bad
		}
	}
	return len(b), Truncated
}

// IsHex reports an ASCII hexadecimal digit.
func IsHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// scanNumber scans a JSON number: -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?
func scanNumber(b []byte, i int) (int, Status) {
	j := i
	if b[j] == '-' {
		j++
	}
	digits := func() int {
		k := j
		for k < len(b) && b[k] >= '0' && b[k] <= '9' {
			k++
		}
		n := k - j
		j = k
		return n
	}
	if j < len(b) && b[j] == '0' {
		j++
	} else if digits() == 0 {
		return j, endStatus(b, j)
	}
	if j < len(b) && b[j] == '.' {
		j++
		if digits() == 0 {
			return j, endStatus(b, j)
		}
	}
	if j < len(b) && (b[j] == 'e' || b[j] == 'E') {
		j++
		if j < len(b) && (b[j] == '+' || b[j] == '-') {
			j++
		}
		if digits() == 0 {
			return j, endStatus(b, j)
		}
	}
	if j == len(b) {
		return j, Truncated
	}
	return j, OK
}

// endStatus is Truncated at the end of input, else Bad.
func endStatus(b []byte, j int) Status {
	if j >= len(b) {
		return Truncated
	}
	return Bad
}

func scanLiteral(b []byte, i int, lit string) (int, Status) {
	for k := 0; k < len(lit); k++ {
		if i+k >= len(b) {
			return i + k, Truncated
		}
		if b[i+k] != lit[k] {
			return i + k, Bad
		}
	}
	return i + len(lit), OK
}
