package store_test

import (
	"bytes"
	"context"
	"runtime"
	"testing"

	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/store/storetest"
)

// TestBoltLarge stores and retrieves a 100 MB original and bounds the heap
// that costs: Put allocates bolt's page buffer and, when the file grows,
// bolt's copy of the value before remapping; Get allocates the copy out of
// the mmap. About three times the original, and no more.
func TestBoltLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 100 MB; skipped with -short")
	}
	const size = 100 << 20
	data := bytes.Repeat([]byte("0123456789abcdef log line that repeats\n"), size/39+1)[:size]
	data[size-1] = 0xff
	s := storetest.Open(t, "bolt:"+t.TempDir()+"/ccr.db", store.Options{})
	ctx := context.Background()

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	id, err := s.Put(ctx, "", data)
	if err != nil {
		t.Fatalf("Put(100 MB): %v", err)
	}
	got, err := s.Get(ctx, "", id)
	if err != nil {
		t.Fatalf("Get(100 MB): %v", err)
	}
	runtime.ReadMemStats(&after)
	if !bytes.Equal(got, data) {
		t.Fatal("100 MB original came back different")
	}
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("Put+Get of %d MB allocated %d MB", size>>20, alloc>>20)
	if limit := uint64(size) * 32 / 10; alloc > limit {
		t.Errorf("Put+Get of %d MB allocated %d MB, want at most %d MB", size>>20, alloc>>20, limit>>20)
	}
}

func TestRedisLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("sends 100 MB; skipped with -short")
	}
	url, _ := storetest.StartRedis(t)
	// The store's seconds-long I/O timeouts are for a hung Redis; 100 MB
	// through a loaded machine's loopback can take longer than that, so
	// this test gives each read and write minutes (the URL's own options).
	s := storetest.Open(t, url+"?read_timeout=5m&write_timeout=5m", store.Options{})
	data := bytes.Repeat([]byte("0123456789abcdef log line that repeats\n"), (100<<20)/39)
	ctx := context.Background()
	id, err := s.Put(ctx, "", data)
	if err != nil {
		t.Fatalf("Put(100 MB): %v", err)
	}
	got, err := s.Get(ctx, "", id)
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("Get(100 MB) = %d bytes, %v", len(got), err)
	}
}
