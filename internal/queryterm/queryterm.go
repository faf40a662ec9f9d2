// Package queryterm turns the --query option into the terms the lossy views match.
package queryterm

import (
	"bytes"
	"slices"
	"strings"
)

// Split splits a --query into its distinct lower-case terms of two or more
// bytes, separated by spaces, tabs, newlines, commas, semicolons and quotes.
// Other punctuation stays inside a term, so an identifier such as
// "load(41)", "api-64-" or "net/http" is matched whole. Every lossy view
// matches these terms, so one query means the same in each.
func Split(query string) [][]byte {
	var terms [][]byte
	for _, f := range strings.FieldsFunc(strings.ToLower(query), func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == ',' || r == ';' || r == '"' || r == '\''
	}) {
		if len(f) >= 2 && !slices.ContainsFunc(terms, func(t []byte) bool { return string(t) == f }) {
			terms = append(terms, []byte(f))
		}
	}
	return terms
}

// Lower lower-cases at most the first 4 KB of a line: enough to score
// it, and bounded for minified lines.
func Lower(b []byte) []byte {
	if len(b) > 4<<10 {
		b = b[:4<<10]
	}
	return bytes.ToLower(b)
}

// Score counts the terms that lower, a lower-cased text, contains.
func Score(lower []byte, terms [][]byte) int {
	n := 0
	for _, t := range terms {
		if bytes.Contains(lower, t) {
			n++
		}
	}
	return n
}

// ContainsFold reports whether hay contains the lower-case needle,
// ignoring ASCII case, without allocating.
func ContainsFold(hay, needle []byte) bool {
	if len(needle) == 0 || len(hay) < len(needle) {
		return false
	}
	first := needle[0]
	upper := first
	if first >= 'a' && first <= 'z' {
		upper = first - 32
	}
	for i := 0; i+len(needle) <= len(hay); {
		j := bytes.IndexByte(hay[i:len(hay)-len(needle)+1], first)
		if upper != first {
			if k := bytes.IndexByte(hay[i:len(hay)-len(needle)+1], upper); k >= 0 && (j < 0 || k < j) {
				j = k
			}
		}
		if j < 0 {
			return false
		}
		i += j
		if bytes.EqualFold(hay[i:i+len(needle)], needle) {
			return true
		}
		i++
	}
	return false
}
