package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kompress/kompress/server"
	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/wire"
)

const buildLog = `=== RUN   TestParse
--- PASS: TestParse (0.00s)
=== RUN   TestRoundTrip
    roundtrip_test.go:41: got 3 chunks, want 4
--- FAIL: TestRoundTrip (0.01s)
FAIL
FAIL	github.com/example/pkg	0.214s
`

type harness struct {
	t      *testing.T
	eng    *fakeEngine
	srv    *server.Server
	ts     *httptest.Server
	logBuf *syncBuffer
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func newHarness(t *testing.T, cfg server.Config, eng *fakeEngine) *harness {
	t.Helper()
	if eng == nil {
		eng = newFakeEngine()
	}
	return newHarnessOf(t, cfg, eng, eng)
}

// newHarnessOf serves srvEng, which wraps eng.
func newHarnessOf(t *testing.T, cfg server.Config, eng *fakeEngine, srvEng server.Engine) *harness {
	t.Helper()
	h := &harness{t: t, eng: eng, logBuf: &syncBuffer{}}
	log := slog.New(slog.NewJSONHandler(h.logBuf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	h.srv = server.New(cfg, srvEng, log)
	h.ts = httptest.NewServer(h.srv.Handler())
	t.Cleanup(h.ts.Close)
	return h
}

func (h *harness) client(key string) *wire.Client {
	return wire.NewClient(h.ts.URL, key, h.ts.Client())
}

// do sends a raw request and returns status, headers and body.
func (h *harness) do(method, path, key, contentType string, body io.Reader) (int, http.Header, []byte) {
	h.t.Helper()
	req, err := http.NewRequest(method, h.ts.URL+path, body)
	if err != nil {
		h.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if key != "" {
		req.Header.Set("Authorization", key)
	}
	resp, err := h.ts.Client().Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		h.t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, b
}

func (h *harness) metrics() string {
	h.t.Helper()
	var buf bytes.Buffer
	for _, mf := range parseMetrics(h.t, h.srv.MetricsText()) {
		for _, m := range mf.GetMetric() {
			var labels []string
			for _, lp := range m.GetLabel() {
				labels = append(labels, lp.GetName()+"="+strconv.Quote(lp.GetValue()))
			}
			v := m.GetCounter().GetValue() + m.GetGauge().GetValue() + float64(m.GetHistogram().GetSampleCount())
			fmt.Fprintf(&buf, "%s{%s} %g\n", mf.GetName(), strings.Join(labels, ","), v)
		}
	}
	return buf.String()
}

// metric returns the value of the series whose name and labels (in
// registry order) are given, or -1 when absent.
func (h *harness) metric(series string) float64 {
	h.t.Helper()
	for _, line := range strings.Split(h.metrics(), "\n") {
		if name, val, ok := strings.Cut(line, " "); ok && name == series {
			f, _ := strconv.ParseFloat(val, 64)
			return f
		}
	}
	return -1
}

func wantAPIError(t *testing.T, err error, status int, code string) *wire.APIError {
	t.Helper()
	var ae *wire.APIError
	if !errors.As(err, &ae) {
		t.Fatalf("err = %v, want *wire.APIError %d %s", err, status, code)
	}
	if ae.Status != status || ae.Code != code {
		t.Fatalf("err = %d %s (%s), want %d %s", ae.Status, ae.Code, ae.Message, status, code)
	}
	if ae.Message == "" {
		t.Errorf("%d %s: empty message", status, code)
	}
	return ae
}

func TestCompressRetrieveExpand(t *testing.T) {
	h := newHarness(t, server.Config{}, nil)
	c := h.client("")
	ctx := context.Background()

	res, err := c.Compress(ctx, wire.CompressRequest{Content: buildLog, Tool: "Bash"})
	if err != nil {
		t.Fatal(err)
	}
	if res.CCRID == "" || res.Lossless || res.Strategy != "fake-lossy" {
		t.Fatalf("result = %+v, want a lossy result with an id", res)
	}
	got, err := c.Retrieve(ctx, res.CCRID)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != buildLog {
		t.Errorf("retrieve = %q, want the original", got)
	}
	// Models sometimes copy ids in upper case.
	if got, err := c.Retrieve(ctx, strings.ToUpper(res.CCRID)); err != nil || string(got) != buildLog {
		t.Errorf("retrieve upper-case id = %q, %v", got, err)
	}
	exp, err := c.Expand(ctx, res.Text)
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(buildLog, "\n")
	if exp.Text != first+"\n"+buildLog || len(exp.Expanded) != 1 {
		t.Errorf("expand = %+v", exp)
	}

	// Characters JSON would HTML-escape come back as themselves.
	small := `<a href="x">&</a>`
	res, err = c.Compress(ctx, wire.CompressRequest{Content: small})
	if err != nil || res.Text != small || res.Strategy != "passthrough" {
		t.Errorf("small: %+v, %v", res, err)
	}
	_, _, body := h.do("POST", "/v1/compress", "", "application/json", strings.NewReader(`{"content":"<&>"}`))
	if !bytes.Contains(body, []byte(`"text":"<&>"`)) {
		t.Errorf("response escapes HTML: %s", body)
	}

	st, err := c.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Requests["compress"] != 3 || st.Requests["retrieve"] != 2 || st.Requests["expand"] != 1 {
		t.Errorf("stats requests = %v", st.Requests)
	}
	lossy := st.ByStrategy["fake-lossy"]
	if lossy.Results != 1 || lossy.OriginalBytes != int64(len(buildLog)) || st.Totals.Results != 3 {
		t.Errorf("stats = %+v", st)
	}
	if err := c.Health(ctx); err != nil {
		t.Error(err)
	}
	if err := c.Ready(ctx); err != nil {
		t.Error(err)
	}
}

func TestRetrieveContentType(t *testing.T) {
	h := newHarness(t, server.Config{}, nil)
	res, err := h.client("").Compress(context.Background(), wire.CompressRequest{Content: buildLog})
	if err != nil {
		t.Fatal(err)
	}
	status, hdr, body := h.do("GET", "/v1/retrieve/"+res.CCRID, "", "", nil)
	if status != 200 || hdr.Get("Content-Type") != "text/plain; charset=utf-8" || string(body) != buildLog {
		t.Errorf("GET retrieve = %d %q %q", status, hdr.Get("Content-Type"), body)
	}
}

func TestBadInput(t *testing.T) {
	deep := strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000)
	tests := []struct {
		name       string
		method     string
		path       string
		ctype      string
		body       string
		wantStatus int
		wantCode   string
		wantMsg    string // substring of the message
	}{
		{"malformed JSON", "POST", "/v1/compress", "", `{"content":`, 400, "bad_request", "unexpected end"},
		{"syntax error", "POST", "/v1/compress", "", `{"content" "x"}`, 400, "bad_request", "malformed JSON"},
		{"empty body", "POST", "/v1/compress", "", ``, 400, "bad_request", "empty request body"},
		{"array body", "POST", "/v1/compress", "", `["x"]`, 400, "bad_request", "JSON object"},
		{"null body", "POST", "/v1/compress", "", `null`, 400, "bad_request", "JSON object"},
		{"content number", "POST", "/v1/compress", "", `{"content":42}`, 400, "bad_request", `"content" must be a string`},
		{"content object", "POST", "/v1/compress", "", `{"content":{"a":1}}`, 400, "bad_request", `"content"`},
		{"lossless_only string", "POST", "/v1/compress", "", `{"content":"x","lossless_only":"yes"}`, 400, "bad_request", `"lossless_only" must be a boolean`},
		{"target_ratio string", "POST", "/v1/compress", "", `{"content":"x","target_ratio":"0.5"}`, 400, "bad_request", `"target_ratio" must be a number`},
		{"target_ratio out of range", "POST", "/v1/compress", "", `{"content":"x","target_ratio":2}`, 400, "bad_request", "(0, 1)"},
		{"target_ratio one", "POST", "/v1/compress", "", `{"content":"x","target_ratio":1}`, 400, "bad_request", "(0, 1)"},
		{"target_ratio zero", "POST", "/v1/compress", "", `{"content":"x","target_ratio":0}`, 400, "bad_request", "(0, 1)"},
		{"unknown field", "POST", "/v1/compress", "", `{"content":"x","ratio":0.5}`, 400, "bad_request", `unknown field "ratio"`},
		{"missing content", "POST", "/v1/compress", "", `{"tool":"Bash"}`, 400, "bad_request", `missing field "content"`},
		{"null content", "POST", "/v1/compress", "", `{"content":null}`, 400, "bad_request", `missing field "content"`},
		{"trailing garbage", "POST", "/v1/compress", "", `{"content":"x"} garbage`, 400, "bad_request", "after the object"},
		{"two objects", "POST", "/v1/compress", "", `{"content":"x"}{"content":"y"}`, 400, "bad_request", "after the object"},
		{"bad scorer", "POST", "/v1/compress", "", `{"content":"x","scorer":"gpt"}`, 400, "bad_request", "auto, onnx or heuristic"},
		{"invalid UTF-8 byte", "POST", "/v1/compress", "", "{\"content\":\"caf\xe9 ok\"}", 400, "invalid_utf8", "offset 15"},
		{"lone high surrogate", "POST", "/v1/compress", "", `{"content":"a\ud800b"}`, 400, "invalid_utf8", "surrogate"},
		{"lone low surrogate", "POST", "/v1/compress", "", `{"content":"a\udc00"}`, 400, "invalid_utf8", "surrogate"},
		{"high surrogate at end", "POST", "/v1/compress", "", `{"content":"\ud83d"}`, 400, "invalid_utf8", "surrogate"},
		{"deeply nested body", "POST", "/v1/compress", "", `{"content":"x","tool":` + deep + `}`, 400, "bad_request", "malformed JSON"},
		{"wrong content type", "POST", "/v1/compress", "text/plain", `{"content":"x"}`, 415, "unsupported_media_type", "application/json"},
		{"expand missing text", "POST", "/v1/expand", "", `{}`, 400, "bad_request", `missing field "text"`},
		{"expand wrong type", "POST", "/v1/expand", "", `{"text":["a"]}`, 400, "bad_request", `"text" must be a string`},
		{"expand unknown field", "POST", "/v1/expand", "", `{"text":"a","content":"b"}`, 400, "bad_request", "unknown field"},
		{"unknown id", "GET", "/v1/retrieve/0123456789ab", "", "", 404, "not_found", "unknown or expired"},
		{"malformed id", "GET", "/v1/retrieve/not-an-id!", "", "", 400, "bad_id", "malformed id"},
		{"short id", "GET", "/v1/retrieve/abc", "", "", 400, "bad_id", "malformed id"},
		{"overlong id", "GET", "/v1/retrieve/" + strings.Repeat("a", 300), "", "", 400, "bad_id", "malformed id"},
		{"wrong method", "GET", "/v1/compress", "", "", 405, "method_not_allowed", "GET"},
		{"unknown route", "GET", "/v2/compress", "", "", 404, "not_found", "no route"},
	}
	h := newHarness(t, server.Config{}, nil)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctype := tt.ctype
			if ctype == "" && tt.method == "POST" {
				ctype = "application/json"
			}
			status, hdr, body := h.do(tt.method, tt.path, "", ctype, strings.NewReader(tt.body))
			if status != tt.wantStatus {
				t.Fatalf("status = %d, want %d; body %s", status, tt.wantStatus, body)
			}
			if ct := hdr.Get("Content-Type"); ct != "application/json; charset=utf-8" {
				t.Errorf("Content-Type = %q", ct)
			}
			var e wire.Error
			dec := json.NewDecoder(bytes.NewReader(body))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&e); err != nil {
				t.Fatalf("error body %s: %v", body, err)
			}
			if e.Error.Code != tt.wantCode || !strings.Contains(e.Error.Message, tt.wantMsg) {
				t.Errorf("error = %+v, want code %s and message containing %q", e.Error, tt.wantCode, tt.wantMsg)
			}
		})
	}
}

