package store

// layer is writes not yet in the kv below it: the pending Puts' effect on
// bolt (journaled, not yet applied), or one Put's scratch writes while it
// is being decided. Each entry remembers the journal sequence number of
// its last writer, so once bolt holds everything up to a sequence number
// the entries it wrote can go (drop).
type layer struct {
	m   map[bkt]map[string]entry
	age map[string]entry // the age bucket, kept apart for next
	// min is the least live key of age when minOK; new age keys are
	// stored-at times, mostly later than all before, so it seldom needs
	// the scan that finds it again.
	min   string
	minOK bool
}

// layered is a layer over the kv below it (a bolt transaction, or another
// layered). Writes go to the layer, tagged with seq.
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
	return &layer{m: map[bkt]map[string]entry{}, age: map[string]entry{}, minOK: true}
}

// setAge writes an age entry (e.v nil: a deletion), keeping min.
func (l *layer) setAge(key string, e entry) {
	l.age[key] = e
	switch {
	case !l.minOK:
	case e.v == nil && key == l.min:
		l.minOK = false
	case e.v != nil && (l.min == "" || key < l.min):
		l.min = key
	}
}

// first is the least live age key here, "" when none.
func (l *layer) first() string {
	if !l.minOK {
		l.min = ""
		for key, e := range l.age {
			if e.v != nil && (l.min == "" || key < l.min) {
				l.min = key
			}
		}
		l.minOK = true
	}
	return l.min
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
	if b.kind == kindAge {
		l.setAge(key, e)
		return
	}
	l.bucket(b, true)[key] = e
}

// next merges the age entries below, minus those written here, with the
// live ones written here. The scan here is linear: the layer is bounded
// by the pending bytes (see maxPending).
func (x layered) next(after []byte) (k, v []byte) {
	bk, bv := x.below.next(after)
	for bk != nil {
		if _, ok := x.l.age[string(bk)]; !ok {
			break
		}
		bk, bv = x.below.next(bk)
	}
	var best string
	var bestV []byte
	if after == nil {
		if best = x.l.first(); best != "" {
			bestV = x.l.age[best].v
		}
	} else {
		for key, e := range x.l.age {
			if e.v == nil || key <= string(after) {
				continue
			}
			if bestV == nil || key < best {
				best, bestV = key, e.v
			}
		}
	}
	if bestV != nil && (bk == nil || best < string(bk)) {
		return []byte(best), bestV
	}
	return bk, bv
}

// mergeInto copies l's writes into dst, tagged with seq.
func (l *layer) mergeInto(dst *layer, seq uint64) {
	for b, m := range l.m {
		d := dst.bucket(b, true)
		for key, e := range m {
			d[key] = entry{v: e.v, seq: seq}
		}
	}
	for key, e := range l.age {
		dst.setAge(key, entry{v: e.v, seq: seq})
	}
}

// drop forgets the writes of sequence numbers up to seq: the kv below
// holds them now.
func (l *layer) drop(seq uint64) {
	for b, m := range l.m {
		for key, e := range m {
			if e.seq <= seq {
				delete(m, key)
			}
		}
		if len(m) == 0 {
			delete(l.m, b)
		}
	}
	for key, e := range l.age {
		if e.seq <= seq {
			delete(l.age, key)
			if key == l.min {
				l.minOK = false
			}
		}
	}
}

// empty reports whether l holds no writes.
func (l *layer) empty() bool { return len(l.m) == 0 && len(l.age) == 0 }
