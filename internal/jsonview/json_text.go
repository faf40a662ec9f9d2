package jsonview

import (
	"bytes"
	"unsafe"

	"github.com/kompress/kompress/internal/failure"
	"github.com/kompress/kompress/internal/jsonscan"
	"github.com/kompress/kompress/internal/jsonstr"
	"github.com/kompress/kompress/router"
)

// Tools' output often comes wrapped in JSON: a shell tool's
// {"exit_code":1,"output":"..."}, an MCP result's "text", a test report's
// "longrepr", a CI API's job log. Such a string is text with lines of its
// own, and the view shows it as the engine shows that text (a log by the
// log view, hits by the search view; lossy.Options.Text), re-encoded as a
// JSON string, rather than cut after its first 160 bytes. A string is such
// a text when it is longer than the level's cut, holds at least
// jsonTextLines lines, and either holds a failure line (failure.Lines for
// JSON: it is never cut), sits under an output-like member name
// (jsonTextNames), or reads mostly as a log, search hits or a table
// (in its first 2 KiB). Prose, code
// (eslint's "source"), diffs and documentation strings are cut as before.
// Without lossy.Options.Text, or where the text's view would drop one of
// its failure lines or save too little, a string with a failure line is
// kept whole.

// jsonTextLines is the least number of lines a string holds to be viewed
// as text.
const jsonTextLines = 3

// jsonTextNames are member names under which a string holds a tool's text.
var jsonTextNames = map[string]bool{
	"output": true, "stdout": true, "stderr": true, "log": true, "logs": true, "text": true,
	"content": true, "result": true, "traceback": true, "longrepr": true, "body": true,
	"console": true, "combined_output": true, "out": true, "err": true, "trace": true,
	"stack": true, "stacktrace": true, "details": true,
}

// jsonTextName reports whether name is one of jsonTextNames, ASCII case
// ignored.
func jsonTextName(name string) bool {
	if len(name) > 16 {
		return false
	}
	var buf [16]byte
	return jsonTextNames[string(jsonLower(buf[:0], name))]
}

// textView returns the view of string v as the text it holds, re-encoded
// as a JSON string, and whether v is such a text (see above); name is the
// member v is the value of, "" in an array.
func (c *jsonCrusher) textView(v *jsonscan.Value, name string) ([]byte, bool) {
	if c.text == nil || bytes.Count(v.Raw, []byte(`\n`)) < jsonTextLines-1 {
		return nil, false
	}
	off := int(uintptr(unsafe.Pointer(unsafe.SliceData(v.Raw))) - uintptr(unsafe.Pointer(unsafe.SliceData(c.in))))
	if view, ok := c.texts[off]; ok {
		return view, view != nil
	}
	view := c.viewText(v, name)
	if c.texts == nil {
		c.texts = map[int][]byte{}
	}
	c.texts[off] = view
	return view, view != nil
}

// viewText is textView without its memo: nil when v is no text or its view
// is not used.
func (c *jsonCrusher) viewText(v *jsonscan.Value, name string) []byte {
	text, ok := jsonstr.AppendSpan(nil, v.Raw[1:len(v.Raw)-1])
	if !ok {
		return nil
	}
	fails := c.fails.failureText(v.Raw)
	if !fails && !jsonTextName(name) && !jsonReadsAsOutput(router.Split(jsonTextHead(text))) {
		return nil
	}
	shown := trimJSFrames(text)
	view := c.text(shown, router.Split(shown))
	if view == nil && len(shown) < len(text) {
		view = shown // the text's view changes nothing but the frames
	}
	if view == nil || failure.Absent(failure.TextLines(text), view) != nil {
		return nil
	}
	out := make([]byte, 0, len(view)+len(view)/8+2)
	out = append(out, '"')
	out = jsonstr.AppendEscaped(out, view)
	out = append(out, '"')
	if len(out) > len(v.Raw)*9/10 {
		return nil
	}
	return out
}

// jsonTextHeadMax bounds the text the router reads to tell whether a
// string is a tool's output: a big source file (eslint's "source") is
// known for code by its first lines.
const jsonTextHeadMax = 2 << 10

// jsonTextHead returns the whole lines of text within its first
// jsonTextHeadMax bytes (the first line, however long, when it is longer).
func jsonTextHead(text []byte) []byte {
	if len(text) <= jsonTextHeadMax {
		return text
	}
	if i := bytes.LastIndexByte(text[:jsonTextHeadMax], '\n'); i >= 0 {
		return text[:i+1]
	}
	return text[:jsonTextHeadMax]
}

// jsonReadsAsOutput reports whether the router reads most of a string's
// text as a tool's output: a log, search hits or a table (source code
// with a stretch that looks like a log is still code).
func jsonReadsAsOutput(sections []router.Section) bool {
	output, all := 0, 0
	for _, s := range sections {
		switch s.Kind {
		case router.Log, router.Search, router.Table:
			output += s.End - s.Start
		}
		all += s.End - s.Start
	}
	return output > all/2
}
