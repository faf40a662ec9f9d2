package store_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/store/storetest"
)

// FuzzRoundTrip: any bytes in any tenant come back exactly, by the id and
// by its upper-case form.
func FuzzRoundTrip(f *testing.F) {
	f.Add("", []byte{})
	f.Add("", []byte("hello\n"))
	f.Add("acme", []byte{0, 0xff, '\n', 0x80})
	f.Add("t\x00x", []byte(strings.Repeat("ab", 5000)))
	stores := map[string]store.Store{
		"memory": storetest.Memory(f),
		"bolt":   storetest.Bolt(f),
	}
	f.Fuzz(func(t *testing.T, tenant string, data []byte) {
		ctx := context.Background()
		for name, s := range stores {
			id, err := s.Put(ctx, tenant, data)
			if err != nil {
				t.Fatalf("%s Put: %v", name, err)
			}
			for _, q := range []string{id, strings.ToUpper(id)} {
				got, err := s.Get(ctx, tenant, q)
				if err != nil {
					t.Fatalf("%s Get(%q): %v", name, q, err)
				}
				if !bytes.Equal(got, data) {
					t.Fatalf("%s Get(%q) = %q, want %q", name, q, got, data)
				}
			}
		}
	})
}

// FuzzNormalizeID: never panics, and what it accepts is a valid id that
// normalizes to itself.
func FuzzNormalizeID(f *testing.F) {
	for _, s := range []string{"ab12cd34ef56", "[AB12CD34EF56]", "id=", "ccr:", "\xff\xfe", "=:=:"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := store.NormalizeID(s)
		if err != nil {
			return
		}
		if len(id) < 12 || len(id) > 64 || strings.Trim(id, "0123456789abcdef") != "" {
			t.Fatalf("NormalizeID(%q) = %q: not 12-64 lower-case hex", s, id)
		}
		if again, err := store.NormalizeID(id); err != nil || again != id {
			t.Fatalf("NormalizeID(%q) = %q, %v; want it unchanged", id, again, err)
		}
	})
}
