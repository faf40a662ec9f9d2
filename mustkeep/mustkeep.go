// Package mustkeep recognises the words that text compression must never
// drop (DESIGN.md invariant 6): numbers, versions, hashes, paths, file
// names, CLI flags, code identifiers, URLs, emails, addresses, dates, and the
// small words that flip or bound a statement's meaning ("not", "must",
// "only").
//
// Classification works on one whitespace-delimited word at a time, as
// tokenize.Words produces them, so a word usually carries punctuation from
// the sentence around it: "(see main.go)," yields "(see" and "main.go),".
// Class trims surrounding punctuation first and keeps inner punctuation.
// Everything is hand-written byte scanning: no regular expressions, no
// allocation, linear time, safe on invalid UTF-8.
package mustkeep

import "github.com/kompress/kompress/tokenize"

// Kind is the kind of a protected word; None means the word is not protected.
// (The type is not called Class because Class is the function that finds it.)
type Kind uint8

// The protected classes. The order is the order of precedence when a word
// fits several (10.0.0.1 is an IP, not a version).
const (
	None       Kind = iota
	Number          // 42, -3.5, 1,000, 1e-9, 512MB, 2nd, $5, #123, 64-bit
	Percent         // 45%, 12.5%
	Version         // v1.2.3, 1.2.3-rc.1, v2, 1.26.0+build.5
	Hex             // 0x1F, git and sha hashes, sha256:…, UUIDs
	DateTime        // 2026-11-29, 29/11/2026, 13:27:57, 2026-11-29T13:27:57Z
	IP              // 10.0.0.1, 10.0.0.0/8, 127.0.0.1:8080, fe80::1
	URL             // https://…, www.example.com, mailto:…
	Email           // user@example.com
	Path            // a/b/c, ./x, ~/x, /etc/hosts, C:\x\y, github.com/x/y, foo.bar.baz
	File            // main.go, .bashrc, archive.tar.gz
	Flag            // -v, --lossless-only, -C2, --out=FILE
	Identifier      // CamelCase, ALL_CAPS, snake_case, sha256, $HOME, f(), @decorator, a::b, KEY=v
	Code            // any word touching a markdown `code span`
	Negation        // no, not, nor, never, none, neither, nothing, nobody, nowhere, cannot, without, n't
	Modal           // must, should, shall, may, might, ought, can, could, will, would
	Qualifier       // only, except, unless, always, until, least, instead, if, when, whether, otherwise, or, either, more, less, than, all, every, any, most, few
)

var classNames = [...]string{
	None:       "none",
	Number:     "number",
	Percent:    "percent",
	Version:    "version",
	Hex:        "hex",
	DateTime:   "datetime",
	IP:         "ip",
	URL:        "url",
	Email:      "email",
	Path:       "path",
	File:       "file",
	Flag:       "flag",
	Identifier: "identifier",
	Code:       "code",
	Negation:   "negation",
	Modal:      "modal",
	Qualifier:  "qualifier",
}

// String returns the lower-case name of the kind.
func (c Kind) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return "kind(" + itoa(int(c)) + ")"
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}

// Is reports whether word must survive compression.
func Is(word string) bool { return Class(word) != None }

// Mask reports for each word of text whether it must survive compression.
// Besides Is, it protects every word of a markdown inline code span
// (`git commit -m`), which may span several words but never a line break.
func Mask(text string, words []tokenize.Word) []bool {
	mask := make([]bool, len(words))
	inCode := false
	prevEnd := 0
	for i, w := range words {
		if w.Start < prevEnd || w.End < w.Start || w.End > len(text) {
			continue // malformed span: protect nothing rather than panic
		}
		if inCode && hasNewline(text[prevEnd:w.Start]) {
			inCode = false // an unclosed backtick does not run past its line
		}
		prevEnd = w.End
		word := text[w.Start:w.End]
		ticks := countTicks(word)
		mask[i] = inCode || ticks > 0 || classNoTicks(word) != None
		if ticks%2 == 1 {
			inCode = !inCode
		}
	}
	return mask
}

func hasNewline(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			return true
		}
	}
	return false
}

