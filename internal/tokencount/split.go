package tokencount

import (
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
)

// The pre-tokenizers below reproduce, in one linear pass, the pieces that
// tiktoken-go's regexp2 (backtracking, .NET semantics) cuts with the
// encodings' split patterns. Character classes are taken from the same
// tables regexp2 uses: \p{X} is unicode.Is(unicode.Categories[X]) and \s is
// unicode.IsSpace. The (?i:) contractions only ever match ASCII letters:
// regexp2 compares unicode.ToLower(input), and no non-ASCII rune lowers to
// one of s, t, r, e, v, m, l, d.

// class is a set of the pattern's character classes a rune belongs to.
type class uint8

const (
	cLetter  class = 1 << iota // \p{L}
	cUpper                     // [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]
	cLower                     // [\p{Ll}\p{Lm}\p{Lo}\p{M}]
	cNumber                    // \p{N}
	cSpace                     // \s
	cNewline                   // [\r\n]
)

// pre reports membership of [^\r\n\p{L}\p{N}].
func (c class) pre() bool { return c&(cNewline|cLetter|cNumber) == 0 }

// otherMask: c&otherMask == 0 is membership of [^\s\p{L}\p{N}].
const otherMask = cSpace | cLetter | cNumber

func classify(r rune) class {
	is := func(t *unicode.RangeTable) bool { return unicode.Is(t, r) }
	return classOf(is(unicode.L), is(unicode.Lu), is(unicode.Ll), is(unicode.Lt), is(unicode.Lm), is(unicode.Lo),
		is(unicode.M), is(unicode.N), unicode.IsSpace(r), r == '\r' || r == '\n')
}

func classOf(l, lu, ll, lt, lm, lo, m, n, space, newline bool) class {
	var c class
	if l {
		c |= cLetter
	}
	if lu || lt || lm || lo || m {
		c |= cUpper
	}
	if ll || lm || lo || m {
		c |= cLower
	}
	if n {
		c |= cNumber
	}
	if space {
		c |= cSpace
	}
	if newline {
		c |= cNewline
	}
	return c
}

// bmpBlocks holds the classes of the runes below U+10000 in blocks of 256,
// each built the first time a rune of it is read: tool output uses a few
// blocks (accents, box drawing, check marks), and building all 65,536
// classes was a millisecond of every process that met one non-ASCII rune.
// Rarer runes are classified on the fly.
var bmpBlocks [1 << 8]atomic.Pointer[[1 << 8]class]

// bmpClass is the class of r < U+10000.
func bmpClass(r rune) class {
	blk := bmpBlocks[r>>8].Load()
	if blk == nil {
		blk = buildBlock(r &^ 0xff)
		// Builders that race store the same classes: either copy will do.
		bmpBlocks[r>>8].Store(blk)
	}
	return blk[r&0xff]
}

// blockTables are the tables classify asks, in the order of classOf's
// arguments but the newline's (White_Space is unicode.IsSpace's table).
var blockTables = [...]*unicode.RangeTable{unicode.L, unicode.Lu, unicode.Ll, unicode.Lt, unicode.Lm, unicode.Lo, unicode.M, unicode.N, unicode.White_Space}

// buildBlock returns the classes of the 256 runes from lo as classify has
// them, stamping each table's ranges on the block rather than looking each
// rune up in every table (a hundred times the work).
func buildBlock(lo rune) *[1 << 8]class {
	var in [1 << 8]uint16 // bit k: in blockTables[k]
	hi := lo + 1<<8
	for k, t := range blockTables {
		for _, rg := range t.R16 {
			stamp(&in, lo, hi, rune(rg.Lo), rune(rg.Hi), rune(rg.Stride), k)
		}
		for _, rg := range t.R32 {
			stamp(&in, lo, hi, rune(rg.Lo), rune(rg.Hi), rune(rg.Stride), k)
		}
	}
	blk := new([1 << 8]class)
	for k, b := range in {
		is := func(t int) bool { return b&(1<<t) != 0 }
		r := lo + rune(k)
		blk[k] = classOf(is(0), is(1), is(2), is(3), is(4), is(5), is(6), is(7), is(8), r == '\r' || r == '\n')
	}
	return blk
}

