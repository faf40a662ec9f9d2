// Package failure finds the lines of tool output that report a failure, so
// that every compressor can be held to DESIGN invariant 2: each such line
// appears verbatim in the output, or the result falls back.
//
// There is one definition of a failure report (see Report and the README's
// "Failure lines" section), applied to every section that is not data,
// whatever the router decided: a log misrouted to prose keeps the same
// failure lines. Data is what a compressor shows as values, not as report
// text: JSON values, source code, diff content, and search hits over source
// (a grep hit on a line that mentions Errorf is not a failure; the search
// tool's own complaints are). Table rows also count when a cell reads as a
// failed status (Error, Failed, CrashLoopBackOff, Exited (1)). HTML lines
// that carry markup are rendered by the HTML view, so only its plain text
// lines are judged; text routed as HTML whose first line is not markup only
// quotes it (a linter's report), and is judged as a log.
package failure

import (
	"bytes"
	"html"
	"sync"
	"unsafe"

	"github.com/kompress/kompress/internal/ansi"

	"github.com/kompress/kompress/router"
)

// Lines returns every line of text that reports a failure, in order, as
// subslices of text without the line ending.
func Lines(kind router.Kind, text []byte) [][]byte {
	var out [][]byte
	each(kind, text, func(line []byte) { out = append(out, line) })
	return out
}

// Data reports whether kind is data, whose lines are values rather than
// reports: JSON, code and diffs (and input that is not text).
func Data(kind router.Kind) bool {
	switch kind {
	case router.JSON, router.Code, router.Diff, router.Empty, router.Binary:
		return true
	}
	return false
}

// Missing returns the failure lines of original (by Lines) that do not appear
// verbatim as a whole line of output, each once, in order. A line also counts
// as present when output holds it without its ANSI escapes, so a compressor
// that strips colour (and declares so) is not blamed for that.
func Missing(kind router.Kind, original, output []byte) [][]byte {
	return AbsentIn(kind, Lines(kind, original), output)
}

// AbsentIn is Absent for the failure lines of a text of kind. A JSON text's
// lines are written inside string literals: see jsonAbsent. An HTML
// page's lines are its source: the reader sees them with entities decoded
// ("&lt;i8&gt;" is "<i8>") and runs of white space as one, a paragraph's
// lines joined, and so does the HTML view write them. A page's line that
// is not a whole line of output is present when output, read that way,
// holds it as it reads.
func AbsentIn(kind router.Kind, lines [][]byte, output []byte) [][]byte {
	if kind == router.JSON {
		return jsonAbsent(lines, output)
	}
	missing := Absent(lines, output)
	if kind != router.HTML || len(missing) == 0 {
		return missing
	}
	shown := collapseSpace(output)
	kept := missing[:0]
	for _, l := range missing {
		if !bytes.Contains(shown, collapseSpace([]byte(html.UnescapeString(string(l))))) {
			kept = append(kept, l)
		}
	}
	return kept
}

// collapseSpace returns b with each run of ASCII white space as one space,
// none at either end.
func collapseSpace(b []byte) []byte {
	out := make([]byte, 0, len(b))
	space := false
	for _, c := range b {
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' {
			space = len(out) > 0
			continue
		}
		if space {
			out = append(out, ' ')
			space = false
		}
		out = append(out, c)
	}
	return out
}

