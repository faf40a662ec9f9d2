package tokencount

import (
	"context"
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
	"unsafe"
)

// countO200k counts o200k_base's text on one core with memo m, line by
// line (see lineEnd): a line that this text or the one before had is
// looked up (memo.line), the others are counted by countLine.
func (c *Counter) countO200k(ctx context.Context, m *memo, text string) (n int, err error) {
	m.begin(len(text), true)
	b := unsafe.Slice(unsafe.StringData(text), len(text))
	check := checkEvery
	seen, hits := 0, 0
	for a := 0; a < len(b); {
		if a >= check {
			if check, err = look(ctx, a); err != nil {
				return n, err
			}
		}
		if seen >= probeLines {
			if hits*32 < seen {
				// Lines that do not repeat (a table's rows, grep's
				// hits): the next skipLines bytes are counted without
				// looking their lines up.
				e := len(b)
				if a+skipLines < len(b) {
					e = lineAfter(b, a+skipLines)
				}
				k := 0
				if k, check, err = c.countLine(ctx, m, text, a, e, check); err != nil {
					return n + k, err
				}
				n += k
				a = e
			}
			seen, hits = 0, 0
			continue
		}
		seen++
		e, h := lineEnd(b, a)
		if k := m.line(text, a, e, h); k >= 0 {
			hits++
			n += k
			a = e
			continue
		}
		k := 0
		if k, check, err = c.countLine(ctx, m, text, a, e, check); err != nil {
			return n + k, err
		}
		m.remember(a, e, h, k)
		n += k
		a = e
	}
	return n, nil
}

// countO200k looks probeLines lines up, and if fewer than one in 32 was
// seen before, counts the next skipLines bytes without lines (a table's
// rows, grep's hits), which saves a third of what lines cost there.
const (
	probeLines = 128
	skipLines  = 8 << 10
)

// countLine counts text[a:e], whose pieces end at e, piece by piece: quickRun
// takes the pieces that their eight bytes decide (ASCII words, numbers,
// punctuation; a piece of one byte that the byte after decides), each of up
// to seven bytes being its own key in one word (see shorts), so its lookup
// is a multiply and four compares; nextPiece takes the others, with
// asciiEnd or the general matcher, and the pieces whose count the short
// cache does not hold yet. It looks at ctx when it reaches check, and
// returns where to look next.
func (c *Counter) countLine(ctx context.Context, m *memo, text string, a, e, check int) (n, next int, err error) {
	b := unsafe.Slice(unsafe.StringData(text), len(text))
	for i := a; i < e; {
		if i >= check {
			if check, err = look(ctx, i); err != nil {
				return n, check, err
			}
		}
		if end := min(check, i+quickChunk, e, len(b)-7); i < end {
			j, k, l := quickRun(b, i, end, &m.shorts, &m.short)
			n += k
			switch i = j; {
			case l > maxShort:
				// A word that the longer pieces' cache does not hold yet.
				n += c.longerPiece(&m.short, b, i, i+l, true)
				i += l
				continue
			case l > 0:
				// A piece the short cache does not hold yet.
				k := c.countNew(text[i:i+l], true)
				m.shorts.put(shortKey(b, i, l), k)
				n += k
				i += l
				continue
			}
			if i >= end {
				continue
			}
		}
		p, k := c.nextPiece(m, text, i)
		n += k
		i = p
	}
	return n, check, nil
}

// quickChunk bounds the text quickRun reads at once: a loop with no call
// cannot be preempted but by a signal, which the collector and the
// scheduler's spinning threads would wait for (under valgrind, they spun
// for more instructions than counting took).
const quickChunk = 1 << 10