// stamp sets bit k of in[r-lo] for the runes r of the range from a to b by
// stride that are in [lo, hi).
func stamp(in *[1 << 8]uint16, lo, hi, a, b, stride rune, k int) {
	if b < lo || a >= hi {
		return
	}
	if a < lo {
		a += (lo - a + stride - 1) / stride * stride
	}
	for r := a; r <= b && r < hi; r += stride {
		in[r-lo] |= 1 << k
	}
}

// asciiClasses are the classes of the ASCII runes, so that ASCII text
// never waits for bmpClass. They are built with the first splitter:
// classify costs more than a process that counts nothing (kompress
// version, a compress printed as text) should pay at start-up.
var asciiClasses = sync.OnceValue(func() (t *[utf8.RuneSelf]class) {
	t = new([utf8.RuneSelf]class)
	for r := range t {
		t[r] = classify(rune(r))
	}
	return t
})

// splitter cuts text into the pieces the BPE runs on.
type splitter struct {
	ascii *[utf8.RuneSelf]class
	// o200k selects o200k_base's pattern; otherwise cl100k_base's.
	o200k bool
	// digits is the longest run of \p{N} in one piece: 3 (\p{N}{1,3}),
	// or 1 in Qwen's variant of the cl100k pattern (\p{N}).
	digits int
}

func newSplitter(o200k bool) *splitter {
	return &splitter{ascii: asciiClasses(), o200k: o200k, digits: 3}
}

// The split patterns of Hugging Face tokenizer.json files that Splitter
// reproduces: GPT-4o's (o200k_base), Llama 3's (cl100k_base) and Qwen 2/3's
// (cl100k_base with single digits).
const (
	PatternO200k  = `[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`
	PatternCL100k = `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`
	PatternQwen   = `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`
)

// Splitter cuts text into the pieces of one of the Pattern* regular
// expressions, as a backtracking matcher would, in one linear pass: the
// patterns' (?!\S) lookahead is beyond Go's regexp. Safe for concurrent use.
type Splitter struct{ sp *splitter }

// NewSplitter returns the splitter of pattern, or false when pattern is
// not one of the Pattern* constants.
func NewSplitter(pattern string) (*Splitter, bool) {
	switch pattern {
	case PatternO200k:
		return &Splitter{newSplitter(true)}, true
	case PatternCL100k:
		return &Splitter{newSplitter(false)}, true
	case PatternQwen:
		sp := newSplitter(false)
		sp.digits = 1
		return &Splitter{sp}, true
	}
	return nil, false
}

// Next returns the end of the piece of s that starts at i < len(s).
func (s *Splitter) Next(text string, i int) int { return s.sp.next(text, i) }

