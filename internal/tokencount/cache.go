package tokencount

import (
	"hash/maphash"
	"strings"
	"sync"
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
	maxCachedSize = 128 // longer pieces are rare and merged each time
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
	if s.m == nil || len(s.m) >= shardEntries {
		s.m = make(map[string]int32, shardEntries)
	}
	s.m[piece] = int32(n)
	s.mu.Unlock()
}
