package store

import (
	"bytes"
	"context"
	"sync"
	"testing"
	"time"
)

// TestSweepAtExpiry: a Put sweeps an original away at the moment it
// expires, not before and not later, although Puts skip the look at the
// oldest original while none can have expired (sweepUntil).
func TestSweepAtExpiry(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	clock := func(d time.Duration) {
		mu.Lock()
		now = now.Add(d)
		mu.Unlock()
	}
	st, err := Open(context.Background(), "bolt:"+t.TempDir()+"/ccr.db", Options{TTL: time.Hour, Now: func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		return now
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s := st.(*boltStore)
	total := func() int64 {
		s.mu.Lock()
		defer s.mu.Unlock()
		k, done, err := s.readKV()
		if err != nil {
			t.Fatal(err)
		}
		defer done()
		return totalBytes(layered{l: s.ov, below: k})
	}
	put := func(c byte, size int) {
		if _, err := s.Put(context.Background(), "", bytes.Repeat([]byte{c}, size)); err != nil {
			t.Fatal(err)
		}
	}
	put('A', 100) // at 0
	clock(30 * time.Minute)
	put('B', 10) // at 30m: A expires at 60m
	clock(29*time.Minute + 59*time.Second)
	put('D', 1) // at 59m59s: A not yet expired
	if got, want := total(), int64(100+10+1); got != want {
		t.Fatalf("before A expires: %d bytes stored, want %d", got, want)
	}
	clock(time.Second)
	put('C', 1000) // at 60m: A expired, swept
	if got, want := total(), int64(10+1+1000); got != want {
		t.Fatalf("as A expires: %d bytes stored, want %d (A swept)", got, want)
	}
	clock(30 * time.Minute)
	put('E', 1) // at 90m: B expired, swept
	if got, want := total(), int64(1+1000+1); got != want {
		t.Fatalf("as B expires: %d bytes stored, want %d (B swept)", got, want)
	}
}
