// Package testevent reads the events of `go test -json` (test2json): one
// flat JSON object a line. It is the one reader the router, the failure
// rules, the log view and the engine share.
package testevent

import (
	"bytes"

	"github.com/kompress/kompress/internal/jsonstr"
)

// Event holds the string fields of a test2json event that kompress reads.
type Event struct {
	Action, Package, Test, Output, ImportPath []byte
}

// IsStream reports whether in starts like a test2json stream: most of
// its first lines are JSON objects with an "Action".
func IsStream(in []byte) bool {
	seen, events := 0, 0
	for len(in) > 0 && seen < 16 {
		var line []byte
		line, in, _ = bytes.Cut(in, []byte{'\n'})
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		if seen == 0 && line[0] != '{' {
			return false
		}
		seen++
		var ev Event
		if Parse(line, &ev) && len(ev.Action) > 0 {
			events++
		}
	}
	return seen > 0 && events*4 >= seen*3
}

// Parse reads a flat JSON object, keeping the string fields an
// event view needs. Nested values make it fail: test2json never writes them.
func Parse(b []byte, ev *Event) bool {
	i := space(b, 0)
	if i >= len(b) || b[i] != '{' {
		return false
	}
	i = space(b, i+1)
	if i < len(b) && b[i] == '}' {
		return space(b, i+1) == len(b)
	}
	for {
		key, n, ok := str(b, i)
		if !ok {
			return false
		}
		i = space(b, n)
		if i >= len(b) || b[i] != ':' {
			return false
		}
		i = space(b, i+1)
		if i >= len(b) {
			return false
		}
		if b[i] == '"' {
			val, n, ok := str(b, i)
			if !ok {
				return false
			}
			switch string(key) {
			case "Action":
				ev.Action = val
			case "Package":
				ev.Package = val
			case "Test":
				ev.Test = val
			case "Output":
				ev.Output = val
			case "ImportPath":
				ev.ImportPath = val
			}
			i = n
		} else {
			// A number, true, false or null.
			j := i
			for j < len(b) && b[j] != ',' && b[j] != '}' && b[j] != ' ' {
				if b[j] == '{' || b[j] == '[' || b[j] == '"' {
					return false
				}
				j++
			}
			if j == i {
				return false
			}
			i = j
		}
		i = space(b, i)
		if i >= len(b) {
			return false
		}
		switch b[i] {
		case ',':
			i = space(b, i+1)
		case '}':
			return space(b, i+1) == len(b)
		default:
			return false
		}
	}
}

func space(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
		i++
	}
	return i
}

// str decodes the JSON string starting at b[i] == '"'. It returns
// a sub-slice of b when the string has no escapes.
func str(b []byte, i int) (s []byte, next int, ok bool) {
	if i >= len(b) || b[i] != '"' {
		return nil, 0, false
	}
	i++
	start := i
	for i < len(b) && b[i] != '"' && b[i] != '\\' {
		if b[i] < 0x20 {
			return nil, 0, false
		}
		i++
	}
	if i >= len(b) {
		return nil, 0, false
	}
	if b[i] == '"' {
		return b[start:i], i + 1, true
	}
	return jsonstr.Append(append([]byte(nil), b[start:i]...), b, i)
}