// Absent returns the lines (failure lines, as Lines gives them) that do not
// appear in output by the rules of Missing. Callers that check one text
// against several outputs find its lines once.
func Absent(lines [][]byte, output []byte) [][]byte {
	if len(lines) == 0 {
		return nil
	}
	// Index the few lines sought rather than every line of output: each
	// output line is then one lookup, with no copy, and the scan stops
	// once everything is found. The keys alias the lines (read only, alive
	// for the call) and map to their places in got: no key is copied, and
	// finding one writes no map.
	want := make(map[string]int32, len(lines))
	add := func(l []byte) {
		if _, ok := want[bytesKey(l)]; !ok {
			n := int32(len(want))
			want[bytesKey(l)] = n
		}
	}
	for _, l := range lines {
		add(l)
		if bytes.IndexByte(l, 0x1b) >= 0 {
			add(ansi.Strip(l))
		}
	}
	got := make([]bool, len(want))
	left := len(want)
	found := func(key []byte) {
		if i, ok := want[string(key)]; ok && !got[i] {
			got[i] = true
			left--
		}
	}
	for rest := output; len(rest) > 0 && left > 0; {
		var line []byte
		line, rest, _ = bytes.Cut(rest, []byte{'\n'})
		line = bytes.TrimSuffix(line, []byte{'\r'})
		found(line)
		if bytes.IndexByte(line, 0x1b) >= 0 {
			found(ansi.Strip(line))
		}
	}
	have := func(key []byte) bool {
		i, ok := want[string(key)]
		return ok && got[i]
	}
	var missing [][]byte
	seen := map[string]bool{}
	for _, l := range lines {
		if have(l) {
			continue
		}
		if bytes.IndexByte(l, 0x1b) >= 0 && have(ansi.Strip(l)) {
			continue
		}
		if !seen[string(l)] {
			seen[string(l)] = true
			missing = append(missing, l)
		}
	}
	return missing
}

