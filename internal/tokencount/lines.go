package tokencount

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// o200k_base's text is counted line by line (lineEnd), and a line that
// the text, or the text a Tally counted before it, has had before is
// looked up, not counted again. Tool output repeats its lines, most often
// with other numbers in them (times, counts, addresses, line numbers), so
// a line is looked up with each of its ASCII digits read as '0': in
// o200k_base (and cl100k_base) every string of one to three ASCII digits
// is a token (TestDigitTokens), digits are pieces of their own (\p{N}{1,3})
// whatever is around them, and a digit for another leaves every piece
// where it was, so two ASCII lines that differ only in their digits count
// the same. Lines with other bytes (where a non-ASCII digit may join the
// number) are looked up as they are.
//
// In the samples, 29% of the bytes are in lines their text has had before
// that way (14% byte for byte; held out, 44% and 12%), and 46% of a lossy
// result's are lines of its original. A line costs a search for its
// newline, a hash of its ends and, if seen, a compare: counting the
// samples one by one (BenchmarkCountFiles, cachegrind) went from 316 M to
// 310 M instructions, and with their compressed results (the CLI's --json
// less its text mode, medians of three runs) from 420 M to 390 M; held
// out, 104 M to 92 M. Hashing every byte of a line cost about what the
// repeats saved.

// lineEnd returns the end of the line of o200k_base's text b that starts at
// a, a < len(b): the first offset p > a after a newline where a piece starts
// whatever came before p and whatever comes after it (see lineCut), or
// len(b). h hashes the line's length and its first and last 16 bytes (all
// of a shorter line), each ASCII digit read as '0': hashing every byte
// cost more than the repeats saved, and memo.line compares the lines.
func lineEnd(b []byte, a int) (e int, h uint64) {
	e = lineAfter(b, a)
	return e, lineHash(b, a, e)
}

// lineAfter returns the end of the first line that ends after b[p]: the
// first offset e > p after a newline where lineCut, or len(b).
func lineAfter(b []byte, p int) int {
	for {
		nl := bytes.IndexByte(b[p:], '\n')
		if nl < 0 {
			return len(b)
		}
		if p += nl + 1; p == len(b) || lineCut(b, p) {
			return p
		}
	}
}

// lineHash is lineEnd's hash of b[a:e].
func lineHash(b []byte, a, e int) uint64 {
	const k0, k1 = 0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F
	text := unsafe.Pointer(unsafe.SliceData(b))
	word := func(p int) uint64 {
		return digitsAsZeroASCII(binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(text, p))[:]))
	}
	h := uint64(e-a) * k0
	switch n := e - a; {
	case n >= 16:
		h = (h ^ word(a)) * k1
		h = (h ^ word(a+8)) * k1
		h = (h ^ word(e-16)) * k1
		h = (h ^ word(e-8)) * k1
	case n >= 8:
		h = (h ^ word(a)) * k1
		h = (h ^ word(e-8)) * k1
	default:
		h = (h ^ digitsAsZeroASCII(tailBytes(b, a, e))) * k1
	}
	return h ^ h>>29
}

// tailBytes is b[p:e], 0 < e-p < 8, as a word whose other bytes are zero.
func tailBytes(b []byte, p, e int) uint64 {
	if p+8 <= len(b) {
		return binary.LittleEndian.Uint64(b[p:p+8:p+8]) & (1<<(8*uint(e-p)) - 1)
	}
	var buf [8]byte
	copy(buf[:], b[p:e])
	return binary.LittleEndian.Uint64(buf[:])
}

// lineCut reports whether o200k_base's pieces surely break at b[p], which
// follows a newline: that newline ends its piece (\s*[\r\n]+, or the
// [\r\n/]* after punctuation) unless more newlines follow in the white
// space after it, or a '/' follows it; and no piece holds a newline before
// a byte that is not white space. Where non-ASCII white space may follow,
// it answers no.
func lineCut(b []byte, p int) bool {
	switch asciiKind[b[p]] {
	case aOther:
		return b[p] != '/'
	case aUpper, aLower, aDigit:
		return true
	case aNewline, aHigh:
		return false
	}
	if p+8 <= len(b) {
		// An indented line: its blanks eight at a time.
		w := binary.LittleEndian.Uint64(b[p : p+8 : p+8])
		blank := zeroBytes(w^lsb*' ') | zeroBytes(w^lsb*'\t')
		if k := bits.TrailingZeros64(^blank&msb) >> 3; k < 8 {
			c := asciiKind[b[p+k]]
			return c != aNewline && c != aHigh && c != aSpace
		}
	}
	for ; p < len(b); p++ {
		switch asciiKind[b[p]] {
		case aSpace:
			continue
		case aNewline, aHigh:
			return false
		}
		return true
	}
	return false
}

// digitsAsZeroASCII is w with each digit byte made '0' (its low four bits
// cleared) if w's bytes are ASCII, else some other word that depends on w
// alone: a byte over 0x7f carries into the next one. Non-ASCII lines are
// the same only byte for byte (sameLine).
func digitsAsZeroASCII(w uint64) uint64 {
	return w &^ (((w + lsb*(0x80-'0')) &^ (w + lsb*(0x7f-'9')) & msb) >> 7 * 0x0f)
}

// sameLine reports whether lines x and y, of the same length, count the
// same for sure: they are equal, or ASCII and equal but for their digits.
func sameLine(x, y string) bool {
	if x == y {
		return true
	}
	var high, differ uint64
	i := 0
	for ; i+8 <= len(x); i += 8 {
		w, v := binary.LittleEndian.Uint64(b8(x, i)), binary.LittleEndian.Uint64(b8(y, i))
		high |= w | v
		if w != v {
			if digitsAsZeroASCII(w) != digitsAsZeroASCII(v) {
				return false
			}
			differ = 1
		}
	}
	for ; i < len(x); i++ {
		high |= uint64(x[i]) | uint64(y[i])
		if x[i] != y[i] {
			if asciiKind[x[i]] != aDigit || asciiKind[y[i]] != aDigit {
				return false
			}
			differ = 1
		}
	}
	// Digits may differ only where every byte is ASCII.
	return differ == 0 || high&msb == 0
}

// line returns the count of text[a:e], whose hash is h (lineEnd), if this
// text or the one before (prev) had a line that counts the same; else -1.
func (m *memo) line(text string, a, e int, h uint64) int {
	sl := &m.longs[h&uint64(len(m.longs)-1)]
	if sl.hash != uint32(h>>32) || int(sl.len) != e-a {
		return -1
	}
	var seen string
	switch sl.gen {
	case m.gen:
		seen = text
	case m.gen - 1:
		seen = m.prev
	}
	if int(sl.off)+int(sl.len) > len(seen) || !sameLine(seen[sl.off:sl.off+sl.len], text[a:e]) {
		return -1
	}
	return int(sl.n)
}

// lineBits is the size of an o200k_base memo's line table for a text of n
// bytes: one or two slots a line (tool output's lines average 56 bytes),
// from 256 slots (5 KiB) for a few KB.
func lineBits(n int) int { return min(max(bits.Len(uint(n/32)), minLineBits), maxLongBits) }

const minLineBits = 8
