package loadgen

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kompress/kompress/server"
	"github.com/kompress/kompress/store/storetest"
	"github.com/kompress/kompress/wire"
)

var failureRE = regexp.MustCompile(`(?m)(--- FAIL|^FAIL|FAILED|error(\[E\d+\])?:|ERROR|FATAL|npm ERR!|AssertionError)`)

func TestLog(t *testing.T) {
	seen := map[string]bool{}
	for seed := range uint64(50) {
		s := Log(seed, 4096)
		if len(s) < 3800 || len(s) > 4600 {
			t.Errorf("seed %d: %d bytes, want about 4096", seed, len(s))
		}
		if !failureRE.MatchString(s) {
			t.Errorf("seed %d: no failure line:\n%s", seed, s)
		}
		if seen[s] {
			t.Errorf("seed %d repeats an earlier log", seed)
		}
		seen[s] = true
		if Log(seed, 4096) != s {
			t.Errorf("seed %d: not deterministic", seed)
		}
	}
	if n := len(Log(7, 16<<10)); n < 15<<10 {
		t.Errorf("16 KiB log is %d bytes", n)
	}
}

// echoEngine stores every input and returns its head with a marker, enough
// to drive the real server's full request path.
type echoEngine struct {
	mu sync.Mutex
	m  map[string][]byte
}

func (e *echoEngine) Compress(_ context.Context, tenant string, req wire.CompressRequest) (wire.Result, error) {
	sum := sha256.Sum256([]byte(req.Content))
	id := hex.EncodeToString(sum[:6])
	e.mu.Lock()
	e.m[tenant+id] = []byte(req.Content)
	e.mu.Unlock()
	text := req.Content[:min(200, len(req.Content))] + "[… retrieve " + id + "]"
	return wire.Result{Text: text, Strategy: "echo", CCRID: id, OriginalBytes: len(req.Content), CompressedBytes: len(text)}, nil
}

func (e *echoEngine) Expand(context.Context, string, string) (wire.ExpandResult, error) {
	return wire.ExpandResult{}, nil
}

func (e *echoEngine) Retrieve(_ context.Context, tenant, id string) ([]byte, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.m[tenant+strings.ToLower(id)], nil
}

func (e *echoEngine) Ready(context.Context) error { return nil }

func TestRunAgainstServer(t *testing.T) {
	keys, _ := server.ParseKeys("load=load-key")
	srv := server.New(server.Config{Keys: keys}, &echoEngine{m: map[string][]byte{}}, nil)
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()

	// A count of requests, not a duration, ends each run: how many fit in
	// a time depends on the machine's load, and the test must not.
	rep, err := Run(context.Background(), Config{URL: ts.URL, Key: "load-key", Conns: 4, Requests: 200, Duration: time.Hour, Retrieve: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(rep)
	if rep.Requests != 200 || rep.Errors != 0 || rep.Mismatches != 0 || rep.Lossy != rep.Requests {
		t.Errorf("report = %+v", rep)
	}
	if rep.P50 <= 0 || rep.P50 > rep.P99 || rep.P99 > rep.Max {
		t.Errorf("percentiles out of order: %v %v %v", rep.P50, rep.P99, rep.Max)
	}

	rep, err = Run(context.Background(), Config{URL: ts.URL, Key: "wrong", Conns: 2, Requests: 10, Duration: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Requests != 0 || rep.ErrorKinds["unauthorized"] != 10 {
		t.Errorf("wrong key: %+v, want only unauthorized errors", rep)
	}
	if _, err := Run(context.Background(), Config{URL: "http://" + storetest.DeadAddr(t), Duration: time.Millisecond}); err == nil {
		t.Error("Run against a closed port succeeded")
	}
}
