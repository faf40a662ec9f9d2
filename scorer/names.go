package scorer

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/kompress/kompress/tokenize"
)

// maxNameWords bounds a name span: a longer run of capitalised words is a
// title-case heading or a list of names, not one name.
const maxNameWords = 6

// nameSpan is words [w0, w1) of a multi-word name.
type nameSpan struct{ w0, w1 int }

// nameSpans finds multi-word names: runs of two or more capitalised words
// on one line ("Super Bowl LII", "Brooks & Dunn", "Bank of America"),
// with the connectives between them (of, the, and, &, de, von, …), numbers
// after them ("Deadpool 2") and a "the" before them ("the United States").
// A word carrying sentence or clause punctuation ends a run; a word opening
// a bracket or quote starts one.
func nameSpans(text string, words []tokenize.Word) []nameSpan {
	var spans []nameSpan
	start, caps, pending := -1, 0, 0 // run start, capitalised words in it, trailing connectives
	flush := func(end int) {
		end -= pending
		if start >= 0 && caps >= 2 && end-start <= maxNameWords {
			spans = append(spans, nameSpan{start, end})
		}
		start, caps, pending = -1, 0, 0
	}
	for i, w := range words {
		raw := text[w.Start:w.End]
		if i > 0 && strings.IndexByte(text[words[i-1].End:w.Start], '\n') >= 0 {
			flush(i)
		}
		if opensGroup(raw) {
			flush(i)
		}
		key := wordKey(raw)
		switch {
		case capitalised(key):
			if start < 0 {
				start = i
				if i > 0 && strings.EqualFold(text[words[i-1].Start:words[i-1].End], "the") &&
					strings.IndexByte(text[words[i-1].End:w.Start], '\n') < 0 {
					start = i - 1
				}
			}
			caps++
			pending = 0
		case start >= 0 && caps > 0 && nameConnective()[strings.ToLower(key)] && !closesClause(text[words[i-1].Start:words[i-1].End]):
			pending++
		case start >= 0 && caps > 0 && pending == 0 && key != "" && isDigit(key[0]):
			caps++ // Deadpool 2, Apollo 11
		default:
			flush(i)
			continue
		}
		if closesClause(raw) {
			flush(i + 1)
		}
	}
	flush(len(words))
	return spans
}

// nameConnective are the lower-case words that join the parts of a name,
// built on first use like listed.
var nameConnective = sync.OnceValue(func() map[string]bool {
	return setOf("of", "the", "and", "&", "de", "la", "le", "du", "del", "della", "da", "von", "van", "der", "den", "y", "bin", "al", "on", "upon", "for", "in")
})

func capitalised(key string) bool {
	if key == "" {
		return false
	}
	r, _ := utf8.DecodeRuneInString(key)
	return unicode.IsUpper(r)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// opensGroup reports a word that starts with an opening bracket or quote.
func opensGroup(raw string) bool {
	switch raw[0] {
	case '(', '[', '{', '"', '\'':
		return true
	}
	return false
}

// closesClause reports a word that ends a sentence or a clause.
func closesClause(raw string) bool {
	switch raw[len(raw)-1] {
	case '.', ',', ';', ':', '!', '?', ')', ']', '}', '"':
		return true
	}
	return false
}

// keepNames keeps every word of a name span of which any word is kept, so
// "Super Bowl LII" never becomes "Super LII".
func keepNames(spans []nameSpan, keep []bool) {
	for _, s := range spans {
		any := false
		for i := s.w0; i < s.w1; i++ {
			if keep[i] {
				any = true
				break
			}
		}
		if any {
			for i := s.w0; i < s.w1; i++ {
				keep[i] = true
			}
		}
	}
}