// quickRun counts the pieces of b from i on that start before end
// (end+7 <= len(b)), as long as each is one that its bytes decide (see
// quick) and, if longer than a byte, whose count the caches hold: sh for
// an ASCII piece of 2 to maxShort bytes, pc for a word of 8 to 15. It
// returns where it stopped, the count, and the length of the piece there
// if it stopped at one whose count the caches lack, else 0. It makes no call, so the loop keeps its values in
// registers: most pieces of tool output are counted here.
func quickRun(b []byte, i, end int, sh *shorts, pc *pieces) (at, n, miss int) {
	// Shift counts are masked to six bits where they are in range, or
	// where what they shift in does not matter, so that no shift needs
	// Go's check for one of 64 or more.
	slots, shift := unsafe.Pointer(unsafe.SliceData(sh.slots)), sh.shift&63
	pslots, pshift := unsafe.Pointer(unsafe.SliceData(pc.slots)), pc.shift&63
	text := unsafe.Pointer(unsafe.SliceData(b))
	for i < end {
		// In range: end+7 <= len(b).
		w := binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(text, i))[:])
		var l uint // the piece's length; 0: not decided here
		switch q := quick[pairClass[byte(w)]<<4|pairClass[byte(w>>8)]]; q {
		case qSingle:
			n++
			i++
			continue
		case qWord0, qWord1:
			// [A-Z]*[a-z]* from byte j, after the prefix if any: bytes
			// shifted in from the top end the runs (if the upper-case run
			// reaches the top, the shift of the lower-case one wraps, but
			// e is 8 or more then anyway). The byte after must be ASCII
			// (a letter or mark may continue the word) and no quote (a
			// contraction may follow).
			j := uint(q - qWord0)
			nu := uint(bits.TrailingZeros64(^(inRange(w, 'A', 'Z')>>(8*j))&msb)) >> 3
			e := j + nu + uint(bits.TrailingZeros64(^(inRange(w, 'a', 'z')>>(8*(j+nu)&63))&msb))>>3
			if e < 8 {
				if next := byte(w >> (8 * e & 63)); next < utf8.RuneSelf && next != '\'' {
					l = e
				}
				break
			}
			// A word whose lower-case run reaches w's last byte goes on
			// in the next eight bytes: up to 15 bytes, the key of the
			// cache of longer pieces (see pieceKey).
			if e != 8 || j+nu >= 8 || i+16 > len(b) {
				break
			}
			w2 := binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(text, i+8))[:])
			e2 := uint(bits.TrailingZeros64(^inRange(w2, 'a', 'z')&msb)) >> 3
			if next := byte(w2 >> (8 * e2 & 63)); e2 == 8 || next >= utf8.RuneSelf || next == '\'' {
				break
			}
			lo, hi := w, w2&(1<<(8*e2&63)-1)|uint64(8+e2)<<56
			set := (*[2]pieceSlot)(unsafe.Add(pslots, uintptr(uint32(((lo^hi*0x9E3779B97F4A7C15)*0xC2B2AE3D27D4EB4F)>>pshift)&^1)*unsafe.Sizeof(pieceSlot{})))
			switch {
			case set[0].lo == lo && set[0].hi&^countMask == hi:
				n += int(set[0].hi >> countShift)
			case set[1].lo == lo && set[1].hi&^countMask == hi:
				n += int(set[1].hi >> countShift)
			default:
				return i, n, int(8 + e2)
			}
			i += int(8 + e2)
			continue
		case qDigits:
			// \p{N}{1,3}; a shorter run before a byte of a multi-byte
			// rune (another script's digit, maybe) is not decided.
			e := uint(bits.TrailingZeros64(^inRange(w, '0', '9')&msb)) >> 3
			if e >= 3 {
				l = 3
			} else if byte(w>>(8*e&63)) < utf8.RuneSelf {
				l = e
			}
		case qPunct0, qPunct1:
			// ` ?[^\s\p{L}\p{N}]+[\r\n/]*` from byte j, as otherRun
			// reads it.
			j := uint(q - qPunct0)
			e := j
			for e < 8 && asciiKind[byte(w>>(8*e&63))] == aOther {
				e++
			}
			if e < 8 && byte(w>>(8*e&63)) < utf8.RuneSelf {
				for e < 8 && trailByte[byte(w>>(8*e&63))] {
					e++
				}
				if e < 8 {
					l = e
				}
			}
		case qSpace:
			// \s*[\r\n]+|\s+(?!\S)|\s+ as spaceEnd reads it: up to the
			// run's last newline, if it has one; else the run but its
			// last byte, which a non-space follows. The run must end
			// before the eighth byte, at an ASCII byte (U+0085 and U+00A0
			// are white space too).
			ws := inRange(w, '\t', '\r') | inRange(w, ' ', ' ')
			r := uint(bits.TrailingZeros64(^ws&msb)) >> 3
			if r < 8 && byte(w>>(8*r&63)) < utf8.RuneSelf {
				run := uint64(1)<<(8*r&63) - 1
				if nl := (inRange(w, '\n', '\n') | inRange(w, '\r', '\r')) & run; nl != 0 {
					l = uint(63-bits.LeadingZeros64(nl))>>3 + 1
				} else {
					l = r - 1
				}
				if l == 1 {
					n++
					i++
					continue
				}
			}
		}
		if l < 2 {
			return i, n, 0
		}
		// An ASCII piece of 2 to 7 bytes: its key is w's first l bytes
		// (see shortKey), looked up as sh.get does but the set's first
		// slot first, which holds most of the keys met (the newest); a
		// slot holds the key if they differ only in the count's bits.
		top := uint64(1) << (8 * l & 63)
		key := w&(top-1) | top
		set := (*[4]uint64)(unsafe.Add(slots, uintptr((key*0x9E3779B97F4A7C15)>>shift)*32))
		hit := set[0]
		if (hit^key)<<(64-shortCount) != 0 {
			hit = 0
			if (set[3]^key)<<(64-shortCount) == 0 {
				hit = set[3]
			}
			if (set[2]^key)<<(64-shortCount) == 0 {
				hit = set[2]
			}
			if (set[1]^key)<<(64-shortCount) == 0 {
				hit = set[1]
			}
			if hit == 0 {
				return i, n, int(l)
			}
		}
		n += int(hit >> shortCount)
		i += int(l)
	}
	return i, n, 0
}

