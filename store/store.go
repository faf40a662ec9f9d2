// Package store keeps the originals of lossy results (the CCR store) so a
// model can retrieve them byte for byte by a short content-addressed id.
package store

import (
	"context"
	"errors"
)

// Errors every Store returns, checked with errors.Is.
var (
	ErrNotFound    = errors.New("store: id not found or expired")
	ErrUnavailable = errors.New("store: unavailable")
	ErrAmbiguous   = errors.New("store: id prefix matches several originals")
	ErrBadID       = errors.New("store: malformed id")
)

// Store keeps originals by tenant. Ids are lower-case hex prefixes of the
// SHA-256 of tenant-independent content: 12 characters unless that prefix
// already names a different original, then longer.
type Store interface {
	// Put stores original for tenant and returns its id. It returns only
	// after the original is durably committed.
	Put(ctx context.Context, tenant string, original []byte) (id string, err error)
	// Get returns the original for id (case-insensitive, surrounding
	// punctuation tolerated, any unique prefix of 12 or more hex chars).
	Get(ctx context.Context, tenant, id string) ([]byte, error)
	// Ping reports whether the store can serve requests now.
	Ping(ctx context.Context) error
	Close() error
}
