package failure

import (
	"bytes"
	"slices"
	"unsafe"

	"github.com/kompress/kompress/internal/ansi"
	"github.com/kompress/kompress/internal/jsonstr"
	"github.com/kompress/kompress/router"
)

// A JSON document's values are data, but a string in it may hold a tool's
// whole output: {"exit_code":1,"output":"--- FAIL: TestX\n..."} from a
// shell tool, an MCP result's "text", a test report's "longrepr". Such a
// string is text with lines of its own, and its failure lines are judged
// as the router reads that text: a log's by the log rules, source code
// (eslint's "source") and JSON held in a string as data. A failure line of
// a JSON text is returned as it is written inside its literal, escapes and
// all ("FAIL\texample.com/pkg\t0.1s" with a backslash and a t): a
// subslice of the text, which a view that keeps the literal keeps.

// escapedNewline is a line break as a JSON literal writes it.
var escapedNewline = []byte(`\n`)

// jsonEach calls fn for the failure line of each JSON string in text that
// holds more than one line (see above), in order. The text need not be one
// valid document (JSON Lines, a stream cut off): strings are found by
// their quotes.
func jsonEach(text []byte, fn func([]byte)) {
	if !bytes.Contains(text, escapedNewline) {
		return
	}
	var buf []byte
	for i := 0; i < len(text); i++ {
		if text[i] != '"' {
			continue
		}
		start, end, lines := literalAt(text, i+1)
		i = end
		if lines == 0 || end >= len(text) || isKey(text[end+1:]) {
			continue
		}
		buf = literalLines(text[start:end], buf[:0], fn)
	}
}

// literalAt returns where the literal whose text starts at text[start] ends
// (its closing quote, or len(text)) and how many escaped line breaks it
// holds.
func literalAt(text []byte, start int) (int, int, int) {
	lines := 0
	i := start
	for i < len(text) {
		j := bytes.IndexAny(text[i:], "\"\\")
		if j < 0 {
			return start, len(text), lines
		}
		i += j
		if text[i] == '"' {
			return start, i, lines
		}
		if i+1 < len(text) && text[i+1] == 'n' {
			lines++
		}
		i += 2
	}
	return start, len(text), lines
}

// isKey reports whether what follows a literal makes it a member's name.
func isKey(rest []byte) bool {
	rest = bytes.TrimLeft(rest, " \t\r\n")
	return len(rest) > 0 && rest[0] == ':'
}

// literalLines calls fn for the failure lines of the text of literal raw
// (without its quotes), each as raw writes it, and returns buf, which it
// decodes into, for reuse.
func literalLines(raw, buf []byte, fn func([]byte)) []byte {
	text, ok := jsonstr.AppendSpan(buf, raw)
	if !ok {
		return buf
	}
	// The literal's lines as raw writes them, one per line of text unless
	// the literal wrote a line break as \u000a.
	var segs [][]byte
	for rest := raw; ; {
		seg, after, found := cutNewline(rest)
		segs = append(segs, seg)
		if !found {
			break
		}
		rest = after
	}
	starts := make([]int, 0, len(segs))
	for at := 0; ; {
		starts = append(starts, at)
		j := bytes.IndexByte(text[at:], '\n')
		if j < 0 {
			break
		}
		at += j + 1
	}
	aligned := len(starts) == len(segs)
	base := uintptr(unsafe.Pointer(unsafe.SliceData(text)))
	eachText(text, func(line []byte) {
		off := int(uintptr(unsafe.Pointer(unsafe.SliceData(line))) - base)
		if aligned {
			k, at := slices.BinarySearch(starts, off) // the line holding off
			if !at {
				k--
			}
			seg := bytes.TrimSuffix(segs[k], []byte(`\r`))
			if off == starts[k] && (k+1 == len(starts) || off+len(line) >= starts[k+1]-2) {
				fn(seg)
				return
			}
		}
		fn(jsonstr.AppendEscaped(nil, line))
	})
	return text
}

// cutNewline cuts raw, a literal's text, around its first escaped line
// break.
func cutNewline(raw []byte) (before, after []byte, found bool) {
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' || i+1 >= len(raw) {
			continue
		}
		if raw[i+1] == 'n' {
			return raw[:i], raw[i+2:], true
		}
		i++
	}
	return raw, nil, false
}