func countTicks(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			n++
		}
	}
	return n
}

// Class returns the protected class of word, or None. Surrounding
// punctuation ()[]{}<>"'`,;:.!?* and typographic quotes are ignored; inner
// punctuation is significant.
func Class(word string) Kind {
	for i := 0; i < len(word); i++ {
		if word[i] == '`' {
			return Code
		}
	}
	return classNoTicks(word)
}

// classNoTicks is Class for a word known to hold no backtick.
func classNoTicks(word string) Kind {
	core, start := trim(word)
	if core == "" {
		return None
	}
	rest := word[start+len(core):]
	if len(rest) >= 2 && rest[0] == '(' && rest[1] == ')' && isIdentLike(core) {
		return Identifier // f()
	}
	if start > 0 && word[start-1] == '<' && len(rest) > 0 && rest[0] == '>' && isIdentLike(core) {
		return Identifier // <file> placeholders in usage lines
	}
	return classify(core)
}

// Byte categories for the one-pass summary in classify.
const (
	cLower = 1 << iota
	cUpper
	cDigit
	cOther // any ASCII punctuation or symbol
	cHigh  // byte >= 0x80 (non-ASCII letter or symbol)
)

var asciiCat [256]uint8

func init() {
	for c := 0; c < 256; c++ {
		switch {
		case c >= 'a' && c <= 'z':
			asciiCat[c] = cLower
		case c >= 'A' && c <= 'Z':
			asciiCat[c] = cUpper
		case c >= '0' && c <= '9':
			asciiCat[c] = cDigit
		case c >= 0x80:
			asciiCat[c] = cHigh
		default:
			asciiCat[c] = cOther
		}
	}
}

// leadTrim and tailTrim are the ASCII bytes stripped from a word's ends.
var leadTrim, tailTrim [256]bool

func init() {
	for _, c := range []byte(`()[]{}<>"'` + "`" + `,;:.!?*`) {
		leadTrim[c] = true
		tailTrim[c] = true
	}
}

// quoteLen returns the length of a typographic quote, guillemet, ellipsis or
// dash at the start (or, with atEnd, the end) of s; 0 if there is none.
func quoteLen(s string, atEnd bool) int {
	var b0, b1, b2 byte
	if atEnd {
		if len(s) >= 3 {
			b0, b1, b2 = s[len(s)-3], s[len(s)-2], s[len(s)-1]
			if b0 == 0xE2 && b1 == 0x80 && isQuoteTail(b2) {
				return 3
			}
		}
		if len(s) >= 2 {
			b0, b1 = s[len(s)-2], s[len(s)-1]
			if b0 == 0xC2 && (b1 == 0xAB || b1 == 0xBB) {
				return 2
			}
		}
		return 0
	}
	if len(s) >= 3 && s[0] == 0xE2 && s[1] == 0x80 && isQuoteTail(s[2]) {
		return 3
	}
	if len(s) >= 2 && s[0] == 0xC2 && (s[1] == 0xAB || s[1] == 0xBB) {
		return 2
	}
	return 0
}

// isQuoteTail reports whether E2 80 b is one of ‘ ’ ‚ “ ” „ … – —.
func isQuoteTail(b byte) bool {
	switch b {
	case 0x98, 0x99, 0x9A, 0x9C, 0x9D, 0x9E, 0xA6, 0x93, 0x94:
		return true
	}
	return false
}

// trim strips surrounding punctuation and returns the core and its offset
// in word. A leading '.' stays when it starts a dotfile, a relative path or
// a decimal (.bashrc, ./x, ../x, .5).
func trim(word string) (string, int) {
	start, end := 0, len(word)
	for start < end {
		c := word[start]
		if c < 0x80 {
			if !leadTrim[c] {
				break
			}
			if c == '.' && start+1 < end {
				n := word[start+1]
				if asciiCat[n]&(cLower|cUpper|cDigit) != 0 || n == '/' || n == '\\' || n == '_' {
					break
				}
				if n == '.' && start+2 < end && (word[start+2] == '/' || word[start+2] == '\\') {
					break
				}
			}
			start++
			continue
		}
		n := quoteLen(word[start:end], false)
		if n == 0 {
			break
		}
		start += n
	}
	for end > start {
		c := word[end-1]
		if c < 0x80 {
			if !tailTrim[c] {
				break
			}
			end--
			continue
		}
		n := quoteLen(word[start:end], true)
		if n == 0 {
			break
		}
		end -= n
	}
	return word[start:end], start
}