func TestGoodEdgeInput(t *testing.T) {
	h := newHarness(t, server.Config{}, nil)
	c := h.client("")
	ctx := context.Background()
	tests := []struct {
		name string
		body string
		want string // the content the engine must have seen
	}{
		{"empty content", `{"content":""}`, ""},
		{"surrogate pair", `{"content":"ok \ud83d\ude00"}`, "ok 😀"},
		{"escaped backslash before u", `{"content":"C:\\ud800"}`, `C:\ud800`},
		{"no content type header", `{"content":"x"}`, "x"},
		{"leading white space", " \n\t{\"content\":\"x\"}\n", "x"},
		{"deeply nested JSON as content", `{"content":` + strconv.Quote(strings.Repeat(`{"a":[`, 50_000)+strings.Repeat("]}", 50_000)) + `}`,
			strings.Repeat(`{"a":[`, 50_000) + strings.Repeat("]}", 50_000)},
		{"NUL and controls", `{"content":"a\u0000b\u001bc"}`, "a\x00b\x1bc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctype := "application/json"
			if tt.name == "no content type header" {
				ctype = ""
			}
			status, _, body := h.do("POST", "/v1/compress", "", ctype, strings.NewReader(tt.body))
			if status != 200 {
				t.Fatalf("status %d: %s", status, body)
			}
			var res wire.Result
			if err := json.Unmarshal(body, &res); err != nil {
				t.Fatal(err)
			}
			if res.OriginalBytes != len(tt.want) {
				t.Errorf("original_bytes = %d, want %d", res.OriginalBytes, len(tt.want))
			}
			got := res.Text
			if res.CCRID != "" {
				b, err := c.Retrieve(ctx, res.CCRID)
				if err != nil {
					t.Fatal(err)
				}
				got = string(b)
			}
			if got != tt.want {
				t.Errorf("content seen = %.80q, want %.80q", got, tt.want)
			}
			if tt.want == "" && (res.Strategy != "passthrough" || res.Text != "" || !res.Lossless) {
				t.Errorf("empty content: %+v, want pass-through", res)
			}
		})
	}
}

