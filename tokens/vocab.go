package tokens

import (
	"encoding/binary"
	"math/bits"
)

// vocab is the rank table. Go's map[string]int costs a hash of the string
// and a second memory access for the key; most lookups are of short pieces,
// so tokens up to 15 bytes sit inline, packed into two words, in an
// open-addressing table, and only longer ones go to a map.
type vocab struct {
	// hot holds the tokens of rank below hotRanks again in a table small
	// enough to stay in cache; low ranks are the frequent pieces.
	hot   *vocab
	slots []slot
	shift uint // 64 - log2(len(slots))
	long  map[string]int32
	max   int // the longest token's length: longer strings need no lookup
}

// slot holds a token of 1 to 15 bytes: lo has bytes 0-7, hi bytes 8-14 and
// the length in its top byte, so a zero hi is an empty slot.
type slot struct {
	lo, hi uint64
	rank   int32
}

const (
	shortToken = 15
	hotRanks   = 16384
)

func newVocab(ranks map[string]int) *vocab {
	hot := map[string]int{}
	for tok, r := range ranks {
		if r < hotRanks && len(tok) <= shortToken {
			hot[tok] = r
		}
	}
	v := newTable(ranks)
	v.hot = newTable(hot)
	return v
}

func newTable(ranks map[string]int) *vocab {
	size := 1
	for size < 2*len(ranks) {
		size <<= 1
	}
	v := &vocab{
		slots: make([]slot, size),
		shift: uint(64 - bits.TrailingZeros(uint(size))),
		long:  map[string]int32{},
	}
	for tok, r := range ranks {
		v.max = max(v.max, len(tok))
		if len(tok) == 0 || len(tok) > shortToken {
			v.long[tok] = int32(r)
			continue
		}
		lo, hi := pack(tok)
		i := v.home(lo, hi)
		for v.slots[i].hi != 0 {
			i = (i + 1) & (len(v.slots) - 1)
		}
		v.slots[i] = slot{lo: lo, hi: hi, rank: int32(r)}
	}
	return v
}

func pack(s string) (lo, hi uint64) {
	var b [16]byte
	copy(b[:], s)
	return binary.LittleEndian.Uint64(b[:8]), binary.LittleEndian.Uint64(b[8:]) | uint64(len(s))<<56
}

func (v *vocab) home(lo, hi uint64) int {
	return int((lo*0x9E3779B97F4A7C15 ^ hi*0xC2B2AE3D27D4EB4F) >> v.shift)
}

// rank returns the rank of token s, or noRank.
func (v *vocab) rank(s string) int32 {
	if len(s) > shortToken || len(s) == 0 {
		if len(s) > v.max {
			return noRank
		}
		if r, ok := v.long[s]; ok {
			return r
		}
		return noRank
	}
	lo, hi := pack(s)
	if v.hot != nil {
		if r := v.hot.find(lo, hi); r != noRank {
			return r
		}
	}
	return v.find(lo, hi)
}

func (v *vocab) find(lo, hi uint64) int32 {
	for i := v.home(lo, hi); ; i = (i + 1) & (len(v.slots) - 1) {
		sl := &v.slots[i]
		if sl.lo == lo && sl.hi == hi {
			return sl.rank
		}
		if sl.hi == 0 {
			return noRank
		}
	}
}

// has reports whether s is a token.
func (v *vocab) has(s string) bool { return v.rank(s) != noRank }
