package scorer

import (
	"context"
	"errors"
	"math"
	"math/bits"

	"github.com/kompress/kompress/mustkeep"
	"github.com/kompress/kompress/tokenize"
)

// ErrSpans reports word spans that do not fit the text they claim to index.
var ErrSpans = errors.New("scorer: word spans out of range or out of order")

// Heuristic returns the deterministic, model-free scorer used by CI and by
// --scorer heuristic, and as the fallback when no model is available.
//
// A word's score mixes signals that survive without a model:
//   - must-keep words (mustkeep.Class) score 1;
//   - function words (the, of, is, which, …) score low, filler words
//     (also, very, simply, …) a little higher;
//   - rarity within the document: a word on few lines (an IDF over lines)
//     carries more than one repeated everywhere;
//   - longer words, capitalised words inside a sentence (names), the first
//     word of a line, words of heading lines, and words carrying sentence
//     punctuation (so kept text keeps its full stops) score higher.
//
// Calibrated so that keeping score > 0.5 keeps about two thirds of the words of
// man pages and READMEs (see TestHeuristicCalibration).
func Heuristic() Scorer { return heuristic{} }

type heuristic struct{}

func (heuristic) Name() string { return "heuristic" }

// Score weights, tuned on testdata/samples/prose.
const (
	hBase        = 0.38 // an ordinary content word before any signal
	hRarity      = 0.20 // times rarity in [0, 1]
	hFunction    = 0.05 // function words
	hFiller      = 0.20 // filler words
	hLenMedium   = 0.05 // 5–7 letters
	hLenLong     = 0.12 // 8+ letters
	hCapital     = 0.15 // capitalised inside a sentence
	hLineStart   = 0.12 // first word of a line
	hHeading     = 0.30 // word of a heading-like line
	hStop        = 0.10 // ends a sentence or clause: . ! ? : ;
	hComma       = 0.04 // ends with a comma
	hPunctOnly   = 0.20 // words of punctuation only: — & ->
	hUnit        = 0.25 // follows a number, without punctuation between
	hMinLinesIDF = 8    // fewer lines than this: rarity is uninformative
)

func (h heuristic) Score(ctx context.Context, text string, words []tokenize.Word) ([]float32, error) {
	return h.score(ctx, text, words, nil)
}

// score is Score with, optionally, the words' mustkeep.Mask already known.
func (heuristic) score(ctx context.Context, text string, words []tokenize.Word, mask []bool) ([]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := checkSpans(text, words); err != nil {
		return nil, err
	}
	scores := make([]float32, len(words))
	if len(words) == 0 {
		return scores, nil
	}

	// Pass 1: line of each word, document frequency of each key over lines.
	type stat struct {
		df, lastLine int32
		class        wordClass
		protected    int8    // mustkeep verdict for the bare lower-case form; -1 unknown
		rarity       float64 // filled after pass 1
	}
	stats := newKeyTable(len(words))
	table := make([]stat, 0, len(words)/8+16)
	ids := make([]int32, len(words))
	lineOf := make([]int32, len(words))
	line := int32(0)
	prevEnd := 0
	var buf []byte
	for i, w := range words {
		line += int32(countNewlines(text[prevEnd:w.Start]))
		prevEnd = w.End
		lineOf[i] = line
		key := wordKey(text[w.Start:w.End])
		var h uint64
		buf, h = lowerHash(buf[:0], key)
		id, ok := stats.find(buf, h)
		if !ok {
			id = int32(len(table))
			table = append(table, stat{lastLine: -1, class: classifyKey(buf), protected: -1})
			stats.add(buf, h)
		}
		ids[i] = id
		if st := &table[id]; st.lastLine != line {
			st.df++
			st.lastLine = line
		}
	}
	// Lines that hold words; blank lines do not dilute rarity.
	nLines := 0
	last := int32(-1)
	for _, l := range lineOf {
		if l != last {
			nLines++
			last = l
		}
	}
	logN := math.Log(float64(nLines))
	for i := range table {
		table[i].rarity = 0.5
		if nLines >= hMinLinesIDF {
			table[i].rarity = math.Log(float64(nLines)/float64(table[i].df)) / logN
		}
	}

	// Pass 2: score.
	sentenceStart, afterNumber := true, false
	lineStart := 0 // index of the first word of the current line
	heading := false
	for i, w := range words {
		if i == 0 || lineOf[i] != lineOf[i-1] {
			lineStart = i
			heading = isHeadingLine(text, words, i, lineOf)
		}
		word := text[w.Start:w.End]
		first := i == lineStart
		var s float64
		switch {
		case mask != nil && mask[i], mask == nil && protected(word, &table[ids[i]].protected):
			s = 1
		default:
			key := wordKey(word)
			switch table[ids[i]].class {
			case classPunct:
				s = hPunctOnly
			case classFunction:
				s = hFunction
			case classFiller:
				s = hFiller
			default:
				s = hBase
				// Rarity lifts a rare word but does not sink a frequent
				// one: a word on every line ("file" in a man page about
				// files) is the topic, not noise.
				s += hRarity * (0.5 + 0.5*table[ids[i]].rarity)
				switch n := letters(key); {
				case n >= 8:
					s += hLenLong
				case n >= 5:
					s += hLenMedium
				}
				if isUpperASCII(key[0]) && !sentenceStart && !first {
					s += hCapital
				}
			}
			if first {
				s += hLineStart
			}
			if afterNumber {
				s += hUnit
			}
			if heading {
				s += hHeading
			}
			switch word[len(word)-1] {
			case '.', '!', '?', ':', ';':
				s += hStop
			case ',':
				s += hComma
			}
		}
		scores[i] = float32(min(max(s, 0), 1))
		sentenceStart = endsSentence(word)
		// A number's next word is often its unit: 4.37 light-years,
		// $1.06 trillion, 1500 BC.
		afterNumber = isNumberWord(word)
	}
	return scores, nil
}

