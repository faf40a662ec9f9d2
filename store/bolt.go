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
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
)

// The bolt layout:
//
//	tenants/<"t"+tenant>/log/<seq>    the original, by the sequence number (8 bytes)
//	                                  of the Put that stored it
//	tenants/<"t"+tenant>/data/<hash>  the original, in stores written before the log
//	tenants/<"t"+tenant>/meta/<hash>  stored-at (8 bytes) + shown id [+ 0 + seq (8 bytes)]
//	tenants/<"t"+tenant>/ids/<id>     hash
//	age/<stored-at><hash><tenant>     size (8 bytes), oldest first
//	stats/bytes                       total size of all originals
//	stats/journal                     the last journal record bolt holds
//
// Bucket names cannot be empty, hence the "t" before the tenant. A meta
// entry without a seq (every one, before the log) has its original in
// data: stores written by older versions read as they were.
var (
	bucketTenants = []byte("tenants")
	bucketAge     = []byte("age")
	bucketStats   = []byte("stats")
	bucketData    = []byte("data")
	bucketLog     = []byte("log")
	bucketMeta    = []byte("meta")
	bucketIDs     = []byte("ids")
	keyBytes      = []byte("bytes")
)

// pageSize is the page size of a new bolt file (a file keeps the one it
// was made with): a leaf of 4 KB pages holds one or two typical
// originals and spans pages bolt allocates anew at each commit; one of
// 16 KB holds a few, from bolt's pool of single pages.
const pageSize = 16 << 10

// sweepBatch bounds the expired entries one Put deletes, so a Put after a
// long idle spell does not pay for the whole backlog at once.
const sweepBatch = 64

