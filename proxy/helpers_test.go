package proxy

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/kompress/kompress"
	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/wire"
)

// logText is tool output the engine compresses lossily: many similar lines
// and one failure line.
func logText() string {
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "2026-01-01T00:%02d:%02dZ INFO request handled path=/api/v1/items/%d status=200 duration=%dms\n", i/60, i%60, i, i%17)
	}
	b.WriteString("2026-01-01T00:05:00Z ERROR database connection refused: dial tcp 10.0.0.5:5432\n")
	for i := range 100 {
		fmt.Fprintf(&b, "2026-01-01T00:06:%02dZ INFO request handled path=/api/v1/users/%d status=200 duration=%dms\n", i%60, i, i%13)
	}
	return b.String()
}

// otherLog is a second, different compressible output.
func otherLog() string {
	return strings.ReplaceAll(logText(), "items", "orders")
}

// received is one request the fake upstream got.
type received struct {
	method, path string
	header       http.Header
	body         []byte
}

// reply is one answer of the fake upstream. A stream reply is sent as
// server-sent events, one write and flush per chunk.
type reply struct {
	status int
	header map[string]string
	body   string
	chunks []string
	// gate, when set, holds the reply after its first chunk until closed.
	gate chan struct{}
	// cut breaks the connection after the chunks instead of ending the
	// response, as an upstream that dies mid-stream.
	cut bool
	// hang, when set, holds the reply before its headers until closed or
	// the request is cancelled, as an upstream that does not answer.
	hang chan struct{}
}

// fakeUpstream is a model API on loopback that records the exact bytes it
// receives and answers with queued replies (text, tool calls, streams,
// errors); without one queued it answers a minimal Anthropic message.
type fakeUpstream struct {
	mu      sync.Mutex
	got     []received
	replies []reply
	srv     *httptest.Server
}

func newUpstream(t *testing.T, replies ...reply) *fakeUpstream {
	t.Helper()
	u := &fakeUpstream{replies: replies}
	u.srv = httptest.NewServer(http.HandlerFunc(u.serve))
	t.Cleanup(u.srv.Close)
	return u
}

func (u *fakeUpstream) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	u.mu.Lock()
	u.got = append(u.got, received{r.Method, r.URL.RequestURI(), r.Header.Clone(), body})
	rep := reply{body: `{"type":"message","role":"assistant","content":[{"type":"text","text":"ok"}],"stop_reason":"end_turn"}`}
	if len(u.replies) > 0 {
		rep, u.replies = u.replies[0], u.replies[1:]
	}
	u.mu.Unlock()
	if rep.hang != nil {
		select {
		case <-rep.hang:
		case <-r.Context().Done():
			return
		}
	}
	if rep.status == 0 {
		rep.status = http.StatusOK
	}
	ct := "application/json"
	if rep.chunks != nil {
		ct = "text/event-stream"
	}
	w.Header().Set("Content-Type", ct)
	for k, v := range rep.header {
		w.Header().Set(k, v)
	}
	w.WriteHeader(rep.status)
	if rep.chunks == nil {
		io.WriteString(w, rep.body)
		return
	}
	for i, c := range rep.chunks {
		io.WriteString(w, c)
		w.(http.Flusher).Flush()
		if i == 0 && rep.gate != nil {
			<-rep.gate
		}
	}
	if rep.cut {
		panic(http.ErrAbortHandler)
	}
}

func (u *fakeUpstream) requests() []received {
	u.mu.Lock()
	defer u.mu.Unlock()
	return append([]received(nil), u.got...)
}

// testEngine is a real engine with a memory store and the heuristic scorer.
func testEngine(t *testing.T) *kompress.Engine {
	t.Helper()
	st, err := store.Open(context.Background(), "memory:", store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return kompress.New(kompress.Options{Store: st, Scorer: "heuristic"})
}

// front starts the proxy on loopback in front of up.
func front(t *testing.T, up *fakeUpstream, eng *kompress.Engine, retrieveTool bool) string {
	t.Helper()
	px, err := New(Options{Upstream: up.srv.URL, Engine: eng, RetrieveTool: retrieveTool})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(px)
	t.Cleanup(srv.Close)
	return srv.URL
}

func post(t *testing.T, url, body string, header ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, b
}

// compressed is what the engine makes of a tool's output, as the proxy asks
// for it.
func compressed(t *testing.T, eng *kompress.Engine, toolName, s string) string {
	t.Helper()
	res, err := eng.Compress(context.Background(), "", wire.CompressRequest{Content: s, Tool: toolName, LosslessOnly: toolName == ""})
	if err != nil {
		t.Fatal(err)
	}
	return res.Text
}

// q is s as a JSON string.
func q(s string) string { return string(quote(s)) }

// fill replaces each {{name}} of tmpl.
func fill(tmpl string, kv ...string) string {
	for i := 0; i+1 < len(kv); i += 2 {
		tmpl = strings.ReplaceAll(tmpl, "{{"+kv[i]+"}}", kv[i+1])
	}
	return tmpl
}

func mustEqual(t *testing.T, what string, got, want []byte) {
	t.Helper()
	if !bytes.Equal(got, want) {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		lo := max(i-80, 0)
		t.Fatalf("%s differs at byte %d:\n got …%s\nwant …%s", what, i, clip(got[lo:]), clip(want[lo:]))
	}
}

func clip(b []byte) string {
	if len(b) > 240 {
		b = b[:240]
	}
	return string(b)
}