// summary counts the byte categories and the punctuation classify cares about.
type summary struct {
	cats                              uint8 // union of categories seen
	upper, lower, digits              int
	dots, slashes, backslashes, colon int
	at, under, hyphens, dollar, paren int
	eq, apos, hash, pct               int
	// innerUpper counts upper-case letters after a lower-case letter or
	// another upper-case letter: camelCase, HTTPServer, ALL_CAPS, iPhone.
	innerUpper int
}

func summarize(w string) summary {
	var s summary
	var prev uint8
	for i := 0; i < len(w); i++ {
		c := w[i]
		cat := asciiCat[c]
		s.cats |= cat
		switch cat {
		case cLower:
			s.lower++
		case cUpper:
			s.upper++
			if prev&(cLower|cUpper|cDigit) != 0 {
				s.innerUpper++
			}
		case cDigit:
			s.digits++
		case cOther:
			switch c {
			case '.':
				s.dots++
			case '/':
				s.slashes++
			case '\\':
				s.backslashes++
			case ':':
				s.colon++
			case '@':
				s.at++
			case '_':
				s.under++
			case '-':
				s.hyphens++
			case '$':
				s.dollar++
			case '(':
				s.paren++
			case '=':
				s.eq++
			case '\'':
				s.apos++
			case '#':
				s.hash++
			case '%':
				s.pct++
			}
		}
		prev = cat
	}
	return s
}

