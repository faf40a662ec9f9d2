package tokenize

import (
	"hash/maphash"
	"sync"
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
