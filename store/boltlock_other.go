//go:build !unix

package store

import (
	"errors"
	"os"
	"time"
)

var errLocked = errors.New("locked")

// lockShared is a no-op where flock is not available: the check at open
// then races with a writer, which bbolt's own lock still excludes.
func lockShared(*os.File, time.Duration) (func(), error) { return func() {}, nil }

// initialMmap: on Windows bbolt grows the file to what it maps, so it
// maps what the file holds (see boltlock_unix.go).
const (
	initialMmap = 0
	allocGrow   = 0
)