func classify(w string) Kind {
	// Fast path: plain letters, the bulk of prose, told apart without the
	// full summary.
	plain, inner, high := true, false, false
	var prev uint8
	for i := 0; i < len(w); i++ {
		cat := asciiCat[w[i]]
		if cat&(cDigit|cOther) != 0 {
			plain = false
			break
		}
		if cat == cUpper && prev&(cLower|cUpper) != 0 {
			inner = true
		}
		high = high || cat == cHigh
		prev = cat
	}
	if plain {
		if k := lookupWord(w); k != None {
			return k // before the case checks: NOT and MUST are shouted words
		}
		if inner {
			return Identifier
		}
		if high && isNotContraction(w) {
			return Negation // don’t with a typographic apostrophe
		}
		return None
	}

	s := summarize(w)
	if s.cats&^(cLower|cUpper|cHigh|cOther) == 0 && s.dots+s.slashes+s.backslashes+s.colon+s.at+s.under+s.dollar+s.paren+s.eq+s.hash+s.pct == 0 {
		// Letters with hyphens, apostrophes or other marks: don't,
		// well-known, Content-Type, ALL-CAPS, O'Reilly.
		if w[0] == '-' {
			if c := flagClass(w); c != None {
				return c
			}
		}
		if s.apos > 0 || hasRightQuote(w) {
			if isNotContraction(w) {
				return Negation
			}
		}
		if s.innerUpper > 0 {
			return Identifier // ALL-CAPS, JavaScript's
		}
		return None
	}

	if s.colon > 0 || s.dots > 0 || s.slashes > 0 {
		if isURL(w) {
			return URL
		}
	}
	if s.at > 0 {
		if c := atClass(w); c != None {
			return c
		}
	}
	if w[0] == '-' && len(w) > 1 && asciiCat[w[1]]&cDigit == 0 && w[1] != '.' {
		return flagClass(w)
	}

	// Leading sign, currency or number sign before a digit.
	lead := 0
	switch w[0] {
	case '+', '-', '~', '#', '$':
		lead = 1
	default:
		if len(w) >= 2 && (w[0] == 0xC2 && (w[1] == 0xB1 || w[1] == 0xA3 || w[1] == 0xA5)) {
			lead = 2 // ± £ ¥
		} else if len(w) >= 3 && w[0] == 0xE2 && w[1] == 0x82 && w[2] == 0xAC {
			lead = 3 // €
		}
	}
	if lead < len(w) && (isDigit(w[lead]) || (w[lead] == '.' && lead+1 < len(w) && isDigit(w[lead+1]))) {
		return numberClass(w[lead:], lead == 0)
	}
	if s.digits > 0 && (isHash(w) || isUUID(w)) {
		return Hex
	}
	if (w[0] == 'v' || w[0] == 'V') && len(w) > 1 && isDigit(w[1]) && isVersion(w[1:], true) {
		return Version
	}
	if isDrivePath(w) {
		return Path
	}
	if s.colon >= 2 && isIPv6(w) {
		return IP
	}
	if s.slashes > 0 || s.backslashes > 0 {
		if c := slashClass(w); c != None {
			return c
		}
	}
	if s.colon > 0 {
		if i := indexByte(w, ':'); i > 0 && isHash(w[i+1:]) {
			return Hex // sha256:…, sha1:…
		}
	}
	if s.dots > 0 {
		if c := dottedClass(w); c != None {
			return c
		}
	}
	if s.under > 0 && s.lower+s.upper > 0 {
		return Identifier // snake_case, _private, __init__
	}
	if s.dollar > 0 && len(w) > 1 && w[0] == '$' && (isIdentByte(w[1]) || w[1] == '{' || w[1] == '(') {
		return Identifier // $HOME, ${VAR}, $(cmd)
	}
	if w[0] == '%' && len(w) > 2 && w[len(w)-1] == '%' {
		return Identifier // %PATH%
	}
	if w[0] == '%' && len(w) >= 2 && len(w) <= 4 && isAlpha(w[len(w)-1]) {
		return Identifier // printf verbs: %s, %v, %lu
	}
	if s.paren > 0 {
		if i := indexByte(w, '('); i > 0 && isIdentLike(w[:i]) && !isPluralParen(w[i:]) {
			return Identifier // f(x), print(…)
		}
	}
	if s.eq > 0 {
		if i := indexByte(w, '='); i > 0 && isIdentLike(w[:i]) {
			return Identifier // GOOS=linux, key=value
		}
	}
	if s.colon > 0 {
		if i := indexString(w, "::"); i > 0 && i+2 < len(w) {
			return Identifier // std::vector, Foo::bar
		}
	}
	if w[0] == '#' && len(w) > 1 && isIdentByte(w[1]) {
		return Identifier // #include, #pragma
	}
	if s.innerUpper > 0 {
		return Identifier
	}
	if s.digits > 0 {
		// Letters mixed with digits carry specifics: sha256, x86_64, k8s,
		// UTF-8, localhost:8080, H2O.
		return Identifier
	}
	if s.apos > 0 && isNotContraction(w) {
		return Negation
	}
	return None
}

// lookupWord classifies a plain-letter word against the negation, modal and
// qualifier lists, ignoring ASCII case.
func lookupWord(w string) Kind {
	if len(w) < 2 || len(w) > 9 || !listedStart[len(w)][w[0]] {
		return None // no listed word has this length and first letter
	}
	var buf [9]byte
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return listed[string(buf[:len(w)])] // None when absent
}

// listed classes the negation, modal and qualifier words, all lower-case
// ASCII of 2 to 9 letters.
var listed = map[string]Kind{
	"no": Negation, "not": Negation, "nor": Negation, "never": Negation, "none": Negation,
	"neither": Negation, "nothing": Negation, "nobody": Negation, "nowhere": Negation,
	"cannot": Negation, "without": Negation,
	"must": Modal, "should": Modal, "shall": Modal, "may": Modal, "might": Modal, "ought": Modal,
	"can": Modal, "could": Modal, "will": Modal, "would": Modal,
	"only": Qualifier, "except": Qualifier, "unless": Qualifier, "always": Qualifier,
	"until": Qualifier, "least": Qualifier, "instead": Qualifier,
	// Conditions and alternatives: without them a condition reads as a
	// statement ("if --help is given, it takes precedence" → "--help takes
	// precedence") and a choice as a list.
	"if": Qualifier, "when": Qualifier, "whether": Qualifier, "otherwise": Qualifier,
	"or": Qualifier, "either": Qualifier,
	// Comparison and quantity.
	"more": Qualifier, "less": Qualifier, "than": Qualifier, "all": Qualifier,
	"every": Qualifier, "any": Qualifier, "most": Qualifier, "few": Qualifier,
}

