// Package tool defines the kompress_retrieve tool the proxy and the MCP
// server offer a model: its schema for each API, its arguments, and how an
// original is cut to the lines a call asks for.
package tool

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kompress/kompress/internal/ansi"
)

// Retrieve is the name of the retrieve tool.
const Retrieve = "kompress_retrieve"

// Compress is the name of the MCP compress tool.
const Compress = "kompress_compress"

// RetrieveDescription tells the model when and how to call the tool.
const RetrieveDescription = "Get back the original of a tool output that kompress shortened. " +
	"Call it with the id from a marker such as [kompress: 87 of 120 lines omitted; full output: retrieve id=ab12cd34ef56]. " +
	"Without other arguments it returns the whole original, byte for byte. " +
	"start_line and end_line (1-based, inclusive) return only those lines, exactly; " +
	"pattern (a regular expression, or plain text if it is not one) returns only the matching lines, without colour codes, each prefixed with its line number and a colon. " +
	"An answer longer than 64 KiB stops at a line end and closes with a [kompress_retrieve: ...] note naming the start_line to call again with for the rest."

// MaxAnswer is the most text one retrieve answer gives a model: a whole
// original of megabytes would overflow its context (the API then rejects
// the turn, and every retry of it) or an agent's tool-output limit (Claude
// Code allows an MCP tool 25k tokens). Longer answers come in pages.
const MaxAnswer = 64 << 10

// RetrieveSchema is the JSON Schema of the retrieve tool's arguments.
const RetrieveSchema = `{"type":"object","properties":{` +
	`"id":{"type":"string","description":"the id named in the kompress marker (12 or more hex digits)"},` +
	`"start_line":{"type":"integer","minimum":1,"description":"first line to return, 1-based"},` +
	`"end_line":{"type":"integer","minimum":1,"description":"last line to return, inclusive"},` +
	`"pattern":{"type":"string","description":"return only lines matching this regular expression (or plain text)"}` +
	`},"required":["id"],"additionalProperties":false}`

// CompressSchema is the JSON Schema of the MCP compress tool's arguments.
const CompressSchema = `{"type":"object","properties":{` +
	`"content":{"type":"string","description":"the tool output to compress"},` +
	`"tool":{"type":"string","description":"name of the tool that produced it (Read, Bash, Grep, ...)"},` +
	`"query":{"type":"string","description":"keep and rank what matches this text"}` +
	`},"required":["content"],"additionalProperties":false}`

// Formats are the API formats Schema knows.
var Formats = []string{"anthropic", "openai", "openai-responses"}

// Schema returns the retrieve tool's declaration in format: "anthropic"
// (Messages API tools), "openai" (Chat Completions function tools) or
// "openai-responses" (Responses API function tools). The Responses tool
// says "strict": false: there an omitted strict means strict where the
// schema allows it, which makes every optional argument required, so the
// model would always send a line range and a pattern and get a slice of
// the original instead of all of it.
func Schema(format string) ([]byte, error) {
	desc, _ := json.Marshal(RetrieveDescription)
	switch format {
	case "anthropic":
		return []byte(`{"name":"` + Retrieve + `","description":` + string(desc) + `,"input_schema":` + RetrieveSchema + `}`), nil
	case "openai":
		return []byte(`{"type":"function","function":{"name":"` + Retrieve + `","description":` + string(desc) + `,"parameters":` + RetrieveSchema + `}}`), nil
	case "openai-responses":
		return []byte(`{"type":"function","name":"` + Retrieve + `","description":` + string(desc) + `,"parameters":` + RetrieveSchema + `,"strict":false}`), nil
	}
	return nil, fmt.Errorf("unknown tool format %q: want %s", format, strings.Join(Formats, ", "))
}

// Args are the arguments of a retrieve call. Zero lines mean unset.
type Args struct {
	ID        string `json:"id"`
	StartLine int    `json:"start_line,omitempty"`
	EndLine   int    `json:"end_line,omitempty"`
	Pattern   string `json:"pattern,omitempty"`
}

// ParseArgs decodes a call's arguments. Models sometimes send numbers as
// strings; those are accepted.
func ParseArgs(raw []byte) (Args, error) {
	var a struct {
		ID        string          `json:"id"`
		StartLine json.RawMessage `json:"start_line"`
		EndLine   json.RawMessage `json:"end_line"`
		Pattern   string          `json:"pattern"`
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return Args{}, errors.New("missing arguments: want {\"id\": \"...\"}")
	}
	if err := json.Unmarshal(raw, &a); err != nil {
		return Args{}, fmt.Errorf("arguments: %v", err)
	}
	if a.ID == "" {
		return Args{}, errors.New(`missing "id": pass the id named in the kompress marker`)
	}
	out := Args{ID: a.ID, Pattern: a.Pattern}
	var err error
	if out.StartLine, err = lineArg("start_line", a.StartLine); err != nil {
		return Args{}, err
	}
	if out.EndLine, err = lineArg("end_line", a.EndLine); err != nil {
		return Args{}, err
	}
	return out, nil
}

func lineArg(name string, raw json.RawMessage) (int, error) {
	s := strings.Trim(string(bytes.TrimSpace(raw)), `"`)
	if s == "" || s == "null" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("%s: want a line number from 1, got %s", name, raw)
	}
	return n, nil
}

