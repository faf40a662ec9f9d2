package store

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	bolt "go.etcd.io/bbolt"
)

// The bolt layout:
//
//	tenants/<"t"+tenant>/data/<hash>  the original
//	tenants/<"t"+tenant>/meta/<hash>  stored-at (8 bytes) + shown id
//	tenants/<"t"+tenant>/ids/<id>     hash
//	age/<stored-at><hash><tenant>     size (8 bytes), oldest first
//	stats/bytes                       total size of all originals
//
// Bucket names cannot be empty, hence the "t" before the tenant.
var (
	bucketTenants = []byte("tenants")
	bucketAge     = []byte("age")
	bucketStats   = []byte("stats")
	bucketData    = []byte("data")
	bucketMeta    = []byte("meta")
	bucketIDs     = []byte("ids")
	keyBytes      = []byte("bytes")
)

// sweepBatch bounds the expired entries one Put deletes, so a Put after a
// long idle spell does not pay for the whole backlog at once.
const sweepBatch = 64

type boltStore struct {
	db      *bolt.DB
	path    string
	opts    Options
	commits commitQueue
}

func openBolt(ctx context.Context, path string, opts Options) (*boltStore, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	fi, statErr := os.Stat(path)
	switch {
	case statErr == nil && !fi.Mode().IsRegular():
		return nil, fmt.Errorf("%w: bolt %s is not a regular file", ErrUnavailable, path)
	case errors.Is(statErr, os.ErrNotExist) && opts.MustExist:
		return nil, fmt.Errorf("%w: bolt %s does not exist", ErrNoStore, path)
	}
	if statErr == nil {
		err := checkBoltFile(path, opts.LockTimeout)
		if errors.Is(err, errLocked) {
			err = bolt.ErrTimeout
		}
		if errors.Is(err, bolt.ErrTimeout) {
			return nil, fmt.Errorf("%w: %w: bolt %s is locked by another process (another kompress still running?); gave up after %s",
				ErrUnavailable, ErrLocked, path, opts.LockTimeout)
		}
		if err != nil {
			return nil, damaged(path, err)
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("%w: bolt: %w", ErrUnavailable, err)
	}
	// bolt polls the file lock until Timeout, which covers several
	// short-lived CLI processes taking turns on one file.
	db, err := guard(path, func() (*bolt.DB, error) {
		return bolt.Open(path, 0o600, &bolt.Options{
			Timeout:      opts.LockTimeout,
			FreelistType: bolt.FreelistMapType,
		})
	})
	if errors.Is(err, bolt.ErrTimeout) {
		return nil, fmt.Errorf("%w: %w: bolt %s is locked by another process (another kompress still running?); gave up after %s",
			ErrUnavailable, ErrLocked, path, opts.LockTimeout)
	}
	if errors.Is(err, bolt.ErrInvalid) || errors.Is(err, bolt.ErrChecksum) || errors.Is(err, bolt.ErrVersionMismatch) {
		err = fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	if err != nil {
		return nil, damaged(path, err)
	}
	_, err = guard(path, func() (struct{}, error) {
		// The size now, under bbolt's lock: other processes may have
		// written since the first look.
		if fi, err := os.Stat(path); err == nil && statErr == nil {
			if err := checkBolt(db, fi.Size()); err != nil {
				return struct{}{}, err
			}
		}
		return struct{}{}, db.Update(func(tx *bolt.Tx) error {
			for _, name := range [][]byte{bucketTenants, bucketAge, bucketStats} {
				if _, err := tx.CreateBucketIfNotExists(name); err != nil {
					return err
				}
			}
			return nil
		})
	})
	if err != nil {
		_, _ = guard(path, func() (struct{}, error) { return struct{}{}, db.Close() })
		return nil, damaged(path, err)
	}
	return &boltStore{db: db, path: path, opts: opts}, nil
}

func (s *boltStore) Put(ctx context.Context, tenant string, original []byte) (string, error) {
	return s.put(ctx, tenant, hashOf(original), original)
}

func (s *boltStore) put(ctx context.Context, tenant, hash string, original []byte) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	if len(hash) != fullIDLen {
		return "", fmt.Errorf("store: bad hash %q", hash)
	}
	size := int64(len(original))
	if size > s.opts.MaxBytes || size > bolt.MaxValueSize {
		return "", fmt.Errorf("%w: %d bytes, bound %d", ErrTooLarge, size, min(s.opts.MaxBytes, bolt.MaxValueSize))
	}
	now := s.opts.Now()
	var id string
	// commit returns once the transaction is synced, so the original is
	// durable once Put returns; concurrent Puts share one commit and its
	// fsyncs. The function may run more than once, so it only assigns id.
	err := s.commits.commit(s.db, func(tx *bolt.Tx) error {
		if err := s.sweep(tx, now); err != nil {
			return err
		}
		tb, err := tx.Bucket(bucketTenants).CreateBucketIfNotExists(tenantKey(tenant))
		if err != nil {
			return err
		}
		data, meta, ids, err := tenantBuckets(tb)
		if err != nil {
			return err
		}
		hk := []byte(hash)
		if m := meta.Get(hk); m != nil && data.Get(hk) != nil {
			// Already stored: a new Put makes it young again.
			at, oldID := decodeMeta(m)
			if err := tx.Bucket(bucketAge).Delete(ageKey(at, hash, tenant)); err != nil {
				return err
			}
			id = oldID
			return s.record(tx, meta, ids, tenant, hash, id, now, size)
		}
		if err := s.evict(tx, size); err != nil {
			return err
		}
		// Expired originals still own their ids until swept, so a refresh
		// of one never takes an id another original was given meanwhile.
		id, err = assignID(hash, func(prefix string) (string, error) {
			return string(ids.Get([]byte(prefix))), nil
		})
		if err != nil {
			return err
		}
		if err := data.Put(hk, original); err != nil {
			return err
		}
		if err := s.record(tx, meta, ids, tenant, hash, id, now, size); err != nil {
			return err
		}
		return addBytes(tx, size)
	})
	if err != nil {
		return "", s.wrap(err)
	}
	return id, nil
}

// record writes the meta, id and age entries of a stored original.
func (s *boltStore) record(tx *bolt.Tx, meta, ids *bolt.Bucket, tenant, hash, id string, at time.Time, size int64) error {
	if err := meta.Put([]byte(hash), encodeMeta(at, id)); err != nil {
		return err
	}
	if err := ids.Put([]byte(id), []byte(hash)); err != nil {
		return err
	}
	var v [8]byte
	binary.BigEndian.PutUint64(v[:], uint64(size))
	return tx.Bucket(bucketAge).Put(ageKey(at, hash, tenant), v[:])
}

// liveOwner is the hash that prefix is the shown id of, or "" when none
// or when that original has expired.
func (s *boltStore) liveOwner(meta, ids *bolt.Bucket, prefix string, now time.Time) string {
	h := ids.Get([]byte(prefix))
	if h == nil {
		return ""
	}
	m := meta.Get(h)
	if m == nil {
		return ""
	}
	if at, _ := decodeMeta(m); s.expired(at, now) {
		return ""
	}
	return string(h)
}

func (s *boltStore) expired(at, now time.Time) bool {
	return !now.Before(at.Add(s.opts.TTL))
}

// sweep deletes up to sweepBatch expired originals, oldest first.
func (s *boltStore) sweep(tx *bolt.Tx, now time.Time) error {
	c := tx.Bucket(bucketAge).Cursor()
	for i := 0; i < sweepBatch; i++ {
		k, _ := c.First()
		if k == nil {
			return nil
		}
		at, _, _ := splitAgeKey(k)
		if !s.expired(at, now) {
			return nil
		}
		if err := s.deleteOldest(tx, c); err != nil {
			return err
		}
	}
	return nil
}

// evict deletes the oldest originals until size more bytes fit.
func (s *boltStore) evict(tx *bolt.Tx, size int64) error {
	c := tx.Bucket(bucketAge).Cursor()
	for total := totalBytes(tx); total+size > s.opts.MaxBytes; total = totalBytes(tx) {
		if k, _ := c.First(); k == nil {
			return fmt.Errorf("store: size accounting off: %d bytes recorded with nothing stored", total)
		}
		if err := s.deleteOldest(tx, c); err != nil {
			return err
		}
	}
	return nil
}

// deleteOldest removes the original at the cursor's first age entry.
func (s *boltStore) deleteOldest(tx *bolt.Tx, c *bolt.Cursor) error {
	k, v := c.First()
	_, hash, tenant := splitAgeKey(k) // copies: k dies with the delete
	size := int64(binary.BigEndian.Uint64(v))
	if err := c.Delete(); err != nil {
		return err
	}
	if tb := tx.Bucket(bucketTenants).Bucket(tenantKey(tenant)); tb != nil {
		data, meta, ids, err := tenantBuckets(tb)
		if err != nil {
			return err
		}
		hk := []byte(hash)
		if m := meta.Get(hk); m != nil {
			_, id := decodeMeta(m)
			if bytes.Equal(ids.Get([]byte(id)), hk) {
				if err := ids.Delete([]byte(id)); err != nil {
					return err
				}
			}
		}
		if err := meta.Delete(hk); err != nil {
			return err
		}
		if err := data.Delete(hk); err != nil {
			return err
		}
	}
	return addBytes(tx, -size)
}

func (s *boltStore) Get(ctx context.Context, tenant, id string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	id, err := NormalizeID(id)
	if err != nil {
		return nil, err
	}
	now := s.opts.Now()
	var out []byte
	var hash string
	_, err = guard(s.path, func() (struct{}, error) {
		return struct{}{}, s.db.View(func(tx *bolt.Tx) error {
			tb := tx.Bucket(bucketTenants).Bucket(tenantKey(tenant))
			if tb == nil {
				return fmt.Errorf("%w: %s", ErrNotFound, id)
			}
			data, meta, ids := tb.Bucket(bucketData), tb.Bucket(bucketMeta), tb.Bucket(bucketIDs)
			if data == nil || meta == nil || ids == nil {
				return fmt.Errorf("%w: %s", ErrNotFound, id)
			}
			var err error
			hash, err = resolveID(id, func(prefix string) (string, error) {
				return s.liveOwner(meta, ids, prefix, now), nil
			})
			if err != nil {
				return err
			}
			v := data.Get([]byte(hash))
			if v == nil {
				return fmt.Errorf("%w: %s", ErrNotFound, id)
			}
			// v lives in the mmap only while the transaction is open.
			out = make([]byte, len(v))
			copy(out, v)
			return nil
		})
	})
	if err != nil {
		return nil, s.wrap(err)
	}
	if err := verify(hash, out); err != nil {
		return nil, fmt.Errorf("bolt %s: %w", s.path, err)
	}
	return out, nil
}

// guard runs a bbolt call so that a damaged file cannot take the process
// down: bbolt panics on pages that make no sense, and reading a page past
// the end of a truncated file faults in the mmap; both become ErrCorrupt.
// (Commits in bbolt's batch goroutine cannot be guarded here; checkBolt at
// open is what keeps a damaged file from reaching them.)
func guard[T any](path string, f func() (T, error)) (v T, err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%w: bolt %s: %v", ErrCorrupt, path, p)
		}
	}()
	return f()
}