// What quickRun does with a piece, by the classes (pairClass) of its first
// two bytes: take the first byte alone (singles), read a word from the
// first byte or the second (after a prefix, [^\r\n\p{L}\p{N}]), a number,
// a punctuation run from the first byte or the second (after a space), a
// run of white space of two bytes or more; or leave it to nextPiece (a
// non-ASCII byte, a newline before a quote).
const (
	qSlow = iota
	qSingle
	qWord0
	qWord1
	qDigits
	qPunct0
	qPunct1
	qSpace
)

var quick = func() (t [256]uint8) {
	letter := func(c int) bool { return c == pUpper || c == pLower }
	for c0 := range 16 {
		for c1 := range 16 {
			q := qSlow
			switch {
			case singles[c0<<4|c1]:
				q = qSingle
			case letter(c0):
				q = qWord0
			case (c0 == pSpace || c0 == pBlank || c0 == pQuote || c0 == pOther) && letter(c1):
				q = qWord1
			case c0 == pDigit:
				q = qDigits
			case c0 == pQuote || c0 == pOther:
				q = qPunct0
			case c0 == pSpace && (c1 == pQuote || c1 == pOther):
				q = qPunct1
			case (c0 == pSpace || c0 == pBlank || c0 == pNewline) && (c1 == pSpace || c1 == pBlank || c1 == pNewline):
				q = qSpace
			}
			t[c0<<4|c1] = uint8(q)
		}
	}
	return t
}()

// trailByte marks [\r\n/], the bytes a punctuation run takes after it.
var trailByte = [256]bool{'\r': true, '\n': true, '/': true}

