// Package store keeps the originals of lossy results (the CCR store) so a
// model can retrieve them byte for byte by a short content-addressed id.
//
// Open takes a URL naming the backend:
//
//	bolt:PATH               an embedded bbolt file (the default, see DefaultURL)
//	memory:                 process memory, for tests and single-process use
//	redis://HOST:PORT/DB    a shared Redis, so several replicas see one store
//
// Ids are the lower-case hex SHA-256 of the original, shown as their first
// 12 characters; when those 12 already name a different original of the same
// tenant, the new original gets the shortest longer prefix that is free. Get
// accepts the shown id or any longer prefix of the hash, in any case and with
// surrounding punctuation (see NormalizeID).
package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Errors every Store returns, checked with errors.Is.
var (
	ErrNotFound    = errors.New("store: id not found or expired")
	ErrUnavailable = errors.New("store: unavailable")
	ErrAmbiguous   = errors.New("store: id prefix matches several originals")
	ErrBadID       = errors.New("store: malformed id")
	ErrTooLarge    = errors.New("store: original larger than the store's size bound")
	// ErrCorrupt: the store holds bytes that do not match their content
	// id, or its file is damaged. Get returns it instead of wrong bytes.
	ErrCorrupt = errors.New("store: corrupt")
	// ErrNoStore: Options.MustExist was set and the bolt file does not
	// exist.
	ErrNoStore = errors.New("store: no such store")
	// ErrBadURL: Open was given a URL it cannot read (a usage error).
	ErrBadURL = errors.New("store: bad store URL")
	// ErrLocked means another process holds the bolt file (it also
	// matches ErrUnavailable).
	ErrLocked = errors.New("store: bolt file locked by another process")
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

// StringPutter is a Store that can take an original as a string, which
// it may keep instead of a copy (the memory store does): a string's bytes
// are never written again. Callers holding the original as a string use
// it when a store has it.
type StringPutter interface {
	PutString(ctx context.Context, tenant, original string) (id string, err error)
}

// Defaults used when an Options field is zero.
const (
	DefaultTTL         = 24 * time.Hour
	DefaultBoltMax     = 1 << 30   // 1 GiB of originals
	DefaultMemoryMax   = 256 << 20 // 256 MiB of originals
	DefaultLockTimeout = 2 * time.Second
)

// Options tune a store; the zero value means defaults.
type Options struct {
	// TTL is how long an original stays retrievable after its last Put
	// (DefaultTTL when zero).
	TTL time.Duration
	// MaxBytes bounds the total size of stored originals; the oldest are
	// evicted first to make room (DefaultBoltMax or DefaultMemoryMax when
	// zero). Redis ignores it: size there is the server's maxmemory policy.
	MaxBytes int64
	// LockTimeout is how long a bolt store waits for another process to
	// release the file (DefaultLockTimeout when zero).
	LockTimeout time.Duration
	// Now is the clock for TTL and eviction order (time.Now when nil).
	// Redis keeps its own clock.
	Now func() time.Time
	// MustExist makes Open of a bolt file that does not exist fail with
	// ErrNoStore instead of creating it (for readers such as retrieve).
	MustExist bool
}

func (o Options) withDefaults(maxBytes int64) Options {
	if o.TTL <= 0 {
		o.TTL = DefaultTTL
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = maxBytes
	}
	if o.LockTimeout <= 0 {
		o.LockTimeout = DefaultLockTimeout
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}

// Open opens the store named by url: "bolt:PATH", "memory:" or
// "redis://HOST:PORT/DB" (see the package doc). A Redis store connects
// lazily: Open checks only the URL, and Ping tells whether Redis answers.
func Open(ctx context.Context, url string, opts Options) (Store, error) {
	switch {
	case strings.HasPrefix(url, "bolt:"):
		path := strings.TrimPrefix(url, "bolt:")
		path = strings.TrimPrefix(path, "//") // accept bolt:///abs/path too
		if path == "" {
			return nil, fmt.Errorf("%w %q: bolt URL needs a path, e.g. bolt:/tmp/ccr.db", ErrBadURL, url)
		}
		return openBolt(ctx, path, opts.withDefaults(DefaultBoltMax))
	case url == "memory:" || url == "memory://":
		return newMemory(opts.withDefaults(DefaultMemoryMax)), nil
	case strings.HasPrefix(url, "redis://"), strings.HasPrefix(url, "rediss://"):
		return openRedis(url, opts.withDefaults(0))
	}
	return nil, fmt.Errorf("%w %q: want bolt:PATH, memory: or redis://HOST:PORT/DB", ErrBadURL, url)
}

// DefaultURL is the bolt file under the user's state directory:
// $XDG_STATE_HOME/kompress/ccr.db, else ~/.local/state/kompress/ccr.db.
// Without either it falls back to the system temp directory.
func DefaultURL() string {
	dir := os.Getenv("XDG_STATE_HOME")
	if dir == "" || !filepath.IsAbs(dir) { // the XDG spec says to ignore relative paths
		if home, err := os.UserHomeDir(); err == nil && home != "" {
			dir = filepath.Join(home, ".local", "state")
		} else {
			dir = os.TempDir()
		}
	}
	return "bolt:" + filepath.Join(dir, "kompress", "ccr.db")
}

var errClosed = fmt.Errorf("%w: store closed", ErrUnavailable)

type durableWaitKey struct{}

// WithDurableWait returns a copy of ctx with which a Put calls f when it
// starts to wait for its original to become durable (a journal sync, or
// room in the journal), once per Put and not at all when it does not wait.
// A caller holding a resource the wait does not need, such as a slot for
// model scoring, lets it go there.
func WithDurableWait(ctx context.Context, f func()) context.Context {
	return context.WithValue(ctx, durableWaitKey{}, f)
}

// DurableWait calls the function WithDurableWait put in ctx, if any. A
// Store calls it before a Put waits for durability.
func DurableWait(ctx context.Context) {
	if f, ok := ctx.Value(durableWaitKey{}).(func()); ok {
		f()
	}
}

// Broken returns a Store whose every call fails with err, marked
// ErrUnavailable: a server whose store could not be opened (a damaged
// file) stays up, compresses losslessly, and is not ready.
func Broken(err error) Store {
	if !errors.Is(err, ErrUnavailable) {
		err = fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	return broken{err}
}

type broken struct{ err error }

func (b broken) Put(context.Context, string, []byte) (string, error) { return "", b.err }
func (b broken) Get(context.Context, string, string) ([]byte, error) { return nil, b.err }
func (b broken) Ping(context.Context) error                          { return b.err }
func (b broken) Close() error                                        { return nil }
