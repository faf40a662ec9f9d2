package store_test

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/store/storetest"
)

// TestMemoryPutString: the memory store takes an original as a string and
// keeps it without a copy, under the id Put gives the same bytes.
func TestMemoryPutString(t *testing.T) {
	ctx := context.Background()
	s, ok := storetest.Memory(t).(store.StringPutter)
	if !ok {
		t.Fatal("the memory store is not a store.StringPutter")
	}
	original := strings.Repeat("a line of a big log\n", 1<<16) // 1.3 MB
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	id, err := s.PutString(ctx, "t", original)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew >= uint64(len(original))/2 {
		t.Errorf("PutString of %d bytes allocated %d: the original was copied", len(original), grew)
	}
	got, err := s.(store.Store).Get(ctx, "t", id)
	if err != nil || string(got) != original {
		t.Fatalf("Get(%s) = %d bytes, %v; want the original's %d", id, len(got), err, len(original))
	}
	got[0] = 'X' // a caller writing what it got does not write the string
	if again, _ := s.(store.Store).Get(ctx, "t", id); string(again) != original {
		t.Fatal("a write to Get's result changed the stored original")
	}
	if id2, err := s.(store.Store).Put(ctx, "t", []byte(original)); err != nil || id2 != id {
		t.Fatalf("Put of the same bytes = %q, %v; want %q", id2, err, id)
	}
}