// nextPiece returns the end of the piece at text[i] and its count, for the
// pieces that quickRun does not take. Whether text is valid UTF-8 is not
// known: a piece that is counted afresh (or is longer than shortPiece) is
// checked alone, which is exact as pieces never split a valid rune, and
// costs less than another pass over text.
func (c *Counter) nextPiece(m *memo, text string, i int) (e, n int) {
	const valid = false
	b := unsafe.Slice(unsafe.StringData(text), len(text))
	if i+1 < len(b) && singles[pairClass[b[i]]<<4|pairClass[b[i+1]]] {
		return i + 1, 1 // a piece of one byte, a token, decided by the byte after
	}
	e = asciiEnd(text, i)
	if e <= i {
		e = c.split.nextO200kAny(text, i)
	}
	switch l := e - i; {
	case l == 1:
		return e, 1 // every byte is a token
	case l == 2 && (b[i]|b[i+1]) < utf8.RuneSelf:
		// One token if the pair is one, else its two bytes: the vocab's
		// pair cache, shared, answers in one load.
		r := c.ranks.pairs[uint16(b[i])<<8|uint16(b[i+1])].Load()
		if r == 0 {
			r = c.ranks.pairSlot(b[i], b[i+1])
		}
		k := 1 - int(r>>31) // r < 0: not a token
		if quick[pairClass[b[i]]<<4|pairClass[b[i+1]]] != qSlow {
			m.shorts.put(shortKey(b, i, 2), k) // for quickRun
		}
		return e, k
	case l <= maxShort:
		sh := &m.shorts
		key := shortKey(b, i, l)
		k, ok := sh.get(key)
		if !ok {
			k = c.countNew(text[i:e], key&msb == 0) // ASCII is valid
			sh.put(key, k)
		}
		return e, k
	}
	return e, c.longerPiece(&m.short, b, i, e, valid)
}

// look is countO200k's look at ctx at text[i]: the error that stops it, or
// where to look next. Out of the loop, it costs the loop no registers.
//
//go:noinline
func look(ctx context.Context, i int) (int, error) {
	return i + checkEvery, ctx.Err()
}

// longerPiece counts the piece b[i:e] of two bytes or more: one of up to
// shortPiece bytes from the cache pc.
func (c *Counter) longerPiece(pc *pieces, b []byte, i, e int, valid bool) int {
	p := unsafe.String(unsafe.SliceData(b[i:]), e-i)
	if e-i > shortPiece {
		return c.countPiece(p, valid)
	}
	lo, hi := pieceKey(b, i, e)
	k, ok := pc.get(lo, hi)
	if !ok {
		k = c.countNew(p, valid || (lo|hi)&msb == 0)
		pc.put(lo, hi, k)
	}
	return k
}

// countNew counts a piece of 2 to shortPiece bytes that no cache holds: its
// count is remembered where it is looked up, not in the shared cache.
func (c *Counter) countNew(p string, valid bool) int {
	if !valid && !utf8.ValidString(p) {
		p = replaceInvalid(p)
	}
	if c.ranks.has(p) {
		return 1
	}
	return mergeCount(c.ranks, p)
}

// asciiEnd returns the end of o200k_base's piece at s[i] when every rune
// that decides it is ASCII (where the pattern's classes are plain: upper and
// lower letters are disjoint, and so on), or i to defer to nextO200k's
// general matcher. It must agree with that matcher wherever it answers
// (TestFastPaths, FuzzASCII). A word's lower-case letters are read eight at
// a time.
func asciiEnd(s string, i int) int {
	k := asciiKind[s[i]]
	j := i
	switch k {
	case aUpper, aLower:
	case aDigit:
		e := i + 1
		for e < len(s) && e < i+3 && asciiKind[s[e]] == aDigit {
			e++
		}
		if e < i+3 && e < len(s) && asciiKind[s[e]] == aHigh {
			return i // a non-ASCII digit may continue the number
		}
		return e
	case aHigh:
		return i
	default: // aNewline, aSpace, aOther
		if i+1 == len(s) {
			return i + 1
		}
		switch k1 := asciiKind[s[i+1]]; {
		case k1 == aHigh:
			return i // a non-ASCII rune may continue the piece
		case k != aNewline && (k1 == aUpper || k1 == aLower):
			j = i + 1 // [^\r\n\p{L}\p{N}]? before a word
		case k == aOther:
			return max(otherRun(s, i), i)
		case k1 == aOther && s[i] == ' ':
			return max(otherRun(s, i+1), i)
		default:
			return spaceEnd(s, i)
		}
	}
	// A word of up to seven letters is read here, as wordEnd reads it,
	// without a call: most words are.
	e := j + 8 // a shorter tail is wordEnd's
	if j+8 <= len(s) {
		w := binary.LittleEndian.Uint64(b8(s, j))
		nu := bits.TrailingZeros64(^inRange(w, 'A', 'Z')&msb) >> 3
		e = j + nu + bits.TrailingZeros64((^inRange(w, 'a', 'z')&msb)>>(8*uint(nu)))>>3
	}
	if e >= j+8 {
		e = wordEnd(s, j)
	}
	if e < len(s) {
		if asciiKind[s[e]] == aHigh {
			return i // a non-ASCII letter or mark may continue the word
		}
		if s[e] == '\'' {
			return contraction(s, e)
		}
	}
	return e
}