// boltStore is a bolt file fed through a journal (see journal.go). A Put
// is decided at once (putKV on the pending writes over bolt), appended to
// the journal with the Puts that arrived meanwhile, and acknowledged after
// that append's fdatasync; the applier then moves it into bolt. Until
// then Get reads it from the pending writes, so a Put is visible the
// moment it is decided.
type boltStore struct {
	db   *bolt.DB
	path string
	opts Options
	jr   *journal

	mu       sync.RWMutex // Get holds it shared; all else exclusively
	cond     *sync.Cond   // on mu: seq, synced or applied moved, or failed/closed set
	ov       *layer       // the pending writes: decided, not yet in bolt
	seq      uint64       // the last Put decided
	synced   uint64       // the last Put in the journal on disk
	applied  uint64       // the last Put in bolt
	pending  int64        // bytes of the originals decided and not applied
	writeQ   []*putRec    // decided, to append to the journal
	undone   []*putRec    // decided, not yet in bolt, in order
	failed   error        // a journal or bolt write failed: the store is unavailable
	closed   bool
	waiting  int // Puts waiting for the applier (back-pressure, a large original)
	syncing  int // Puts in the journal append under way
	peak     int // the most Puts waiting for a sync at once, lately (see gather)
	peakAt   time.Time
	lastPut  time.Time     // when the last Put was decided
	gap      time.Duration // between Puts lately (a moving average, at most groupDelay each)
	direct   bool          // a large Put is being committed to bolt directly
	draining bool          // the writer waits for bolt to hold the whole journal
	// recovering: recover is under way; lastRecover: its last attempt
	recovering  bool
	lastRecover time.Time
	limit       int64 // journalLimit; tests change it
	hold        bool  // tests: the applier waits (see export_test.go)
	abandon     bool  // tests: stop without applying, as a crash would
	done        sync.WaitGroup

	// applyCond, on mu, is the applier's alone: a Put or a sync wakes
	// it only when it has something to do (see wake), not at each Put.
	applyCond *sync.Cond
	// rkv is the read transaction Puts decide on, under mu, kept from
	// Put to Put while bolt does not change (see readKV); applying: the
	// applier is committing, and each Put reads a transaction of its own.
	rkv      *txKV
	applying bool
	// sweepUntil: no original expires before it, as the last Put's
	// sweep found (see sweep); zero when not known.
	sweepUntil time.Time
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
			Timeout:         opts.LockTimeout,
			FreelistType:    bolt.FreelistMapType,
			InitialMmapSize: initialMmap,
			PageSize:        pageSize,
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
	if initialMmap > 0 {
		// bolt grows a file mapped past allocGrow by what a commit
		// needs plus AllocSize: keep the file near its pages.
		db.AllocSize = allocGrow
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
	s := &boltStore{db: db, path: path, opts: opts, ov: newLayer(), limit: journalLimit}
	s.cond = sync.NewCond(&s.mu)
	s.applyCond = sync.NewCond(&s.mu)
	if err := s.replay(); err != nil {
		_, _ = guard(path, func() (struct{}, error) { return struct{}{}, db.Close() })
		return nil, err
	}
	s.done.Add(2)
	go s.writer()
	go s.applier()
	return s, nil
}

// replay moves what the journal holds and bolt does not into bolt, then
// empties the journal.
func (s *boltStore) replay() error {
	jr, data, err := openJournal(s.path)
	if err != nil {
		return fmt.Errorf("%w: bolt journal: %w", ErrUnavailable, err)
	}
	var applied uint64
	_, err = guard(s.path, func() (struct{}, error) {
		return struct{}{}, s.db.View(func(tx *bolt.Tx) error {
			applied = appliedSeq(tx)
			return nil
		})
	})
	if err == nil {
		var recs []*putRec
		if recs, err = parseJournal(data, applied); err != nil {
			jr.f.Close()
			return fmt.Errorf("%w: %w: bolt journal %s is damaged (%w); move it aside or delete it to open the store without the originals it holds",
				ErrUnavailable, ErrCorrupt, jr.path, err)
		}
		// In batches, so replaying a long journal does not build one
		// transaction of all of it.
		for len(recs) > 0 && err == nil {
			n, size := 0, 0
			for n < len(recs) && (n == 0 || size < journalLimit) {
				size += len(recs[n].original)
				n++
			}
			err = s.apply(recs[:n])
			applied = max(applied, recs[n-1].seq)
			recs = recs[n:]
		}
	}
	if err == nil && jr.size > 0 {
		err = jr.reset()
	}
	if err != nil {
		jr.f.Close()
		return damaged(s.path, err)
	}
	s.jr = jr
	s.seq, s.synced, s.applied = applied, applied, applied
	return nil
}

// appliedSeq is the last journal record bolt holds.
func appliedSeq(tx *bolt.Tx) uint64 {
	v := tx.Bucket(bucketStats).Get(keyJournal)
	if len(v) != 8 {
		return 0
	}
	return binary.BigEndian.Uint64(v)
}

// apply puts recs, in order, into bolt in one transaction, skipping those
// bolt already holds.
func (s *boltStore) apply(recs []*putRec) error {
	_, err := guard(s.path, func() (struct{}, error) {
		return struct{}{}, s.db.Update(func(tx *bolt.Tx) error {
			k := newTxKV(tx)
			done := appliedSeq(tx)
			for _, r := range recs {
				if r.seq <= done {
					continue
				}
				id, err := s.putKV(k, r, nil)
				if err != nil {
					return err
				}
				r.id = id
				done = r.seq
			}
			v := make([]byte, 8)
			binary.BigEndian.PutUint64(v, done)
			return tx.Bucket(bucketStats).Put(keyJournal, v)
		})
	})
	return err
}

// writer appends decided Puts to the journal, all that are waiting in one
// write and one fdatasync, and hands them to the applier.
func (s *boltStore) writer() {
	defer s.done.Done()
	var joined []byte
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		for len(s.writeQ) == 0 && !s.closed && s.failed == nil {
			s.cond.Wait()
		}
		if len(s.writeQ) == 0 && (s.closed || s.failed != nil) {
			return
		}
		if s.jr.size >= s.limit {
			// Empty the journal once bolt holds all of it; Puts queue
			// meanwhile and go out together.
			s.draining = true
			s.wake()
			for s.applied < s.synced && s.failed == nil {
				s.cond.Wait()
			}
			s.draining = false
			if s.failed == nil {
				s.jr.rewind()
			}
		}
		s.gather()
		group := s.writeQ
		s.writeQ = nil
		s.syncing = len(group)
		err := s.failed
		if err == nil {
			buf := group[0].buf
			if len(group) > 1 {
				// One write for the group, in a buffer the writer keeps
				// (up to a bound) from group to group.
				joined = joined[:0]
				for _, r := range group {
					joined = append(joined, r.buf...)
				}
				buf = joined
			}
			s.mu.Unlock()
			err = s.jr.append(buf)
			if cap(joined) > maxJoined {
				joined = nil
			}
			s.mu.Lock()
			s.fail(err)
			err = s.failed
		}
		s.syncing = 0
		if err == nil {
			s.synced = group[len(group)-1].seq
		}
		for _, r := range group {
			r.done <- err
		}
		// Nothing else waits for a sync (a Put waits on its done
		// channel): only an applier whose gathering must end now.
		if s.gatherEnds() {
			s.applyCond.Broadcast()
		}
	}
}