// protected reports mustkeep.Is(word), caching the verdict in *cache for
// words that are their own lower-case key (most of prose), whose verdict
// cannot differ between occurrences.
func protected(word string, cache *int8) bool {
	for i := 0; i < len(word); i++ {
		if c := word[i]; (c < 'a' || c > 'z') && c < 0x80 {
			return mustkeep.Is(word)
		}
	}
	if *cache < 0 {
		*cache = 0
		if mustkeep.Is(word) {
			*cache = 1
		}
	}
	return *cache == 1
}

// checkSpans validates that words are in order and inside text.
func checkSpans(text string, words []tokenize.Word) error {
	prev := 0
	for _, w := range words {
		if w.Start < prev || w.End < w.Start || w.End > len(text) {
			return ErrSpans
		}
		prev = w.End
	}
	return nil
}

func countNewlines(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			n++
		}
	}
	return n
}

// wordKey strips surrounding punctuation so "Foo," and "foo" count as one
// word for rarity and the word lists.
func wordKey(w string) string {
	start, end := 0, len(w)
	for start < end && isEdgePunct(w[start]) {
		start++
	}
	for end > start && isEdgePunct(w[end-1]) {
		end--
	}
	return w[start:end]
}

func isEdgePunct(c byte) bool { return edgePunct[c] }

var edgePunct = func() (t [256]bool) {
	for _, c := range "()[]{}<>\"'`,;:.!?*_-|&/=+#~" {
		t[c] = true
	}
	return t
}()

// lowerHash appends s in ASCII lower case to dst and returns the FNV-1a
// hash of what it appended.
func lowerHash(dst []byte, s string) ([]byte, uint64) {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
		h = (h ^ uint64(c)) * 1099511628211
	}
	return dst, h
}

// keyTable gives each distinct word key a dense id, in order of first
// appearance. It does what a map[string]int32 would, without hashing each
// key twice or allocating a string per new key: score looks up every word
// of the text, which made the map its main cost.
type keyTable struct {
	slots  []keySlot // open addressing, linear probing; id 0 marks empty
	shift  uint      // 64 - log2(len(slots))
	ends   []int32   // key id is arena[ends[id-1]:ends[id]], from 0 for id 0
	arena  []byte
	hashes []uint64 // of key id, for growing
}

type keySlot struct {
	tag uint32 // the hash's high half
	id  int32  // id+1 of the key; 0: empty
}

// newKeyTable returns an empty table sized for the distinct keys of about
// words words: a text's distinct words are far fewer than its words (a
// fifth of them in prose), and a table that fits in cache is what makes it
// fast; it grows when needed.
func newKeyTable(words int) keyTable {
	n := 1024
	for n < words/2 {
		n <<= 1
	}
	return keyTable{
		slots:  make([]keySlot, n),
		shift:  64 - uint(bits.TrailingZeros(uint(n))),
		ends:   make([]int32, 0, n/2),
		hashes: make([]uint64, 0, n/2),
		arena:  make([]byte, 0, 4*n),
	}
}

