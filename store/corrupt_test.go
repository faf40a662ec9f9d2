package store_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/kompress/kompress/store"
)

// TestGetVerifiesContent: an original stored under an id that is not its
// content's gives ErrCorrupt, never the wrong bytes, on every backend.
func TestGetVerifiesContent(t *testing.T) {
	forEach(t, func(t *testing.T, b backend) {
		s := b.open(t, store.Options{})
		ctx := context.Background()
		id, err := store.PutHash(ctx, s, "", fullHash([]byte("the real original\n")), []byte("something else\n"))
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Get(ctx, "", id)
		if !errors.Is(err, store.ErrCorrupt) || got != nil {
			t.Errorf("Get(mismatched original) = %q, %v; want ErrCorrupt", got, err)
		}
		if err != nil && !strings.Contains(err.Error(), "damaged") {
			t.Errorf("error %q does not say the store is damaged", err)
		}
	})
}

// boltWith writes a bolt file holding originals and returns its path and
// their ids.
func boltWith(t testing.TB, originals ...[]byte) (string, []string) {
	t.Helper()
	path := t.TempDir() + "/ccr.db"
	s, err := store.Open(context.Background(), "bolt:"+path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, o := range originals {
		id, err := s.Put(context.Background(), "", o)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return path, ids
}

// TestBoltFlippedByte: a byte of an original changed on disk is caught on
// the way out.
func TestBoltFlippedByte(t *testing.T) {
	orig := []byte(strings.Repeat("an original worth keeping exactly\n", 20))
	path, ids := boltWith(t, orig)
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(raw, orig)
	if i < 0 {
		t.Fatal("original not found in the file")
	}
	raw[i+100] ^= 0x20
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := store.Open(context.Background(), "bolt:"+path, store.Options{})
	if err != nil {
		t.Fatalf("Open(file with a changed value): %v", err)
	}
	defer s.Close()
	got, err := s.Get(context.Background(), "", ids[0])
	if !errors.Is(err, store.ErrCorrupt) || got != nil {
		t.Errorf("Get(changed original) = %d bytes, %v; want ErrCorrupt", len(got), err)
	}
}

// TestBoltTruncated: a file cut short is refused at open with a clear
// error, without a panic or a fault.
func TestBoltTruncated(t *testing.T) {
	var originals [][]byte
	for i := range 40 {
		originals = append(originals, bytes.Repeat([]byte{byte('a' + i%26), '\n'}, 3000+i))
	}
	path, _ := boltWith(t, originals...)
	clean, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	n := int64(len(clean))
	for _, size := range []int64{n / 2, n / 4, 3 * 4096, 8192, 100, 0} {
		if err := os.WriteFile(path, clean[:size], 0o600); err != nil {
			t.Fatal(err)
		}
		s, err := store.Open(context.Background(), "bolt:"+path, store.Options{})
		t.Logf("truncated to %d: %v", size, err)
		if err == nil {
			// Size 0 is an empty file bolt may initialise; anything else
			// must be refused.
			s.Close()
			if size != 0 {
				t.Errorf("Open(truncated to %d bytes) succeeded", size)
			}
			continue
		}
		if !errors.Is(err, store.ErrCorrupt) && !errors.Is(err, store.ErrUnavailable) {
			t.Errorf("Open(truncated to %d) err = %v, want ErrCorrupt", size, err)
		}
		if size > 4096 && !strings.Contains(err.Error(), "damaged") {
			t.Errorf("Open(truncated to %d) err = %q: not clear that the file is damaged", size, err)
		}
	}
}

// FuzzBoltCorrupt: whatever bytes overwrite the stored originals in a bolt
// file, and wherever the file is cut short, Open and Get never panic or
// fault, and Get never returns bytes other than the original. (Arbitrary
// damage to bbolt's branch pages can make bbolt loop; see checkBolt.)
func FuzzBoltCorrupt(f *testing.F) {
	f.Add(uint32(0), uint32(0), []byte("garbage"))
	f.Add(uint32(0), uint32(5), bytes.Repeat([]byte{0xff}, 64))
	f.Add(uint32(8192), uint32(0), []byte{})
	f.Add(uint32(20000), uint32(7), []byte("x"))
	f.Add(uint32(1), uint32(3000), []byte{0})
	originals := [][]byte{
		[]byte("short one\n"),
		bytes.Repeat([]byte("a longer original that spans pages\n"), 400),
		{0, 1, 2, 0xff, 'q', 'z'},
	}
	path0, ids := boltWith(f, originals...)
	clean, err := os.ReadFile(path0)
	if err != nil {
		f.Fatal(err)
	}
	var spans [][2]int // where the originals lie in the file
	for _, o := range originals {
		if i := bytes.Index(clean, o); i >= 0 {
			spans = append(spans, [2]int{i, i + len(o)})
		}
	}
	if len(spans) != len(originals) {
		f.Fatal("originals not found in the bolt file")
	}
	f.Fuzz(func(t *testing.T, cut, off uint32, patch []byte) {
		raw := bytes.Clone(clean)
		sp := spans[int(off)%len(spans)]
		at := sp[0] + int(off/3)%(sp[1]-sp[0])
		copy(raw[at:sp[1]], patch)
		if cut != 0 {
			raw = raw[:int(cut)%len(raw)]
		}
		path := t.TempDir() + "/ccr.db"
		if err := os.WriteFile(path, raw, 0o600); err != nil {
			t.Fatal(err)
		}
		s, err := store.Open(context.Background(), "bolt:"+path, store.Options{LockTimeout: 1})
		if err != nil {
			if len(raw) > 0 && !errors.Is(err, store.ErrCorrupt) {
				t.Fatalf("Open(damaged file) err = %v, want ErrCorrupt", err)
			}
			return
		}
		defer s.Close()
		for i, id := range ids {
			got, err := s.Get(context.Background(), "", id)
			if err == nil && !bytes.Equal(got, originals[i]) {
				t.Fatalf("Get(%s) returned %d wrong bytes from a damaged file", id, len(got))
			}
		}
	})
}

// TestBoltFirstMetaDamaged: bolt keeps two meta pages so that a write
// torn in one leaves the other; a file whose first is damaged still
// opens (whatever its page size), and Get gives the original or none,
// never other bytes.
func TestBoltFirstMetaDamaged(t *testing.T) {
	orig := []byte(strings.Repeat("kept across a torn meta page\n", 30))
	path, ids := boltWith(t, orig)
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := 16; i < 80; i++ {
		raw[i] ^= 0xff
	}
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := store.Open(context.Background(), "bolt:"+path, store.Options{})
	if err != nil {
		t.Fatalf("Open(first meta page damaged): %v", err)
	}
	defer s.Close()
	got, err := s.Get(context.Background(), "", ids[0])
	if err == nil && !bytes.Equal(got, orig) || err != nil && !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Get = %d bytes, %v; want the original or ErrNotFound", len(got), err)
	}
}
