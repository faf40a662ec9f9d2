package server_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/kompress/kompress"
	"github.com/kompress/kompress/server"
	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/store/storetest"
	"github.com/kompress/kompress/wire"
)

// rawPost writes a whole request with a body of n bytes before reading
// anything, as Python's requests and http.client do, and returns the
// status line and body of the answer.
func rawPost(t *testing.T, addr, path string, n int) (string, string) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"content":"` + strings.Repeat("a", n-14) + `"}`
	if _, err := fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", path, len(body), body); err != nil {
		t.Fatalf("writing the whole body: %v (the server closed before reading it)", err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("reading the answer: %v", err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.Status, string(b)
}

// TestOverLimitAnswerReachesClient: a client that sends its whole body
// first still gets the 413, for declared bodies up to twice the limit.
func TestOverLimitAnswerReachesClient(t *testing.T) {
	h := newHarness(t, server.Config{MaxBody: 1 << 20}, nil)
	addr := strings.TrimPrefix(h.ts.URL, "http://")
	for _, n := range []int{1<<20 + 1, 3 << 19, 2 << 20} {
		status, body := rawPost(t, addr, "/v1/compress", n)
		if !strings.HasPrefix(status, "413") || !strings.Contains(body, "too_large") {
			t.Errorf("%d-byte body: %s %s, want 413 too_large", n, status, body)
		}
	}
}

// TestOverLimitPython: the same with Python's http.client, when there is
// a python3 to run.
func TestOverLimitPython(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 on PATH")
	}
	h := newHarness(t, server.Config{MaxBody: 1 << 20}, nil)
	addr := strings.TrimPrefix(h.ts.URL, "http://")
	host, port, _ := net.SplitHostPort(addr)
	script := fmt.Sprintf(`
import http.client, json
c = http.client.HTTPConnection(%q, %s, timeout=120)
body = json.dumps({"content": "a" * (3 << 19)})
c.request("POST", "/v1/compress", body=body, headers={"Content-Type": "application/json"})
r = c.getresponse()
print(r.status, r.read().decode())
`, host, port)
	out, err := exec.Command(py, "-c", script).CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "413 ") || !strings.Contains(string(out), "too_large") {
		t.Errorf("python http.client: %v\n%s", err, out)
	}
}

// TestUnknownMethodsOneLabel: arbitrary method tokens are counted under
// one "other" label, authenticated or not.
func TestUnknownMethodsOneLabel(t *testing.T) {
	keys, _ := server.ParseKeys("acme=k1")
	h := newHarness(t, server.Config{Keys: keys}, nil)
	for i := range 50 {
		h.do(fmt.Sprintf("M%dX", i), "/v1/compress", "", "", nil)
	}
	m := h.metrics()
	other := 0.0
	for _, line := range strings.Split(m, "\n") {
		if strings.HasPrefix(line, "kompress_http_requests_total{") {
			if strings.Contains(line, `method="M`) {
				t.Errorf("an unknown method became its own label: %s", line)
			}
			if name, v, ok := strings.Cut(line, " "); ok && strings.Contains(name, `method="other"`) {
				var f float64
				fmt.Sscan(v, &f)
				other += f
			}
		}
	}
	if other != 50 {
		t.Errorf("requests counted under method=\"other\": %g, want 50", other)
	}
}

// TestShedLoad: past MaxInFlight API requests the server answers 503 with
// Retry-After at once; health checks still answer.
func TestShedLoad(t *testing.T) {
	eng := newFakeEngine()
	release := make(chan struct{})
	entered := eng.blockScoring(release)
	h := newHarness(t, server.Config{MaxInFlight: 1, MaxScoring: 4}, eng)
	c := h.client("")
	done := make(chan error, 1)
	go func() {
		_, err := c.Compress(context.Background(), wire.CompressRequest{Content: buildLog})
		done <- err
	}()
	<-entered
	status, hdr, body := h.do("POST", "/v1/compress", "", "application/json", strings.NewReader(`{"content":"x"}`))
	if status != 503 || hdr.Get("Retry-After") == "" || !strings.Contains(string(body), "overloaded") {
		t.Errorf("while saturated: %d Retry-After=%q %s; want 503 overloaded with Retry-After", status, hdr.Get("Retry-After"), body)
	}
	for _, p := range []string{"/healthz", "/readyz"} {
		if status, _, body := h.do("GET", p, "", "", nil); status != 200 {
			t.Errorf("%s while saturated: %d %s", p, status, body)
		}
	}
	close(release)
	if err := <-done; err != nil {
		t.Error(err)
	}
	if status, _, body := h.do("POST", "/v1/compress", "", "application/json", strings.NewReader(`{"content":"x"}`)); status != 200 {
		t.Errorf("after the load: %d %s", status, body)
	}
}

