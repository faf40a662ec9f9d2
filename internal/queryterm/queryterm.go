// Package queryterm turns the --query option into the terms the lossy views match.
package queryterm

import (
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