var filler = bytes.Repeat([]byte("a"), 32<<10)

// lazyReader yields n bytes of a JSON body without holding them, and
// counts what was read.
type lazyReader struct {
	n, read int64
}

func (r *lazyReader) Read(p []byte) (int, error) {
	if r.read >= r.n {
		return 0, io.EOF
	}
	k := min(int64(len(p)), r.n-r.read)
	for done := 0; done < int(k); {
		done += copy(p[done:k], filler)
	}
	if r.read == 0 {
		copy(p, `{"content":"`)
	}
	r.read += k
	return int(k), nil
}

func TestBodyLimit(t *testing.T) {
	const hundredMB = 100 << 20
	h := newHarness(t, server.Config{}, nil) // default 32 MiB

	t.Run("streamed 100 MB", func(t *testing.T) {
		body := &lazyReader{n: hundredMB}
		req := httptest.NewRequest("POST", "/v1/compress", io.NopCloser(body))
		req.ContentLength = -1
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.srv.Handler().ServeHTTP(rec, req)
		if rec.Code != 413 || !strings.Contains(rec.Body.String(), `"code":"too_large"`) {
			t.Fatalf("got %d %s, want 413 too_large", rec.Code, rec.Body)
		}
		// It reads on past the limit so the client sees the 413, but
		// within a bound: twice the limit.
		if body.read > 2*server.DefaultMaxBody+1<<20 {
			t.Errorf("server read %d bytes of a body over the %d limit", body.read, server.DefaultMaxBody)
		}
	})
	t.Run("declared 100 MB", func(t *testing.T) {
		body := &lazyReader{n: hundredMB}
		req := httptest.NewRequest("POST", "/v1/compress", io.NopCloser(body))
		req.ContentLength = hundredMB
		rec := httptest.NewRecorder()
		h.srv.Handler().ServeHTTP(rec, req)
		if rec.Code != 413 {
			t.Fatalf("got %d %s, want 413", rec.Code, rec.Body)
		}
		if body.read != 0 {
			t.Errorf("server read %d bytes of a body declared over the limit", body.read)
		}
	})
	t.Run("over the network", func(t *testing.T) {
		h := newHarness(t, server.Config{MaxBody: 1 << 20}, nil)
		// 1.5 MiB: over the limit but within the 2× the server drains, so
		// the client always reads the 413. Past 2× the server closes
		// without reading, and a client still writing may see a reset.
		_, err := h.client("").Compress(context.Background(), wire.CompressRequest{Content: strings.Repeat("x", 3<<19)})
		ae := wantAPIError(t, err, 413, "too_large")
		if !strings.Contains(ae.Message, "1048576") {
			t.Errorf("message %q does not name the limit", ae.Message)
		}
		// Just under the limit is fine.
		if _, err := h.client("").Compress(context.Background(), wire.CompressRequest{Content: strings.Repeat("x", 1<<20-100)}); err != nil {
			t.Error(err)
		}
	})
}

