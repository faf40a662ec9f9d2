package store

import (
	"sync"

	bolt "go.etcd.io/bbolt"
)

// commitQueue is group commit for bolt's writes: a write waits while
// another commit is being synced to disk, and all that waited then share
// the next transaction and its fsyncs. bolt's own Batch closes a batch
// after a fixed delay instead, so when the disk is slower than the delay
// most batches hold one write and each still pays two fdatasyncs.
type commitQueue struct {
	mu      sync.Mutex
	pending []*commitCall
	running bool
}

type commitCall struct {
	fn   func(*bolt.Tx) error
	done chan error
}

// maxGroup bounds the writes one transaction carries.
const maxGroup = 256

// commit runs fn in a read-write transaction and returns once that
// transaction is committed (synced, unless the db is NoSync). fn may run
// more than once, as with bolt's Batch: when one function of a group
// fails, the group is rolled back and each of its functions is run alone.
func (q *commitQueue) commit(db *bolt.DB, fn func(*bolt.Tx) error) error {
	c := &commitCall{fn: fn, done: make(chan error, 1)}
	q.mu.Lock()
	q.pending = append(q.pending, c)
	if !q.running {
		q.running = true
		go q.run(db)
	}
	q.mu.Unlock()
	return <-c.done
}

// run commits groups of pending writes until none is left.
func (q *commitQueue) run(db *bolt.DB) {
	for {
		q.mu.Lock()
		n := min(len(q.pending), maxGroup)
		if n == 0 {
			q.running = false
			q.mu.Unlock()
			return
		}
		group := q.pending[:n:n]
		q.pending = q.pending[n:]
		if len(q.pending) == 0 {
			q.pending = nil
		}
		q.mu.Unlock()

		err := db.Update(func(tx *bolt.Tx) error {
			for _, c := range group {
				if err := c.fn(tx); err != nil {
					return err
				}
			}
			return nil
		})
		if err == nil || len(group) == 1 {
			for _, c := range group {
				c.done <- err
			}
			continue
		}
		for _, c := range group {
			c.done <- db.Update(c.fn)
		}
	}
}
