package searchview

import (
	"bytes"
	"encoding/base64"

	"github.com/kompress/kompress/internal/jsonscan"

	"github.com/kompress/kompress/internal/jsonstr"
)

// rg --json prints one event per line: {"type":"begin"|"match"|"context"|
// "end"|"summary","data":{...}}. A match or context event holds the file
// (data.path.text), the line number (data.line_number) and the line
// (data.lines.text, with its line ending). Paths and lines that are not
// UTF-8 come base64-encoded in "bytes" instead of "text".

// searchIsRGJSON reports whether in starts with an rg --json event.
func searchIsRGJSON(in []byte) bool {
	for _, t := range [...]string{"begin", "match", "context", "end", "summary"} {
		if bytes.HasPrefix(in, []byte(`{"type":"`+t+`","data":{`)) {
			return true
		}
	}
	return false
}

// searchParseRGJSON reads rg --json events into the hits of a search
// result, so they render like rg's own heading output. Lines that are no
// event (a message on merged stderr, an event cut off by head -c) are kept
// as messages; begin, end and summary events carry nothing the view needs.
// It returns nil when too few lines are events.
func searchParseRGJSON(in []byte) *searchResult {
	r := &searchResult{numbered: true}
	byPath := make(map[string]*searchFile)
	events, nonblank := 0, 0
	for len(in) > 0 {
		var line []byte
		line, in, _ = bytes.Cut(in, []byte{'\n'})
		line = bytes.TrimSuffix(line, []byte{'\r'})
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		nonblank++
		typ, data, ok := rgEvent(line)
		if !ok {
			r.others = append(r.others, line)
			continue
		}
		events++
		if typ != "match" && typ != "context" {
			continue
		}
		path, ok1 := rgText(rgField(data, "path"))
		text, ok2 := rgText(rgField(data, "lines"))
		if !ok1 || !ok2 {
			r.others = append(r.others, line)
			continue
		}
		f, seen := byPath[string(path)]
		if !seen {
			f = &searchFile{path: path}
			byPath[string(path)] = f
			r.files = append(r.files, f)
		}
		n := 0
		if v := rgField(data, "line_number"); v != nil && v.Kind == jsonscan.Number {
			n = rgNumber(v.Raw)
		}
		if n == 0 {
			r.numbered = false
		}
		context := typ == "context"
		if context {
			r.context = true
		} else {
			f.matches++
		}
		// A multiline match (rg -U) spans several lines: one hit each, so
		// that no shown line holds a line break.
		text = bytes.TrimSuffix(text, []byte{'\n'})
		for k := 0; ; k++ {
			l, rest, more := bytes.Cut(text, []byte{'\n'})
			h := searchHit{line: n, text: bytes.TrimSuffix(l, []byte{'\r'}), context: context, at: -1}
			if n > 0 {
				h.line = n + k
			}
			f.hits = append(f.hits, h)
			if !more {
				break
			}
			text = rest
		}
	}
	if events*10 < nonblank*7 {
		return nil
	}
	return r
}

// rgEvent parses one line as an rg --json event and returns its type and
// data object. Keys may come in any order: rg writes the summary event's
// "data" before its "type".
func rgEvent(line []byte) (typ string, data *jsonscan.Value, ok bool) {
	if len(line) == 0 || line[0] != '{' {
		return "", nil, false
	}
	v, err := jsonscan.Parse(line)
	if err != nil || v.Kind != jsonscan.Object {
		return "", nil, false
	}
	t, ok := rgString(rgField(v, "type"))
	data = rgField(v, "data")
	if !ok || data == nil || data.Kind != jsonscan.Object {
		return "", nil, false
	}
	return string(t), data, true
}

// rgField returns the member of object v named name, or nil.
func rgField(v *jsonscan.Value, name string) *jsonscan.Value {
	if v == nil || v.Kind != jsonscan.Object {
		return nil
	}
	for i, k := range v.Keys {
		if k.Name == name {
			return v.Elems[i]
		}
	}
	return nil
}

// rgText decodes rg's {"text":"..."} or {"bytes":"<base64>"}.
func rgText(v *jsonscan.Value) ([]byte, bool) {
	if t, ok := rgString(rgField(v, "text")); ok {
		return t, true
	}
	b, ok := rgString(rgField(v, "bytes"))
	if !ok {
		return nil, false
	}
	out, err := base64.StdEncoding.DecodeString(string(b))
	return out, err == nil
}

// rgString decodes a JSON string value exactly.
func rgString(v *jsonscan.Value) ([]byte, bool) {
	if v == nil || v.Kind != jsonscan.String {
		return nil, false
	}
	out, _, ok := jsonstr.Append(nil, v.Raw, 1)
	return out, ok
}

// rgNumber reads a line number; 0 for anything but a plain positive integer.
func rgNumber(raw []byte) int {
	n := 0
	for _, c := range raw {
		if c < '0' || c > '9' || n > 1<<40 {
			return 0
		}
		n = n*10 + int(c-'0')
	}
	return n
}
