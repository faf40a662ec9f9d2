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