// TestExactKeys: names are case-sensitive and unique.
func TestExactKeys(t *testing.T) {
	h := newHarness(t, server.Config{}, nil)
	for _, body := range []string{
		`{"CONTENT":"x"}`,
		`{"Content":"x"}`,
		`{"content":"x","content":"y"}`,
		`{"content":"x","tool":"a","Tool":"b"}`,
	} {
		status, _, resp := h.do("POST", "/v1/compress", "", "application/json", strings.NewReader(body))
		if status != 400 || !strings.Contains(string(resp), "bad_request") {
			t.Errorf("%s: %d %s, want 400", body, status, resp)
		}
	}
	if status, _, resp := h.do("POST", "/v1/expand", "", "application/json", strings.NewReader(`{"text":"a","TEXT":"b"}`)); status != 400 {
		t.Errorf("expand with TEXT: %d %s", status, resp)
	}
}

// TestEmptyAPIKeys: KOMPRESS_API_KEYS set but empty is an error, not auth
// silently off.
func TestEmptyAPIKeys(t *testing.T) {
	t.Setenv("KOMPRESS_API_KEYS", "")
	if _, err := server.ConfigFromEnv(); err == nil || !strings.Contains(err.Error(), "KOMPRESS_API_KEYS") {
		t.Errorf("ConfigFromEnv with KOMPRESS_API_KEYS= : %v, want an error naming it", err)
	}
}

// flakyStore fails writes while failing is set.
type flakyStore struct {
	store.Store
	failing atomic.Bool
}

func (s *flakyStore) Put(ctx context.Context, tenant string, b []byte) (string, error) {
	if s.failing.Load() {
		return "", fmt.Errorf("%w: disk full", store.ErrUnavailable)
	}
	return s.Store.Put(ctx, tenant, b)
}

// realServer serves the real engine over st.
func realServer(t *testing.T, st store.Store) *httptest.Server {
	eng := kompress.New(kompress.Options{Store: st, Scorer: "heuristic", Encoding: "none"})
	ts := httptest.NewServer(server.New(server.Config{}, eng, nil).Handler())
	t.Cleanup(ts.Close)
	return ts
}

func batchLog() string {
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "2025-01-01 worker %d: processed batch %d of records without trouble\n", i%9, i)
	}
	return b.String() + "ERROR: batch failed\n"
}

// TestReadyzWhenWritesFail: /readyz fails while the store takes no
// writes, and recovers when it does again.
func TestReadyzWhenWritesFail(t *testing.T) {
	st := &flakyStore{Store: storetest.Memory(t)}
	ts := realServer(t, st)
	c := wire.NewClient(ts.URL, "", ts.Client())
	ctx := context.Background()
	st.failing.Store(true)
	res, err := c.Compress(ctx, wire.CompressRequest{Content: batchLog()})
	if err != nil || res.CCRID != "" {
		t.Fatalf("compress with failing writes: %+v, %v; want a result without id", res, err)
	}
	resp, err := ts.Client().Get(ts.URL + "/readyz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 503 {
		t.Errorf("/readyz while writes fail: %d, want 503", resp.StatusCode)
	}
	st.failing.Store(false)
	resp, err = ts.Client().Get(ts.URL + "/readyz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("/readyz after writes work again: %d, want 200", resp.StatusCode)
	}
}

// corruptStore returns other bytes than were stored, as a damaged disk
// would, under the real content check.
type corruptStore struct{ store.Store }

func (s corruptStore) Get(ctx context.Context, tenant, id string) ([]byte, error) {
	return nil, fmt.Errorf("%w: the original stored as %s has content id 000000000000", store.ErrCorrupt, id)
}

// TestRetrieveCorrupt: a corrupt store gives 500 saying so, never bytes.
func TestRetrieveCorrupt(t *testing.T) {
	ts := realServer(t, corruptStore{storetest.Memory(t)})
	c := wire.NewClient(ts.URL, "", ts.Client())
	res, err := c.Compress(context.Background(), wire.CompressRequest{Content: batchLog()})
	if err != nil || res.CCRID == "" {
		t.Fatalf("want a lossy result: %+v, %v", res, err)
	}
	_, err = c.Retrieve(context.Background(), res.CCRID)
	ae := wantAPIError(t, err, 500, "store_corrupt")
	if ae != nil && !strings.Contains(ae.Message, "corrupt") {
		t.Errorf("message %q does not say the store is corrupt", ae.Message)
	}
	_, err = c.Expand(context.Background(), res.Text)
	wantAPIError(t, err, 500, "store_corrupt")
}

// TestExpandBomb: the 48-byte request that expanded to 402 MB is refused.
func TestExpandBomb(t *testing.T) {
	ts := realServer(t, storetest.Memory(t))
	for _, text := range []string{"[fold repeat 1 line x134217728]\nA\n", "[fold repeat 1 line x1073741824]\nA\n"} {
		body := fmt.Sprintf(`{"text":%q}`, text)
		resp, err := ts.Client().Post(ts.URL+"/v1/expand", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		resp.Body.Close()
		if resp.StatusCode != 413 || !bytes.Contains(b, []byte("too_large")) || !bytes.Contains(b, []byte("limit")) {
			t.Errorf("%q: %d %.200s; want 413 too_large naming the limit", text, resp.StatusCode, b)
		}
	}
}
