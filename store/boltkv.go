package store

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// A Put's effect on the bolt layout (sweep, dedup, eviction, id choice) is
// one function, putKV, run twice on the same logical state: first when the
// Put arrives, on the pending writes laid over bolt (overlay.go), to learn
// the id and make the original readable at once; then in the applier, on
// bolt itself. Records are applied in the order they were decided, so both
// runs see the same state and make the same choices.

// kind names a bucket of the layout (see bolt.go).
type kind uint8

const (
	kindData kind = iota
	kindMeta
	kindIDs
	kindAge
	kindStats
	kindLog
)

// bkt is one bucket: the tenant matters for data, log, meta and ids only.
type bkt struct {
	kind   kind
	tenant string
}

// kv is the view putKV works on. get's result is valid until the next
// write; next returns the first age entry whose key is after after (the
// first of all when after is nil).
type kv interface {
	get(b bkt, key string) []byte
	put(b bkt, key string, v []byte) error
	del(b bkt, key string) error
	next(after []byte) (k, v []byte)
}

// putRec is one Put as the journal keeps it.
type putRec struct {
	seq      uint64
	at       time.Time
	tenant   string
	hash     string
	id       string // the id the Put returned; "" until decided
	original []byte
	buf      []byte     // the journal record
	done     chan error // the journal append's result
}

// putKV stores r in k and returns its id. A record that already names its
// id (decided earlier, now applied or replayed) keeps it: that id was
// acknowledged. A replay may run with another TTL or size bound than the
// writer, so an original the writer had already swept or evicted can still
// be here holding that id; it was gone where r was decided, and goes here
// too, so the id can only ever name r. until is sweep's: nil, or when the
// next original expires as the last sweep on k found.
func (s *boltStore) putKV(k kv, r *putRec, until *time.Time) (string, error) {
	if err := s.sweep(k, r.at, until); err != nil {
		return "", err
	}
	meta, ids := bkt{kindMeta, r.tenant}, bkt{kindIDs, r.tenant}
	size := int64(len(r.original))
	if r.id != "" {
		if h := string(k.get(ids, r.id)); h != "" && h != r.hash {
			if err := s.deleteHash(k, r.tenant, h); err != nil {
				return "", err
			}
			if err := k.del(ids, r.id); err != nil {
				return "", err
			}
		}
	}
	if m := k.get(meta, r.hash); m != nil && original(k, r.tenant, r.hash, m) != nil {
		// Already stored: a new Put makes it young again, where it is.
		at, id, loc := decodeMeta(m)
		if err := k.del(bkt{kind: kindAge}, string(ageKey(at, r.hash, r.tenant))); err != nil {
			return "", err
		}
		if r.id != "" && r.id != id {
			if string(k.get(ids, id)) == r.hash {
				if err := k.del(ids, id); err != nil {
					return "", err
				}
			}
			id = r.id
		}
		return id, s.recordKV(k, r, id, loc, size)
	}
	if err := s.evict(k, size); err != nil {
		return "", err
	}
	id := r.id
	if id == "" {
		// Expired originals still own their ids until swept, so a refresh
		// of one never takes an id another original was given meanwhile.
		var err error
		owner := func(prefix string) (string, error) { return string(k.get(ids, prefix)), nil }
		if id, err = assignID(r.hash, owner); err != nil {
			return "", err
		}
	}
	// Under its sequence number: bolt appends to the last page of the
	// log instead of rewriting a page of random older originals.
	if err := k.put(bkt{kindLog, r.tenant}, logKey(r.seq), r.original); err != nil {
		return "", err
	}
	if err := s.recordKV(k, r, id, r.seq, size); err != nil {
		return "", err
	}
	return id, addBytes(k, size)
}

// recordKV writes the meta, id and age entries of a stored original,
// kept in the log under loc (0: in data under its hash).
func (s *boltStore) recordKV(k kv, r *putRec, id string, loc uint64, size int64) error {
	if err := k.put(bkt{kindMeta, r.tenant}, r.hash, encodeMeta(r.at, id, loc)); err != nil {
		return err
	}
	if err := k.put(bkt{kindIDs, r.tenant}, id, []byte(r.hash)); err != nil {
		return err
	}
	v := make([]byte, 8)
	binary.BigEndian.PutUint64(v, uint64(size))
	return k.put(bkt{kind: kindAge}, string(ageKey(r.at, r.hash, r.tenant)), v)
}

