package store

import "context"

// PutHash stores original under a crafted hash, so tests can make two
// originals share an id prefix without finding a SHA-256 collision.
func PutHash(ctx context.Context, s Store, tenant, hash string, original []byte) (string, error) {
	type hashPutter interface {
		put(ctx context.Context, tenant, hash string, original []byte) (string, error)
	}
	return s.(hashPutter).put(ctx, tenant, hash, original)
}
