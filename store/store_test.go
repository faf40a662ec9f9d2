package store_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/store/storetest"
)

// backend opens one kind of store for a test; every behaviour test runs
// over all of them.
type backend struct {
	name string
	open func(t *testing.T, opts store.Options) store.Store
	// local backends honour Options.Now and Options.MaxBytes; Redis keeps
	// its own clock and memory policy.
	local bool
}

func backends() []backend {
	return []backend{
		{"memory", func(t *testing.T, opts store.Options) store.Store {
			return storetest.Open(t, "memory:", opts)
		}, true},
		{"bolt", func(t *testing.T, opts store.Options) store.Store {
			return storetest.Open(t, "bolt:"+t.TempDir()+"/ccr.db", opts)
		}, true},
		{"redis", func(t *testing.T, opts store.Options) store.Store {
			url, _ := storetest.StartRedis(t)
			return storetest.Open(t, url, opts)
		}, false},
	}
}

func forEach(t *testing.T, f func(t *testing.T, b backend)) {
	for _, b := range backends() {
		t.Run(b.name, func(t *testing.T) { f(t, b) })
	}
}

// clock is a settable fake time for TTL and eviction order.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func fullHash(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func TestRoundTrip(t *testing.T) {
	random := make([]byte, 1<<20)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range random {
		random[i] = byte(rng.Uint32())
	}
	cases := []struct {
		name string
		data []byte
	}{
		{"empty", []byte{}},
		{"text", []byte("--- FAIL: TestX (0.01s)\n    x_test.go:12: got 1, want 2\n")},
		{"binary", []byte{0, 1, 2, 0xff, 0xfe, 0, '\n', '\r'}},
		{"invalid utf-8", []byte("caf\xc3\x28 \xed\xa0\x80")},
		{"1 MiB random", random},
	}
	forEach(t, func(t *testing.T, b backend) {
		s := b.open(t, store.Options{})
		ctx := context.Background()
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				id, err := s.Put(ctx, "", c.data)
				if err != nil {
					t.Fatalf("Put: %v", err)
				}
				hash := fullHash(c.data)
				if id != hash[:12] {
					t.Fatalf("id = %q, want %q (first 12 hex of sha256)", id, hash[:12])
				}
				again, err := s.Put(ctx, "", bytes.Clone(c.data))
				if err != nil || again != id {
					t.Fatalf("second Put = %q, %v; want %q (content-addressed)", again, err, id)
				}
				for _, form := range []string{
					id, strings.ToUpper(id), "[" + id + "]", `"` + id + `",`, "id=" + id,
					"ccr:" + strings.ToUpper(id), "  " + id + ".\n", "`" + id + "`",
					hash, hash[:20], "retrieve id=" + hash[:16] + "]",
				} {
					got, err := s.Get(ctx, "", form)
					if err != nil {
						t.Fatalf("Get(%q): %v", form, err)
					}
					if !bytes.Equal(got, c.data) {
						t.Fatalf("Get(%q) returned %d bytes, want the %d stored", form, len(got), len(c.data))
					}
				}
			})
		}
	})
}

func TestNilOriginal(t *testing.T) {
	forEach(t, func(t *testing.T, b backend) {
		s := b.open(t, store.Options{})
		id, err := s.Put(context.Background(), "", nil)
		if err != nil {
			t.Fatalf("Put(nil): %v", err)
		}
		got, err := s.Get(context.Background(), "", id)
		if err != nil || len(got) != 0 {
			t.Fatalf("Get(id of nil) = %q, %v; want empty", got, err)
		}
	})
}

func TestGetReturnsCopy(t *testing.T) {
	forEach(t, func(t *testing.T, b backend) {
		s := b.open(t, store.Options{})
		ctx := context.Background()
		data := []byte("original bytes")
		id, err := s.Put(ctx, "", data)
		if err != nil {
			t.Fatal(err)
		}
		data[0] = 'X' // the caller reuses its buffer
		got, err := s.Get(ctx, "", id)
		if err != nil {
			t.Fatal(err)
		}
		got[1] = 'Y' // and scribbles on what it got
		again, err := s.Get(ctx, "", id)
		if err != nil {
			t.Fatal(err)
		}
		if string(again) != "original bytes" {
			t.Fatalf("Get = %q after caller mutations, want %q", again, "original bytes")
		}
	})
}