// wordEnd returns the end of [A-Z]*[a-z]* at s[j]. A word of up to seven
// letters is read at once, with no branch on its letters: where a word ends
// is seldom predictable.
func wordEnd(s string, j int) int {
	if j+8 <= len(s) {
		w := binary.LittleEndian.Uint64(b8(s, j))
		nu := bits.TrailingZeros64(^inRange(w, 'A', 'Z')&msb) >> 3
		// The lower-case letters after the upper-case ones; a shift by 64
		// (nu == 8) is 0 in Go.
		nl := bits.TrailingZeros64((^inRange(w, 'a', 'z')&msb)>>(8*uint(nu))) >> 3
		switch {
		case nu+nl < 8:
			return j + nu + nl
		case nu < 8:
			return lowerRun(s, j+8)
		}
		j += 8
	}
	for j < len(s) && asciiKind[s[j]] == aUpper {
		j++
	}
	return lowerRun(s, j)
}

// inRange marks with its top bit each byte of w in [lo, hi], both ASCII:
// low7 keeps the sums from carrying into the next byte, and a byte with its
// top bit set is in no range.
func inRange(w uint64, lo, hi byte) uint64 {
	const low7 = ^uint64(msb)
	x := w & low7
	return (x + lsb*uint64(0x80-lo)) &^ (x + lsb*uint64(0x7f-hi)) &^ w & msb
}

// lowerRun returns the end of the run of ASCII lower-case letters at s[e],
// eight bytes at a time.
func lowerRun(s string, e int) int {
	for ; e+8 <= len(s); e += 8 {
		if m := ^inRange(binary.LittleEndian.Uint64(b8(s, e)), 'a', 'z') & msb; m != 0 {
			return e + bits.TrailingZeros64(m)>>3
		}
	}
	for e < len(s) && asciiKind[s[e]] == aLower {
		e++
	}
	return e
}

// The classes of pairClass: what a byte is to the piece that starts at it or
// at the byte before.
const (
	pHigh    = iota // a byte of a multi-byte rune, or invalid
	pUpper          // [A-Z]
	pLower          // [a-z]
	pDigit          // [0-9]
	pNewline        // [\r\n]
	pSpace          // ' '
	pBlank          // [\t\v\f]
	pQuote          // '\'', which may start a contraction
	pOther          // other punctuation
)

var pairClass = func() (t [256]uint8) {
	for b := range 256 {
		switch {
		case b >= utf8.RuneSelf:
			t[b] = pHigh
		case b == ' ':
			t[b] = pSpace
		case b == '\'':
			t[b] = pQuote
		default:
			t[b] = [...]uint8{aUpper: pUpper, aLower: pLower, aDigit: pDigit, aNewline: pNewline, aSpace: pBlank, aOther: pOther}[asciiKind[b]]
		}
	}
	return t
}()

