package tokencount

import (
	"hash/maphash"
	"math/bits"
	"runtime"
	"strings"
	"sync"
	"unsafe"
)

// cache remembers the token counts of pieces that are not tokens themselves:
// most such pieces (paths, identifiers, hashes' neighbours) repeat. It is
// bounded: a shard that fills up is emptied.
type cache struct {
	seed   maphash.Seed
	shards [cacheShards]cacheShard
}

const (
	cacheShards   = 64
	shardEntries  = 1024
	maxCachedSize = 128 // longer pieces are rare and merged each time, but runs of one byte (runKey)
)

type cacheShard struct {
	mu sync.Mutex
	m  map[string]int32
}

func newCache() *cache { return &cache{seed: maphash.MakeSeed()} }

func (c *cache) shard(piece string) *cacheShard {
	return &c.shards[maphash.String(c.seed, piece)%cacheShards]
}

func (c *cache) get(piece string) (int, bool) {
	s := c.shard(piece)
	s.mu.Lock()
	n, ok := s.m[piece]
	s.mu.Unlock()
	return int(n), ok
}

func (c *cache) put(piece string, n int) {
	s := c.shard(piece)
	// The piece is a slice of the caller's text: copy it so the cache does
	// not keep a large input alive.
	piece = strings.Clone(piece)
	s.mu.Lock()
	switch {
	case s.m == nil:
		// Small at first: a short text touches most shards once, and 64
		// maps sized for shardEntries were most of a 4 KB count's cost.
		s.m = make(map[string]int32)
	case len(s.m) >= shardEntries:
		clear(s.m)
	}
	s.m[piece] = int32(n)
	s.mu.Unlock()
}

// memos is a free list of memos. Unlike a sync.Pool, which the collector
// empties, it keeps what earlier counts learned: a process that counts
// between bursts of allocation (the engine's) would otherwise start cold
// each time. It keeps as many as there are cores (a count runs on one), up
// to maxFree: a memo holds up to 1.1 MiB (cl100k_base's; o200k_base's 1 MiB).
const maxFree = 8

type memos struct {
	mu   sync.Mutex
	free []*memo
}

func (ms *memos) get() *memo {
	ms.mu.Lock()
	defer ms.mu.Unlock()
	if n := len(ms.free); n > 0 {
		m := ms.free[n-1]
		ms.free = ms.free[:n-1]
		return m
	}
	return new(memo)
}

func (ms *memos) put(m *memo) {
	ms.mu.Lock()
	defer ms.mu.Unlock()
	if len(ms.free) < min(runtime.GOMAXPROCS(0), maxFree) {
		ms.free = append(ms.free, m)
	}
}

// memo is what count remembers, bounded: the counts of short pieces and
// spans, kept across calls, and those of the longer spans of the text being
// counted, which point into it, and of the text counted before it when a
// Tally hands them on (prev).
type memo struct {
	shorts shorts
	short  pieces
	longs  []longSlot // a power of two of them
	gen    uint32     // the call's generation: longs of other generations are stale
	prev   string     // the text of generation gen-1, or "": its longs are stale too
}

// longSlot is a span (cl100k_base) or line (o200k_base) of the text being
// counted (or prev), text[off:off+len], whose hash is hash and count n.
type longSlot struct {
	gen, hash, off, len, n uint32
}

const (
	minLongBits = 12 // 80 KiB
	maxLongBits = 15 // 640 KiB, from 2 MiB of text
	longEvery   = 64 // about one long span in this many bytes of tool output
)

// begin starts a call on a text of n bytes: the longs of earlier calls go
// stale (but prev's, which the caller keeps), and the caches that the
// encoding's count uses are sized for the text (a 4 KB text needs no
// 512 KiB table, whose pages a one-shot process would fault in one by one).
// o200k_base's count (countO200k) uses the short cache for pieces of up to
// maxShort bytes, short for the longer ones up to shortPiece bytes, a tenth
// of the pieces, and longs for its lines; cl100k_base's short and longs
// for its spans.
func (m *memo) begin(n int, o200k bool) {
	perPiece := 8
	if o200k {
		if b := shortsBits(n); len(m.shorts.slots) < 4<<b {
			m.shorts.grow(b)
		}
		perPiece = 64
	}
	if b := min(max(bits.Len(uint(n/perPiece)), minPieceBits), pieceBits); len(m.short.slots) < 1<<b {
		m.short.grow(b)
	}
	b := min(max(bits.Len(uint(n/longEvery)), minLongBits), maxLongBits)
	if o200k {
		b = lineBits(n)
	}
	if len(m.longs) < 1<<b {
		// A new table is all stale: generations start at 1. Prev's spans
		// are dropped with the old one.
		m.longs, m.prev = make([]longSlot, 1<<b), ""
	}
	if m.gen++; m.gen == 0 {
		clear(m.longs)
		m.gen, m.prev = 1, ""
	}
}