// Group commit across concurrent requests: each journal fdatasync costs
// the process 0.1–0.2 ms of CPU here however little it writes (ext4 on
// virtio, 2026-12), more than the rest of a Put. When recent Puts overlapped
// (one was decided while others waited for their sync), a sync waits up to
// groupDelay for as many Puts as were once waiting together in the last
// groupWindow or so (at most maxGroupWait), so that more share it, but not
// past twice the usual gap between Puts after the last one: a caller that
// has not come back by then (busy, descheduled) does not hold up the rest.
// A lone client's Puts, one after another, never overlap and never wait.
const (
	groupDelay   = 6 * time.Millisecond
	groupWindow  = time.Second
	maxGroupWait = 64
)

// gather waits, before a sync, for the Puts the recent groups suggest are
// coming; s.mu is held, and the queue is not empty.
func (s *boltStore) gather() {
	want := min(s.peak, maxGroupWait)
	end := time.Now().Add(groupDelay)
	for len(s.writeQ) < want && s.unsynced() < maxJoined && !s.closed && s.failed == nil && s.waiting == 0 {
		// Puts have been coming every s.gap or so: one that has not
		// come two of those after the last is not coming soon (its
		// caller is busy or gone), and the rest should not wait for it.
		next := s.lastPut.Add(2 * s.gap)
		if end.Before(next) {
			next = end
		}
		d := time.Until(next)
		if d <= 0 {
			return
		}
		n := len(s.writeQ)
		s.waitUntil(s.cond, d, func() bool { return len(s.writeQ) != n || s.closed || s.failed != nil || s.waiting > 0 })
	}
}

// waitUntil waits on c (s.cond or s.applyCond) until stop reports true
// or d has passed; s.mu is held.
func (s *boltStore) waitUntil(c *sync.Cond, d time.Duration, stop func() bool) {
	over := false
	t := time.AfterFunc(d, func() {
		s.mu.Lock()
		over = true
		c.Broadcast()
		s.mu.Unlock()
	})
	for !over && !stop() {
		c.Wait()
	}
	t.Stop()
}

// wake wakes everything that waits on s.mu: the Puts, the writer and
// the applier; s.mu is held. Each Put and each sync wake less (see put
// and writer): the applier sleeps through them until it has work.
func (s *boltStore) wake() {
	s.cond.Broadcast()
	s.applyCond.Broadcast()
}

// notePeak records n Puts waiting for their sync at once: peak is the
// most of the last groupWindow or so; s.mu is held.
func (s *boltStore) notePeak(n int) {
	now := time.Now()
	if n >= s.peak || now.Sub(s.peakAt) > groupWindow {
		s.peak, s.peakAt = n, now
	}
}

// maxJoined bounds the buffer the writer keeps for joining a group's
// records.
const maxJoined = 1 << 20

