//go:build unix

package main

import (
	"bytes"
	"os"
	"syscall"
)

// readRegular reads the file name, when it is a regular file of at most
// limit bytes, into buf's memory when it is large enough, with plain
// system calls: os.Open would also offer the descriptor to the network
// poller, five more calls per file that a regular file refuses, and a
// process over many files pays them for each. Anything else (a pipe, a
// terminal, a directory) comes back open as f, for readInput to read as
// a stream; f is nil when the file was read or could not be opened, and
// errors read as os reports them.
func readRegular(name string, limit int64, buf []byte) (f *os.File, data []byte, err error) {
	var fd int
	for {
		fd, err = syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, nil, &os.PathError{Op: "open", Path: name, Err: err}
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return os.NewFile(uintptr(fd), name), nil, nil
	}
	defer syscall.Close(fd)
	if st.Size > limit {
		return nil, buf[:0], tooBig(name, limit)
	}
	if int64(cap(buf)) < st.Size+bytes.MinRead {
		// At least double, up to big inputs (whose peak memory must not
		// hold room they do not need): inputs that grow one after another
		// cost a few buffers, not one each.
		size := st.Size + bytes.MinRead
		if size < bigInputBytes {
			size = min(max(size, 2*int64(cap(buf))), bigInputBytes)
		}
		buf = make([]byte, 0, size)
	}
	// Read to the end, which the size only predicts: a file may grow
	// while it is read (a log), or say 0 and hold more (/proc).
	buf = buf[:0]
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := syscall.Read(fd, buf[len(buf):cap(buf)])
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return nil, buf[:0], &os.PathError{Op: "read", Path: name, Err: err}
		case n == 0:
			return nil, buf, nil
		}
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			return nil, buf[:0], tooBig(name, limit)
		}
	}
}
