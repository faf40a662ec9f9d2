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
