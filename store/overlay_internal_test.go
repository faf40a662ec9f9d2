package store

import (
	"cmp"
	"fmt"
	"slices"
	"testing"
)

// sortedKV is an age bucket alone, counting the steps next takes.
type sortedKV struct {
	keys  []string // sorted
	steps int
}

func (s *sortedKV) get(b bkt, key string) []byte {
	if _, ok := slices.BinarySearch(s.keys, key); ok && b.kind == kindAge {
		return []byte("v")
	}
	return nil
}

func (s *sortedKV) put(bkt, string, []byte) error { panic("sortedKV is read-only") }
func (s *sortedKV) del(bkt, string) error         { panic("sortedKV is read-only") }

func (s *sortedKV) next(after []byte) (k, v []byte) {
	s.steps++
	i := 0
	if after != nil {
		i, _ = slices.BinarySearch(s.keys, string(after)+"\x00")
	}
	if i == len(s.keys) {
		return nil, nil
	}
	return []byte(s.keys[i]), []byte("v")
}

// TestLayerEvictionSteps evicts, oldest first, entries of bolt that the
// pending writes have not reached, while new Puts add younger ones, as
// on a full store: each first entry must cost about one step below, not
// one per pending eviction (quadratic over a run of Puts). The applier
// moving the evictions into bolt halfway must not make next skip live
// entries.
func TestLayerEvictionSteps(t *testing.T) {
	const n = 2000
	below := &sortedKV{}
	for i := range n {
		below.keys = append(below.keys, fmt.Sprintf("a%06d", i))
	}
	l := newLayer()
	var got []string
	for i := range 2 * n {
		x := layered{l: l, below: below, seq: uint64(i + 1)}
		k, _ := x.next(nil)
		if k == nil {
			t.Fatalf("step %d: nothing left", i)
		}
		got = append(got, string(k))
		if err := x.del(bkt{kind: kindAge}, string(k)); err != nil {
			t.Fatal(err)
		}
		// A Put of a younger original.
		if err := x.put(bkt{kind: kindAge}, fmt.Sprintf("b%06d", i), []byte("v")); err != nil {
			t.Fatal(err)
		}
		if i == n/2 {
			// The applier: bolt now holds the writes so far.
			below.keys = below.keys[n/2+1:]
			for j := range i + 1 {
				below.keys = append(below.keys, fmt.Sprintf("b%06d", j))
			}
			l.drop(uint64(i + 1))
		}
	}
	var want []string
	for i := range n {
		want = append(want, fmt.Sprintf("a%06d", i))
	}
	for i := range n {
		want = append(want, fmt.Sprintf("b%06d", i))
	}
	if !slices.Equal(got, want) {
		t.Fatalf("evicted out of order: first %q, want %q", got[:5], want[:5])
	}
	if below.steps > 4*2*n {
		t.Errorf("%d steps below for %d evictions: want about one each", below.steps, 2*n)
	}
}

// TestLayerWritesOrder: writes lists every key's last write once, in
// bucket order (kind, then tenant) and key order within a bucket, the
// order the applier hands them to bolt in.
func TestLayerWritesOrder(t *testing.T) {
	type bkey struct {
		b   bkt
		key string
	}
	l := newLayer()
	x := layered{l: l, below: &sortedKV{}, seq: 1}
	want := map[bkey]string{} // the last write: "" deletes
	for i, b := range []bkt{{kindLog, "b"}, {kindMeta, "b"}, {kindMeta, ""}, {kindIDs, "a"}, {kind: kindAge}, {kind: kindStats}} {
		for j := range 5 {
			key := fmt.Sprintf("k%d", (j*7+i)%5)
			if err := x.put(b, key, []byte("old")); err != nil {
				t.Fatal(err)
			}
			var err error
			if j%2 == 0 {
				err, want[bkey{b, key}] = x.del(b, key), ""
			} else {
				err, want[bkey{b, key}] = x.put(b, key, []byte("new")), "new"
			}
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	got := l.writes()
	if len(got) != len(want) {
		t.Fatalf("%d writes, want %d", len(got), len(want))
	}
	for i, w := range got {
		if v, ok := want[bkey{w.b, w.key}]; !ok || string(w.v) != v || (v == "") != (w.v == nil) {
			t.Errorf("write %v %q = %q, want %q (listed: %v)", w.b, w.key, w.v, v, ok)
		}
		if i == 0 {
			continue
		}
		p := got[i-1]
		if cmp.Or(cmp.Compare(p.b.kind, w.b.kind), cmp.Compare(p.b.tenant, w.b.tenant), cmp.Compare(p.key, w.key)) >= 0 {
			t.Errorf("write %d (%v %q) not after %v %q", i, w.b, w.key, p.b, p.key)
		}
	}
}
