//go:build unix

package store

import (
	"errors"
	"os"
	"syscall"
	"time"
)

// errLocked: another process holds the bolt file.
var errLocked = errors.New("locked")

// lockShared takes a shared flock on f, polling until timeout as bbolt
// does. bbolt holds its exclusive flock as long as a process has the file
// open, so while we hold this no process is writing the file.
func lockShared(f *os.File, timeout time.Duration) (unlock func(), err error) {
	deadline := time.Now().Add(timeout)
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB)
		if err == nil {
			return func() { _ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, err
		}
		if time.Now().After(deadline) {
			return nil, errLocked
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// initialMmap is the address space bolt maps at open: without it bolt
// maps again each time the file doubles, copying out every value the
// write transaction holds (a batch of originals) and waiting for all
// read transactions (Gets, Puts deciding) to end. Mapping past the end
// of the file costs no memory, and reading there is refused (checkBolt)
// or faults into an error (guard). allocGrow is how far past what a
// commit needs the file then grows. 32-bit builds keep bolt's default.
const (
	initialMmap = 1 << 30 * int(^uintptr(0)>>63)
	allocGrow   = 64 << 10
)
