package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// The journal, PATH-journal next to the bolt file PATH, makes a Put
// durable with one append and one fdatasync shared by all concurrent Puts;
// a background applier moves the records into bolt later, in large
// batches. It is only touched while bbolt's lock on PATH is held.
//
// A record is
//
//	magic   4  "KJR1"
//	length  4  of the payload
//	crc     4  CRC-32C (Castagnoli) of length and payload
//	payload: seq 8 | at 8 (unix ns) | tenant length 4 | id length 1 |
//	         id 64 (padded) | hash 64 | tenant | original
//
// all little-endian. seq numbers every Put the store ever decided, across
// journal truncations: bolt records the last one it holds (stats/journal),
// so a replay skips what bolt already has.
const (
	journalMagic  = "KJR1"
	recHeader     = 12
	recFixed      = 8 + 8 + 4 + 1 + fullIDLen + fullIDLen
	journalSuffix = "-journal"
)

// Bounds of the unapplied state: Put waits while the originals decided
// but not yet in bolt pass maxPending bytes (they are in memory), and the
// journal is rewound (written from its start again), once bolt holds all
// of it, when it passes journalLimit.
// The applier commits to bolt what the journal holds every applyDelay,
// or sooner (see gatherEnds): at once when that is applyBatch bytes of
// originals. Much of a commit's cost is shared by whatever it holds (the
// meta, ids and age leaves, branches and freelist it rewrites, two
// fdatasyncs), so it is worth holding up to 2 s of originals in memory
// (bounded by applyBatch) to make it rarer.
// An original of largeOriginal bytes or more skips the journal: its Put
// commits it to bolt directly.
const (
	applyBatch    = 8 << 20
	applyDelay    = 2 * time.Second
	maxPending    = 32 << 20
	journalLimit  = 16 << 20
	largeOriginal = 1 << 20
)

var keyJournal = []byte("journal")

// castagnoli is built on first use: its tables cost every process about
// 0.2 ms at start, and most runs (lossless, memory store) never journal.
var castagnoli = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

// newRecord lays out r's record with its original copied in; r.original
// then points into it. The id and checksum are filled in by seal once
// the Put is decided.
func newRecord(r *putRec, original []byte) []byte {
	n := recFixed + len(r.tenant) + len(original)
	buf := make([]byte, recHeader+n)
	copy(buf, journalMagic)
	binary.LittleEndian.PutUint32(buf[4:], uint32(n))
	p := buf[recHeader:]
	binary.LittleEndian.PutUint64(p, r.seq)
	binary.LittleEndian.PutUint64(p[8:], uint64(r.at.UnixNano()))
	binary.LittleEndian.PutUint32(p[16:], uint32(len(r.tenant)))
	copy(p[21+fullIDLen:], r.hash)
	copy(p[recFixed:], r.tenant)
	r.original = p[recFixed+len(r.tenant):]
	copy(r.original, original)
	return buf
}

// seal writes r's seq and id into its record and checksums it.
func seal(buf []byte, r *putRec) {
	p := buf[recHeader:]
	binary.LittleEndian.PutUint64(p, r.seq)
	p[20] = byte(len(r.id))
	copy(p[21:21+fullIDLen], r.id)
	binary.LittleEndian.PutUint32(buf[8:], crc32.Checksum(buf[4:8], castagnoli()))
	binary.LittleEndian.PutUint32(buf[8:], crc32.Update(binary.LittleEndian.Uint32(buf[8:]), castagnoli(), p))
}