// listedStart[n][c] says whether a listed word of n letters starts with c
// in either case: most words are ruled out before lower-casing them.
var listedStart = func() (t [10][256]bool) {
	for w := range listed {
		t[len(w)][w[0]] = true
		t[len(w)][w[0]-('a'-'A')] = true
	}
	return t
}()

// isNotContraction reports whether w ends in n't (or n’t): don't, isn't,
// can't, won't, mustn't.
func isNotContraction(w string) bool {
	if n := len(w); n >= 4 && w[n-1]|0x20 == 't' && w[n-2] == '\'' && w[n-3]|0x20 == 'n' {
		return true
	}
	// n’t with U+2019: n E2 80 99 t
	if n := len(w); n >= 6 && w[n-1]|0x20 == 't' && w[n-2] == 0x99 && w[n-3] == 0x80 && w[n-4] == 0xE2 && w[n-5]|0x20 == 'n' {
		return true
	}
	return false
}

func hasRightQuote(w string) bool {
	for i := 0; i+2 < len(w); i++ {
		if w[i] == 0xE2 && w[i+1] == 0x80 && w[i+2] == 0x99 {
			return true
		}
	}
	return false
}

func isDigit(c byte) bool     { return c >= '0' && c <= '9' }
func isHexByte(c byte) bool   { return isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'f') }
func isAlpha(c byte) bool     { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isAlnum(c byte) bool     { return isDigit(c) || isAlpha(c) }
func isIdentByte(c byte) bool { return isAlnum(c) || c == '_' }

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

func indexString(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// isIdentLike reports whether s is a (possibly dotted) programming
// identifier: letters, digits, '_', '.', '-', '$', starting with a letter,
// '_' or '$'.
func isIdentLike(s string) bool {
	if s == "" || !(isAlpha(s[0]) || s[0] == '_' || s[0] == '$') {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !isIdentByte(c) && c != '.' && c != '-' && c != '$' {
			return false
		}
	}
	return true
}

// isPluralParen reports prose plurals such as file(s), match(es).
func isPluralParen(s string) bool {
	return s == "(s" || s == "(es" || s == "(s)" || s == "(es)"
}

// flagClass classifies a word starting with '-': -v, --all, -C2, --out=x,
// -Wall. A lone dash or a dash run (--, ---) is not a flag.
func flagClass(w string) Kind {
	i := 1
	if i < len(w) && w[i] == '-' {
		i++
	}
	if i < len(w) && isAlnum(w[i]) {
		return Flag
	}
	return None
}

// atClass classifies words with '@': emails, user@host, pkg@v1.2.3,
// @decorator and @mention.
func atClass(w string) Kind {
	i := indexByte(w, '@')
	if i == 0 {
		if len(w) > 1 && isIdentByte(w[1]) {
			return Identifier
		}
		return None
	}
	local, domain := w[:i], w[i+1:]
	if domain == "" || !isAlnum(local[len(local)-1]) || !isAlnum(domain[0]) {
		return None
	}
	if isEmailLocal(local) && isDomain(domain) {
		return Email
	}
	return Identifier // user@host, pkg@v1.2.3, git@github.com:x/y
}

func isEmailLocal(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isAlnum(c) && c != '.' && c != '_' && c != '%' && c != '+' && c != '-' {
			return false
		}
	}
	return true
}

// isDomain reports whether s is a dotted host name with a letter TLD.
func isDomain(s string) bool {
	dot := -1
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isAlnum(c) || c == '-':
		case c == '.':
			if i == 0 || s[i-1] == '.' {
				return false
			}
			dot = i
		default:
			return false
		}
	}
	if dot < 0 || dot == len(s)-1 {
		return false
	}
	for i := dot + 1; i < len(s); i++ {
		if !isAlpha(s[i]) {
			return false
		}
	}
	return true
}

