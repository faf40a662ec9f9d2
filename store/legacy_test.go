package store_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kompress/kompress/store"
)

// v1Original is one line of testdata/v1/manifest.
type v1Original struct {
	tenant, id, sum string
	size            int
}

// v1Store copies the store testdata/v1 holds, written before the log
// bucket (see its README), into a temporary directory.
func v1Store(t *testing.T) (string, []v1Original) {
	t.Helper()
	path := t.TempDir() + "/ccr.db"
	for _, suffix := range []string{"", store.JournalSuffix} {
		b, err := os.ReadFile("testdata/v1/ccr.db" + suffix)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path+suffix, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open("testdata/v1/manifest")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var list []v1Original
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		size, err := strconv.Atoi(fs[3])
		if len(fs) != 4 || err != nil {
			t.Fatalf("manifest line %q", sc.Text())
		}
		list = append(list, v1Original{fs[0], fs[1], fs[2], size})
	}
	if len(list) == 0 {
		t.Fatal("empty manifest")
	}
	return path, list
}

// v1Now is shortly after the v1 store was written: its originals are
// alive then.
func v1Now() time.Time { return time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC) }

func wantV1(t *testing.T, s store.Store, o v1Original) {
	t.Helper()
	got, err := s.Get(context.Background(), o.tenant, o.id)
	if err != nil {
		t.Fatalf("Get(%s, %s): %v", o.tenant, o.id, err)
	}
	if sum := sha256.Sum256(got); hex.EncodeToString(sum[:]) != o.sum || len(got) != o.size {
		t.Fatalf("Get(%s, %s) = %d bytes, not the original of %d", o.tenant, o.id, len(got), o.size)
	}
}

// TestReadsV1Store: a store written before the log bucket, with
// originals in bolt and in its journal (a killed server), opens; every
// original it holds comes back, for its tenant only; new Puts, refreshes
// and eviction work on it, across a reopen.
func TestReadsV1Store(t *testing.T) {
	path, list := v1Store(t)
	ctx := context.Background()
	now := v1Now()
	opts := store.Options{Now: func() time.Time { return now }}
	s := openBolt(t, path, opts)
	total := 0
	seen := map[string]bool{}
	for _, o := range list {
		wantV1(t, s, o)
		if !seen[o.tenant+o.id] {
			total += o.size
		}
		seen[o.tenant+o.id] = true
	}
	// b200d36ad4f9 is alpha's only.
	if _, err := s.Get(ctx, "beta", "b200d36ad4f9"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Get(beta, alpha's id) err = %v, want ErrNotFound", err)
	}
	// A new original, and a v1 one put again (refreshed where it is).
	fresh := bytes.Repeat([]byte("stored after the upgrade\n"), 40)
	idFresh, err := s.Put(ctx, "alpha", fresh)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	// Room for all but about 5 KB: the next Put evicts the oldest, a v1
	// original in bolt's data bucket.
	now = now.Add(time.Minute)
	opts.MaxBytes = int64(total + len(fresh) + 5000)
	s = openBolt(t, path, opts)
	for _, o := range list {
		wantV1(t, s, o)
	}
	wantAll(t, s, "alpha", []string{idFresh}, [][]byte{fresh})
	oldest := list[0]
	if oldest.tenant != "alpha" || oldest.id != "8e0f064a9446" {
		t.Fatalf("manifest starts with %v", oldest)
	}
	more := bytes.Repeat([]byte("evicts the oldest\n"), 500)
	idMore, err := s.Put(ctx, "alpha", more)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, "alpha", oldest.id); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Get(evicted v1 original) err = %v, want ErrNotFound", err)
	}
	wantV1(t, s, list[3]) // beta's copy of the same original is its own
	wantAll(t, s, "alpha", []string{idFresh, idMore}, [][]byte{fresh, more})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	// A day later, all of it has expired.
	now = now.Add(48 * time.Hour)
	s = openBolt(t, path, opts)
	if _, err := s.Put(ctx, "alpha", []byte("sweeps the rest\n")); err != nil {
		t.Fatal(err)
	}
	for _, o := range list {
		if _, err := s.Get(ctx, o.tenant, o.id); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("Get(%s, %s) two days on: err = %v, want ErrNotFound", o.tenant, o.id, err)
		}
	}
}