func (t *keyTable) slot(h uint64) uint64 { return (h * 0x9E3779B97F4A7C15) >> t.shift }

func (t *keyTable) key(id int32) []byte {
	start := int32(0)
	if id > 0 {
		start = t.ends[id-1]
	}
	return t.arena[start:t.ends[id]]
}

// find returns the id of key, whose hash is h.
func (t *keyTable) find(key []byte, h uint64) (int32, bool) {
	mask := uint64(len(t.slots) - 1)
	for i := t.slot(h); ; i = (i + 1) & mask {
		s := t.slots[i]
		if s.id == 0 {
			return 0, false
		}
		if s.tag == uint32(h>>32) && string(t.key(s.id-1)) == string(key) {
			return s.id - 1, true
		}
	}
}

// add gives key (absent, hash h) the next id.
func (t *keyTable) add(key []byte, h uint64) {
	t.arena = append(t.arena, key...)
	t.ends = append(t.ends, int32(len(t.arena)))
	t.hashes = append(t.hashes, h)
	if 2*len(t.hashes) > len(t.slots) {
		t.slots = make([]keySlot, 2*len(t.slots))
		t.shift--
		for id, h := range t.hashes {
			t.put(h, int32(id))
		}
		return
	}
	t.put(h, int32(len(t.hashes)-1))
}

func (t *keyTable) put(h uint64, id int32) {
	mask := uint64(len(t.slots) - 1)
	i := t.slot(h)
	for t.slots[i].id != 0 {
		i = (i + 1) & mask
	}
	t.slots[i] = keySlot{tag: uint32(h >> 32), id: id + 1}
}

func isUpperASCII(c byte) bool { return c >= 'A' && c <= 'Z' }

// letters counts the runes of s, treating each non-ASCII rune as one.
func letters(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < 0x80 || s[i] >= 0xC0 {
			n++
		}
	}
	return n
}

// endsSentence reports whether the next word starts a sentence, so its
// capital letter says nothing about it being a name.
func endsSentence(w string) bool {
	for i := len(w) - 1; i >= 0; i-- {
		switch w[i] {
		case '.', '!', '?', ':':
			return true
		case ')', '"', '\'', ']':
			continue
		}
		return false
	}
	return false
}

// isHeadingLine reports lines that read as headings: markdown "#" lines,
// man-page section names (unindented, no lower-case letters) and short
// unindented lines ending in ':' are handled as a whole by the line's
// first word.
func isHeadingLine(text string, words []tokenize.Word, first int, lineOf []int32) bool {
	w := words[first]
	lineBegin := w.Start
	for lineBegin > 0 && text[lineBegin-1] != '\n' {
		lineBegin--
	}
	if text[w.Start] == '#' {
		n := 0
		for n < w.End-w.Start && text[w.Start+n] == '#' {
			n++
		}
		return n == w.End-w.Start && n <= 6
	}
	if w.Start != lineBegin {
		return false // indented: body text
	}
	// Unindented line without lower-case letters: NAME, SEE ALSO, EXIT STATUS.
	end := first
	for end < len(words) && lineOf[end] == lineOf[first] {
		end++
	}
	if end-first > 6 {
		return false
	}
	for _, x := range words[first:end] {
		for j := x.Start; j < x.End; j++ {
			if c := text[j]; c >= 'a' && c <= 'z' {
				return false
			}
		}
	}
	return true
}

// isNumberWord reports a number not followed by punctuation ("42", "$1.06",
// but not "42," or "42."): what comes next may be its unit.
func isNumberWord(w string) bool {
	if w == "" {
		return false
	}
	switch w[len(w)-1] {
	case ',', '.', ';', ':', ')', '!', '?':
		return false
	}
	// mustkeep's numbers start with a digit, after at most a sign or a
	// currency symbol: a word without one is not classified.
	if !hasDigit(w) {
		return false
	}
	return mustkeep.Class(w) == mustkeep.Number
}

// hasDigit reports whether w holds an ASCII digit, as
// strings.ContainsAny(w, "0123456789") does, without building a byte set
// on every call.
func hasDigit(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i]-'0' < 10 {
			return true
		}
	}
	return false
}
