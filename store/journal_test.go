package store_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/store/storetest"
)

// crashed writes originals into a bolt store whose applier is held, so
// they are only in its journal, and leaves it as a killed process would.
// It returns the bolt path and the ids.
func crashed(t *testing.T, opts store.Options, tenant string, originals ...[]byte) (string, []string) {
	t.Helper()
	path := t.TempDir() + "/ccr.db"
	s, err := store.Open(context.Background(), "bolt:"+path, opts)
	if err != nil {
		t.Fatal(err)
	}
	store.HoldApply(s)
	var ids []string
	for _, o := range originals {
		id, err := s.Put(context.Background(), tenant, o)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := store.Crash(s); err != nil {
		t.Fatal(err)
	}
	return path, ids
}

func numbered(n int) [][]byte {
	var out [][]byte
	for i := range n {
		out = append(out, []byte(fmt.Sprintf("original %d: %s\n", i, strings.Repeat("log line ", i+1))))
	}
	return out
}

func journalSize(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path + store.JournalSuffix)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

func openBolt(t *testing.T, path string, opts store.Options) store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), "bolt:"+path, opts)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func wantAll(t *testing.T, s store.Store, tenant string, ids []string, originals [][]byte) {
	t.Helper()
	for i, id := range ids {
		got, err := s.Get(context.Background(), tenant, id)
		if err != nil || !bytes.Equal(got, originals[i]) {
			t.Errorf("Get(%s) = %q, %v; want %q", id, got, err, originals[i])
		}
	}
}

// TestJournalPending: an original still only in the journal is served,
// deduplicated and kept apart by tenant like one in bolt.
func TestJournalPending(t *testing.T) {
	path := t.TempDir() + "/ccr.db"
	s := openBolt(t, path, store.Options{})
	store.HoldApply(s)
	ctx := context.Background()
	orig := []byte("only in the journal so far\n")
	id, err := s.Put(ctx, "a", orig)
	if err != nil {
		t.Fatal(err)
	}
	if n := journalSize(t, path); n <= int64(len(orig)) {
		t.Fatalf("journal holds %d bytes after a Put of %d", n, len(orig))
	}
	if raw, _ := os.ReadFile(path); bytes.Contains(raw, orig) {
		t.Fatal("the original reached the bolt file with the applier held")
	}
	if got, err := s.Get(ctx, "a", id); err != nil || !bytes.Equal(got, orig) {
		t.Fatalf("Get(pending) = %q, %v", got, err)
	}
	if _, err := s.Get(ctx, "b", id); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Get(pending, other tenant) err = %v, want ErrNotFound", err)
	}
	if again, err := s.Put(ctx, "a", orig); err != nil || again != id {
		t.Fatalf("Put(same, pending) = %q, %v; want %q", again, err, id)
	}
	store.ReleaseApply(s)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if n := journalSize(t, path); n != 0 {
		t.Errorf("journal holds %d bytes after Close", n)
	}
	if raw, _ := os.ReadFile(path); !bytes.Contains(raw, orig) {
		t.Error("Close did not apply the journal to the bolt file")
	}
	s = openBolt(t, path, store.Options{})
	wantAll(t, s, "a", []string{id}, [][]byte{orig})
}

// TestJournalReplay: what a crash left in the journal is in bolt after
// the next Open, and the journal is empty.
func TestJournalReplay(t *testing.T) {
	originals := numbered(20)
	path, ids := crashed(t, store.Options{}, "team", originals...)
	if journalSize(t, path) == 0 {
		t.Fatal("nothing journaled")
	}
	s := openBolt(t, path, store.Options{})
	if n := journalSize(t, path); n != 0 {
		t.Errorf("journal holds %d bytes after replay", n)
	}
	wantAll(t, s, "team", ids, originals)
	// New Puts after a replay carry on.
	id, err := s.Put(context.Background(), "team", []byte("after the replay"))
	if err != nil {
		t.Fatal(err)
	}
	wantAll(t, s, "team", []string{id}, [][]byte{[]byte("after the replay")})
}