// isURL reports scheme://…, www.host…, and mailto:….
func isURL(w string) bool {
	if i := indexString(w, "://"); i > 0 && i+3 < len(w) {
		if !isAlpha(w[0]) {
			return false
		}
		for j := 1; j < i; j++ {
			c := w[j]
			if !isAlnum(c) && c != '+' && c != '.' && c != '-' {
				return false
			}
		}
		return true
	}
	if len(w) > 6 && (w[0]|0x20) == 'w' && (w[1]|0x20) == 'w' && (w[2]|0x20) == 'w' && w[3] == '.' && indexByte(w[4:], '.') > 0 {
		return true
	}
	if len(w) > 7 && lowerEq(w[:7], "mailto:") {
		return true
	}
	return false
}

func lowerEq(s, lower string) bool {
	if len(s) != len(lower) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// numberClass classifies a word that starts with a digit (or ".digit");
// plain is false when a sign or currency symbol preceded it.
func numberClass(w string, plain bool) Kind {
	if plain {
		if isIPv4(w) || isIPv6(w) {
			return IP
		}
		if isDateTime(w) {
			return DateTime
		}
		if isUUID(w) || isHash(w) || (len(w) > 2 && w[0] == '0' && (w[1]|0x20) == 'x' && isAllHex(w[2:])) {
			return Hex
		}
		if isVersion(w, false) {
			return Version
		}
	}
	if w[len(w)-1] == '%' {
		return Percent
	}
	return Number
}

func isAllHex(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isHexByte(s[i]) {
			return false
		}
	}
	return true
}

// isHash reports a hex string of 7+ digits in one letter case containing
// both a digit and a letter (git short hashes, checksums). Requiring a digit
// keeps English words spelt with a-f (effaced, deadbeef) out.
func isHash(s string) bool {
	if len(s) < 7 {
		return false
	}
	var digit, lower, upper bool
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isDigit(c):
			digit = true
		case c >= 'a' && c <= 'f':
			lower = true
		case c >= 'A' && c <= 'F':
			upper = true
		default:
			return false
		}
	}
	return digit && (lower != upper)
}

// isUUID reports the 8-4-4-4-12 hex form.
func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < 36; i++ {
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if s[i] != '-' {
				return false
			}
		} else if !isHexByte(s[i]) {
			return false
		}
	}
	return true
}

// digitsAt returns the number of consecutive digits at s[i:].
func digitsAt(s string, i int) int {
	n := 0
	for i+n < len(s) && isDigit(s[i+n]) {
		n++
	}
	return n
}

// isIPv4 reports a dotted quad with an optional /prefix or :port.
func isIPv4(s string) bool {
	i := 0
	for part := 0; part < 4; part++ {
		if part > 0 {
			if i >= len(s) || s[i] != '.' {
				return false
			}
			i++
		}
		n := digitsAt(s, i)
		if n == 0 || n > 3 {
			return false
		}
		v := 0
		for _, c := range []byte(s[i : i+n]) {
			v = v*10 + int(c-'0')
		}
		if v > 255 {
			return false
		}
		i += n
	}
	if i == len(s) {
		return true
	}
	if s[i] == '/' || s[i] == ':' {
		n := digitsAt(s, i+1)
		return n > 0 && i+1+n == len(s)
	}
	return false
}

// isIPv6 reports colon-separated hex groups with "::" or eight groups,
// optionally with a /prefix. Scoped ("%eth0") and bracketed forms are
// protected anyway through their digits.
func isIPv6(s string) bool {
	if i := indexByte(s, '/'); i > 0 {
		n := digitsAt(s, i+1)
		if n == 0 || i+1+n != len(s) {
			return false
		}
		s = s[:i]
	}
	groups, double, run := 0, false, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ':':
			if i+1 < len(s) && s[i+1] == ':' {
				if double {
					return false
				}
				double = true
				i++
			}
			if run > 0 {
				groups++
			}
			run = 0
		case isHexByte(c):
			run++
			if run > 4 {
				return false
			}
		default:
			return false
		}
	}
	if run > 0 {
		groups++
	}
	return (double && groups <= 7) || groups == 8
}