// applier moves decided Puts into bolt, all that are waiting in one
// transaction, and then drops them from the pending writes. It writes
// what the pending writes hold, each key once: their state after every
// Put decided so far, the same as putKV would leave in bolt running
// those Puts again (see boltkv.go), without running them again. Puts
// whose journal append is still under way go to bolt with the rest: a
// crash before that append ends leaves bolt holding an original whose
// Put was never acknowledged, which does no harm, and a replay skips
// what bolt holds. (A large original's Put commits it itself, after
// all before it: the applier waits.)
func (s *boltStore) applier() {
	defer s.done.Done()
	s.mu.Lock()
	defer s.mu.Unlock()
	work := func() bool { return s.applied < s.seq && !s.direct }
	gathered := false
	for {
		for (!work() || s.hold) && !s.abandon && s.failed == nil && !(s.closed && s.applied == s.seq) {
			s.applyCond.Wait()
		}
		if !work() || s.abandon || s.failed != nil {
			return
		}
		if !gathered && !s.gatherEnds() {
			// A bolt commit costs two fdatasyncs and rewrites the
			// pages it touches, whatever it holds: gather more for
			// applyDelay, or until gathering must end.
			s.waitUntil(s.applyCond, applyDelay, func() bool { return s.gatherEnds() || s.abandon || s.failed != nil })
			gathered = true
			continue
		}
		gathered = false
		last, writes := s.seq, s.ov.writes()
		s.endRead()
		s.applying = true
		s.mu.Unlock()
		err := s.applyWrites(writes, last)
		s.mu.Lock()
		s.applying = false
		if s.fail(err) {
			return
		}
		s.ov.drop(last)
		s.applied = last
		n := 0
		for n < len(s.undone) && s.undone[n].seq <= last {
			s.pending -= int64(len(s.undone[n].original))
			s.undone[n] = nil
			n++
		}
		s.undone = s.undone[n:]
		s.wake()
	}
}

// applyWrites writes ws, the pending writes' state once bolt holds every
// Put up to last, into bolt in one transaction.
func (s *boltStore) applyWrites(ws []write, last uint64) error {
	_, err := guard(s.path, func() (struct{}, error) {
		return struct{}{}, s.db.Update(func(tx *bolt.Tx) error {
			k := newTxKV(tx)
			for _, w := range ws {
				var err error
				if w.v == nil {
					err = k.del(w.b, w.key)
				} else {
					err = k.put(w.b, w.key, w.v)
				}
				if err != nil {
					return err
				}
			}
			v := make([]byte, 8)
			binary.BigEndian.PutUint64(v, last)
			return tx.Bucket(bucketStats).Put(keyJournal, v)
		})
	})
	return err
}

// gatherEnds reports whether the applier must commit what it has now: a
// closing store gathers no more (a CLI run does not wait), nor one whose
// writer waits to rewind the journal, whose Puts wait for room or for bolt
// to hold all (a large original), or that holds applyBatch bytes of
// journaled originals; s.mu is held.
func (s *boltStore) gatherEnds() bool {
	return s.closed || s.draining || s.waiting > 0 || s.pending-s.unsynced() >= applyBatch
}

// unsynced is the bytes of originals decided and not yet in the journal
// on disk; s.mu is held.
func (s *boltStore) unsynced() int64 {
	var n int64
	for _, r := range s.writeQ {
		n += int64(len(r.original))
	}
	return n
}

// fail makes err, if any, the store's lasting failure; s.mu is held.
func (s *boltStore) fail(err error) bool {
	if err != nil && s.failed == nil {
		s.failed = fmt.Errorf("%w: bolt %s: %w", ErrUnavailable, s.path, err)
		s.wake()
	}
	return s.failed != nil
}

// healthy is nil when the store can serve; after a failed write it first
// tries recover, at most once a second.
func (s *boltStore) healthy() error {
	s.mu.RLock()
	err := s.usable()
	s.mu.RUnlock()
	if err == nil || errors.Is(err, errClosed) {
		return err
	}
	return s.recover()
}

// recover starts over after a failed journal or bolt write (a full disk,
// say): the pending writes are dropped, and what reached the journal is
// replayed into bolt, as after a crash. Acknowledged Puts are in the
// journal; those that failed may be there too, which does no harm.
func (s *boltStore) recover() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.recovering {
		s.cond.Wait()
	}
	if err := s.usable(); err == nil || s.closed || time.Since(s.lastRecover) < time.Second {
		return err
	}
	s.recovering, s.lastRecover = true, time.Now()
	defer func() {
		s.recovering = false
		s.wake()
	}()
	s.mu.Unlock()
	s.done.Wait() // the writer and the applier stop on a failure
	s.mu.Lock()
	if s.closed {
		return errClosed
	}
	_ = s.jr.f.Close()
	s.endRead()
	s.sweepUntil = time.Time{}
	s.ov, s.writeQ, s.undone, s.pending = newLayer(), nil, nil, 0
	if err := s.replay(); err != nil {
		return s.failed
	}
	s.failed = nil
	s.done.Add(2)
	go s.writer()
	go s.applier()
	return nil
}