// liveOwner is the hash that prefix is the shown id of, or "" when none
// or when that original has expired.
func (s *boltStore) liveOwner(k kv, tenant, prefix string, now time.Time) string {
	h := k.get(bkt{kindIDs, tenant}, prefix)
	if h == nil {
		return ""
	}
	hash := string(h)
	m := k.get(bkt{kindMeta, tenant}, hash)
	if m == nil {
		return ""
	}
	if at, _, _ := decodeMeta(m); s.expired(at, now) {
		return ""
	}
	return hash
}

func (s *boltStore) expired(at, now time.Time) bool {
	return !now.Before(at.Add(s.opts.TTL))
}

// sweep deletes up to sweepBatch expired originals, oldest first. With
// until not nil, it skips the look at the oldest while now is before
// *until, and sets *until to when the oldest left expires (zero: not
// known, sweep again): originals are stamped in the order of their Puts,
// so those stored since are younger. (Should the clock step back, an
// original may be swept late; an expired one is never served.)
func (s *boltStore) sweep(k kv, now time.Time, until *time.Time) error {
	if until != nil && now.Before(*until) {
		return nil
	}
	next := time.Time{}
	defer func() {
		if until != nil {
			*until = next
		}
	}()
	for range sweepBatch {
		key, _ := k.next(nil)
		if key == nil {
			next = now.Add(s.opts.TTL)
			return nil
		}
		if at, _, _ := splitAgeKey(key); !s.expired(at, now) {
			next = at.Add(s.opts.TTL)
			return nil
		}
		if err := s.deleteOldest(k); err != nil {
			return err
		}
	}
	return nil
}

// evict deletes the oldest originals until size more bytes fit.
func (s *boltStore) evict(k kv, size int64) error {
	for total := totalBytes(k); total+size > s.opts.MaxBytes; total = totalBytes(k) {
		if key, _ := k.next(nil); key == nil {
			return fmt.Errorf("store: size accounting off: %d bytes recorded with nothing stored", total)
		}
		if err := s.deleteOldest(k); err != nil {
			return err
		}
	}
	return nil
}

// deleteOldest removes the original of the first age entry.
func (s *boltStore) deleteOldest(k kv) error {
	key, v := k.next(nil)
	at, hash, tenant := splitAgeKey(key) // copies: key dies with the delete
	return s.remove(k, at, hash, tenant, int64(binary.BigEndian.Uint64(v)))
}

// deleteHash removes tenant's original stored under hash, if any.
func (s *boltStore) deleteHash(k kv, tenant, hash string) error {
	m := k.get(bkt{kindMeta, tenant}, hash)
	if m == nil {
		return nil
	}
	at, _, _ := decodeMeta(m)
	return s.remove(k, at, hash, tenant, int64(len(original(k, tenant, hash, m))))
}

// remove deletes an original of size bytes with its age, meta and id
// entries.
func (s *boltStore) remove(k kv, at time.Time, hash, tenant string, size int64) error {
	if err := k.del(bkt{kind: kindAge}, string(ageKey(at, hash, tenant))); err != nil {
		return err
	}
	meta, ids := bkt{kindMeta, tenant}, bkt{kindIDs, tenant}
	loc := uint64(0)
	if m := k.get(meta, hash); m != nil {
		var id string
		_, id, loc = decodeMeta(m)
		if string(k.get(ids, id)) == hash {
			if err := k.del(ids, id); err != nil {
				return err
			}
		}
	}
	if err := k.del(meta, hash); err != nil {
		return err
	}
	var err error
	if loc != 0 {
		err = k.del(bkt{kindLog, tenant}, logKey(loc))
	} else {
		err = k.del(bkt{kindData, tenant}, hash)
	}
	if err != nil {
		return err
	}
	return addBytes(k, -size)
}