// bytesKey returns b as a map key without a copy; b must not change while
// the map is in use.
func bytesKey(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// markupFirst reports whether the first line of text that is not blank
// opens with markup, as a page or a document does.
func markupFirst(text []byte) bool {
	for line := range bytes.Lines(text) {
		if t := trimIndent(ansi.Strip(line)); len(bytes.TrimSpace(t)) > 0 {
			return t[0] == '<'
		}
	}
	return false
}

// each calls fn for each failure line of text, in order.
func each(kind router.Kind, text []byte, fn func([]byte)) {
	if kind == router.JSON {
		jsonEach(text, fn)
		return
	}
	if Data(kind) {
		return
	}
	if kind == router.HTML && !markupFirst(text) {
		// Text that only quotes markup (a linter's "L3 |<div>" excerpts
		// and "^ Tag must be paired, missing: [ </p> ]") is a report,
		// whatever the router decided: judged as a log, line by line.
		kind = router.Log
	}
	only, also := kindRules(kind)
	if kind == router.HTML {
		pageParts(text, func(part []byte) { judgeParts(kind, part, only, also, fn) })
		return
	}
	judgeParts(kind, text, only, also, fn)
}

// judgeParts judges text, in parts of whole lines of at most maxReaderText
// bytes, each with its own reader.
func judgeParts(kind router.Kind, text []byte, only, also func([]byte) bool, fn func([]byte)) {
	for len(text) > maxReaderText {
		// Judged in parts of whole lines, each with its own reader.
		cut := bytes.LastIndexByte(text[:maxReaderText], '\n') + 1
		if cut == 0 {
			// A line of 4 GB is no tool's report of a failure: pass it.
			e := bytes.IndexByte(text[maxReaderText:], '\n')
			if e < 0 {
				return
			}
			text = text[maxReaderText+e+1:]
			continue
		}
		judgeText(kind, text[:cut], only, also, fn)
		text = text[cut:]
	}
	judgeText(kind, text, only, also, fn)
}

// pageParts calls fn with the parts of an HTML page outside its comments,
// scripts and styles, in whole lines: what those hold ("left: 0;" in a
// style, a note to the page's authors in a comment) is not text the page
// shows, and the HTML view drops it. The line that opens one is in the
// part before it (its markup is not judged), and the line that closes it
// in none; one left open runs to the end, as a browser reads it.
func pageParts(text []byte, fn func([]byte)) {
	start, closer := 0, ""
	for at := 0; at < len(text); {
		end := len(text)
		if i := bytes.IndexByte(text[at:], '\n'); i >= 0 {
			end = at + i + 1
		}
		line := text[at:end]
		switch {
		case closer != "":
			if indexTag(line, closer) >= 0 {
				closer, start = "", end
			}
		case bytes.IndexByte(line, '<') >= 0:
			if closer = pageOpens(line); closer != "" {
				fn(text[start:end])
			}
		}
		at = end
	}
	if closer == "" && start < len(text) {
		fn(text[start:])
	}
}

// pageOpens returns what closes the comment, script or style that line
// opens and leaves open, "" when it leaves none open.
func pageOpens(line []byte) string {
	if i := bytes.Index(line, []byte("<!--")); i >= 0 && bytes.Index(line[i+4:], []byte("-->")) < 0 {
		return "-->"
	}
	for _, tag := range [...][2]string{{"<script", "</script"}, {"<style", "</style"}} {
		if i := indexTag(line, tag[0]); i >= 0 && indexTag(line[i:], tag[1]) < 0 {
			return tag[1]
		}
	}
	return ""
}

// indexTag returns the index of the first pattern in line, ASCII case
// ignored ("<SCRIPT"), or -1; pattern is lower case.
func indexTag(line []byte, pattern string) int {
	for i := 0; i+len(pattern) <= len(line); i++ {
		j := bytes.IndexByte(line[i:], pattern[0])
		if j < 0 || i+j+len(pattern) > len(line) {
			return -1
		}
		i += j
		if bytes.EqualFold(line[i:i+len(pattern)], []byte(pattern)) {
			return i
		}
	}
	return -1
}

// kindRules returns which lines the report rules judge in kind (nil: all)
// and what else counts in it (nil: nothing).
func kindRules(kind router.Kind) (only, also func(plain []byte) bool) {
	switch kind {
	case router.Search:
		return notHit, searchComplaint
	case router.Table:
		return nil, tableRowFailure
	case router.HTML:
		return plainText, nil
	}
	return nil, nil
}

// tableRowFailure is what counts in a table besides the report rules: a
// failed status cell, a tool's complaint.
func tableRowFailure(plain []byte) bool { return tableFailure(plain) || toolComplaint(plain) }

// plainText reports whether an HTML line holds no markup.
func plainText(plain []byte) bool { return bytes.IndexByte(plain, '<') < 0 }

// Line reports whether line, judged alone as text of kind, reports a
// failure: whether Lines(kind, line) holds a line. Views ask it of one row
// or one line at a time (a table row, a search view's non-hit line); it
// judges by the same rules as Lines without Lines' tables of a whole
// text's lines.
func Line(kind router.Kind, line []byte) bool {
	if kind == router.JSON && bytes.Contains(line, escapedNewline) {
		return len(Lines(kind, line)) > 0 // a literal holding text: see jsonEach
	}
	if Data(kind) || len(line) == 0 {
		return false
	}
	if bytes.IndexByte(line, '\n') >= 0 || bytes.IndexByte(line, 0x1b) >= 0 {
		// Several lines, or escapes to see through: as a text.
		return len(Lines(kind, line)) > 0
	}
	if kind == router.HTML && !markupFirst(line) {
		kind = router.Log // see each
	}
	only, also := kindRules(kind)
	// A reader as resetReader makes it, with tables of one line.
	e := len(line)
	if e > 0 && line[e-1] == '\r' {
		e--
	}
	o := oneLines.Get().(*oneLine)
	o.spans, o.mark, o.prose = [1][2]uint32{{0, uint32(e)}}, [1]bool{}, [1]int8{-1}
	o.r = reader{text: line, spans: o.spans[:], mark: o.mark[:], prose: o.prose[:], lastFail: -8, pathLine: -1,
		race: bytes.Contains(line, []byte(raceInTest)), rows: kind == router.Table, page: kind == router.HTML}
	o.r.judge(only, also)
	found := o.r.mark[0]
	o.r = reader{} // keep no caller's bytes alive
	oneLines.Put(o)
	return found
}

// oneLine is a reader of one line with its tables: Line's, pooled, since
// its judgement lets the reader's tables escape.
type oneLine struct {
	r     reader
	spans [1][2]uint32
	mark  [1]bool
	prose [1]int8
}

var oneLines = sync.Pool{New: func() any { return new(oneLine) }}

// judgeText calls fn for each failure line of text, at most maxReaderText
// bytes.
func judgeText(kind router.Kind, text []byte, only, also func([]byte) bool, fn func([]byte)) {
	var r *reader
	if len(text) <= shortText {
		r = resetReader(readers.Get().(*reader), text)
		defer func() {
			r.text, r.plain, r.plainAt = nil, nil, nil // keep no caller's bytes alive
			readers.Put(r)
		}()
	} else {
		r = newReader(text)
	}
	r.rows, r.page = kind == router.Table, kind == router.HTML
	r.judge(only, also)
	for i, m := range r.mark {
		if m {
			fn(r.raw(i))
		}
	}
}