// eachText calls fn for each failure line of text, a string's decoded
// text, judged section by section as the router splits it: code and JSON
// held in a string are data, and so is documentation (see quotesCode). A
// text that reports no failure when read as a log whole has none.
func eachText(text []byte, fn func([]byte)) {
	if quotesCode(text) || !anyLine(router.Log, text) {
		// Read as a log, the text reports nothing: the router's sections
		// (most often code) need not be found.
		return
	}
	for _, s := range router.Split(text) {
		if s.Kind == router.JSON {
			continue
		}
		each(s.Kind, text[s.Start:s.End], fn)
	}
}

// anyLine reports whether text, judged as kind, has a failure line.
func anyLine(kind router.Kind, text []byte) bool {
	found := false
	each(kind, text, func([]byte) { found = true })
	return found
}

// quotesCode reports whether text is documentation with examples: it
// fences code in Markdown under a tag that names no output ("```rust",
// rustc's "```compile_fail,E0106" in a diagnostic's "explanation"). Its
// "error:" lines and "examples of elision errors:" quote what a compiler
// would say; a tool's output fenced as "```", "```text" or "```console"
// (an MCP server's result) stays text.
func quotesCode(text []byte) bool {
	if !bytes.Contains(text, fence) {
		return false
	}
	for line := range bytes.Lines(text) {
		tag, ok := bytes.CutPrefix(bytes.TrimLeft(line, " "), fence)
		if !ok {
			continue
		}
		tag = bytes.TrimSpace(tag)
		if i := bytes.IndexAny(tag, ", {"); i >= 0 {
			tag = tag[:i]
		}
		if len(tag) > 0 && !outputTags[string(bytes.ToLower(tag))] {
			return true
		}
	}
	return false
}

var fence = []byte("```")

// outputTags are the fence tags under which Markdown shows a program's
// output rather than code.
var outputTags = map[string]bool{
	"text": true, "txt": true, "plain": true, "plaintext": true, "console": true, "output": true,
	"log": true, "shell": true, "sh": true, "bash": true, "terminal": true, "stdout": true,
	"stderr": true, "shell-session": true, "pytb": true, "python-traceback": true,
}

// TextLines returns the failure lines of text, the decoded text of a JSON
// string, as Lines(router.JSON, …) judges them in the literal: subslices
// of text. A view that shows such a string as its own text keeps them.
func TextLines(text []byte) [][]byte {
	var out [][]byte
	eachText(text, func(line []byte) { out = append(out, line) })
	return out
}

// jsonAbsent returns the lines of lines, failure lines of a JSON text (see
// jsonEach), that output lacks, each once. A line is present when output
// holds it as a whole line of a string literal, between the literal's
// quotes and escaped line breaks, written as the input wrote it or as
// jsonstr.AppendEscaped writes its text (a view re-encodes the strings it
// shortens), with or without colour codes; or as a whole line of output.
func jsonAbsent(lines [][]byte, output []byte) [][]byte {
	missing := Absent(lines, output)
	if len(missing) == 0 {
		return nil
	}
	// Each line's spellings, by the index of the line.
	want := make(map[string]int, 2*len(missing))
	for i, l := range missing {
		want[string(l)] = i
		text, ok := jsonstr.AppendSpan(nil, l)
		if !ok {
			continue
		}
		for _, t := range [][]byte{text, ansi.Strip(text)} {
			if e := string(jsonstr.AppendEscaped(nil, t)); e != string(l) {
				want[e] = i
			}
		}
	}
	got := make([]bool, len(missing))
	left := len(missing)
	literalPieces(output, func(piece []byte) bool {
		piece = bytes.TrimSuffix(piece, []byte(`\r`))
		if i, ok := want[string(piece)]; ok && !got[i] {
			got[i] = true
			left--
		}
		return left > 0
	})
	kept := missing[:0]
	for i, l := range missing {
		if !got[i] {
			kept = append(kept, l)
		}
	}
	return kept
}

// literalPieces calls fn with the pieces of output between quotes, escaped
// line breaks and line breaks (an escaped quote or backslash is no
// boundary) while fn returns true.
func literalPieces(output []byte, fn func([]byte) bool) {
	start := 0
	for i := 0; i < len(output); i++ {
		switch output[i] {
		case '\\':
			if i+1 < len(output) && output[i+1] == 'n' {
				if !fn(output[start:i]) {
					return
				}
				start = i + 2
			}
			i++
		case '"', '\n':
			if !fn(bytes.TrimSuffix(output[start:i], []byte{'\r'})) {
				return
			}
			start = i + 1
		}
	}
	fn(output[start:])
}
