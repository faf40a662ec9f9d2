package proxy

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kompress/kompress/wire"
)

// countingEngine counts the compressions the proxy asks for.
type countingEngine struct {
	Engine
	calls atomic.Int64
}

func (c *countingEngine) Compress(ctx context.Context, tenant string, req wire.CompressRequest) (wire.Result, error) {
	c.calls.Add(1)
	return c.Engine.Compress(ctx, tenant, req)
}

// bigConversation is an Anthropic request with n tool results of about
// size bytes each, all different.
func bigConversation(n, size int) string {
	var msgs []string
	for i := range n {
		var b strings.Builder
		for j := 0; b.Len() < size; j++ {
			fmt.Fprintf(&b, "2026-01-01T00:%02d:%02dZ INFO worker=%d request handled path=/api/v1/items/%d status=200 duration=%dms\n", j/60%60, j%60, i, j, j%17)
			if j%997 == 500 {
				fmt.Fprintf(&b, "2026-01-01T00:%02d:%02dZ ERROR worker=%d database connection refused: dial tcp 10.0.0.5:5432\n", j/60%60, j%60, i)
			}
		}
		msgs = append(msgs,
			fmt.Sprintf(`{"role":"assistant","content":[{"type":"tool_use","id":"t%d","name":"Bash","input":{}}]}`, i),
			fmt.Sprintf(`{"role":"user","content":[{"type":"tool_result","tool_use_id":"t%d","content":%s}]}`, i, q(b.String())))
	}
	return `{"model":"m","max_tokens":10,"messages":[` + strings.Join(msgs, ",") + `]}`
}

// BenchmarkConcurrentClients: clients (KOMPRESS_BENCH_CLIENTS, 32) send the
// same conversation of 8 tool results of 256 KB at once through one proxy
// to a fake upstream that hashes what it gets. Every upstream body must be
// the same bytes. Reports the engine's compressions per distinct tool
// result (1 when concurrent misses share one), the process's peak RSS and
// the upstream body's size against the client's.
func BenchmarkConcurrentClients(b *testing.B) {
	clients := 32
	if s := os.Getenv("KOMPRESS_BENCH_CLIENTS"); s != "" {
		fmt.Sscan(s, &clients)
	}
	var mu sync.Mutex
	sums := map[[32]byte]int{}
	var upBytes atomic.Int64
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		upBytes.Store(int64(len(body)))
		mu.Lock()
		sums[sha256.Sum256(body)]++
		mu.Unlock()
		io.WriteString(w, `{"type":"message","content":[{"type":"text","text":"ok"}]}`)
	}))
	defer up.Close()
	t := &testing.T{}
	eng := &countingEngine{Engine: testEngine(t)}
	const results = 8
	body := []byte(bigConversation(results, 256<<10))
	b.SetBytes(int64(len(body)) * int64(clients))
	var errs atomic.Int64
	rounds := 0
	for b.Loop() {
		rounds++
		// A fresh proxy each round: every round starts with an empty cache.
		px, err := New(Options{Upstream: up.URL, Engine: eng})
		if err != nil {
			b.Fatal(err)
		}
		ts := httptest.NewServer(px)
		var wg sync.WaitGroup
		for range clients {
			wg.Go(func() {
				resp, err := http.Post(ts.URL+"/v1/messages", "application/json", bytes.NewReader(body))
				if err != nil {
					errs.Add(1)
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 {
					errs.Add(1)
				}
			})
		}
		wg.Wait()
		ts.Close()
	}
	if errs.Load() > 0 || len(sums) != 1 {
		b.Fatalf("%d errors, %d different upstream bodies for one conversation", errs.Load(), len(sums))
	}
	b.ReportMetric(float64(eng.calls.Load())/float64(rounds*results), "compressions/result")
	b.ReportMetric(float64(peakRSS())/(1<<20), "peak-RSS-MiB")
	b.ReportMetric(float64(upBytes.Load())/float64(len(body)), "ratio")
}

