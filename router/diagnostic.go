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
	if _, ok := toolline.TestthatHead(t); ok {
		return true // R testthat: "Failure ('test-money.R:5'): …", its message under it
	}
	if _, ok := toolline.BustedHead(t); ok {
		return true // busted: "Failure -> spec/queue_spec.lua @ 8", the test's name and message under it
	}
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

// terraformBlocks votes Log for the whole of each diagnostic Terraform
// (and OpenTofu) writes: "Error: summary" or "Warning: summary", a blank
// line, the place ("  on main.tf line 12, in locals:"), the source lines
// under it, and after a blank line the detail paragraph, which alone reads
// as prose. In colour, each line sits behind a box's "│ " and the block
// between "╷" and "╵". A block ends at the blank line after its detail,
// at the box's end or at the next diagnostic.
//
// The same pass votes Log for Composer's report of requirements it could
// not resolve: each "  Problem N" (toolLine's) and the "    - …" reasons
// under it, which alone read as prose, up to the blank line after them.
func terraformBlocks(b []byte, lines []lineInfo) {
	var scratch []byte
	for i := 0; i < len(lines); i++ {
		if lines[i].kind == kLog && lines[i].weight >= wStrong && b[lines[i].start] == ' ' && composerProblem(trimBlank(lines[i].text(b))) {
			k := i
			for ; k < len(lines) && !lines[k].blank && k < i+maxDiagnosticBody; k++ {
				if l := &lines[k]; l.weight != wForced {
					l.kind, l.weight = kLog, wStrong
				}
			}
			i = k
			continue
		}
		if i < 2 {
			continue
		}
		// The place stands under a blank line (or a box's "│") under the
		// head; both hold a ':'. Asked of the lines' records first.
		if lines[i].feat&fColon == 0 || lines[i].end-lines[i].start < 12 || !lines[i-1].blank && lines[i-1].end-lines[i-1].start > 16 ||
			lines[i-2].feat&fColon == 0 {
			continue
		}
		if raw := lines[i].text(b); raw[0] != ' ' && raw[0] != 0xe2 && raw[0] != esc {
			continue // the place's "  on ", maybe behind "│ " or colour
		}
		t := tfBody(plainLine(b, lines[i], &scratch))
		if len(t) < 12 || t[0] != ' ' || !hasPrefix(t, "  on ") || t[len(t)-1] != ':' || !toolline.TerraformPlace(t[len("  on "):]) {
			continue
		}
		head := i - 2
		if len(tfBody(plainLine(b, lines[i-1], &scratch))) != 0 || !tfHead(tfBody(plainLine(b, lines[head], &scratch))) {
			continue
		}
		if head > 0 && string(plainLine(b, lines[head-1], &scratch)) == "╷" {
			head--
		}
		blanks := 0
		k := head
		for ; k < len(lines); k++ {
			line := plainLine(b, lines[k], &scratch)
			if string(line) == "╵" {
				k++
				break
			}
			body := tfBody(line)
			if k > i && tfHead(body) {
				break
			}
			if len(bytes.TrimSpace(body)) == 0 {
				if k > i {
					if blanks++; blanks == 2 {
						break
					}
				}
				continue
			}
			if l := &lines[k]; l.weight != wForced {
				l.kind, l.weight = kLog, wStrong
			}
		}
		i = k
	}
}

// tfBody is a line of a Terraform diagnostic without the "│ " of its box.
func tfBody(line []byte) []byte {
	if s, ok := bytes.CutPrefix(line, []byte("│")); ok {
		return bytes.TrimPrefix(s, []byte(" "))
	}
	return line
}

// tfHead reports a diagnostic's first line, "Error: summary" or "Warning: summary".
func tfHead(t []byte) bool {
	return (hasPrefix(t, "Error: ") || hasPrefix(t, "Warning: ")) && len(t) > len("Error: ")
}
