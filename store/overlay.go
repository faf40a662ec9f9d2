package store

import (
	"cmp"
	"container/heap"
	"maps"
	"slices"
)

// layer is writes not yet in the kv below it: the pending Puts' effect on
// bolt (journaled, not yet applied). Each entry remembers the journal
// sequence number of its last writer, so once bolt holds everything up to
// a sequence number the entries it wrote can go (drop). A Put decides on
// the layer itself and takes its writes back if it fails (begin, commit,
// rollback).
type layer struct {
	m   map[bkt]map[string]entry
	age map[string]entry // the age bucket, kept apart for next
	// live holds the live age keys written here, least first; keys that
	// were deleted since are skipped, and dropped, when they come first.
	live keyHeap
	// floor: every age key of the kv below up to floor has an entry here
	// (evicted or swept), so next(nil) starts looking below after it
	// instead of stepping past them all again. "" when none is known.
	floor string

	undo      []undo // the writes of the Put being decided
	recording bool
}

// undo is an entry as it was before a write.
type undo struct {
	b    bkt
	key  string
	prev entry
	had  bool
}

// layered is a layer over the kv below it (a bolt transaction). Writes go
// to the layer, tagged with seq.
type layered struct {
	l     *layer
	below kv
	seq   uint64
}

type entry struct {
	v   []byte // nil: deleted
	seq uint64
}

func newLayer() *layer {
	return &layer{m: map[bkt]map[string]entry{}, age: map[string]entry{}}
}

func (l *layer) bucket(b bkt, create bool) map[string]entry {
	if b.kind == kindAge {
		return l.age
	}
	m := l.m[b]
	if m == nil && create {
		m = map[string]entry{}
		l.m[b] = m
	}
	return m
}

func (x layered) get(b bkt, key string) []byte {
	if e, ok := x.l.bucket(b, false)[key]; ok {
		return e.v
	}
	return x.below.get(b, key)
}

func (x layered) put(b bkt, key string, v []byte) error {
	if v == nil {
		v = []byte{} // an empty original; nil marks a deletion
	}
	x.l.set(b, key, entry{v: v, seq: x.seq})
	return nil
}

func (x layered) del(b bkt, key string) error {
	x.l.set(b, key, entry{seq: x.seq})
	return nil
}

func (l *layer) set(b bkt, key string, e entry) {
	m := l.bucket(b, true)
	prev, had := m[key]
	if l.recording {
		l.undo = append(l.undo, undo{b: b, key: key, prev: prev, had: had})
	}
	m[key] = e
	if b.kind == kindAge && e.v != nil && (!had || prev.v == nil) {
		heap.Push(&l.live, key)
	}
}

// first is the least live age key written here, "" when none.
func (l *layer) first() string {
	for len(l.live) > 0 {
		k := l.live[0]
		if e, ok := l.age[k]; ok && e.v != nil {
			return k
		}
		heap.Pop(&l.live)
	}
	return ""
}

// next merges the age entries below, minus those written here, with the
// live ones written here. With after nil (the first entry: what sweep and
// eviction ask) it costs, over a run of Puts, a step per entry evicted or
// swept, not a step per pending deletion each time. It moves floor: only
// a Put, holding the store's lock exclusively, calls it.
func (x layered) next(after []byte) (k, v []byte) {
	if after == nil {
		bk, bv := x.below.next(nil)
		if x.l.floor != "" {
			bk, bv = x.below.next([]byte(x.l.floor))
		}
		for bk != nil {
			if _, ok := x.l.age[string(bk)]; !ok {
				break
			}
			x.l.floor = string(bk)
			bk, bv = x.below.next(bk)
		}
		if lk := x.l.first(); lk != "" && (bk == nil || lk < string(bk)) {
			return []byte(lk), x.l.age[lk].v
		}
		return bk, bv
	}
	// Any other position: a linear scan (not on the Put path).
	bk, bv := x.below.next(after)
	for bk != nil {
		if _, ok := x.l.age[string(bk)]; !ok {
			break
		}
		bk, bv = x.below.next(bk)
	}
	var best string
	var bestV []byte
	for key, e := range x.l.age {
		if e.v != nil && key > string(after) && (bestV == nil || key < best) {
			best, bestV = key, e.v
		}
	}
	if bestV != nil && (bk == nil || best < string(bk)) {
		return []byte(best), bestV
	}
	return bk, bv
}

// begin starts recording writes, so that rollback can take them back.
func (l *layer) begin() { l.recording, l.undo = true, l.undo[:0] }

// commit keeps the writes since begin.
func (l *layer) commit() { l.recording, l.undo = false, l.undo[:0] }

// rollback takes back the writes since begin.
func (l *layer) rollback() {
	for i := len(l.undo) - 1; i >= 0; i-- {
		u := l.undo[i]
		m := l.bucket(u.b, true)
		if u.had {
			m[u.key] = u.prev
		} else {
			delete(m, u.key)
		}
	}
	l.commit()
	l.reindex()
}

// write is one key's latest write in a layer: v nil deletes it.
type write struct {
	b   bkt
	key string
	v   []byte
}

// writes lists the layer's writes, in bucket and key order (bolt then
// visits its pages in order). The applier calls it holding the store's
// lock, so it sorts each bucket's keys on their own (plain string order)
// rather than every write by bucket and key.
func (l *layer) writes() []write {
	n := len(l.age)
	bs := make([]bkt, 0, len(l.m)+1)
	for b, m := range l.m {
		n += len(m)
		bs = append(bs, b)
	}
	bs = append(bs, bkt{kind: kindAge})
	slices.SortFunc(bs, func(x, y bkt) int {
		return cmp.Or(cmp.Compare(x.kind, y.kind), cmp.Compare(x.tenant, y.tenant))
	})
	ws := make([]write, 0, n)
	var keys []string
	for _, b := range bs {
		m := l.bucket(b, false)
		keys = slices.AppendSeq(keys[:0], maps.Keys(m))
		slices.Sort(keys)
		for _, k := range keys {
			ws = append(ws, write{b, k, m[k].v})
		}
	}
	return ws
}

// drop forgets the writes of sequence numbers up to seq: the kv below
// holds them now.
func (l *layer) drop(seq uint64) {
	for b, m := range l.m {
		maps.DeleteFunc(m, func(_ string, e entry) bool { return e.seq <= seq })
		if len(m) == 0 {
			delete(l.m, b)
		}
	}
	maps.DeleteFunc(l.age, func(_ string, e entry) bool { return e.seq <= seq })
	l.reindex()
}

// reindex rebuilds live and forgets floor after entries went: below may
// now hold keys up to floor that nothing here shadows.
func (l *layer) reindex() {
	l.floor = ""
	l.live = l.live[:0]
	for k, e := range l.age {
		if e.v != nil {
			l.live = append(l.live, k)
		}
	}
	heap.Init(&l.live)
}

// keyHeap is a min-heap of keys (container/heap).
type keyHeap []string

func (h keyHeap) Len() int           { return len(h) }
func (h keyHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h keyHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *keyHeap) Push(x any)        { *h = append(*h, x.(string)) }
func (h *keyHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