// TestJournalReplayIdempotent replays a journal bolt already holds: the
// records are skipped, not counted twice against the size bound.
func TestJournalReplayIdempotent(t *testing.T) {
	clk := newClock()
	opts := store.Options{MaxBytes: 1000, Now: clk.Now}
	a, b := bytes.Repeat([]byte("a"), 300), bytes.Repeat([]byte("b"), 300)
	path, ids := crashed(t, opts, "", a, b)
	journal, err := os.ReadFile(path + store.JournalSuffix)
	if err != nil {
		t.Fatal(err)
	}
	s := openBolt(t, path, opts) // replays, empties the journal
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// As if the truncation had not reached the disk.
	if err := os.WriteFile(path+store.JournalSuffix, journal, 0o600); err != nil {
		t.Fatal(err)
	}
	s = openBolt(t, path, opts)
	wantAll(t, s, "", ids, [][]byte{a, b})
	clk.Add(time.Second)
	c := bytes.Repeat([]byte("c"), 300)
	idC, err := s.Put(context.Background(), "", c)
	if err != nil {
		t.Fatal(err)
	}
	// 900 bytes fit in 1000: counted twice, a would have been evicted.
	wantAll(t, s, "", append(ids, idC), [][]byte{a, b, c})
}

// TestJournalTornTail: a crash in the middle of an append leaves a short
// record or garbage at the end; it was never acknowledged and is dropped.
func TestJournalTornTail(t *testing.T) {
	originals := numbered(5)
	for _, c := range []struct {
		name string
		tear func([]byte) []byte
		kept int
	}{
		{"short last record", func(b []byte) []byte { return b[:len(b)-7] }, 4},
		{"zeros after the end", func(b []byte) []byte { return append(b, make([]byte, 4096)...) }, 5},
		{"last byte changed", func(b []byte) []byte { b[len(b)-1] ^= 1; return b }, 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			path, ids := crashed(t, store.Options{}, "", originals...)
			jpath := path + store.JournalSuffix
			raw, err := os.ReadFile(jpath)
			if err != nil {
				t.Fatal(err)
			}
			// The file grows ahead of its records: zeros follow them
			// (the originals end in a newline).
			raw = bytes.TrimRight(raw, "\x00")
			if err := os.WriteFile(jpath, c.tear(raw), 0o600); err != nil {
				t.Fatal(err)
			}
			s := openBolt(t, path, store.Options{})
			wantAll(t, s, "", ids[:c.kept], originals[:c.kept])
			for _, id := range ids[c.kept:] {
				if _, err := s.Get(context.Background(), "", id); !errors.Is(err, store.ErrNotFound) {
					t.Errorf("Get(torn record %s) err = %v, want ErrNotFound", id, err)
				}
			}
		})
	}
}

