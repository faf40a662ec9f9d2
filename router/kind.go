// Package router detects the shape of tool output (search hits, logs, JSON,
// tables, code, diffs, HTML, prose) so each part can go to the compressor made
// for it.
package router

// Kind is the detected shape of a piece of tool output.
type Kind string

// The kinds the router knows. Binary and Empty are never compressed.
const (
	Empty  Kind = "empty"
	Binary Kind = "binary" // NUL bytes or invalid UTF-8
	Search Kind = "search" // grep -n / rg output, rg --heading, -C context, -l path lists
	Log    Kind = "log"    // build, test, package-manager and service logs
	JSON   Kind = "json"   // object, array, JSON Lines, concatenated values
	Table  Kind = "table"  // CSV/TSV, whitespace-aligned columns (ps aux, ls -l)
	Code   Kind = "code"   // source code
	Diff   Kind = "diff"   // unified diffs, git show/diff
	HTML   Kind = "html"   // HTML or XML markup
	Prose  Kind = "prose"  // natural-language text, man pages, docs
	Mixed  Kind = "mixed"  // several sections of different kinds; see Split
)
