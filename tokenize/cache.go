package tokenize

import (
	"hash/maphash"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

type cacheKey struct {
	word  string
	space bool // preceded by a space (byte-level BPE's "Ġ")
}

const cacheShards = 32

// cache maps words to their ids. It is sharded to keep goroutines that
// encode different texts from contending on one lock, and bounded: a full
// shard is emptied, which costs a few re-encodings, not memory.
type cache struct {
	seed     maphash.Seed
	perShard int
	shards   [cacheShards]struct {
		mu sync.RWMutex
		m  map[cacheKey][]int32
		_  [40]byte // keep shards on separate cache lines
	}
}

func (c *cache) init(capacity int) {
	c.seed = maphash.MakeSeed()
	c.perShard = max(capacity/cacheShards, 1)
	for i := range c.shards {
		c.shards[i].m = make(map[cacheKey][]int32)
	}
}

func (c *cache) shard(k cacheKey) int {
	return int(maphash.String(c.seed, k.word) % cacheShards)
}

func (c *cache) get(k cacheKey) ([]int32, bool) {
	s := &c.shards[c.shard(k)]
	s.mu.RLock()
	ids, ok := s.m[k]
	s.mu.RUnlock()
	return ids, ok
}

func (c *cache) put(k cacheKey, ids []int32) {
	s := &c.shards[c.shard(k)]
	s.mu.Lock()
	if len(s.m) >= c.perShard {
		clear(s.m)
	}
	s.m[k] = ids
	s.mu.Unlock()
}

// maxPieceCached bounds the pieces pieceCache holds: short ones repeat
// across otherwise distinct words ("12", ":", "ms" in "12:30:05.113ms").
const maxPieceCached = 12

const pieceSlots = 1 << 12

// pieceCache is a lock-free direct-mapped cache of pre-tokenized pieces; a
// collision simply replaces the slot.
type pieceCache struct {
	seed  maphash.Seed
	slots [pieceSlots]atomic.Pointer[pieceEntry]
}

type pieceEntry struct {
	piece string
	ids   []int32
}

func (c *pieceCache) slot(p string) *atomic.Pointer[pieceEntry] {
	return &c.slots[maphash.String(c.seed, p)&(pieceSlots-1)]
}

func (c *pieceCache) get(p string) []int32 {
	if e := c.slot(p).Load(); e != nil && e.piece == p {
		return e.ids
	}
	return nil
}

func (c *pieceCache) put(p string, ids []int32) {
	if len(ids) == 0 {
		return
	}
	c.slot(p).Store(&pieceEntry{strings.Clone(p), slices.Clone(ids)})
}

func (c *pieceCache) reset() {
	for i := range c.slots {
		c.slots[i].Store(nil)
	}
}