// TestJournalCorruptMiddle: a bad record followed by intact ones would
// lose acknowledged originals: Open refuses, naming the journal.
func TestJournalCorruptMiddle(t *testing.T) {
	originals := numbered(5)
	path, _ := crashed(t, store.Options{}, "", originals...)
	jpath := path + store.JournalSuffix
	raw, err := os.ReadFile(jpath)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(raw, originals[1])
	if i < 0 {
		t.Fatal("original not found in the journal")
	}
	raw[i+3] ^= 0x20
	if err := os.WriteFile(jpath, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	for range 2 { // refused again: a refused Open changes nothing
		s, err := store.Open(context.Background(), "bolt:"+path, store.Options{})
		if err == nil {
			s.Close()
			t.Fatal("Open(journal damaged in the middle) succeeded")
		}
		if !errors.Is(err, store.ErrCorrupt) || !errors.Is(err, store.ErrUnavailable) ||
			!strings.Contains(err.Error(), jpath) || !strings.Contains(err.Error(), "damaged") {
			t.Fatalf("Open err = %v, want ErrCorrupt naming %s as damaged", err, jpath)
		}
	}
}

// TestJournalBackPressure: with the applier held, the pending originals
// stop at the bound: the Put that would pass it waits until they are
// applied.
func TestJournalBackPressure(t *testing.T) {
	s := openBolt(t, t.TempDir()+"/ccr.db", store.Options{})
	store.HoldApply(s)
	store.SetJournalLimit(s, 1<<40) // the journal would wait for the applier too
	ctx := context.Background()
	const size = store.LargeOriginal / 2
	blob := func(i int) []byte {
		b := bytes.Repeat([]byte{byte(i)}, size)
		b[0], b[1] = byte(i>>8), 'x'
		return b
	}
	n := int(store.MaxPending / size)
	for i := range n {
		if _, err := s.Put(ctx, "", blob(i)); err != nil {
			t.Fatal(err)
		}
	}
	if p := store.Pending(s); p != int64(n*size) {
		t.Fatalf("pending = %d, want %d", p, n*size)
	}
	done := make(chan error, 1)
	go func() {
		_, err := s.Put(ctx, "", blob(n))
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("Put past the bound returned (%v) with nothing applied", err)
	default:
	}
	if p := store.Pending(s); p > store.MaxPending {
		t.Fatalf("pending = %d, over the bound %d", p, store.MaxPending)
	}
	// A Put that gives up while it waits returns its context's error
	// (without the wake-up it would wait for the applier forever).
	cctx, cancel := context.WithCancel(ctx)
	gaveUp := make(chan error, 1)
	go func() {
		_, err := s.Put(cctx, "", blob(n+1))
		gaveUp <- err
	}()
	time.Sleep(50 * time.Millisecond) // most likely waiting by now; either way it must give up
	cancel()
	if err := <-gaveUp; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled Put: err = %v, want context.Canceled", err)
	}
	store.ReleaseApply(s)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestJournalConcurrent puts and gets from many goroutines, through more
// than one journal's worth of originals (so the journal is emptied while
// Puts go on), then reopens; run with -race.
func TestJournalConcurrent(t *testing.T) {
	path := t.TempDir() + "/ccr.db"
	s, err := store.Open(context.Background(), "bolt:"+path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	const goroutines, each, size = 8, 40, 8 << 10
	store.SetJournalLimit(s, 64<<10)
	ids := make([][]string, goroutines)
	data := func(g, i int) []byte {
		b := bytes.Repeat([]byte(fmt.Sprintf("g%d i%d ", g, i%(each/2))), size/5)
		return b[:size]
	}
	var wg sync.WaitGroup
	errs := make(chan error, goroutines)
	for g := range goroutines {
		wg.Go(func() {
			for i := range each {
				want := data(g, i) // the second half repeats the first
				id, err := s.Put(ctx, fmt.Sprint(g%2), want)
				if err != nil {
					errs <- err
					return
				}
				ids[g] = append(ids[g], id)
				got, err := s.Get(ctx, fmt.Sprint(g%2), id)
				if err != nil || !bytes.Equal(got, want) {
					errs <- fmt.Errorf("Get(%s) = %d bytes, %v", id, len(got), err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if n := store.JournalResets(s); n == 0 {
		t.Errorf("%d bytes of Puts never emptied a journal of at most 64 KiB", goroutines*each*size)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = openBolt(t, path, store.Options{})
	for g := range goroutines {
		for i, id := range ids[g] {
			got, err := s.Get(ctx, fmt.Sprint(g%2), id)
			if err != nil || !bytes.Equal(got, data(g, i)) {
				t.Fatalf("after reopen Get(%s) = %d bytes, %v", id, len(got), err)
			}
		}
	}
}

// TestJournalFailedWrite: after a journal append fails, Put says the store
// is unavailable; the next Ping starts over from what reached the disk, and
// the store serves again with every acknowledged original.
func TestJournalFailedWrite(t *testing.T) {
	s := openBolt(t, t.TempDir()+"/ccr.db", store.Options{})
	ctx := context.Background()
	before := []byte("acknowledged before the failure\n")
	id, err := s.Put(ctx, "", before)
	if err != nil {
		t.Fatal(err)
	}
	store.BreakJournal(s)
	if _, err := s.Put(ctx, "", []byte("lost to the failure\n")); !errors.Is(err, store.ErrUnavailable) {
		t.Fatalf("Put with a broken journal err = %v, want ErrUnavailable", err)
	}
	store.AllowRecover(s)
	if err := s.Ping(ctx); err != nil {
		t.Fatalf("Ping after the failure: %v", err)
	}
	wantAll(t, s, "", []string{id}, [][]byte{before})
	after := []byte("stored after the recovery\n")
	idAfter, err := s.Put(ctx, "", after)
	if err != nil {
		t.Fatal(err)
	}
	wantAll(t, s, "", []string{idAfter}, [][]byte{after})
}

// TestJournalReplayOtherOptions replays a journal with a longer TTL than
// the writer had. The writer's A (id p) had expired and been swept when B,
// whose hash shares those 12 characters, was given p (new, or stored
// before under a longer id and expired too); in the replay A, and B's
// first copy, are still alive when B's record comes. B must keep the id
// it was given, and p must not name A.
func TestJournalReplayOtherOptions(t *testing.T) {
	const p = "feed0000beef"
	pad := func(s string) string { return s + strings.Repeat("0", 64-len(s)) }
	hA, hB := pad(p+"a"), pad(p+"b")
	store.Crafted(t)
	for _, refresh := range []bool{false, true} {
		t.Run(fmt.Sprintf("refresh=%v", refresh), func(t *testing.T) {
			clk := newClock()
			ctx := context.Background()
			path := t.TempDir() + "/ccr.db"
			s, err := store.Open(ctx, "bolt:"+path, store.Options{TTL: time.Hour, Now: clk.Now})
			if err != nil {
				t.Fatal(err)
			}
			store.HoldApply(s)
			put := func(hash, data, want string) {
				t.Helper()
				if id, err := store.PutHash(ctx, s, "", hash, []byte(data)); err != nil || id != want {
					t.Fatalf("%s: %q, %v; want %q", data, id, err, want)
				}
			}
			put(hA, "A", p)
			if refresh {
				put(hB, "B", p+"b")
			}
			clk.Add(2 * time.Hour) // A (and B) expire; the next Put sweeps them
			put(hB, "B", p)
			if err := store.Crash(s); err != nil {
				t.Fatal(err)
			}

			s = openBolt(t, path, store.Options{TTL: 24 * time.Hour, Now: clk.Now})
			if got, err := s.Get(ctx, "", p); err != nil || string(got) != "B" {
				t.Errorf("Get(%s) after replay = %q, %v; want B", p, got, err)
			}
			put(hB, "B", p) // a later Put of B answers with the id B was given
		})
	}
}

// TestDurableWait: a bolt or Redis Put says, once, when it starts to wait
// for its original to become durable (a journal sync, Redis's reply),
// before that wait ends; a memory Put never waits.
func TestDurableWait(t *testing.T) {
	bolt := func(t *testing.T) string { return "bolt:" + t.TempDir() + "/ccr.db" }
	for _, c := range []struct {
		name string
		url  func(t *testing.T) string
		want int
	}{
		{"bolt", bolt, 1},
		{"bolt large", bolt, 1},
		{"redis", func(t *testing.T) string { url, _ := storetest.StartRedis(t); return url }, 1},
		{"memory", func(*testing.T) string { return "memory:" }, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := store.Open(context.Background(), c.url(t), store.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			original := []byte("an original\n")
			if strings.HasSuffix(c.name, "large") {
				original = bytes.Repeat([]byte("x"), store.LargeOriginal)
			}
			calls := 0
			ctx := store.WithDurableWait(context.Background(), func() { calls++ })
			if _, err := s.Put(ctx, "", original); err != nil {
				t.Fatal(err)
			}
			if calls != c.want {
				t.Errorf("the hook ran %d times, want %d", calls, c.want)
			}
		})
	}
}

// TestJournalRewindCrash: once bolt holds the whole journal, records are
// written from its start again over the old ones; a crash then leaves new
// records, old ones and zeros in the file, and a replay restores what was
// acknowledged since the last rewind, from bolt and the journal both.
func TestJournalRewindCrash(t *testing.T) {
	path := t.TempDir() + "/ccr.db"
	s, err := store.Open(context.Background(), "bolt:"+path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	store.SetJournalLimit(s, 8<<10)
	originals := numbered(60)
	var ids []string
	for i, o := range originals {
		if i == 50 {
			// The last ten are only in the journal, after what the
			// rewinds left there.
			store.SetJournalLimit(s, 1<<40)
			store.HoldApply(s)
		}
		id, err := s.Put(context.Background(), "", o)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if n := store.JournalResets(s); n == 0 {
		t.Fatal("the journal was never rewound")
	}
	if err := store.Crash(s); err != nil {
		t.Fatal(err)
	}
	s = openBolt(t, path, store.Options{})
	wantAll(t, s, "", ids, originals)
}