// original is tenant's original stored under hash, whose meta entry is
// m: in the log, or in data (stores written before the log, and
// originals stored there since).
func original(k kv, tenant, hash string, m []byte) []byte {
	if _, _, loc := decodeMeta(m); loc != 0 {
		return k.get(bkt{kindLog, tenant}, logKey(loc))
	}
	return k.get(bkt{kindData, tenant}, hash)
}

func logKey(seq uint64) string {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], seq)
	return string(b[:])
}

func totalBytes(k kv) int64 {
	v := k.get(bkt{kind: kindStats}, string(keyBytes))
	if len(v) != 8 {
		return 0
	}
	return int64(binary.BigEndian.Uint64(v))
}

func addBytes(k kv, delta int64) error {
	v := make([]byte, 8)
	binary.BigEndian.PutUint64(v, uint64(totalBytes(k)+delta))
	return k.put(bkt{kind: kindStats}, string(keyBytes), v)
}

// txKV is a bolt transaction seen as a kv. Tenant buckets are created on
// the first write to them. The buckets a Put touches are looked up once
// per transaction: in a read transaction bolt would seek and allocate a
// new one on every call.
type txKV struct {
	tx      *bolt.Tx
	tenants map[string]*bolt.Bucket
	buckets map[bkt]*bolt.Bucket // data, meta and ids buckets found so far
	age     *bolt.Bucket
	stats   *bolt.Bucket
	ageCur  *bolt.Cursor // every use of it positions it first
}

func newTxKV(tx *bolt.Tx) *txKV {
	return &txKV{tx: tx, tenants: map[string]*bolt.Bucket{}, buckets: map[bkt]*bolt.Bucket{},
		age: tx.Bucket(bucketAge), stats: tx.Bucket(bucketStats)}
}

func (t *txKV) bucket(b bkt, create bool) (*bolt.Bucket, error) {
	switch b.kind {
	case kindAge:
		return t.age, nil
	case kindStats:
		return t.stats, nil
	}
	if bk := t.buckets[b]; bk != nil {
		return bk, nil
	}
	tb := t.tenants[b.tenant]
	if tb == nil {
		root := t.tx.Bucket(bucketTenants)
		if create {
			var err error
			if tb, err = root.CreateBucketIfNotExists(tenantKey(b.tenant)); err != nil {
				return nil, err
			}
		} else if tb = root.Bucket(tenantKey(b.tenant)); tb == nil {
			return nil, nil
		}
		t.tenants[b.tenant] = tb
	}
	name := [...][]byte{kindData: bucketData, kindMeta: bucketMeta, kindIDs: bucketIDs, kindLog: bucketLog}[b.kind]
	var bk *bolt.Bucket
	if create {
		var err error
		if bk, err = tb.CreateBucketIfNotExists(name); err != nil {
			return nil, err
		}
	} else if bk = tb.Bucket(name); bk == nil {
		return nil, nil
	}
	if b.kind == kindLog {
		// Written in key order: full pages, none split in two.
		bk.FillPercent = 1
	}
	t.buckets[b] = bk
	return bk, nil
}

func (t *txKV) get(b bkt, key string) []byte {
	bk, _ := t.bucket(b, false)
	if bk == nil {
		return nil
	}
	return bk.Get([]byte(key))
}

func (t *txKV) put(b bkt, key string, v []byte) error {
	bk, err := t.bucket(b, true)
	if err != nil {
		return err
	}
	return bk.Put([]byte(key), v)
}

func (t *txKV) del(b bkt, key string) error {
	bk, err := t.bucket(b, false)
	if bk == nil || err != nil {
		return err
	}
	return bk.Delete([]byte(key))
}

func (t *txKV) next(after []byte) (k, v []byte) {
	if t.ageCur == nil {
		t.ageCur = t.age.Cursor()
	}
	c := t.ageCur
	if after == nil {
		return c.First()
	}
	k, v = c.Seek(after)
	if k != nil && bytes.Equal(k, after) {
		k, v = c.Next()
	}
	return k, v
}