// usable is nil when the store can serve; s.mu is held.
func (s *boltStore) usable() error {
	if s.closed {
		return errClosed
	}
	return s.failed
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
	if err := s.healthy(); err != nil {
		return "", err
	}
	r := &putRec{tenant: tenant, hash: hash, done: make(chan error, 1)}
	s.mu.Lock()
	// Back-pressure: the pending originals are in memory until applied.
	// A large original goes to bolt directly, once bolt holds all before
	// it: the journal would cost a copy of it in memory and on disk.
	wait := func() bool {
		return s.usable() == nil && ctx.Err() == nil && (s.direct ||
			size >= largeOriginal && s.applied < s.seq ||
			s.pending > 0 && s.pending+size > maxPending)
	}
	waited := false
	if wait() {
		waited = true
		s.mu.Unlock()
		DurableWait(ctx)
		s.mu.Lock()
		// A request that gives up while it waits is woken to say so.
		stop := context.AfterFunc(ctx, func() {
			s.mu.Lock()
			s.wake()
			s.mu.Unlock()
		})
		s.waiting++ // the applier stops gathering
		s.wake()
		for wait() {
			s.cond.Wait()
		}
		s.waiting--
		stop()
	}
	if err := s.usable(); err != nil {
		s.mu.Unlock()
		return "", err
	}
	if err := ctx.Err(); err != nil {
		s.mu.Unlock()
		return "", err
	}
	if size >= largeOriginal {
		return s.putDirect(ctx, r, original, waited)
	}
	r.seq, r.at = s.seq+1, s.opts.Now()
	r.buf = newRecord(r, original)
	s.ov.begin()
	id, err := guard(s.path, func() (string, error) {
		k, done, err := s.readKV()
		if err != nil {
			return "", err
		}
		defer done()
		return s.putKV(layered{l: s.ov, below: k, seq: r.seq}, r, &s.sweepUntil)
	})
	if err != nil {
		s.endRead()
		s.sweepUntil = time.Time{} // the sweep is taken back too
		s.ov.rollback()
		s.mu.Unlock()
		return "", s.wrap(err)
	}
	s.ov.commit()
	r.id = id
	seal(r.buf, r)
	s.seq = r.seq
	s.pending += size
	s.writeQ = append(s.writeQ, r)
	s.undone = append(s.undone, r)
	s.notePeak(len(s.writeQ) + s.syncing)
	now := time.Now()
	s.gap += (min(now.Sub(s.lastPut), groupDelay) - s.gap) / 8
	s.lastPut = now
	// The writer waits for this Put; the applier only when it is the
	// first since bolt held all (a Put leaves gatherEnds as it was).
	s.cond.Broadcast()
	if r.seq == s.applied+1 {
		s.applyCond.Broadcast()
	}
	s.mu.Unlock()
	// The original is readable now; it is durable, and the Put done,
	// once its journal append is synced.
	if !waited {
		DurableWait(ctx)
	}
	if err := <-r.done; err != nil {
		return "", err
	}
	return id, nil
}

// putDirect commits r to bolt in a transaction of its own; s.mu is held,
// and bolt holds every Put decided before. waited: DurableWait was called.
func (s *boltStore) putDirect(ctx context.Context, r *putRec, original []byte, waited bool) (string, error) {
	r.seq, r.at, r.original = s.seq+1, s.opts.Now(), original
	s.seq = r.seq
	s.direct = true // later Puts wait; Gets read bolt's last commit
	s.endRead()
	s.mu.Unlock()
	if !waited {
		DurableWait(ctx)
	}
	err := s.apply([]*putRec{r})
	s.mu.Lock()
	defer s.mu.Unlock()
	s.direct = false
	s.wake()
	if err != nil {
		// Nothing of r reached bolt: its number is free again.
		s.seq--
		return "", s.wrap(err)
	}
	s.synced, s.applied = r.seq, r.seq
	s.ov.reindex() // bolt changed under the pending writes
	return r.id, nil
}

// readKV is a bolt read transaction for a Put to decide on, and what to
// call when the decision is done; s.mu is held. One transaction serves
// Put after Put, with its buckets found once, until bolt changes under
// the pending writes (a commit: endRead); while the applier commits,
// each Put has one of its own, so that the commit never waits for a
// reader it outlives (bolt remaps its file under a lock readers share).
func (s *boltStore) readKV() (*txKV, func(), error) {
	if s.applying {
		tx, err := s.db.Begin(false)
		if err != nil {
			return nil, nil, err
		}
		return newTxKV(tx), func() { _ = tx.Rollback() }, nil
	}
	if s.rkv == nil {
		tx, err := s.db.Begin(false)
		if err != nil {
			return nil, nil, err
		}
		s.rkv = newTxKV(tx)
	}
	return s.rkv, func() {}, nil
}