// long returns the count of text[i:e] if text, or prev, has had that span
// before, else -1 and the hash to remember it by.
func (m *memo) long(text string, i, e int) (n int, h uint64) {
	h = hashOf(text[i:e])
	sl := &m.longs[h&uint64(len(m.longs)-1)]
	if sl.hash != uint32(h>>32) || int(sl.len) != e-i {
		return -1, h
	}
	switch sl.gen {
	case m.gen:
		if text[sl.off:sl.off+sl.len] == text[i:e] {
			return int(sl.n), h
		}
	case m.gen - 1:
		if m.prev != "" && m.prev[sl.off:sl.off+sl.len] == text[i:e] {
			return int(sl.n), h
		}
	}
	return -1, h
}

// remember records n as the count of text[i:e], whose hash is h.
func (m *memo) remember(i, e int, h uint64, n int) {
	if e < 1<<32 {
		m.longs[h&uint64(len(m.longs)-1)] = longSlot{gen: m.gen, hash: uint32(h >> 32), off: uint32(i), len: uint32(e - i), n: uint32(n)}
	}
}

// pieces is a cache of the counts of short pieces and spans (see count) for
// one goroutine at a time (Counter.pieces pools them), kept across calls:
// a text of up to shortPiece bytes is its own key, packed into two words,
// so a lookup is a multiply and a few compares, and the cache holds no part
// of any text. Each key has a set of two slots; a new key takes the first
// and moves the first's to the second.
type pieces struct {
	slots []pieceSlot // 1<<(64-shift) of them
	shift uint
}

// pieceSlot holds a key's bytes 0–7 in lo and bytes 8–14 in hi's low 56
// bits; hi's top byte is the key's length, spanKey for a span, and its
// count<<countShift. The zero slot matches no key: every key has a length.
type pieceSlot struct{ lo, hi uint64 }

const (
	shortPiece   = 15
	pieceBits    = 15 // 512 KiB: tool output's pieces fit, mostly in L2
	minPieceBits = 10 // 16 KiB, for short texts
	spanKey      = 1 << 60
	countShift   = 61
	countMask    = 7 << countShift
)

// grow makes the cache 1<<b slots, keeping what it holds.
func (pc *pieces) grow(b int) {
	old := pc.slots
	*pc = pieces{slots: make([]pieceSlot, 1<<b), shift: uint(64 - b)}
	// A set's second slot first, so that its first stays first.
	for k := range old {
		if s := old[k^1]; s.hi != 0 {
			pc.put(s.lo, s.hi&^countMask, int(s.hi>>countShift))
		}
	}
}

// set is the key's set of slots. slotOf is even and below len(pc.slots), a
// power of two (see shift): the set needs no bounds check, a good part of a
// lookup's work.
func (pc *pieces) set(lo, hi uint64) *[2]pieceSlot {
	return (*[2]pieceSlot)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(pc.slots)), uintptr(pc.slotOf(lo, hi))*unsafe.Sizeof(pieceSlot{})))
}

// get returns the count of the key lo, hi (from pieceKey).
func (pc *pieces) get(lo, hi uint64) (int, bool) {
	set := pc.set(lo, hi)
	if set[0].lo == lo && set[0].hi&^countMask == hi {
		return int(set[0].hi >> countShift), true
	}
	if set[1].lo == lo && set[1].hi&^countMask == hi {
		return int(set[1].hi >> countShift), true
	}
	return 0, false
}

// put remembers the count of a key, if it fits.
func (pc *pieces) put(lo, hi uint64, n int) {
	if n < 1<<(64-countShift) {
		set := pc.set(lo, hi)
		set[1], set[0] = set[0], pieceSlot{lo, hi | uint64(n)<<countShift}
	}
}
