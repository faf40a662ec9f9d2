package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

func testRecord(seq uint64, tenant string, original []byte) ([]byte, *putRec) {
	r := &putRec{seq: seq, at: time.Unix(1700000000, int64(seq)), tenant: tenant, hash: hashOf(original)}
	buf := newRecord(r, original)
	r.id = r.hash[:MinIDLen+int(seq%3)]
	seal(buf, r)
	return buf, r
}

func TestJournalRecordRoundTrip(t *testing.T) {
	for i, c := range []struct {
		tenant   string
		original []byte
	}{
		{"", nil},
		{"team-a", []byte("one line\n")},
		{"t\x00with nul", bytes.Repeat([]byte{0, 0xff, 'x'}, 5000)},
		{"", []byte(journalMagic + "a record's magic inside an original")},
	} {
		buf, want := testRecord(uint64(i+1), c.tenant, c.original)
		got, n, ok := decodeRecord(buf)
		if !ok || n != len(buf) {
			t.Fatalf("case %d: decodeRecord = %v, %d of %d bytes", i, ok, n, len(buf))
		}
		if got.seq != want.seq || !got.at.Equal(want.at) || got.tenant != c.tenant || got.hash != want.hash ||
			got.id != want.id || !bytes.Equal(got.original, c.original) {
			t.Errorf("case %d: decoded %+v, want %+v", i, got, want)
		}
	}
}

// journalOf concatenates records 1..n.
func journalOf(n int) ([]byte, []int) {
	var b []byte
	var starts []int
	for i := 1; i <= n; i++ {
		rec, _ := testRecord(uint64(i), "", []byte(fmt.Sprintf("original number %d\n", i)))
		starts = append(starts, len(b))
		b = append(b, rec...)
	}
	return b, starts
}

func TestParseJournal(t *testing.T) {
	clean, starts := journalOf(4)
	seqs := func(recs []*putRec) (s []uint64) {
		for _, r := range recs {
			s = append(s, r.seq)
		}
		return s
	}
	flip := func(at int) []byte { b := bytes.Clone(clean); b[at] ^= 0x40; return b }
	for _, c := range []struct {
		name    string
		b       []byte
		applied uint64
		want    int // records kept; -1: damaged
	}{
		{"empty", nil, 0, 0},
		{"whole", clean, 0, 4},
		{"applied ones still parsed", clean, 3, 4},
		{"torn inside the last", clean[:len(clean)-5], 0, 3},
		{"torn inside the last header", clean[:starts[3]+7], 0, 3},
		{"bad checksum at the end", flip(len(clean) - 1), 0, 3},
		{"zeros after the end", append(bytes.Clone(clean), make([]byte, 300)...), 0, 4},
		{"bad first record", flip(starts[0] + 40), 0, -1},
		{"bad middle record", flip(starts[2] + recHeader + 2), 0, -1},
		{"bad length in the middle", flip(starts[1] + 6), 0, -1},
		// Left over from a truncation that did not reach the disk: after
		// the bad spot only records bolt already holds.
		{"stale after a bad spot", append(bytes.Clone(clean[:starts[1]]), clean[starts[1]+3:]...), 4, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			recs, err := parseJournal(c.b, c.applied)
			if c.want < 0 {
				if !errors.Is(err, errJournalDamaged) {
					t.Fatalf("parseJournal = %v, %v; want damage", seqs(recs), err)
				}
				return
			}
			if err != nil || len(recs) != c.want {
				t.Fatalf("parseJournal = %v, %v; want %d records", seqs(recs), err, c.want)
			}
			for i, r := range recs {
				if r.seq != uint64(i+1) {
					t.Fatalf("records %v, want 1..%d", seqs(recs), c.want)
				}
			}
		})
	}
}

// TestGroupWaitLoneClient: Puts made one after another never overlap, so
// the journal writer never waits for company before a sync (gather).
func TestGroupWaitLoneClient(t *testing.T) {
	s, err := openBolt(context.Background(), t.TempDir()+"/ccr.db", Options{}.withDefaults(DefaultBoltMax))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	for i := range 20 {
		if _, err := s.Put(ctx, "", []byte(fmt.Sprintf("original %d\n", i))); err != nil {
			t.Fatal(err)
		}
	}
	s.mu.Lock()
	peak := s.peak
	s.mu.Unlock()
	if peak != 1 {
		t.Errorf("after one-at-a-time Puts, peak = %d, want 1 (no wait for company)", peak)
	}
}