func TestNotFoundAndTenants(t *testing.T) {
	forEach(t, func(t *testing.T, b backend) {
		s := b.open(t, store.Options{})
		ctx := context.Background()
		id, err := s.Put(ctx, "acme", []byte("acme's secret output"))
		if err != nil {
			t.Fatal(err)
		}
		for _, tenant := range []string{"", "other", "ACME", "acme "} {
			if _, err := s.Get(ctx, tenant, id); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("Get(tenant %q, acme's id) err = %v, want ErrNotFound", tenant, err)
			}
		}
		if _, err := s.Get(ctx, "acme", "0123456789ab"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("Get(unknown id) err = %v, want ErrNotFound", err)
		}
		// The same content in another tenant gets the same id, stored apart.
		id2, err := s.Put(ctx, "other", []byte("acme's secret output"))
		if err != nil || id2 != id {
			t.Fatalf("Put in other tenant = %q, %v; want %q", id2, err, id)
		}
		if got, err := s.Get(ctx, "acme", id); err != nil || string(got) != "acme's secret output" {
			t.Fatalf("Get(acme) = %q, %v", got, err)
		}
	})
}

func TestBadID(t *testing.T) {
	bad := []string{
		"", "   ", "[]", "abc", "0123456789a", "0123456789ag", "ab12cd34ef56 extra",
		strings.Repeat("a", 65), "ab12cd34-ef56ab", "ｆｆｆｆｆｆｆｆｆｆｆｆ", "id=", "ccr:xyz",
	}
	forEach(t, func(t *testing.T, b backend) {
		s := b.open(t, store.Options{})
		for _, id := range bad {
			if _, err := s.Get(context.Background(), "", id); !errors.Is(err, store.ErrBadID) {
				t.Errorf("Get(%q) err = %v, want ErrBadID", id, err)
			}
		}
	})
}

