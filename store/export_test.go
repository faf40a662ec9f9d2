package store

import (
	"context"
	"testing"
	"time"
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
func HoldApply(s Store) { setHold(s, true) }

// ReleaseApply undoes HoldApply.
func ReleaseApply(s Store) { setHold(s, false) }

func setHold(s Store, hold bool) {
	b := s.(*boltStore)
	b.mu.Lock()
	b.hold = hold
	b.wake()
	b.mu.Unlock()
}

// Crash closes the bolt store s as a killed process leaves it: whatever
// the journal holds stays there, unapplied.
func Crash(s Store) error {
	b := s.(*boltStore)
	b.mu.Lock()
	b.closed, b.abandon = true, true
	b.wake()
	b.mu.Unlock()
	b.done.Wait()
	b.jr.f.Close()
	b.mu.Lock()
	b.endRead()
	b.mu.Unlock()
	return b.db.Close()
}

// JournalSuffix names the journal next to a bolt file.
const JournalSuffix = journalSuffix

// Pending is the bytes of originals the bolt store s holds in memory,
// decided and not yet applied to bolt.
func Pending(s Store) int64 {
	b := s.(*boltStore)
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.pending
}

// Bounds of the bolt store's unapplied state.
const (
	MaxPending    = maxPending
	LargeOriginal = largeOriginal
)

// SetJournalLimit sets the journal size at which the bolt store s empties
// its journal once bolt holds all of it.
func SetJournalLimit(s Store, n int64) {
	b := s.(*boltStore)
	b.mu.Lock()
	b.limit = n
	b.mu.Unlock()
}

// JournalResets counts the times the bolt store s emptied its journal.
func JournalResets(s Store) int {
	b := s.(*boltStore)
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.jr.resets
}

// BreakJournal closes the journal file of the bolt store s under it, so
// its next append fails as on a full disk.
func BreakJournal(s Store) {
	b := s.(*boltStore)
	b.mu.Lock()
	b.jr.f.Close()
	b.mu.Unlock()
}

// AllowRecover lets the bolt store s try to recover at once.
func AllowRecover(s Store) {
	b := s.(*boltStore)
	b.mu.Lock()
	b.lastRecover = time.Time{}
	b.mu.Unlock()
}