func TestAuth(t *testing.T) {
	keys, err := server.ParseKeys("acme=key-acme-1,globex=key-globex,acme=key-acme-2")
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, server.Config{Keys: keys}, nil)
	ctx := context.Background()

	for _, path := range []string{"/v1/stats", "/metrics", "/v1/retrieve/0123456789ab"} {
		for _, hdr := range []string{"", "Bearer", "Bearer ", "Basic a2V5LWFjbWUtMQ==", "key-acme-1", "Bearer key-acme-1x", "Bearer KEY-ACME-1"} {
			status, h2, body := h.do("GET", path, hdr, "", nil)
			if status != 401 || !strings.Contains(string(body), `"code":"unauthorized"`) {
				t.Errorf("GET %s with %q = %d %s, want 401", path, hdr, status, body)
			}
			if h2.Get("WWW-Authenticate") == "" {
				t.Errorf("GET %s with %q: no WWW-Authenticate", path, hdr)
			}
		}
	}
	for _, path := range []string{"/healthz", "/readyz"} {
		if status, _, body := h.do("GET", path, "", "", nil); status != 200 {
			t.Errorf("GET %s without key = %d %s", path, status, body)
		}
	}
	if status, _, _ := h.do("GET", "/metrics", "Bearer key-globex", "", nil); status != 200 {
		t.Errorf("GET /metrics with a key = %d", status)
	}

	acme1, acme2, globex := h.client("key-acme-1"), h.client("key-acme-2"), h.client("key-globex")
	res, err := acme1.Compress(ctx, wire.CompressRequest{Content: buildLog})
	if err != nil || res.CCRID == "" {
		t.Fatalf("compress: %+v, %v", res, err)
	}
	if got, err := acme2.Retrieve(ctx, res.CCRID); err != nil || string(got) != buildLog {
		t.Errorf("same tenant, other key: %q, %v", got, err)
	}
	_, err = globex.Retrieve(ctx, res.CCRID)
	wantAPIError(t, err, 404, "not_found")
	exp, err := globex.Expand(ctx, res.Text)
	if err != nil || len(exp.Missing) != 1 || exp.Text != res.Text {
		t.Errorf("other tenant's expand = %+v, %v; want the marker left in place", exp, err)
	}
	st, err := globex.Stats(ctx)
	if err != nil || st.Tenant != "globex" || st.Totals.Results != 0 || st.Requests["retrieve"] != 1 || st.Errors != 1 {
		t.Errorf("globex stats = %+v, %v", st, err)
	}
	st, err = acme1.Stats(ctx)
	if err != nil || st.Tenant != "acme" || st.Totals.Results != 1 {
		t.Errorf("acme stats = %+v, %v", st, err)
	}

	logs := h.logBuf.String()
	for _, secret := range []string{"key-acme-1", "key-acme-2", "key-globex", "a2V5LWFjbWUtMQ"} {
		if strings.Contains(logs, secret) {
			t.Errorf("log contains key %q", secret)
		}
	}
	if !strings.Contains(logs, `"tenant":"acme"`) {
		t.Errorf("request log lacks the tenant:\n%s", logs)
	}
}

func TestSecretsRedact(t *testing.T) {
	keys, err := server.ParseKeys("acme=hunter2hunter2")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, nil))
	log.Info("start", "config", server.Config{Keys: keys}, "key", keys[0].Secret, "keys", keys)
	out := buf.String() + fmt.Sprint(keys) + fmt.Sprintf("%v %+v %#v %s", keys[0], keys[0], keys[0], keys[0].Secret)
	if strings.Contains(out, "hunter2") {
		t.Errorf("key leaked: %s", out)
	}
	if !strings.Contains(buf.String(), "acme") {
		t.Errorf("config log lacks tenants: %s", buf.String())
	}
}