// at returns the class and width of the rune at s[i]. An invalid byte is one
// U+FFFD of width 1, as tiktoken-go sees it after converting to []rune.
func (sp *splitter) at(s string, i int) (class, int) {
	if b := s[i]; b < utf8.RuneSelf {
		return sp.ascii[b], 1
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if r < 1<<16 {
		return bmpClass(r), n
	}
	return classify(r), n
}

// span returns the end of the run of runes from i whose class c has
// c&mask == want.
func (sp *splitter) span(s string, i int, mask, want class) int {
	for i < len(s) {
		c, n := sp.at(s, i)
		if c&mask != want {
			break
		}
		i += n
	}
	return i
}

// next returns the end of the piece starting at s[i], i < len(s).
func (sp *splitter) next(s string, i int) int {
	if sp.o200k {
		return sp.nextO200k(s, i)
	}
	return sp.nextCL100k(s, i)
}

// nextO200k follows
//
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	|\p{N}{1,3}
//	| ?[^\s\p{L}\p{N}]+[\r\n/]*
//	|\s*[\r\n]+
//	|\s+(?!\S)
//	|\s+
//
// taking the first alternative that matches, each with backtracking.
func (sp *splitter) nextO200k(s string, i int) int {
	if e := asciiEnd(s, i); e > i {
		return e
	}
	return sp.nextO200kAny(s, i)
}

// nextO200kAny is nextO200k without the ASCII fast path: the reference
// that path must agree with.
func (sp *splitter) nextO200kAny(s string, i int) int {
	c0, n0 := sp.at(s, i)
	if c0.pre() || c0&(cUpper|cLower) != 0 {
		// The optional prefix is tried taken first, then not.
		starts := [2]int{i, -1}
		if c0.pre() {
			starts = [2]int{i + n0, i}
		}
		for _, j := range starts {
			if j < 0 || j >= len(s) {
				continue
			}
			if e, ok := sp.lowerWord(s, j); ok {
				return contraction(s, e)
			}
		}
		for _, j := range starts {
			if j < 0 || j >= len(s) {
				continue
			}
			if c, _ := sp.at(s, j); c&cUpper != 0 {
				e := sp.span(s, j, cUpper, cUpper)
				e = sp.span(s, e, cLower, cLower)
				return contraction(s, e)
			}
		}
	}
	if e, ok := sp.number(s, i, c0, n0); ok {
		return e
	}
	if e, ok := sp.punct(s, i, c0); ok {
		for e < len(s) && (s[e] == '\r' || s[e] == '\n' || s[e] == '/') {
			e++
		}
		return e
	}
	return sp.space(s, i, n0)
}

// lowerWord matches U*W+ at s[j] (U, W the upper- and lower-case classes of
// nextO200k's first alternative) as the backtracking matcher would: U* takes
// the longest run, then gives runes back until W+ can start.
func (sp *splitter) lowerWord(s string, j int) (int, bool) {
	p, both := j, -1 // both: end of the last rune in U∩W
	for p < len(s) {
		c, n := sp.at(s, p)
		if c&cUpper == 0 {
			break
		}
		if c&cLower != 0 {
			both = p + n
		}
		p += n
	}
	if p < len(s) {
		if c, _ := sp.at(s, p); c&cLower != 0 {
			return sp.span(s, p, cLower, cLower), true
		}
	}
	// W+ starts at the last U∩W rune; the rune after it is not in W.
	return both, both >= 0
}

// nextCL100k follows
//
//	(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
func (sp *splitter) nextCL100k(s string, i int) int {
	if e := contraction(s, i); e > i {
		return e
	}
	c0, n0 := sp.at(s, i)
	if c0.pre() && i+n0 < len(s) {
		if c, _ := sp.at(s, i+n0); c&cLetter != 0 {
			return sp.span(s, i+n0, cLetter, cLetter)
		}
	}
	if c0&cLetter != 0 {
		return sp.span(s, i, cLetter, cLetter)
	}
	if e, ok := sp.number(s, i, c0, n0); ok {
		return e
	}
	if e, ok := sp.punct(s, i, c0); ok {
		for e < len(s) && (s[e] == '\r' || s[e] == '\n') {
			e++
		}
		return e
	}
	return sp.space(s, i, n0)
}

// number matches \p{N}{1,3}.
func (sp *splitter) number(s string, i int, c0 class, n0 int) (int, bool) {
	if c0&cNumber == 0 {
		return 0, false
	}
	e := i + n0
	for k := 1; k < sp.digits && e < len(s); k++ {
		c, n := sp.at(s, e)
		if c&cNumber == 0 {
			break
		}
		e += n
	}
	return e, true
}

// punct matches ` ?[^\s\p{L}\p{N}]+`, without the trailing newline class.
func (sp *splitter) punct(s string, i int, c0 class) (int, bool) {
	if s[i] == ' ' && i+1 < len(s) {
		if c, _ := sp.at(s, i+1); c&otherMask == 0 {
			return sp.span(s, i+1, otherMask, 0), true
		}
	}
	if c0&otherMask == 0 {
		return sp.span(s, i, otherMask, 0), true
	}
	return 0, false
}

// space matches \s*[\r\n]+|\s+(?!\S)|\s+ at s[i]: up to the last newline of
// the whitespace run if it has one; else the run but its last rune when a
// non-space follows; else the run.
func (sp *splitter) space(s string, i, n0 int) int {
	p, last, runes, nl := i, i, 0, -1
	for p < len(s) {
		c, n := sp.at(s, p)
		if c&cSpace == 0 {
			break
		}
		if c&cNewline != 0 {
			nl = p + n
		}
		last = p
		p += n
		runes++
	}
	switch {
	case runes == 0:
		// Unreachable: every rune matches some alternative. Regexp
		// scanning would skip it; keeping it costs at most a token.
		return i + n0
	case nl >= 0:
		return nl
	case p < len(s) && runes > 1:
		return last
	}
	return p
}

// contraction returns the end of (?i:'s|'t|'re|'ve|'m|'ll|'d) at s[e], or e.
func contraction(s string, e int) int {
	if e+1 >= len(s) || s[e] != '\'' {
		return e
	}
	switch s[e+1] | 0x20 {
	case 's', 't', 'm', 'd':
		return e + 2
	case 'r', 'v':
		if e+2 < len(s) && s[e+2]|0x20 == 'e' {
			return e + 3
		}
	case 'l':
		if e+2 < len(s) && s[e+2]|0x20 == 'l' {
			return e + 3
		}
	}
	return e
}

// ASCII byte kinds for asciiEnd; aHigh is any byte of a multi-byte rune.
const (
	aHigh uint8 = iota
	aUpper
	aLower
	aDigit
	aNewline
	aSpace // other whitespace
	aOther
)

var asciiKind = func() (t [256]uint8) {
	for b := range 128 {
		switch {
		case 'A' <= b && b <= 'Z':
			t[b] = aUpper
		case 'a' <= b && b <= 'z':
			t[b] = aLower
		case '0' <= b && b <= '9':
			t[b] = aDigit
		case b == '\r' || b == '\n':
			t[b] = aNewline
		case b == ' ' || b == '\t' || b == '\v' || b == '\f':
			t[b] = aSpace
		default:
			t[b] = aOther
		}
	}
	return t
}()

// kindAt is the kind of s[i], or 255 (no kind) past the end of s.
func kindAt(s string, i int) uint8 {
	if i < len(s) {
		return asciiKind[s[i]]
	}
	return 255
}

// spaceEnd matches \s*[\r\n]+|\s+(?!\S)|\s+ from s[i], an ASCII space,
// or returns i when a non-ASCII rune may continue the run.
func spaceEnd(s string, i int) int {
	e, nl := i, -1
	for e < len(s) {
		switch asciiKind[s[e]] {
		case aNewline:
			nl = e + 1
			e++
			continue
		case aSpace:
			e++
			continue
		case aHigh:
			return i // U+0085 or U+00A0 may continue the run
		}
		break
	}
	switch {
	case nl >= 0:
		return nl
	case e < len(s) && e-i > 1:
		return e - 1
	}
	return e
}

// otherRun matches [^\s\p{L}\p{N}]+[\r\n/]* from s[i], an ASCII
// punctuation byte, or returns -1 when a non-ASCII rune may continue the
// run.
func otherRun(s string, i int) int {
	e := i
	for e < len(s) && asciiKind[s[e]] == aOther {
		e++
	}
	if kindAt(s, e) == aHigh {
		return -1
	}
	for e < len(s) && (s[e] == '\r' || s[e] == '\n' || s[e] == '/') {
		e++
	}
	return e
}