// isDateTime reports dates (2026-11-29, 2026/11/29, 29.11.2026), times
// (13:27, 13:27:57.123) and ISO 8601 combinations with a zone
// (2026-11-29T13:27:57Z, …+01:00).
func isDateTime(s string) bool {
	if n := dateLen(s); n > 0 {
		if n == len(s) {
			return true
		}
		if s[n] != 'T' && s[n] != 't' && s[n] != '_' {
			return false
		}
		s = s[n+1:]
	}
	n := timeLen(s)
	if n == 0 {
		return false
	}
	return n == len(s) || zoneLen(s[n:]) == len(s)-n
}

func dateLen(s string) int {
	a := digitsAt(s, 0)
	if a == 0 || a > 4 || a >= len(s) {
		return 0
	}
	sep := s[a]
	if sep != '-' && sep != '/' && sep != '.' {
		return 0
	}
	b := digitsAt(s, a+1)
	if b == 0 || b > 2 || a+1+b >= len(s) || s[a+1+b] != sep {
		return 0
	}
	c := digitsAt(s, a+2+b)
	if c == 0 || c > 4 {
		return 0
	}
	if !(a == 4 && c <= 2) && !(a <= 2 && (c == 4 || c == 2)) {
		return 0
	}
	return a + 2 + b + c
}

func timeLen(s string) int {
	h := digitsAt(s, 0)
	if h == 0 || h > 2 || h >= len(s) || s[h] != ':' {
		return 0
	}
	m := digitsAt(s, h+1)
	if m != 2 {
		return 0
	}
	n := h + 3
	if n < len(s) && s[n] == ':' {
		if digitsAt(s, n+1) != 2 {
			return 0
		}
		n += 3
		if n < len(s) && (s[n] == '.' || s[n] == ',') {
			f := digitsAt(s, n+1)
			if f == 0 {
				return 0
			}
			n += 1 + f
		}
	}
	if n+2 == len(s) && (lowerEq(s[n:], "am") || lowerEq(s[n:], "pm")) {
		return len(s)
	}
	return n
}

func zoneLen(s string) int {
	if s == "Z" || s == "z" {
		return 1
	}
	if len(s) < 3 || (s[0] != '+' && s[0] != '-') || digitsAt(s, 1) < 2 {
		return 0
	}
	if digitsAt(s, 1) == 4 && len(s) == 5 {
		return 5
	}
	if len(s) == 3 {
		return 3
	}
	if len(s) == 6 && s[3] == ':' && digitsAt(s, 4) == 2 {
		return 6
	}
	return 0
}

// isVersion reports dotted numeric versions with semver pre-release and
// build suffixes: 1.2.3, 1.2.3-rc.1, 1.26.0+build. Without the v prefix
// (vPrefixed false) two dots are required, so 3.5 stays a decimal.
func isVersion(s string, vPrefixed bool) bool {
	n := digitsAt(s, 0)
	if n == 0 {
		return false
	}
	dots := 0
	i := n
	for i < len(s) && s[i] == '.' {
		m := digitsAt(s, i+1)
		if m == 0 {
			break
		}
		dots++
		i += 1 + m
	}
	if !vPrefixed && dots < 2 {
		return false
	}
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
		if i == len(s) {
			return false
		}
		for ; i < len(s); i++ {
			c := s[i]
			if !isAlnum(c) && c != '.' && c != '-' && c != '+' {
				return false
			}
		}
	}
	return i == len(s)
}

// isDrivePath reports Windows paths: C:\x, C:/x, \\server\share.
func isDrivePath(s string) bool {
	if len(s) >= 3 && isAlpha(s[0]) && s[1] == ':' && (s[2] == '\\' || s[2] == '/') {
		return true
	}
	return len(s) > 2 && s[0] == '\\' && s[1] == '\\' && isAlnum(s[2])
}

