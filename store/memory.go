package store

import (
	"bytes"
	"container/list"
	"context"
	"fmt"
	"sync"
	"time"
	"unsafe"
)

// memory keeps originals in process memory. Entries sit in a list in the
// order of their last Put, so the front is both the oldest for eviction and
// the first to expire.
type memory struct {
	opts Options

	mu      sync.Mutex
	closed  bool
	tenants map[string]*memTenant
	order   list.List // of *memEntry, oldest first
	size    int64
}

type memTenant struct {
	byHash map[string]*memEntry
	ids    map[string]string // shown id → hash
}

type memEntry struct {
	tenant, hash, id string
	// data is never written: Get returns a copy. After PutString it is
	// the caller's string's memory.
	data []byte
	at   time.Time
	elem *list.Element
}

func newMemory(opts Options) *memory {
	return &memory{opts: opts, tenants: make(map[string]*memTenant)}
}

func (m *memory) Put(ctx context.Context, tenant string, original []byte) (string, error) {
	return m.put(ctx, tenant, hashOf(original), original)
}

// PutString stores original without copying it: a string's bytes are
// never written, so the store can keep them as they are. A 100 MB
// original then costs no second 100 MB.
func (m *memory) PutString(ctx context.Context, tenant, original string) (string, error) {
	b := unsafe.Slice(unsafe.StringData(original), len(original))
	return m.keep(ctx, tenant, hashOf(b), b, false)
}

// put stores a copy of original under a given hash; tests pass crafted
// hashes to force id collisions.
func (m *memory) put(ctx context.Context, tenant, hash string, original []byte) (string, error) {
	return m.keep(ctx, tenant, hash, original, true)
}

// keep stores original under hash, a copy of it when clone is set (the
// caller may write its bytes again).
func (m *memory) keep(ctx context.Context, tenant, hash string, original []byte, clone bool) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	if int64(len(original)) > m.opts.MaxBytes {
		return "", fmt.Errorf("%w: %d bytes, bound %d", ErrTooLarge, len(original), m.opts.MaxBytes)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return "", errClosed
	}
	now := m.opts.Now()
	m.sweep(now)
	if t := m.tenants[tenant]; t != nil {
		if e := t.byHash[hash]; e != nil {
			e.at = now
			m.order.MoveToBack(e.elem)
			return e.id, nil
		}
	}
	for m.size+int64(len(original)) > m.opts.MaxBytes {
		m.remove(m.order.Front().Value.(*memEntry))
	}
	// Looked up after eviction, which drops tenants it empties.
	t := m.tenants[tenant]
	if t == nil {
		t = &memTenant{byHash: make(map[string]*memEntry), ids: make(map[string]string)}
		m.tenants[tenant] = t
	}
	id, err := assignID(hash, func(prefix string) (string, error) { return t.ids[prefix], nil })
	if err != nil {
		return "", err
	}
	e := &memEntry{tenant: tenant, hash: hash, id: id, data: original, at: now}
	if clone {
		e.data = bytes.Clone(original)
	}
	if e.data == nil {
		e.data = []byte{}
	}
	e.elem = m.order.PushBack(e)
	t.byHash[hash] = e
	t.ids[id] = hash
	m.size += int64(len(original))
	return id, nil
}

func (m *memory) Get(ctx context.Context, tenant, id string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	id, err := NormalizeID(id)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil, errClosed
	}
	t := m.tenants[tenant]
	if t == nil {
		return nil, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	now := m.opts.Now()
	hash, err := resolveID(id, func(prefix string) (string, error) {
		h := t.ids[prefix]
		if e := t.byHash[h]; e == nil || m.expired(e, now) {
			return "", nil
		}
		return h, nil
	})
	if err != nil {
		return nil, err
	}
	out := bytes.Clone(t.byHash[hash].data)
	if err := verify(hash, out); err != nil {
		return nil, err
	}
	return out, nil
}

func (m *memory) expired(e *memEntry, now time.Time) bool {
	return !now.Before(e.at.Add(m.opts.TTL))
}

// sweep drops expired entries from the front of the list.
func (m *memory) sweep(now time.Time) {
	for f := m.order.Front(); f != nil && m.expired(f.Value.(*memEntry), now); f = m.order.Front() {
		m.remove(f.Value.(*memEntry))
	}
}

func (m *memory) remove(e *memEntry) {
	t := m.tenants[e.tenant]
	delete(t.byHash, e.hash)
	if t.ids[e.id] == e.hash {
		delete(t.ids, e.id)
	}
	if len(t.byHash) == 0 {
		delete(m.tenants, e.tenant)
	}
	m.order.Remove(e.elem)
	m.size -= int64(len(e.data))
}

func (m *memory) Ping(ctx context.Context) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return errClosed
	}
	return ctx.Err()
}

func (m *memory) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.closed = true
	m.tenants = nil
	m.order.Init()
	m.size = 0
	return nil
}