func TestNormalizeID(t *testing.T) {
	good := []struct{ in, want string }{
		{"ab12cd34ef56", "ab12cd34ef56"},
		{"AB12CD34EF56", "ab12cd34ef56"},
		{"[ab12cd34ef56]", "ab12cd34ef56"},
		{`"ab12cd34ef56",`, "ab12cd34ef56"},
		{"id=ab12cd34ef56", "ab12cd34ef56"},
		{"ccr:AB12cd34EF56", "ab12cd34ef56"},
		{"(id: ab12cd34ef56).", "ab12cd34ef56"},
		{"«ab12cd34ef56»", "ab12cd34ef56"},
		{"\tab12cd34ef56ab12\n", "ab12cd34ef56ab12"},
		{"[kompress: 9 of 10 lines omitted; full output: retrieve id=ab12cd34ef56]", "ab12cd34ef56"},
		{strings.Repeat("F", 64), strings.Repeat("f", 64)},
		{"/v1/retrieve/ab12cd34ef56", "ab12cd34ef56"},
	}
	for _, c := range good {
		got, err := store.NormalizeID(c.in)
		if err != nil || got != c.want {
			t.Errorf("NormalizeID(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, in := range []string{"", "ab12cd34ef5", "ab12cd34ef5z", "ab12cd34ef56 x", strings.Repeat("a", 65), "0x" + "ab12cd34ef56"} {
		if got, err := store.NormalizeID(in); !errors.Is(err, store.ErrBadID) {
			t.Errorf("NormalizeID(%q) = %q, %v; want ErrBadID", in, got, err)
		}
	}
	// The message must not echo a huge input back.
	_, err := store.NormalizeID(strings.Repeat("z", 1<<20))
	if err == nil || len(err.Error()) > 200 {
		t.Errorf("NormalizeID(1 MiB) error too long or nil: %d bytes", len(fmt.Sprint(err)))
	}
}

// TestCollision injects originals whose hashes share a 12-character prefix.
func TestCollision(t *testing.T) {
	const p = "c0111de0c0de"
	pad := func(s string) string { return s + strings.Repeat("0", 64-len(s)) }
	hA := pad(p + "1")   // first: gets the 12-character id
	hB := pad(p + "12")  // shares 13 characters with A: gets 14
	hC := pad(p + "2")   // shares 12 with both: gets 13
	hD := pad(p + "123") // shares 14 with B: gets 15
	store.Crafted(t)
	forEach(t, func(t *testing.T, b backend) {
		s := b.open(t, store.Options{})
		ctx := context.Background()
		put := func(tenant, hash, data string, want string) {
			t.Helper()
			id, err := store.PutHash(ctx, s, tenant, hash, []byte(data))
			if err != nil || id != want {
				t.Fatalf("PutHash(%s) = %q, %v; want %q", hash[:16], id, err, want)
			}
		}
		put("", hA, "A", p)
		put("", hB, "B", p+"1")
		put("", hC, "C", p+"2")
		put("", hD, "D", p+"12")
		put("", hB, "B", p+"1") // re-put keeps its id
		put("x", hB, "B", p)    // no collision in another tenant

		get := []struct{ id, want string }{
			{p, "A"}, {p + "1", "B"}, {p + "2", "C"}, {p + "12", "D"},
			{strings.ToUpper(p + "2"), "C"},
			{hA, "A"}, {hB, "B"}, {hC, "C"}, {hD, "D"},
			{p + "10", "A"},  // extends A's id, prefixes only A's hash among matches
			{p + "120", "B"}, // B's id p+"1" prefixes it and so does nothing else's
		}
		for _, g := range get {
			got, err := s.Get(ctx, "", g.id)
			if err != nil || string(got) != g.want {
				t.Errorf("Get(%s) = %q, %v; want %q", g.id, got, err, g.want)
			}
		}
		// p+"11" extends A's id (A's hash has p+"1"+"0…", so no) and B's id
		// (B's hash is p+"12…", so no): nothing matches.
		if _, err := s.Get(ctx, "", p+"11"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("Get(%s) err = %v, want ErrNotFound", p+"11", err)
		}
	})
}

func TestAmbiguousPrefix(t *testing.T) {
	const p = "abcdefabcdef"
	pad := func(s string) string { return s + strings.Repeat("7", 64-len(s)) }
	store.Crafted(t)
	forEach(t, func(t *testing.T, b backend) {
		s := b.open(t, store.Options{})
		ctx := context.Background()
		// A has id p; B has id p+"7". Both hashes start p+"77", which is
		// neither's id, extends both ids, and prefixes both hashes.
		if id, err := store.PutHash(ctx, s, "", pad(p+"7"), []byte("A")); err != nil || id != p {
			t.Fatalf("A: %q, %v", id, err)
		}
		if id, err := store.PutHash(ctx, s, "", pad(p+"77"+"1"), []byte("B")); err != nil || id != p+"7" {
			t.Fatalf("B: %q, %v", id, err)
		}
		if _, err := s.Get(ctx, "", p+"77"); !errors.Is(err, store.ErrAmbiguous) {
			t.Errorf("Get(%s) err = %v, want ErrAmbiguous", p+"77", err)
		}
		if got, err := s.Get(ctx, "", p+"7"); err != nil || string(got) != "B" {
			t.Errorf("exact id must win: Get(%s) = %q, %v", p+"7", got, err)
		}
	})
}

func TestTTL(t *testing.T) {
	forEach(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		if !b.local {
			// Redis expires by its own clock: a short real TTL.
			s := b.open(t, store.Options{TTL: 100 * time.Millisecond})
			id, err := s.Put(ctx, "", []byte("short-lived"))
			if err != nil {
				t.Fatal(err)
			}
			time.Sleep(300 * time.Millisecond)
			if _, err := s.Get(ctx, "", id); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("Get after TTL err = %v, want ErrNotFound", err)
			}
			return
		}
		clk := newClock()
		s := b.open(t, store.Options{TTL: time.Hour, Now: clk.Now})
		idA, err := s.Put(ctx, "", []byte("A"))
		if err != nil {
			t.Fatal(err)
		}
		clk.Add(30 * time.Minute)
		idB, err := s.Put(ctx, "", []byte("B"))
		if err != nil {
			t.Fatal(err)
		}
		clk.Add(29 * time.Minute) // A at 59m, B at 29m
		for _, id := range []string{idA, idB} {
			if _, err := s.Get(ctx, "", id); err != nil {
				t.Fatalf("Get(%s) before expiry: %v", id, err)
			}
		}
		if _, err := s.Put(ctx, "", []byte("B")); err != nil { // refresh B
			t.Fatal(err)
		}
		clk.Add(time.Minute) // A at 60m: expired; B refreshed 1m ago
		if _, err := s.Get(ctx, "", idA); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("Get(A) at TTL err = %v, want ErrNotFound", err)
		}
		clk.Add(58 * time.Minute)
		if _, err := s.Get(ctx, "", idB); err != nil {
			t.Fatalf("Get(B) 59m after refresh: %v", err)
		}
		// A Put sweeps A away; putting A again stores it afresh.
		if _, err := s.Put(ctx, "", []byte("C")); err != nil {
			t.Fatal(err)
		}
		if id, err := s.Put(ctx, "", []byte("A")); err != nil || id != idA {
			t.Fatalf("re-Put(A) = %q, %v; want %q", id, err, idA)
		}
		if got, err := s.Get(ctx, "", idA); err != nil || string(got) != "A" {
			t.Fatalf("Get(A) after re-Put = %q, %v", got, err)
		}
	})
}