// endRead ends the read transaction Puts decide on, if any: bolt is
// about to change, or close; s.mu is held.
func (s *boltStore) endRead() {
	if s.rkv != nil {
		_ = s.rkv.tx.Rollback()
		s.rkv = nil
	}
}

func (s *boltStore) Get(ctx context.Context, tenant, id string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	id, err := NormalizeID(id)
	if err != nil {
		return nil, err
	}
	if err := s.healthy(); err != nil {
		return nil, err
	}
	now := s.opts.Now()
	var hash string
	s.mu.RLock()
	out, err := guard(s.path, func() ([]byte, error) {
		if err := s.usable(); err != nil {
			return nil, err
		}
		tx, err := s.db.Begin(false)
		if err != nil {
			return nil, err
		}
		defer tx.Rollback()
		k := layered{l: s.ov, below: newTxKV(tx)}
		hash, err = resolveID(id, func(prefix string) (string, error) {
			return s.liveOwner(k, tenant, prefix, now), nil
		})
		if err != nil {
			return nil, err
		}
		var v []byte
		if m := k.get(bkt{kindMeta, tenant}, hash); m != nil {
			v = original(k, tenant, hash, m)
		}
		if v == nil {
			return nil, fmt.Errorf("%w: %s", ErrNotFound, id)
		}
		// v lives in the mmap only while the transaction is open.
		return bytes.Clone(v), nil
	})
	s.mu.RUnlock()
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
	if err := s.healthy(); err != nil {
		return err
	}
	return s.wrap(s.db.View(func(tx *bolt.Tx) error { return nil }))
}

// Close waits for the Puts under way, applies the whole journal to bolt,
// empties the journal and closes both files.
func (s *boltStore) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	s.hold = false
	s.wake()
	for s.recovering {
		s.cond.Wait()
	}
	s.mu.Unlock()
	s.done.Wait()
	var errs []error
	if s.failed == nil && !s.abandon {
		if err := s.jr.reset(); err != nil {
			errs = append(errs, fmt.Errorf("store: emptying journal %s: %w", s.jr.path, err))
		}
	}
	if err := s.jr.f.Close(); err != nil && !errors.Is(err, os.ErrClosed) {
		errs = append(errs, fmt.Errorf("store: closing journal %s: %w", s.jr.path, err))
	}
	s.mu.Lock()
	s.endRead() // bolt's Close waits for every read transaction
	s.mu.Unlock()
	if err := s.db.Close(); err != nil {
		errs = append(errs, fmt.Errorf("store: closing bolt %s: %w", s.path, err))
	}
	return errors.Join(errs...)
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

// Times are stored as unix nanoseconds with the sign bit flipped, so byte
// order is time order.
func encodeTime(b []byte, t time.Time) {
	binary.BigEndian.PutUint64(b, uint64(t.UnixNano())^(1<<63))
}

func decodeTime(b []byte) time.Time {
	return time.Unix(0, int64(binary.BigEndian.Uint64(b)^(1<<63)))
}

// encodeMeta lays out a meta entry: loc is the original's key in the
// log, 0 when it is in data. Ids are hex: the 0 before loc is not one.
func encodeMeta(at time.Time, id string, loc uint64) []byte {
	b := make([]byte, 8, 8+len(id)+9)
	encodeTime(b, at)
	b = append(b, id...)
	if loc != 0 {
		b = append(b, 0)
		b = binary.BigEndian.AppendUint64(b, loc)
	}
	return b
}

func decodeMeta(m []byte) (at time.Time, id string, loc uint64) {
	if len(m) < 8 {
		return time.Time{}, "", 0
	}
	at, rest := decodeTime(m[:8]), m[8:]
	if n := len(rest) - 9; n >= 0 && rest[n] == 0 {
		return at, string(rest[:n]), binary.BigEndian.Uint64(rest[n+1:])
	}
	return at, string(rest), 0
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
