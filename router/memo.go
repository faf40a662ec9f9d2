package router

import (
	"bytes"
	"hash/maphash"
)

// lineMemo remembers classifyHit's answers for the lines of one input, so
// that a line seen before is not classified again: a quarter of the lines
// of tool output repeat one seen earlier ("    }", a progress line, a stack
// frame, a table's filler). classifyHit reads nothing but the line's bytes,
// so a repeated line gets the answer it got the first time.
//
// It is a direct-mapped cache of a bounded number of slots: a collision
// replaces the older line, which costs only a classification, and the
// memory stays small however long the input.
type lineMemo struct {
	b     []byte
	slots []memoSlot
}

type memoSlot struct {
	hash   uint64
	start  int    // the line is b[start : start+n]
	n      uint16 // 0: empty slot
	kind   uint8
	weight uint8
	path   bool
	hit    hitVote
}

const (
	memoMaxSlots = 1 << 12
	memoMaxLine  = 1<<16 - 1 // longer lines are classified every time
)

var memoSeed = maphash.MakeSeed()

// newLineMemo returns a memo for the lines of b, of which there are about n.
func newLineMemo(b []byte, n int) lineMemo {
	size := 16
	for size < 2*n && size < memoMaxSlots {
		size *= 2
	}
	return lineMemo{b: b, slots: make([]memoSlot, size)}
}

// classify is classifyFeat(line, f). When plain, line is
// b[start:start+len(line)], else a copy of a line with its escapes removed,
// which is not remembered.
func (m *lineMemo) classify(line []byte, start int, plain bool, f feat) (kind, weight uint8, path bool, hv hitVote) {
	if !plain || len(line) == 0 || len(line) > memoMaxLine {
		return classifyFeat(line, f)
	}
	h := maphash.Bytes(memoSeed, line)
	s := &m.slots[h&uint64(len(m.slots)-1)]
	if s.hash == h && int(s.n) == len(line) && bytes.Equal(m.b[s.start:s.start+int(s.n)], line) {
		return s.kind, s.weight, s.path, s.hit
	}
	kind, weight, path, hv = classifyFeat(line, f)
	*s = memoSlot{hash: h, start: start, n: uint16(len(line)), kind: kind, weight: weight, path: path, hit: hv}
	return kind, weight, path, hv
}