func TestRequestLogHasNoContent(t *testing.T) {
	h := newHarness(t, server.Config{}, nil)
	secret := "SECRET-CONTENT-" + strings.Repeat("z", 80) // long enough to be lossy
	if _, err := h.client("").Compress(context.Background(), wire.CompressRequest{Content: secret, Query: "QUERYTEXT"}); err != nil {
		t.Fatal(err)
	}
	logs := h.logBuf.String()
	if strings.Contains(logs, "SECRET-CONTENT") || strings.Contains(logs, "QUERYTEXT") {
		t.Errorf("content in log: %s", logs)
	}
	for _, want := range []string{`"route":"/v1/compress"`, `"status":200`, `"method":"POST"`, `"bytes_in":`, `"latency_ms":`, `"strategy":"fake-lossy"`} {
		if !strings.Contains(logs, want) {
			t.Errorf("log lacks %s: %s", want, logs)
		}
	}
}

func TestMetrics(t *testing.T) {
	h := newHarness(t, server.Config{}, nil)
	c := h.client("")
	ctx := context.Background()
	res, err := c.Compress(ctx, wire.CompressRequest{Content: buildLog})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Compress(ctx, wire.CompressRequest{Content: "tiny", Scorer: "heuristic"}); err != nil {
		t.Fatal(err)
	}
	_, _ = c.Retrieve(ctx, "0123456789ab")
	h.eng.storeDown.Store(true)
	_, err = c.Retrieve(ctx, res.CCRID)
	wantAPIError(t, err, 503, "store_unavailable")
	h.eng.storeDown.Store(false)

	saved := float64(res.OriginalBytes - res.CompressedBytes)
	want := map[string]float64{
		`kompress_http_requests_total{method="POST",route="/v1/compress",status="200"}`:    2,
		`kompress_http_requests_total{method="GET",route="/v1/retrieve/:id",status="404"}`: 1,
		`kompress_http_requests_total{method="GET",route="/v1/retrieve/:id",status="503"}`: 1,
		`kompress_http_request_duration_seconds{route="/v1/compress"}`:                     2,
		`kompress_compress_bytes_total{direction="in"}`:                                    float64(len(buildLog) + 4),
		`kompress_compress_bytes_total{direction="out"}`:                                   float64(res.CompressedBytes + 4),
		`kompress_saved_bytes_total{strategy="fake-lossy"}`:                                saved,
		`kompress_saved_bytes_total{strategy="passthrough"}`:                               0,
		`kompress_step_saved_bytes_total{provider="fakeprov",strategy="fake-lossy"}`:       saved,
		`kompress_provider_marginal_bytes_total{provider="fakeprov"}`:                      7,
		`kompress_scorer_results_total{scorer="onnx:fake"}`:                                1,
		`kompress_scorer_results_total{scorer="none"}`:                                     1,
		`kompress_compress_results_total{strategy="fake-lossy"}`:                           1,
		`kompress_store_errors_total{op="retrieve"}`:                                       1,
		`kompress_scorer_fallbacks_total{reason="busy"}`:                                   0,
		`kompress_compress_tokens_total{direction="in"}`:                                   float64(res.OriginalTokens + 1),
		`kompress_http_requests_in_flight{}`:                                               0,
		`kompress_scoring_slots_in_use{}`:                                                  0,
	}
	for series, v := range want {
		if got := h.metric(series); got != v {
			t.Errorf("%s = %g, want %g", series, got, v)
		}
	}
	// And over HTTP in the Prometheus text format.
	status, hdr, body := h.do("GET", "/metrics", "", "", nil)
	if status != 200 || !strings.HasPrefix(hdr.Get("Content-Type"), "text/plain") ||
		!regexp.MustCompile(`(?m)^kompress_saved_bytes_total\{strategy="fake-lossy"\} \d+`).Match(body) {
		t.Errorf("GET /metrics = %d %s\n%s", status, hdr.Get("Content-Type"), body)
	}
}

func TestReadyz(t *testing.T) {
	h := newHarness(t, server.Config{}, nil)
	down := fmt.Errorf("redis 10.0.0.7:6379: %w", store.ErrUnavailable)
	h.eng.readyErr.Store(&down)
	err := h.client("").Ready(context.Background())
	ae := wantAPIError(t, err, 503, "not_ready")
	if ae.Message != "store unavailable" {
		t.Errorf("message %q", ae.Message)
	}
	if got := h.metric(`kompress_store_errors_total{op="ready"}`); got != 1 {
		t.Errorf("store errors = %g", got)
	}
	if !strings.Contains(h.logBuf.String(), "10.0.0.7") {
		t.Errorf("the log should say why: %s", h.logBuf.String())
	}
	other := errors.New("model loading")
	h.eng.readyErr.Store(&other)
	wantAPIError(t, h.client("").Ready(context.Background()), 503, "not_ready")
	h.eng.readyErr.Store(nil)
	if err := h.client("").Ready(context.Background()); err != nil {
		t.Error(err)
	}
	// Health does not depend on the engine.
	h.eng.readyErr.Store(&other)
	if err := h.client("").Health(context.Background()); err != nil {
		t.Error(err)
	}
}

