package tokencount

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"unsafe"
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

// entry is one token of an encoding and its rank.
type entry struct {
	tok  string
	rank int32
}

func newVocab(entries []entry) *vocab {
	var hot []entry
	for _, e := range entries {
		if e.rank < hotRanks && len(e.tok) <= shortToken {
			hot = append(hot, e)
		}
	}
	v := newTable(entries)
	v.hot = newTable(hot)
	return v
}

func newTable(entries []entry) *vocab {
	size := 1
	for size < 2*len(entries) {
		size <<= 1
	}
	v := &vocab{
		slots: make([]slot, size),
		shift: uint(64 - bits.TrailingZeros(uint(size))),
		long:  map[string]int32{},
	}
	// Tokens go in in the order of their home slots, so the writes sweep
	// the table (megabytes) once instead of missing the cache at each
	// token: that was most of the time to build it. Linear probing finds
	// a token whatever the order of insertion.
	const buckets = 1 << 12
	bucket := func(sl slot) int { return v.home(sl.lo, sl.hi) * buckets / size }
	short := make([]slot, 0, len(entries))
	var starts [buckets + 1]int32
	for _, e := range entries {
		v.max = max(v.max, len(e.tok))
		if len(e.tok) == 0 || len(e.tok) > shortToken {
			v.long[e.tok] = e.rank
			continue
		}
		lo, hi := pack(e.tok)
		sl := slot{lo: lo, hi: hi, rank: e.rank}
		short = append(short, sl)
		starts[bucket(sl)+1]++
	}
	for b := 1; b < len(starts); b++ {
		starts[b] += starts[b-1]
	}
	sorted := make([]slot, len(short))
	for _, sl := range short {
		b := bucket(sl)
		sorted[starts[b]] = sl
		starts[b]++
	}
	for _, sl := range sorted {
		i := v.home(sl.lo, sl.hi)
		// A repeated token keeps its last rank, as a map would (the sort
		// is stable).
		for v.slots[i].hi != 0 && (v.slots[i].lo != sl.lo || v.slots[i].hi != sl.hi) {
			i = (i + 1) & (len(v.slots) - 1)
		}
		v.slots[i] = sl
	}
	return v
}

// parseRanks reads a .tiktoken rank file: lines of a base64 token, a space
// and its rank. All tokens share one string, so loading costs a few large
// allocations instead of one per token (and no map of 200k strings): it is
// most of the start-up of a short run.
func parseRanks(data []byte) ([]entry, error) {
	arena := make([]byte, 0, base64.StdEncoding.DecodedLen(len(data)))
	type span struct{ off, n, rank int32 }
	spans := make([]span, 0, bytes.Count(data, []byte{'\n'})+1)
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if len(line) > 0 && line[len(line)-1] == '\r' {
			line = line[:len(line)-1]
		}
		if len(line) == 0 {
			continue
		}
		sp := bytes.IndexByte(line, ' ')
		if sp < 0 {
			return nil, fmt.Errorf("bad rank line %q", line)
		}
		b64, num := line[:sp], line[sp+1:]
		off := len(arena)
		n, err := base64.StdEncoding.Decode(arena[off:off+base64.StdEncoding.DecodedLen(len(b64))], b64)
		if err != nil {
			return nil, fmt.Errorf("bad token %q: %w", b64, err)
		}
		arena = arena[:off+n]
		rank, err := parseRank(num)
		if err != nil {
			return nil, fmt.Errorf("bad rank line %q", line)
		}
		spans = append(spans, span{int32(off), int32(n), rank})
	}
	all := unsafe.String(unsafe.SliceData(arena), len(arena)) // arena is not written again
	entries := make([]entry, len(spans))
	for i, s := range spans {
		entries[i] = entry{tok: all[s.off : s.off+s.n], rank: s.rank}
	}
	return entries, nil
}

func parseRank(b []byte) (int32, error) {
	if len(b) == 0 || len(b) > 9 {
		return 0, errBadRank
	}
	var r int32
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, errBadRank
		}
		r = r*10 + int32(c-'0')
	}
	return r, nil
}

var errBadRank = errors.New("bad rank")

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