// slashClass classifies words with '/' or '\': paths (absolute, ./, ../,
// ~/, or two or more segments such as a/b or github.com/x/y) and
// backslash escapes (\n). "and/or" counts as a path: slash words are rare
// in prose and cheap to keep.
func slashClass(w string) Kind {
	if w[0] == '~' && len(w) > 1 && (w[1] == '/' || w[1] == '\\') {
		return Path
	}
	if w[0] == '\\' && len(w) == 2 && isAlnum(w[1]) {
		return Identifier // \n, \t escapes
	}
	segments := 0
	alnumInSeg := false
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c == '/' || c == '\\' {
			if alnumInSeg {
				segments++
			}
			alnumInSeg = false
		} else if isAlnum(c) || c >= 0x80 {
			alnumInSeg = true
		}
	}
	if alnumInSeg {
		segments++
	}
	if segments == 0 {
		return None
	}
	if w[0] == '/' || w[0] == '\\' || w[0] == '.' || segments >= 2 {
		return Path
	}
	return None // "yes/" or "/" noise
}

// knownExt lists extensions that make a dotted word a file name rather
// than a module path or domain; any other short lower-case extension after
// a single dot also counts.
var knownExt = map[string]bool{
	"go": true, "mod": true, "sum": true, "py": true, "js": true, "ts": true, "tsx": true, "jsx": true,
	"rs": true, "c": true, "h": true, "cc": true, "cpp": true, "hpp": true, "java": true, "kt": true,
	"rb": true, "php": true, "sh": true, "bash": true, "zsh": true, "md": true, "txt": true, "rst": true,
	"json": true, "yaml": true, "yml": true, "toml": true, "ini": true, "cfg": true, "conf": true,
	"xml": true, "html": true, "css": true, "csv": true, "tsv": true, "sql": true, "log": true,
	"gz": true, "tgz": true, "bz2": true, "xz": true, "zst": true, "zip": true, "tar": true,
	"so": true, "a": true, "o": true, "dll": true, "exe": true, "lock": true, "pem": true, "key": true,
	"png": true, "jpg": true, "svg": true, "pdf": true, "onnx": true, "proto": true, "swift": true,
}

var topLevelDomain = map[string]bool{
	"com": true, "org": true, "net": true, "io": true, "dev": true, "edu": true, "gov": true, "ai": true, "app": true,
}

// dottedClass classifies words with inner dots and no slash: file names
// (main.go, archive.tar.gz, .bashrc), dotted module and qualified names
// (foo.bar.baz, fmt.Println, example.com). Abbreviations made of one- and
// two-letter parts (e.g., i.e., a.m., U.S., Ph.D.) are not protected.
func dottedClass(w string) Kind {
	if w[0] == '.' {
		if len(w) > 1 && isIdentByte(w[1]) && isNameRun(w[1:]) {
			return File // .bashrc, .gitignore, .go
		}
		return None
	}
	segs, short, single := 0, true, false
	segStart := 0
	lastStart := 0
	for i := 0; i <= len(w); i++ {
		if i < len(w) && w[i] != '.' {
			c := w[i]
			if !isIdentByte(c) && c != '-' && c != '+' && c < 0x80 {
				return None
			}
			continue
		}
		n := i - segStart
		if n == 0 {
			return None // "a..b", "wait...what"
		}
		seg := w[segStart:i]
		if n > 2 || !allAlpha(seg) {
			short = false
		}
		if n == 1 {
			single = true
		}
		segs++
		lastStart = segStart
		segStart = i + 1
	}
	if segs < 2 || (short && single) {
		return None
	}
	ext := w[lastStart:]
	if topLevelDomain[ext] {
		return Path // example.com, go.dev: a host, not a file
	}
	if knownExt[ext] || (segs == 2 && len(ext) <= 4 && allLowerAlnum(ext) && !isDigit(ext[0])) {
		return File
	}
	return Path
}

func isNameRun(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isIdentByte(c) && c != '.' && c != '-' && c < 0x80 {
			return false
		}
	}
	return true
}

func allAlpha(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isAlpha(s[i]) {
			return false
		}
	}
	return true
}

func allLowerAlnum(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z') && !isDigit(c) {
			return false
		}
	}
	return true
}