func TestEngineErrors(t *testing.T) {
	h := newHarness(t, server.Config{}, nil)
	c := h.client("")
	ctx := context.Background()
	h.eng.storeDown.Store(true)
	_, err := c.Expand(ctx, "x [kompress:0123456789ab]")
	wantAPIError(t, err, 503, "store_unavailable")
	// Compress degrades (the engine's job) rather than failing.
	res, err := c.Compress(ctx, wire.CompressRequest{Content: buildLog})
	if err != nil || res.CCRID != "" || !res.Lossless {
		t.Errorf("compress with store down = %+v, %v", res, err)
	}
	h.eng.storeDown.Store(false)

	// The engine's own option errors are 400 with its message.
	_, err = c.Compress(ctx, wire.CompressRequest{Content: "x", Query: "bad-option"})
	if ae := wantAPIError(t, err, 400, "bad_request"); !strings.Contains(ae.Message, "not understood") {
		t.Errorf("message %q", ae.Message)
	}

	// A panic is a 500 with the JSON shape, on the direct and the scoring path,
	// and the server goes on serving.
	for _, scorer := range []string{"heuristic", "auto"} {
		_, err = c.Compress(ctx, wire.CompressRequest{Content: "PANIC", Scorer: scorer})
		ae := wantAPIError(t, err, 500, "internal")
		if !strings.Contains(ae.Message, "request id") || strings.Contains(ae.Message, "fake engine") {
			t.Errorf("500 message %q: want a request id and no internals", ae.Message)
		}
	}
	if _, err := c.Compress(ctx, wire.CompressRequest{Content: "fine"}); err != nil {
		t.Error(err)
	}
	if !strings.Contains(h.logBuf.String(), "fake engine panic") {
		t.Error("panic not logged")
	}
}

func TestScoringBusyFallsBackToHeuristic(t *testing.T) {
	eng := newFakeEngine()
	release := make(chan struct{})
	entered := eng.blockScoring(release)
	h := newHarness(t, server.Config{MaxScoring: 1, ScoreTimeout: time.Hour}, eng)
	c := h.client("")
	ctx := context.Background()

	first := make(chan wire.Result, 1)
	go func() {
		res, err := c.Compress(ctx, wire.CompressRequest{Content: buildLog})
		if err != nil {
			t.Error(err)
		}
		first <- res
	}()
	<-entered

	res, err := c.Compress(ctx, wire.CompressRequest{Content: buildLog + "2"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Scorer != "heuristic" || len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "capacity") {
		t.Errorf("while scoring is full: %+v, want heuristic with a warning", res)
	}
	if got := h.metric(`kompress_scorer_fallbacks_total{reason="busy"}`); got != 1 {
		t.Errorf("busy fallbacks = %g", got)
	}
	if got := h.metric(`kompress_scoring_slots_in_use{}`); got != 1 {
		t.Errorf("slots in use = %g", got)
	}
	// A result no scorer worked on is not a fallback: nothing changed.
	res, err = c.Compress(ctx, wire.CompressRequest{Content: "short"})
	if err != nil || len(res.Warnings) != 0 || res.Scorer != "" {
		t.Errorf("short input while scoring is full: %+v, %v", res, err)
	}
	if got := h.metric(`kompress_scorer_fallbacks_total{reason="busy"}`); got != 1 {
		t.Errorf("busy fallbacks = %g after a result without a scorer", got)
	}
	close(release)
	if res := <-first; res.Scorer != "onnx:fake" || len(res.Warnings) != 0 {
		t.Errorf("first request: %+v", res)
	}
}

// modelless is an engine whose default scorer found no model (auto fell
// back to the heuristic, for the life of the engine).
type modelless struct{ server.Engine }

func (modelless) ModelState() wire.ModelState {
	return wire.ModelState{Mode: "auto", State: "fallback", Scorer: "heuristic"}
}

// TestScoringNoModelNoSlots: when the engine's default scorer is the
// heuristic for good, a request of the default scorer goes straight to the
// engine: it takes no scoring slot, so it is never a "busy" fallback with a
// warning about model capacity there is none of, and it needs no goroutine
// of its own for the backstop.
func TestScoringNoModelNoSlots(t *testing.T) {
	eng := newFakeEngine()
	release := make(chan struct{})
	entered := make(chan struct{}, 1)
	var calls atomic.Int32
	eng.scoring = func(context.Context) error { // the first call waits
		if calls.Add(1) == 1 {
			entered <- struct{}{}
			<-release
		}
		return nil
	}
	h := newHarnessOf(t, server.Config{MaxScoring: 1, ScoreTimeout: time.Hour}, eng, modelless{eng})
	c := h.client("")
	ctx := context.Background()
	first := make(chan error, 1)
	go func() {
		_, err := c.Compress(ctx, wire.CompressRequest{Content: buildLog})
		first <- err
	}()
	<-entered
	if got := h.metric(`kompress_scoring_slots_in_use{}`); got != 0 {
		t.Errorf("slots in use = %g, want 0", got)
	}
	for _, sc := range []string{"", "auto"} {
		res, err := c.Compress(ctx, wire.CompressRequest{Content: buildLog + sc + "2", Scorer: sc})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Warnings) != 0 {
			t.Errorf("scorer %q: warnings %q, want none", sc, res.Warnings)
		}
	}
	if got := h.metric(`kompress_scorer_fallbacks_total{reason="busy"}`); got != 0 {
		t.Errorf("busy fallbacks = %g, want 0", got)
	}
	close(release)
	if err := <-first; err != nil {
		t.Fatal(err)
	}
}

