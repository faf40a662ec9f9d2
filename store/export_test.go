package store

import (
	"context"
	"testing"
)

// Crafted lets t store originals under crafted hashes (PutHash): Get
// does not check them against their content while t runs.
func Crafted(t *testing.T) {
	crafted.Store(true)
	t.Cleanup(func() { crafted.Store(false) })
}

// PutHash stores original under a crafted hash, so tests can make two
// originals share an id prefix without finding a SHA-256 collision.
func PutHash(ctx context.Context, s Store, tenant, hash string, original []byte) (string, error) {
	type hashPutter interface {
		put(ctx context.Context, tenant, hash string, original []byte) (string, error)
	}
	return s.(hashPutter).put(ctx, tenant, hash, original)
}

// HoldApply keeps the bolt store s from applying its journal to bolt, so
// Puts stay in the journal and the pending writes only.
func HoldApply(s Store) {
	b := s.(*boltStore)
	b.mu.Lock()
	b.hold = true
	b.mu.Unlock()
}

// Crash closes the bolt store s as a killed process leaves it: whatever
// the journal holds stays there, unapplied.
func Crash(s Store) error {
	b := s.(*boltStore)
	b.mu.Lock()
	b.closed, b.abandon = true, true
	b.cond.Broadcast()
	b.mu.Unlock()
	b.done.Wait()
	b.jr.f.Close()
	return b.db.Close()
}

// JournalSuffix names the journal next to a bolt file.
const JournalSuffix = journalSuffix