// peakRSS is the process's peak resident set in bytes (Linux), 0 elsewhere.
func peakRSS() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			var kb int64
			fmt.Sscan(strings.TrimSuffix(strings.TrimSpace(v), " kB"), &kb)
			return kb << 10
		}
	}
	return 0
}

// gatedEngine compresses to "C:"+content once gate is closed, or fails
// when its caller's context ends first.
type gatedEngine struct {
	Engine
	gate  chan struct{}
	calls atomic.Int64
}

func (g *gatedEngine) Compress(ctx context.Context, _ string, req wire.CompressRequest) (wire.Result, error) {
	g.calls.Add(1)
	select {
	case <-g.gate:
		return wire.Result{Text: "C:" + req.Content}, nil
	case <-ctx.Done():
		return wire.Result{}, ctx.Err()
	}
}

// TestSharedCompressionLeaderLeaves: a request that waits on another's
// compression of the same output still gets it compressed when the other
// request's client goes away mid-way, and the cache never keeps the
// uncompressed text.
func TestSharedCompressionLeaderLeaves(t *testing.T) {
	eng := &gatedEngine{gate: make(chan struct{})}
	px, err := New(Options{Upstream: "http://h.invalid", Engine: eng})
	if err != nil {
		t.Fatal(err)
	}
	ctxA, cancelA := context.WithCancel(context.Background())
	a := make(chan string, 1)
	compress := func(ctx context.Context) string {
		r := px.toolResult(ctx, "Bash", quote("out"))
		if r.json == "" {
			return "out"
		}
		return r.json[1 : len(r.json)-1]
	}
	go func() { a <- compress(ctxA) }()
	waitFor(t, func() bool { return eng.calls.Load() == 1 })
	b := make(chan string, 1)
	go func() { b <- compress(context.Background()) }()
	cancelA()
	if got := <-a; got != "out" {
		t.Errorf("the request whose client left got %q", got)
	}
	close(eng.gate)
	if got := <-b; got != "C:out" {
		t.Errorf("the waiting request got %q", got)
	}
	if got := compress(context.Background()); got != "C:out" || eng.calls.Load() != 2 {
		t.Errorf("after: %q from the cache, %d compressions", got, eng.calls.Load())
	}
}

// waitFor polls cond generously (a loaded machine is slow, never wrong).
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	if !poll(cond) {
		t.Fatal("condition not reached in 2 minutes")
	}
}

// poll reports whether cond holds within about 2 minutes of trying.
func poll(cond func() bool) bool {
	for range 60000 {
		if cond() {
			return true
		}
		time.Sleep(2 * time.Millisecond)
	}
	return false
}

// BenchmarkHugeBody: one 20 MB request, as one tool result and as 80 of
// 256 KB, through a fresh proxy each time (nothing cached).
func BenchmarkHugeBody(b *testing.B) {
	for _, shape := range []struct{ n, size int }{{1, 20 << 20}, {80, 256 << 10}} {
		b.Run(fmt.Sprintf("%dx%dKB", shape.n, shape.size>>10), func(b *testing.B) {
			var got atomic.Int64
			up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				n, _ := io.Copy(io.Discard, r.Body)
				got.Store(n)
				io.WriteString(w, `{}`)
			}))
			defer up.Close()
			eng := testEngine(&testing.T{})
			body := []byte(bigConversation(shape.n, shape.size))
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				px, err := New(Options{Upstream: up.URL, Engine: eng})
				if err != nil {
					b.Fatal(err)
				}
				ts := httptest.NewServer(px)
				resp, err := http.Post(ts.URL+"/v1/messages", "application/json", bytes.NewReader(body))
				if err != nil || resp.StatusCode != 200 {
					b.Fatalf("%v %v", err, resp.StatusCode)
				}
				resp.Body.Close()
				ts.Close()
			}
			b.ReportMetric(float64(got.Load())/float64(len(body)), "ratio")
			b.ReportMetric(float64(peakRSS())/(1<<20), "peak-RSS-MiB")
		})
	}
}