// Answer is Select for a model: an answer over MaxAnswer bytes is cut at
// the last line end within it (a single longer line at MaxAnswer, on a
// character boundary) and followed by a note with the line to go on from.
// Shorter answers are Select's, byte for byte.
func Answer(orig []byte, a Args) ([]byte, error) {
	sel, err := Select(orig, a)
	if err != nil || len(sel) <= MaxAnswer {
		return sel, err
	}
	start, end := max(a.StartLine, 1), a.EndLine
	if lines := countLines(orig); end == 0 || end > lines {
		end = lines
	}
	page := sel[:MaxAnswer]
	cut := bytes.LastIndexByte(page, '\n') + 1
	var note string
	if a.Pattern != "" {
		// Each line of sel is "N:line"; the page ends after the last whole one.
		if cut == 0 {
			page = utf8Prefix(page)
			n, _, _ := bytes.Cut(page, []byte(":"))
			note = fmt.Sprintf("matching line %s is longer than %d bytes: only its start is shown. "+
				"Narrow the pattern, or call again with start_line=%s to go past it", n, MaxAnswer, nextLine(n))
		} else {
			page = page[:cut]
			last := page[bytes.LastIndexByte(page[:cut-1], '\n')+1:]
			n, _, _ := bytes.Cut(last, []byte(":"))
			note = fmt.Sprintf("matches of lines %d-%s shown (%d of %d bytes); call again with the same pattern and start_line=%s for the matches after them",
				start, n, len(page), len(sel), nextLine(n))
		}
	} else {
		if cut == 0 {
			page = utf8Prefix(page)
			note = fmt.Sprintf("line %d is %d bytes long: only its first %d are shown. Call again with start_line=%d for the lines after it",
				start, lineLen(sel), len(page), start+1)
		} else {
			page = page[:cut]
			last := start + bytes.Count(page, []byte("\n")) - 1
			note = fmt.Sprintf("lines %d-%d of %d-%d shown (%d of %d bytes); call again with start_line=%d for the rest",
				start, last, start, end, len(page), len(sel), last+1)
		}
	}
	out := append([]byte{}, page...)
	if len(out) > 0 && out[len(out)-1] != '\n' {
		out = append(out, '\n')
	}
	return append(out, "[kompress_retrieve: "+note+"]\n"...), nil
}

// countLines is the number of lines of b, a last line without a newline
// included.
func countLines(b []byte) int {
	n := bytes.Count(b, []byte("\n"))
	if len(b) > 0 && b[len(b)-1] != '\n' {
		n++
	}
	return n
}

func lineLen(b []byte) int {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return i
	}
	return len(b)
}

// utf8Prefix drops a character cut in two at the end of b.
func utf8Prefix(b []byte) []byte {
	for i := 0; i < utf8.UTFMax && len(b) > 0; i++ {
		if r, size := utf8.DecodeLastRune(b); r != utf8.RuneError || size != 1 {
			return b
		}
		b = b[:len(b)-1]
	}
	return b
}

// nextLine is the line after n, a line number as text.
func nextLine(n []byte) string {
	i, err := strconv.Atoi(string(n))
	if err != nil {
		return string(n)
	}
	return strconv.Itoa(i + 1)
}

// Select cuts orig to what a asks for. Without lines or pattern it is orig
// itself. A line range gives those lines exactly, line endings included;
// a pattern gives each matching line (within the range, if one is given)
// as "N:line", so the model knows where it sits, without colour codes.
func Select(orig []byte, a Args) ([]byte, error) {
	if a.StartLine == 0 && a.EndLine == 0 && a.Pattern == "" {
		return orig, nil
	}
	lines := bytes.SplitAfter(orig, []byte("\n"))
	if n := len(lines); n > 0 && len(lines[n-1]) == 0 {
		lines = lines[:n-1]
	}
	start, end := max(a.StartLine, 1), a.EndLine
	if end == 0 || end > len(lines) {
		end = len(lines)
	}
	switch {
	case start > len(lines):
		return nil, fmt.Errorf("start_line %d is past the end: the original has %d lines", start, len(lines))
	case start > end:
		return nil, fmt.Errorf("start_line %d is after end_line %d", start, end)
	}
	if a.Pattern == "" {
		return bytes.Join(lines[start-1:end], nil), nil
	}
	match := func(b []byte) bool { return bytes.Contains(b, []byte(a.Pattern)) }
	if re, err := regexp.Compile(a.Pattern); err == nil {
		match = re.Match
	}
	var out bytes.Buffer
	for i := start - 1; i < end; i++ {
		// A coloured line is matched and shown as the reader saw it:
		// "error.*no-shadow" must find eslint's coloured row, whose
		// escape codes sit between the words.
		line := ansi.Strip(bytes.TrimSuffix(lines[i], []byte("\n")))
		if match(line) {
			fmt.Fprintf(&out, "%d:%s\n", i+1, line)
		}
	}
	if out.Len() == 0 {
		fmt.Fprintf(&out, "no line of %d-%d matches %q\n", start, end, a.Pattern)
	}
	return out.Bytes(), nil
}