// decodeRecord reads the record at the start of b; ok is false when b
// does not start with a whole, intact record.
func decodeRecord(b []byte) (r *putRec, n int, ok bool) {
	if len(b) < recHeader || string(b[:4]) != journalMagic {
		return nil, 0, false
	}
	size := int(binary.LittleEndian.Uint32(b[4:]))
	if size < recFixed || size > len(b)-recHeader {
		return nil, 0, false
	}
	p := b[recHeader : recHeader+size]
	crc := crc32.Update(crc32.Checksum(b[4:8], castagnoli()), castagnoli(), p)
	if crc != binary.LittleEndian.Uint32(b[8:]) {
		return nil, 0, false
	}
	tl, il := int(binary.LittleEndian.Uint32(p[16:])), int(p[20])
	if tl > size-recFixed || il < MinIDLen || il > fullIDLen {
		return nil, 0, false
	}
	r = &putRec{
		seq:      binary.LittleEndian.Uint64(p),
		at:       time.Unix(0, int64(binary.LittleEndian.Uint64(p[8:]))),
		id:       string(p[21 : 21+il]),
		hash:     string(p[21+fullIDLen : recFixed]),
		tenant:   string(p[recFixed : recFixed+tl]),
		original: p[recFixed+tl:],
	}
	if !isHex(r.id) || !isHex(r.hash) || !isHexPrefix(r.id, r.hash) {
		return nil, 0, false
	}
	return r, recHeader + size, true
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

func isHexPrefix(id, hash string) bool { return len(id) <= len(hash) && hash[:len(id)] == id }

// errJournalDamaged marks a journal whose damage is not a torn tail.
var errJournalDamaged = errors.New("journal damaged")

// parseJournal reads the records of a journal file whose bolt file holds
// everything up to sequence number applied. A record cut short or failing
// its checksum at the end is a torn tail, from a crash during an append
// that was never acknowledged: it is dropped. The same followed by an
// intact record bolt does not have is damage: acknowledged originals
// would be lost. (Records at or below applied after a bad spot are left
// over from before a rewind, or a truncation that did not reach the
// disk; zeros are room the file was grown by.)
func parseJournal(b []byte, applied uint64) ([]*putRec, error) {
	var recs []*putRec
	last := applied
	for off := 0; off < len(b); {
		r, n, ok := decodeRecord(b[off:])
		if ok && (len(recs) == 0 && r.seq > 0 || len(recs) > 0 && r.seq == recs[len(recs)-1].seq+1) {
			recs = append(recs, r)
			last = max(last, r.seq)
			off += n
			continue
		}
		for at := off + 1; ; at++ {
			i := bytes.Index(b[at:], []byte(journalMagic))
			if i < 0 {
				return recs, nil // a torn tail
			}
			at += i
			if r, _, ok := decodeRecord(b[at:]); ok && r.seq > last {
				return nil, fmt.Errorf("%w: bad record at byte %d followed by an intact one at byte %d", errJournalDamaged, off, at)
			}
		}
	}
	return recs, nil
}

// journal is the open journal file. Records are written at size; the
// file beyond it, up to alloc, is zeros or records from before a rewind,
// which bolt holds. Writing over blocks the file already has spares the
// fdatasync an update of the file's size: on ext4 that halves its cost.
type journal struct {
	f      *os.File
	path   string
	size   int64 // where the next record goes
	alloc  int64 // the file's size
	resets int   // for tests
}

// maxGrow bounds how far the journal file grows past its records at once.
const maxGrow = 4 << 20

// openJournal opens (creating) the journal of the bolt file at path and
// returns it with its contents.
func openJournal(path string) (*journal, []byte, error) {
	jpath := path + journalSuffix
	_, statErr := os.Stat(jpath)
	f, err := os.OpenFile(jpath, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, nil, err
	}
	if errors.Is(statErr, os.ErrNotExist) {
		// The new name must reach the disk before a record in it counts.
		if err := syncDir(filepath.Dir(jpath)); err != nil {
			f.Close()
			return nil, nil, err
		}
	}
	data, err := io.ReadAll(f)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return &journal{f: f, path: jpath, size: int64(len(data)), alloc: int64(len(data))}, data, nil
}

// append writes buf at the end of the records and syncs it. Past the
// file's end it first grows the file with zeros, by as much as it holds
// (up to maxGrow): one sync with a size change per doubling, not one per
// append, and a short-lived process that writes one record writes no
// zeros at all.
func (j *journal) append(buf []byte) error {
	if end := j.size + int64(len(buf)); end > j.alloc {
		grow := min(j.size, maxGrow)
		zeros := make([]byte, min(grow, 64<<10)) // written a piece at a time
		for off := int64(0); off < grow; off += int64(len(zeros)) {
			if _, err := j.f.WriteAt(zeros[:min(grow-off, int64(len(zeros)))], end+off); err != nil {
				return err
			}
		}
		j.alloc = end + grow
	}
	n, err := j.f.WriteAt(buf, j.size)
	j.size += int64(n)
	if err != nil {
		return err
	}
	return fdatasync(j.f)
}

// rewind starts writing records at the start again, over the old ones:
// bolt holds all of them. A crash before new records cover them leaves
// them to a replay, which skips what bolt holds.
func (j *journal) rewind() {
	j.size = 0
	j.resets++
}

// reset empties the journal file: bolt holds all of it.
func (j *journal) reset() error {
	if err := j.f.Truncate(0); err != nil {
		return err
	}
	j.size, j.alloc = 0, 0
	j.resets++
	return fdatasync(j.f)
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
