package scorer

import (
	"container/list"
	"crypto/sha256"
	"encoding/binary"
	"slices"
	"sync"
)

// DefaultCacheTokens bounds the ONNX scorer's window cache: 4M token scores,
// about 16 MiB plus 100 bytes a window. At 0.5-1.8 s of CPU per 512-token
// window of a ModernBERT-base model, a hit saves far more than it costs.
const DefaultCacheTokens = 4 << 20

// windowCache keeps the token scores of recent model windows, keyed by a
// hash of the window's token ids, least recently used first out: a request
// repeated (or one that shares windows with an earlier one, such as a log
// that grew) does not pay the model twice. A nil cache is off.
type windowCache struct {
	mu     sync.Mutex
	max    int // tokens
	tokens int
	lru    *list.List // of *cacheEntry, most recent first
	m      map[[32]byte]*list.Element
}

type cacheEntry struct {
	key    [32]byte
	scores []float32
}

func newWindowCache(maxTokens int) *windowCache {
	return &windowCache{max: maxTokens, lru: list.New(), m: make(map[[32]byte]*list.Element)}
}

func windowKey(tokens []int32) [32]byte {
	h := sha256.New()
	var b [4]byte
	for _, t := range tokens {
		binary.LittleEndian.PutUint32(b[:], uint32(t))
		h.Write(b[:])
	}
	var k [32]byte
	h.Sum(k[:0])
	return k
}

// get returns the cached token scores of a window; callers must not
// modify them.
func (c *windowCache) get(tokens []int32) ([]float32, bool) {
	if c == nil {
		return nil, false
	}
	k := windowKey(tokens)
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[k]
	if !ok {
		return nil, false
	}
	c.lru.MoveToFront(e)
	return e.Value.(*cacheEntry).scores, true
}

// put stores a window's token scores, evicting the least recently used.
func (c *windowCache) put(tokens []int32, scores []float32) {
	if c == nil || len(scores) > c.max {
		return
	}
	k := windowKey(tokens)
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.m[k]; ok {
		c.lru.MoveToFront(e)
		return
	}
	c.m[k] = c.lru.PushFront(&cacheEntry{k, slices.Clone(scores)})
	c.tokens += len(scores)
	for c.tokens > c.max {
		e := c.lru.Back()
		ce := e.Value.(*cacheEntry)
		c.lru.Remove(e)
		delete(c.m, ce.key)
		c.tokens -= len(ce.scores)
	}
}

// len returns the number of cached windows.
func (c *windowCache) len() int {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}