// checkBolt refuses a file that is shorter than its pages say (truncated).
// A full page walk is left out: bbolt's tx.Check faults on its own
// goroutine on some damaged pages, and a cursor loops on cyclic ones.
func checkBolt(db *bolt.DB, fileSize int64) error {
	return db.View(func(tx *bolt.Tx) error {
		if need := tx.Size(); need > fileSize {
			return fmt.Errorf("%w: file is %d bytes but its pages reach %d bytes (truncated?)", ErrCorrupt, fileSize, need)
		}
		return nil
	})
}

// damaged words an open error: a corrupt file says what to do about it.
func damaged(path string, err error) error {
	if errors.Is(err, ErrCorrupt) {
		return fmt.Errorf("%w: bolt %s is damaged; move it aside or delete it to start an empty store: %w", ErrUnavailable, path, err)
	}
	if errors.Is(err, ErrUnavailable) {
		return err
	}
	return fmt.Errorf("%w: bolt %s: %w", ErrUnavailable, path, err)
}

func (s *boltStore) Ping(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return s.wrap(s.db.View(func(tx *bolt.Tx) error { return nil }))
}

func (s *boltStore) Close() error {
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("store: closing bolt %s: %w", s.path, err)
	}
	return nil
}

// wrap keeps our sentinels and marks bolt's own failures (closed database,
// disk errors) as the store being unavailable.
func (s *boltStore) wrap(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, ErrNotFound), errors.Is(err, ErrAmbiguous), errors.Is(err, ErrBadID),
		errors.Is(err, ErrTooLarge), errors.Is(err, ErrUnavailable), errors.Is(err, ErrCorrupt):
		return err
	}
	return fmt.Errorf("%w: bolt %s: %w", ErrUnavailable, s.path, err)
}