func TestEviction(t *testing.T) {
	forEach(t, func(t *testing.T, b backend) {
		if !b.local {
			t.Skip("Redis bounds size by its maxmemory policy, not Options.MaxBytes")
		}
		ctx := context.Background()
		clk := newClock()
		s := b.open(t, store.Options{MaxBytes: 1000, Now: clk.Now})
		blob := func(c byte) []byte { return bytes.Repeat([]byte{c}, 300) }
		ids := map[byte]string{}
		put := func(c byte) {
			t.Helper()
			clk.Add(time.Second)
			id, err := s.Put(ctx, "t"+string(c%2+'0'), blob(c)) // two tenants share the bound
			if err != nil {
				t.Fatalf("Put(%c): %v", c, err)
			}
			ids[c] = id
		}
		alive := func(want string) {
			t.Helper()
			var got []byte
			for _, c := range []byte("ABCDE") {
				id, ok := ids[c]
				if !ok {
					continue
				}
				if _, err := s.Get(ctx, "t"+string(c%2+'0'), id); err == nil {
					got = append(got, c)
				} else if !errors.Is(err, store.ErrNotFound) {
					t.Fatalf("Get(%c): %v", c, err)
				}
			}
			if string(got) != want {
				t.Fatalf("alive = %q, want %q", got, want)
			}
		}
		put('A')
		put('B')
		put('C')
		alive("ABC")
		put('D') // 1200 > 1000: A, the oldest, goes
		alive("BCD")
		put('B') // refresh: C is now the oldest
		put('E')
		alive("BDE")
		big := bytes.Repeat([]byte("x"), 1001)
		if _, err := s.Put(ctx, "", big); !errors.Is(err, store.ErrTooLarge) {
			t.Fatalf("Put(1001 bytes, bound 1000) err = %v, want ErrTooLarge", err)
		}
		alive("BDE") // a refused Put evicts nothing
	})
}

func TestOpenErrors(t *testing.T) {
	ctx := context.Background()
	for _, url := range []string{"", "foo:bar", "bolt:", "memory:x", "redis://h:notaport/0", "redis://h.invalid:6379/db"} {
		if s, err := store.Open(ctx, url, store.Options{}); err == nil {
			s.Close()
			t.Errorf("Open(%q) succeeded, want error", url)
		}
	}
	// A file that is not a bolt database, or a location we cannot write,
	// is the store being unavailable, not a panic.
	garbage := t.TempDir() + "/garbage.db"
	if err := os.WriteFile(garbage, bytes.Repeat([]byte("not a bolt file\n"), 1024), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Open(ctx, "bolt:"+garbage, store.Options{}); !errors.Is(err, store.ErrUnavailable) {
		t.Errorf("Open(garbage file) err = %v, want ErrUnavailable", err)
	}
	_, err := store.Open(ctx, "bolt:/proc/kompress/ccr.db", store.Options{})
	if !errors.Is(err, store.ErrUnavailable) {
		t.Errorf("Open(bolt under /proc) err = %v, want ErrUnavailable", err)
	}
}

func TestDefaultURL(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", "/var/state")
	if got, want := store.DefaultURL(), "bolt:/var/state/kompress/ccr.db"; got != want {
		t.Errorf("DefaultURL() = %q, want %q", got, want)
	}
	t.Setenv("XDG_STATE_HOME", "")
	t.Setenv("HOME", "/home/ann")
	if got, want := store.DefaultURL(), "bolt:/home/ann/.local/state/kompress/ccr.db"; got != want {
		t.Errorf("DefaultURL() = %q, want %q", got, want)
	}
	t.Setenv("XDG_STATE_HOME", "relative/dir") // ignored, as the XDG spec says
	if got, want := store.DefaultURL(), "bolt:/home/ann/.local/state/kompress/ccr.db"; got != want {
		t.Errorf("DefaultURL() = %q, want %q", got, want)
	}
}

func TestClosed(t *testing.T) {
	for _, b := range backends() {
		if !b.local {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			url := "memory:"
			if b.name == "bolt" {
				url = "bolt:" + t.TempDir() + "/ccr.db"
			}
			s, err := store.Open(context.Background(), url, store.Options{})
			if err != nil {
				t.Fatal(err)
			}
			id, err := s.Put(context.Background(), "", []byte("x"))
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Get(context.Background(), "", id); !errors.Is(err, store.ErrUnavailable) {
				t.Errorf("Get after Close err = %v, want ErrUnavailable", err)
			}
			if _, err := s.Put(context.Background(), "", []byte("y")); !errors.Is(err, store.ErrUnavailable) {
				t.Errorf("Put after Close err = %v, want ErrUnavailable", err)
			}
			if err := s.Ping(context.Background()); !errors.Is(err, store.ErrUnavailable) {
				t.Errorf("Ping after Close err = %v, want ErrUnavailable", err)
			}
		})
	}
}