// TestScoringSlotFreeWhileStoring: a request whose original waits for the
// store to make it durable has done its scoring; its slot goes to the
// next request instead of sending that one to the heuristic.
func TestScoringSlotFreeWhileStoring(t *testing.T) {
	eng := newFakeEngine()
	release := make(chan struct{})
	storing := make(chan struct{}, 1)
	var n atomic.Int32
	eng.storing = func(context.Context) {
		if n.Add(1) == 1 { // only the first request waits
			storing <- struct{}{}
			<-release
		}
	}
	h := newHarness(t, server.Config{MaxScoring: 1, ScoreTimeout: time.Hour}, eng)
	c := h.client("")
	ctx := context.Background()
	first := make(chan error, 1)
	go func() {
		_, err := c.Compress(ctx, wire.CompressRequest{Content: buildLog})
		first <- err
	}()
	<-storing
	res, err := c.Compress(ctx, wire.CompressRequest{Content: buildLog + "2"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Scorer != "onnx:fake" || len(res.Warnings) != 0 {
		t.Errorf("while another request waits on the store: %+v, want the model without warnings", res)
	}
	if got := h.metric(`kompress_scorer_fallbacks_total{reason="busy"}`); got != 0 {
		t.Errorf("busy fallbacks = %g", got)
	}
	close(release)
	if err := <-first; err != nil {
		t.Error(err)
	}
	if got := h.metric(`kompress_scoring_slots_in_use{}`); got != 0 {
		t.Errorf("slots in use = %g after both ended", got)
	}
}

// TestScoringSlotFreeBeforeAnswer: a request's scoring slot is free by the
// time its answer arrives, so a client sending its requests one after the
// other never finds the only slot held by its own previous request (and
// never gets the heuristic with a "capacity" warning for it).
func TestScoringSlotFreeBeforeAnswer(t *testing.T) {
	h := newHarness(t, server.Config{MaxScoring: 1, ScoreTimeout: time.Hour}, nil)
	c := h.client("")
	for i := range 100 {
		res, err := c.Compress(context.Background(), wire.CompressRequest{Content: fmt.Sprintf("%s\nrequest %d\n", buildLog, i)})
		if err != nil {
			t.Fatal(err)
		}
		if res.Scorer != "onnx:fake" || len(res.Warnings) != 0 {
			t.Fatalf("request %d: %+v, want the model without warnings", i, res)
		}
		if got := h.metric(`kompress_scoring_slots_in_use{}`); got != 0 {
			t.Fatalf("slots in use = %g after request %d ended", got, i)
		}
	}
}

// TestScoringSlowStoreNoRerun: once scoring is over and the original waits
// for the disk, the scoring backstop no longer applies: a sync slower than
// ScoreTimeout does not make the server run the request again with the
// heuristic (the work and the store write twice).
func TestScoringSlowStoreNoRerun(t *testing.T) {
	eng := newFakeEngine()
	// The sync starts after scoring, so waiting twice the backstop from
	// there always outlasts it. The backstop is long (1.25 s) because the
	// fake's work before the sync must fit in it on a loaded machine: a
	// short one could pass during that work and rerun the request for
	// reasons this test is not about.
	const timeout = time.Second
	eng.storing = func(ctx context.Context) {
		select {
		case <-time.After(2 * (timeout + timeout/4)): // ScoreTimeout + grace, twice
		case <-ctx.Done():
		}
	}
	h := newHarness(t, server.Config{MaxScoring: 1, ScoreTimeout: timeout}, eng)
	res, err := h.client("").Compress(context.Background(), wire.CompressRequest{Content: buildLog})
	if err != nil {
		t.Fatal(err)
	}
	if res.Scorer != "onnx:fake" || len(res.Warnings) != 0 {
		t.Errorf("after a slow store: %+v, want the model's result without warnings", res)
	}
	if n := eng.scorerCalls("heuristic"); n != 0 {
		t.Errorf("the request ran again with the heuristic %d times", n)
	}
	if got := h.metric(`kompress_scorer_fallbacks_total{reason="deadline"}`); got != 0 {
		t.Errorf("deadline fallbacks = %g", got)
	}
}

func TestScoringStrictOnnxBusy(t *testing.T) {
	eng := newFakeEngine()
	release := make(chan struct{})
	entered := eng.blockScoring(release)
	h := newHarness(t, server.Config{MaxScoring: 1, ScoreTimeout: 10 * time.Millisecond}, eng)
	c := h.client("")
	done := make(chan error, 1)
	go func() {
		_, err := c.Compress(context.Background(), wire.CompressRequest{Content: buildLog, Scorer: "onnx"})
		done <- err
	}()
	<-entered
	_, err := c.Compress(context.Background(), wire.CompressRequest{Content: buildLog, Scorer: "onnx"})
	wantAPIError(t, err, 503, "scorer_busy")
	close(release)
	if err := <-done; err != nil {
		t.Error(err)
	}
	if n := eng.scorerCalls("heuristic"); n != 0 {
		t.Errorf("strict onnx ran the heuristic %d times", n)
	}
}

func TestScoringDeadlineFallsBackToHeuristic(t *testing.T) {
	eng := newFakeEngine()
	release := make(chan struct{})
	eng.scoring = func(ctx context.Context) error {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-release:
			return nil
		}
	}
	h := newHarness(t, server.Config{MaxScoring: 1, ScoreTimeout: 20 * time.Millisecond}, eng)
	c := h.client("")
	ctx := context.Background()

	res, err := c.Compress(ctx, wire.CompressRequest{Content: buildLog})
	if err != nil {
		t.Fatal(err)
	}
	if res.Scorer != "heuristic" || len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "longer than 20ms") {
		t.Errorf("after the deadline: %+v", res)
	}
	if got := h.metric(`kompress_scorer_fallbacks_total{reason="deadline"}`); got != 1 {
		t.Errorf("deadline fallbacks = %g", got)
	}

	// The call abandoned at the backstop ends once it sees its ctx
	// cancelled, on its own schedule; until then it holds the only slot and
	// the next request would go to the heuristic without scoring.
	h.srv.WaitAttempts()

	// An engine that ignores ctx: the request still returns at the deadline,
	// and the abandoned call keeps its slot until it really ends.
	entered := eng.blockScoring(release)
	res, err = c.Compress(ctx, wire.CompressRequest{Content: buildLog + "x"})
	if err != nil || res.Scorer != "heuristic" {
		t.Fatalf("uninterruptible engine: %+v, %v", res, err)
	}
	<-entered
	res, err = c.Compress(ctx, wire.CompressRequest{Content: buildLog + "y"})
	if err != nil || res.Scorer != "heuristic" || !strings.Contains(res.Warnings[0], "capacity") {
		t.Errorf("slot held by abandoned call: %+v, %v", res, err)
	}
	close(release)
}

