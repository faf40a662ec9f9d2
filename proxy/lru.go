package proxy

import (
	"container/list"
	"sync"
)

// lru is a size-bounded least-recently-used map, safe for concurrent use.
type lru[V any] struct {
	mu    sync.Mutex
	max   int64
	size  int64
	order *list.List // front: most recent
	items map[string]*list.Element
	cost  func(V) int64
}

type lruEntry[V any] struct {
	key  string
	val  V
	cost int64
}

func newLRU[V any](maxBytes int64, cost func(V) int64) *lru[V] {
	return &lru[V]{max: maxBytes, order: list.New(), items: map[string]*list.Element{}, cost: cost}
}

func (c *lru[V]) get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.order.MoveToFront(el)
		return el.Value.(*lruEntry[V]).val, true
	}
	var zero V
	return zero, false
}

func (c *lru[V]) put(key string, v V) {
	cost := c.cost(v) + int64(len(key)) + 64
	if cost > c.max {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		e := el.Value.(*lruEntry[V])
		c.size += cost - e.cost
		e.val, e.cost = v, cost
		c.order.MoveToFront(el)
	} else {
		c.items[key] = c.order.PushFront(&lruEntry[V]{key: key, val: v, cost: cost})
		c.size += cost
	}
	for c.size > c.max {
		el := c.order.Back()
		e := el.Value.(*lruEntry[V])
		c.order.Remove(el)
		delete(c.items, e.key)
		c.size -= e.cost
	}
}
