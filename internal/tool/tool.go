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
	"pattern (a regular expression, or plain text if it is not one) returns only the matching lines, each prefixed with its line number and a colon."

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

// Select cuts orig to what a asks for. Without lines or pattern it is orig
// itself. A line range gives those lines exactly, line endings included;
// a pattern gives each matching line (within the range, if one is given)
// as "N:line", so the model knows where it sits.
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
		line := bytes.TrimSuffix(lines[i], []byte("\n"))
		if match(line) {
			fmt.Fprintf(&out, "%d:%s\n", i+1, line)
		}
	}
	if out.Len() == 0 {
		fmt.Fprintf(&out, "no line of %d-%d matches %q\n", start, end, a.Pattern)
	}
	return out.Bytes(), nil
}
