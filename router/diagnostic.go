package router

import (
	"bytes"

	"github.com/kompress/kompress/internal/toolline"
)

// maxDiagnosticBody bounds the lines a diagnostic's body may take, so a
// long stretch of other output after one error line is not swallowed.
const maxDiagnosticBody = 64

// diagnosticBodies votes Log for the lines a compiler or checker writes
// under a diagnostic, up to the next blank line: nim's candidates under
// "ledger.nim(19, 28) Error: type mismatch", pyright's indented reasons
// under "  cart.py:10:32 - error: …", and svelte-check's message, link
// and quoted markup under a location alone on its line
// ("src/List.svelte:9:3", then "Error: …"). Read line by line the body is
// prose or markup, and a section of its own would split the report.
//
// Under a located diagnostic only lines that vote weakly, or for prose,
// are taken; under a bare location, whose report is the block, every
// line is (the quoted source is markup or code). Structure (a JSON value,
// a hunk) is never taken.
func diagnosticBodies(b []byte, lines []lineInfo) {
	var scratch []byte
	for i := 0; i+1 < len(lines); i++ {
		li, next := &lines[i], &lines[i+1]
		if next.blank || next.weight == wForced {
			continue
		}
		var whole bool // the block under a bare location: every line is the report's
		switch {
		case li.kind == kSearch && li.weight == wStrong && next.kind == kLog && next.weight >= wStrong:
			if !bareLocation(plainLine(b, *li, &scratch)) {
				continue
			}
			whole = true
			li.kind = kLog
		case li.kind == kLog && li.weight >= wStrong && next.kind != kLog && (next.weight < wStrong || next.kind == kProse) && li.feat&fColon != 0:
			if !locatedDiagnostic(plainLine(b, *li, &scratch)) {
				continue
			}
		default:
			continue
		}
		k := i + 1
		for ; k < len(lines) && k <= i+maxDiagnosticBody; k++ {
			l := &lines[k]
			if l.blank || l.weight == wForced || !whole && l.weight >= wStrong && l.kind != kProse && l.kind != kLog {
				break
			}
			l.kind, l.weight = kLog, wStrong
		}
		i = k - 1
	}
}

// bareLocation reports a line that is a place and nothing else,
// "path:N:M" or "path:N": svelte-check's heading of a diagnostic.
func bareLocation(line []byte) bool {
	h, ok := toolline.ParseHit(line)
	if !ok || h.Context || !plausibleHitPath(h) {
		return false
	}
	return len(h.Text) == 0 || digits(h.Text)
}

// locatedDiagnostic reports a diagnostic that names its place: gcc's
// "a.c:3:5: error: …", fpc's and nim's "a.nim(19, 28) Error: …",
// pyright's indented "  a.py:10:32 - error: …".
func locatedDiagnostic(line []byte) bool {
	t := trimBlank(line)
	colon := bytes.IndexByte(t, ':')
	if colon <= 0 {
		return false
	}
	if severityAfterPlace(t, colon) || len(t) < len(line) && placeThenSeverity(t[colon:]) {
		return true
	}
	h, ok := toolline.ParseHit(line)
	return ok && !h.Context && isDiagnostic(h)
}