// singles[c<<4|d] is set when a piece that starts with a byte of class c
// followed by one of class d is that byte alone, whatever follows: a letter
// before a digit, newline, blank or punctuation other than a quote (the
// word ends); a digit before anything ASCII but a digit; a newline before
// a letter, digit or punctuation (the blank run ends at it); a space or a
// blank before a digit, and a blank before punctuation too (\s+ ends, and
// only a space prefixes punctuation); punctuation before a digit or a blank
// (the run ends with no newline to take). Non-ASCII bytes decide nothing.
var singles = func() (t [256]bool) {
	set := func(c int, ds ...int) {
		for _, d := range ds {
			t[c<<4|d] = true
		}
	}
	set(pUpper, pDigit, pNewline, pSpace, pBlank, pOther)
	set(pLower, pDigit, pNewline, pSpace, pBlank, pOther)
	set(pDigit, pUpper, pLower, pNewline, pSpace, pBlank, pQuote, pOther)
	set(pNewline, pUpper, pLower, pDigit, pQuote, pOther)
	set(pSpace, pDigit)
	set(pBlank, pDigit, pQuote, pOther)
	set(pQuote, pDigit, pSpace, pBlank)
	set(pOther, pDigit, pSpace, pBlank)
	return t
}()

// maxShort is the longest piece that shorts holds.
const maxShort = 7

// shortKey packs b[i:i+l], 2 <= l <= maxShort, as its bytes below a bit that
// marks its length: the key of every piece differs and is never 0.
func shortKey(b []byte, i, l int) uint64 {
	var w uint64
	if i+8 <= len(b) {
		w = binary.LittleEndian.Uint64(b[i : i+8 : i+8])
	} else {
		var buf [8]byte
		copy(buf[:], b[i:i+l])
		w = binary.LittleEndian.Uint64(buf[:])
	}
	top := uint64(1) << (8 * uint(l))
	return w&(top-1) | top
}

// shorts is a cache of the counts of pieces of up to maxShort bytes, kept
// across calls: a slot is the piece's key (shortKey, below bit 57) and its
// count (bits 58 up). Each key has a set of four slots, in 32 bytes; a new
// key takes the first and moves the others down, dropping the last.
type shorts struct {
	slots []uint64 // 4<<(64-shift) of them
	shift uint
}

const (
	shortCount = 58
	shortMask  = 1<<shortCount - 1
	minShorts  = 9  // sets: 16 KiB
	maxShorts  = 14 // 512 KiB
)

// set is the key's set of slots: its index is below len(slots)/4 (see
// shift), so the set needs no bounds check.
func (sh *shorts) set(key uint64) *[4]uint64 {
	k := (key * 0x9E3779B97F4A7C15) >> sh.shift
	return (*[4]uint64)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(sh.slots)), uintptr(k)*32))
}

func (sh *shorts) get(key uint64) (int, bool) {
	set := sh.set(key)
	// Which slot holds the key is not predictable: conditional moves, not
	// branches.
	var hit uint64
	if set[3]&shortMask == key {
		hit = set[3]
	}
	if set[2]&shortMask == key {
		hit = set[2]
	}
	if set[1]&shortMask == key {
		hit = set[1]
	}
	if set[0]&shortMask == key {
		hit = set[0]
	}
	return int(hit >> shortCount), hit != 0
}

func (sh *shorts) put(key uint64, n int) {
	set := sh.set(key)
	set[3], set[2], set[1], set[0] = set[2], set[1], set[0], key|uint64(n)<<shortCount
}

// grow makes the cache 1<<b sets, keeping what it holds.
func (sh *shorts) grow(b int) {
	old := sh.slots
	*sh = shorts{slots: make([]uint64, 4<<b), shift: uint(64 - b)}
	// A set's last slot first, so that its first stays first.
	for set := 0; set < len(old); set += 4 {
		for k := 3; k >= 0; k-- {
			if s := old[set+k]; s != 0 {
				sh.put(s&shortMask, int(s>>shortCount))
			}
		}
	}
}

// shortsBits is the size of the short cache for a text of n bytes.
func shortsBits(n int) int { return min(max(bits.Len(uint(n/32)), minShorts), maxShorts) }
