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

// memoSlot is kept small: the slots are allocated for each input.
type memoSlot struct {
	hash    uint32 // the line's hash, high half
	start   uint32 // the line is b[start : start+n]
	n       uint16 // 0: empty slot
	kind    uint8
	weight  uint8
	path    bool
	context bool  // hit.context
	pathLen int32 // hit.pathLen
}

const (
	memoMaxSlots = 1 << 12
	memoMaxLine  = 1<<16 - 1 // longer lines are classified every time
)

var memoSeed = maphash.MakeSeed()

// newLineMemo returns a memo for the lines of b, of which there are about n,
// in the memory of slots when it is large enough (what it held is cleared).
func newLineMemo(b []byte, n int, slots []memoSlot) lineMemo {
	if len(b) > 1<<32-1 {
		return lineMemo{b: b, slots: slots[:0]} // offsets would not fit a slot: remember nothing
	}
	size := 16
	for size < n && size < memoMaxSlots {
		size *= 2
	}
	if cap(slots) < size {
		return lineMemo{b: b, slots: make([]memoSlot, size)}
	}
	slots = slots[:size]
	clear(slots)
	return lineMemo{b: b, slots: slots}
}

// classify is classifyFeat(line, f). When plain, line is
// b[start:start+len(line)], else a copy of a line with its escapes removed,
// which is not remembered.
func (m *lineMemo) classify(line []byte, start int, plain bool, f feat) (kind, weight uint8, path bool, hv hitVote) {
	if !plain || len(line) == 0 || len(line) > memoMaxLine || len(m.slots) == 0 {
		return classifyFeat(line, f)
	}
	h := maphash.Bytes(memoSeed, line)
	s := &m.slots[h&uint64(len(m.slots)-1)]
	if s.hash == uint32(h>>32) && int(s.n) == len(line) && bytes.Equal(m.b[s.start:int(s.start)+int(s.n)], line) {
		return s.kind, s.weight, s.path, hitVote{context: s.context, pathLen: s.pathLen}
	}
	kind, weight, path, hv = classifyFeat(line, f)
	*s = memoSlot{hash: uint32(h >> 32), start: uint32(start), n: uint16(len(line)), kind: kind, weight: weight, path: path,
		context: hv.context, pathLen: hv.pathLen}
	return kind, weight, path, hv
}
