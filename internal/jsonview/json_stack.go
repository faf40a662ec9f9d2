package jsonview

import (
	"bytes"

	"github.com/kompress/kompress/internal/lossy"
	"github.com/kompress/kompress/internal/toolline"
)

// A JavaScript test runner's JSON report (jest --json, vitest's json
// reporter) holds each failure as its Error's message and stack: the
// assertion, the test's own frame ("at Object.toBe (test/cart.test.js:10:9)")
// and a dozen frames of the runner itself (node_modules/jest-circus, node
// internals, "new Promise (<anonymous>)"). The log view keeps a trace's
// first frames, which there are the runner's, so the string saved too little
// and was kept whole. Before such a text is viewed, the library frames of
// each trace past its first are said in a note with their count; the
// message, the first frame and every frame of the project's own code stay.

// jsFrameMark is the cheap test for a text with a JavaScript stack trace.
var jsFrameMark = []byte("\n    at ")

// trimJSFrames returns text without the library frames of its JavaScript
// stack traces (see above), or text itself when it drops none.
func trimJSFrames(text []byte) []byte {
	if !bytes.Contains(text, jsFrameMark) {
		return text
	}
	var out []byte
	copied := 0 // text[:copied] is in out
	first := true
	run, runStart, runIndent := 0, 0, []byte(nil)
	flush := func(end int) {
		if run > 1 {
			out = append(out, text[copied:runStart]...)
			out = append(out, runIndent...)
			out = append(out, lossy.Omitted(run, "library stack frames")...)
			out = append(out, '\n')
			copied = end
		}
		run = 0
	}
	at := 0
	for line := range bytes.Lines(text) {
		start := at
		at += len(line)
		body := bytes.TrimLeft(line, " \t")
		if !bytes.HasPrefix(body, []byte("at ")) {
			flush(start)
			first = true
			continue
		}
		if first || !toolline.JSLibraryFrame(body) {
			flush(start)
			first = false
			continue
		}
		if run == 0 {
			runStart, runIndent = start, line[:len(line)-len(body)]
		}
		run++
	}
	if run > 1 && !bytes.HasSuffix(text, []byte("\n")) {
		// The note ends the text as its last frame did, without a line break.
		flush(len(text))
		out = out[:len(out)-1]
	} else {
		flush(len(text))
	}
	if out == nil {
		return text
	}
	return append(out, text[copied:]...)
}
