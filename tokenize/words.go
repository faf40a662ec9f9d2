// Package tokenize splits text into words with exact byte spans and encodes
// them into model token ids with a Hugging Face tokenizer.json.
package tokenize

// Word is one whitespace-delimited word of a text: Text[Start:End].
// Words never contain whitespace, so dropping a word and keeping the
// whitespace around its neighbours preserves line breaks and indentation.
type Word struct {
	Start, End int
}

// Words returns the whitespace-delimited words of text in order, with byte
// offsets. Whitespace is ASCII space, tab, CR, LF, VT and FF; other bytes
// (including invalid UTF-8) belong to words, so spans always cover the input
// exactly once together with the whitespace between them.
func Words(text string) []Word {
	words := make([]Word, 0, len(text)/6+1)
	start := -1
	for i := 0; i < len(text); i++ {
		if isSpace(text[i]) {
			if start >= 0 {
				words = append(words, Word{start, i})
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		words = append(words, Word{start, len(text)})
	}
	return words
}

func isSpace(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '\v', '\f':
		return true
	}
	return false
}