func tenantKey(tenant string) []byte { return append([]byte("t"), tenant...) }

func tenantBuckets(tb *bolt.Bucket) (data, meta, ids *bolt.Bucket, err error) {
	if data, err = tb.CreateBucketIfNotExists(bucketData); err != nil {
		return
	}
	if meta, err = tb.CreateBucketIfNotExists(bucketMeta); err != nil {
		return
	}
	ids, err = tb.CreateBucketIfNotExists(bucketIDs)
	return
}

// Times are stored as unix nanoseconds with the sign bit flipped, so byte
// order is time order.
func encodeTime(b []byte, t time.Time) {
	binary.BigEndian.PutUint64(b, uint64(t.UnixNano())^(1<<63))
}

func decodeTime(b []byte) time.Time {
	return time.Unix(0, int64(binary.BigEndian.Uint64(b)^(1<<63)))
}

func encodeMeta(at time.Time, id string) []byte {
	b := make([]byte, 8, 8+len(id))
	encodeTime(b, at)
	return append(b, id...)
}

func decodeMeta(m []byte) (time.Time, string) {
	if len(m) < 8 {
		return time.Time{}, ""
	}
	return decodeTime(m[:8]), string(m[8:])
}

func ageKey(at time.Time, hash, tenant string) []byte {
	k := make([]byte, 8, 8+len(hash)+len(tenant))
	encodeTime(k, at)
	k = append(k, hash...)
	return append(k, tenant...)
}

func splitAgeKey(k []byte) (at time.Time, hash, tenant string) {
	if len(k) < 8+fullIDLen {
		return time.Time{}, "", ""
	}
	return decodeTime(k[:8]), string(k[8 : 8+fullIDLen]), string(k[8+fullIDLen:])
}

func totalBytes(tx *bolt.Tx) int64 {
	v := tx.Bucket(bucketStats).Get(keyBytes)
	if len(v) != 8 {
		return 0
	}
	return int64(binary.BigEndian.Uint64(v))
}

func addBytes(tx *bolt.Tx, delta int64) error {
	var v [8]byte
	binary.BigEndian.PutUint64(v[:], uint64(totalBytes(tx)+delta))
	return tx.Bucket(bucketStats).Put(keyBytes, v[:])
}
