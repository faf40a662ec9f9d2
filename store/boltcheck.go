package store

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"time"
)

// checkBoltFile reads the meta pages of the bolt file at path
// and checks what bolt.Open relies on: a valid meta page, pages that end
// within the file, a freelist page where the meta says. bbolt panics on
// these at open, and a panic there leaves the file open and locked for
// the rest of the process, so they are checked before bbolt sees the
// file. The layout is bbolt's file format version 2 (little-endian, as
// bbolt writes it on the machines we build for).
func checkBoltFile(path string, lockTimeout time.Duration) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	defer f.Close()
	unlock, err := lockShared(f, lockTimeout)
	if err != nil {
		return err
	}
	defer unlock()
	fi, err := f.Stat()
	if err != nil {
		return fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	size := fi.Size()
	if size == 0 {
		return nil // a new, empty file: bbolt initialises it
	}
	const (
		pageHeader = 16
		metaLen    = 64 // magic … checksum
		magic      = 0xED0CDAED
		version    = 2
		noFreelist = ^uint64(0)
		freelist   = 0x10
	)
	type meta struct {
		pageSize             uint32
		root, free, pgid, tx uint64
	}
	read := func(off int64, n int) ([]byte, error) {
		b := make([]byte, n)
		if _, err := f.ReadAt(b, off); err != nil {
			if err == io.EOF {
				return nil, fmt.Errorf("%w: file ends at %d bytes, inside its page at %d", ErrCorrupt, size, off)
			}
			return nil, fmt.Errorf("%w: %w", ErrUnavailable, err)
		}
		return b, nil
	}
	parse := func(off int64) (meta, bool) {
		b, err := read(off+pageHeader, metaLen)
		if err != nil {
			return meta{}, false
		}
		le := binary.LittleEndian
		h := fnv.New64a()
		h.Write(b[:56])
		if le.Uint32(b) != magic || le.Uint32(b[4:]) != version || le.Uint64(b[56:]) != h.Sum64() {
			return meta{}, false
		}
		return meta{pageSize: le.Uint32(b[8:]), root: le.Uint64(b[16:]), free: le.Uint64(b[32:]), pgid: le.Uint64(b[40:]), tx: le.Uint64(b[48:])}, true
	}
	m0, ok0 := parse(0)
	var m1 meta
	ok1 := false
	if ok0 {
		m1, ok1 = parse(int64(m0.pageSize))
	} else {
		// The second meta page is one page in, whatever the page size
		// (as bbolt, try each).
		for ps := int64(512); ps <= 64<<10 && !ok1; ps *= 2 {
			if m1, ok1 = parse(ps); ok1 && int64(m1.pageSize) != ps {
				ok1 = false
			}
		}
	}
	m := m0
	switch {
	case !ok0 && !ok1:
		return fmt.Errorf("%w: not a bolt file, or both meta pages are damaged", ErrCorrupt)
	case !ok0 || ok1 && m1.tx > m0.tx:
		m = m1
	}
	if m.pageSize < 512 || m.pageSize&(m.pageSize-1) != 0 {
		return fmt.Errorf("%w: page size %d", ErrCorrupt, m.pageSize)
	}
	ps := int64(m.pageSize)
	if m.pgid > uint64(size/ps) {
		return fmt.Errorf("%w: file is %d bytes but its pages reach %d bytes (truncated?)", ErrCorrupt, size, m.pgid*uint64(ps))
	}
	if m.root < 2 || m.root >= m.pgid || m.free != noFreelist && (m.free < 2 || m.free >= m.pgid) {
		return fmt.Errorf("%w: meta page points outside the file (root %d, freelist %d, %d pages)", ErrCorrupt, m.root, m.free, m.pgid)
	}
	if m.free != noFreelist {
		b, err := read(int64(m.free)*ps, pageHeader)
		if err != nil {
			return err
		}
		if id, flags := binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint16(b[8:]); id != m.free || flags != freelist {
			return fmt.Errorf("%w: page %d is not the freelist the meta page names", ErrCorrupt, m.free)
		}
	}
	return nil
}