func TestConcurrentRequests(t *testing.T) {
	eng := newFakeEngine()
	keys, _ := server.ParseKeys("a=key-a,b=key-b")
	h := newHarness(t, server.Config{Keys: keys, MaxScoring: 2}, eng)
	ctx := context.Background()
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			key := []string{"key-a", "key-b"}[g%2]
			c := h.client(key)
			for i := range 20 {
				content := fmt.Sprintf("%s\nrequest %d of worker %d\n", buildLog, i, g)
				req := wire.CompressRequest{Content: content}
				if i%3 == 0 {
					req.Scorer = "heuristic"
				}
				res, err := c.Compress(ctx, req)
				if err != nil {
					t.Error(err)
					return
				}
				got, err := c.Retrieve(ctx, res.CCRID)
				if err != nil || string(got) != content {
					t.Errorf("retrieve %s: %v", res.CCRID, err)
					return
				}
				if i%5 == 0 {
					if _, err := c.Stats(ctx); err != nil {
						t.Error(err)
					}
					h.do("GET", "/metrics", "Bearer "+key, "", nil)
				}
			}
		}()
	}
	wg.Wait()
	var total int64
	for _, key := range []string{"key-a", "key-b"} {
		st, err := h.client(key).Stats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		total += st.Totals.Results
	}
	if total != 16*20 {
		t.Errorf("stats count %d results, want %d", total, 16*20)
	}
	if got := h.metric(`kompress_http_requests_total{method="POST",route="/v1/compress",status="200"}`); got != 16*20 {
		t.Errorf("metrics count %g compress requests", got)
	}
}

func TestServeGracefulShutdown(t *testing.T) {
	eng := newFakeEngine()
	release := make(chan struct{})
	entered := eng.blockScoring(release)
	srv := server.New(server.Config{ScoreTimeout: time.Hour}, eng, nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, ln) }()

	base := "http://" + ln.Addr().String()
	c := wire.NewClient(base, "", &http.Client{})
	inflight := make(chan error, 1)
	go func() {
		res, err := c.Compress(context.Background(), wire.CompressRequest{Content: buildLog})
		if err == nil && res.CCRID == "" {
			err = errors.New("no id")
		}
		inflight <- err
	}()
	<-entered
	cancel()
	// Wait until the listener is closed: shutdown has begun.
	for {
		conn, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			break
		}
		conn.Close()
		time.Sleep(5 * time.Millisecond)
	}
	select {
	case err := <-served:
		t.Fatalf("Serve returned %v with a request in flight", err)
	default:
	}
	close(release)
	if err := <-inflight; err != nil {
		t.Errorf("in-flight request: %v", err)
	}
	if err := <-served; err != nil {
		t.Errorf("Serve = %v, want nil after graceful shutdown", err)
	}
	if err := srv.Serve(context.Background(), ln); err == nil {
		t.Error("second Serve succeeded")
	}
}

// TestContentEncodingRejected: a gzip (or any encoded) body is not decoded,
// so it gets a 415 naming Content-Encoding, not a misleading "must be a
// JSON object" about bytes the client never meant as JSON.
func TestContentEncodingRejected(t *testing.T) {
	h := newHarness(t, server.Config{}, nil)
	for _, enc := range []string{"gzip", "br", "deflate, gzip"} {
		req, err := http.NewRequest("POST", h.ts.URL+"/v1/compress", strings.NewReader("\x1f\x8b\x08\x00junk"))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Content-Encoding", enc)
		resp, err := h.ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnsupportedMediaType || !strings.Contains(string(b), "Content-Encoding") {
			t.Errorf("%s: status %d body %s, want 415 naming Content-Encoding", enc, resp.StatusCode, b)
		}
	}
	// identity is no encoding at all.
	req, _ := http.NewRequest("POST", h.ts.URL+"/v1/compress", strings.NewReader(`{"content":"x"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Content-Encoding", "identity")
	resp, err := h.ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("identity: status %d, want 200", resp.StatusCode)
	}
}
