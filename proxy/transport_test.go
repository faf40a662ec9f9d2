package proxy

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/zstd"
)

// TestEncodedRequestBodies: a body the client compressed (Content-Encoding
// gzip, deflate, zstd, br; Codex sends zstd) has its tool results
// compressed and goes upstream encoded the same way; one the proxy cannot
// read (a wrong coding, an unknown one) goes as it came, never a failure.
func TestEncodedRequestBodies(t *testing.T) {
	eng := testEngine(t)
	plain := anthropicOne("Bash", q(logText()))
	want := anthropicOne("Bash", q(compressed(t, eng, "Bash", logText())))
	for _, tt := range []struct{ enc string }{{"gzip"}, {"deflate"}, {"zstd"}, {"br"}, {"gzip, zstd"}, {"ZSTD"}} {
		t.Run(tt.enc, func(t *testing.T) {
			enc := encodeTest(t, tt.enc, []byte(plain))
			up := newUpstream(t)
			url := front(t, up, eng, true)
			resp, _ := post(t, url+"/v1/messages", string(enc), "Content-Encoding", tt.enc)
			if resp.StatusCode != 200 {
				t.Fatalf("status %d", resp.StatusCode)
			}
			r := up.requests()[0]
			if r.header.Get("Content-Encoding") != tt.enc {
				t.Errorf("Content-Encoding %q", r.header.Get("Content-Encoding"))
			}
			mustEqual(t, "decoded upstream body", decodeTest(t, tt.enc, r.body), []byte(want))
			if len(r.body) >= len(enc) {
				t.Errorf("upstream got %d encoded bytes, the client sent %d", len(r.body), len(enc))
			}
		})
	}
	for _, tt := range []struct{ enc, body string }{
		{"gzip", "not gzip at all"},
		{"zstd", "\x28\xb5\x2f\xfd opaque"},
		{"br", "\x0b\x02 opaque"},
		{"compress", "\x1f\x9d opaque"},
	} {
		t.Run("unreadable "+tt.enc, func(t *testing.T) {
			up := newUpstream(t)
			url := front(t, up, eng, true)
			resp, _ := post(t, url+"/v1/messages", tt.body, "Content-Encoding", tt.enc)
			if resp.StatusCode != 200 {
				t.Fatalf("status %d", resp.StatusCode)
			}
			r := up.requests()[0]
			mustEqual(t, "upstream body", r.body, []byte(tt.body))
			if r.header.Get("Content-Encoding") != tt.enc {
				t.Errorf("Content-Encoding %q", r.header.Get("Content-Encoding"))
			}
		})
	}
}

// encodeTest applies the comma-separated codings to b, in order, with the
// libraries' defaults (not the proxy's own encoder).
func encodeTest(t *testing.T, codings string, b []byte) []byte {
	t.Helper()
	for _, c := range strings.Split(strings.ToLower(codings), ",") {
		var out bytes.Buffer
		var w io.WriteCloser
		switch strings.TrimSpace(c) {
		case "gzip":
			w = gzip.NewWriter(&out)
		case "deflate":
			w = zlib.NewWriter(&out)
		case "zstd":
			w, _ = zstd.NewWriter(&out)
		case "br":
			w = brotli.NewWriter(&out)
		}
		w.Write(b)
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		b = out.Bytes()
	}
	return b
}

// decodeTest undoes encodeTest.
func decodeTest(t *testing.T, codings string, b []byte) []byte {
	t.Helper()
	cs := strings.Split(strings.ToLower(codings), ",")
	for i := len(cs) - 1; i >= 0; i-- {
		var r io.Reader
		var err error
		switch strings.TrimSpace(cs[i]) {
		case "gzip":
			r, err = gzip.NewReader(bytes.NewReader(b))
		case "deflate":
			r, err = zlib.NewReader(bytes.NewReader(b))
		case "zstd":
			r, err = zstd.NewReader(bytes.NewReader(b))
		case "br":
			r = brotli.NewReader(bytes.NewReader(b))
		}
		if err == nil {
			b, err = io.ReadAll(r)
		}
		if err != nil {
			t.Fatalf("upstream body does not decode as %s: %v", cs[i], err)
		}
	}
	return b
}

// TestEncodedBodyBomb: a small encoded body that decodes to more than the
// proxy rewrites goes upstream as it came.
func TestEncodedBodyBomb(t *testing.T) {
	up := newUpstream(t)
	px, err := New(Options{Upstream: up.srv.URL, Engine: testEngine(t), MaxBody: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(px)
	t.Cleanup(srv.Close)
	big := anthropicOne("Bash", q(strings.Repeat("a", 4<<20)))
	for i, c := range []string{"zstd", "gzip", "br"} {
		enc := encodeTest(t, c, []byte(big))
		post(t, srv.URL+"/v1/messages", string(enc), "Content-Encoding", c)
		mustEqual(t, c+" upstream body", up.requests()[i].body, enc)
	}
	// A zstd frame that says its size up front.
	zw, _ := zstd.NewWriter(nil)
	enc := zw.EncodeAll([]byte(big), nil)
	post(t, srv.URL+"/v1/messages", string(enc), "Content-Encoding", "zstd")
	mustEqual(t, "zstd frame with its size, upstream body", up.requests()[3].body, enc)
}

// rawExchange sends raw HTTP/1.1 requests on one connection and returns
// the responses read back.
func rawExchange(t *testing.T, base string, reqs ...string) []*http.Response {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	c, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	br := bufio.NewReader(c)
	var out []*http.Response
	for _, r := range reqs {
		if _, err := io.WriteString(c, r); err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(br, nil)
		for err == nil && resp.StatusCode < 200 {
			resp, err = http.ReadResponse(br, nil) // past 100 Continue
		}
		if err != nil {
			t.Fatalf("request %d: %v", len(out), err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body = io.NopCloser(bytes.NewReader(b))
		out = append(out, resp)
	}
	return out
}

// TestKeepAliveAndExpectContinue: several requests on one connection, the
// second with Expect: 100-continue (curl sends it for bodies over 1 KiB).
func TestKeepAliveAndExpectContinue(t *testing.T) {
	up := newUpstream(t)
	eng := testEngine(t)
	base := front(t, up, eng, false)
	body := anthropicOne("Bash", q(logText()))
	req := func(extra string) string {
		return fmt.Sprintf("POST /v1/messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n%s\r\n%s", len(body), extra, body)
	}
	// The client sends the body after the interim 100 without waiting:
	// the server must read it as this request's body either way.
	resps := rawExchange(t, base, req(""), req("Expect: 100-continue\r\n"), req(""))
	for i, r := range resps {
		if r.StatusCode != 200 {
			t.Errorf("request %d: status %d", i, r.StatusCode)
		}
	}
	got := up.requests()
	if len(got) != 3 {
		t.Fatalf("upstream got %d requests", len(got))
	}
	want := anthropicOne("Bash", q(compressed(t, eng, "Bash", logText())))
	for i, r := range got {
		mustEqual(t, fmt.Sprintf("request %d", i), r.body, []byte(want))
		if r.header.Get("Expect") != "" {
			t.Errorf("request %d: Expect forwarded upstream", i)
		}
	}
}

// TestUnknownFieldsUntouched: fields and content blocks the proxy does not
// know (a future API's) reach the upstream byte for byte, next to the
// compressed tool result.
func TestUnknownFieldsUntouched(t *testing.T) {
	const tmpl = `{"model":"m","future_param":{"a":[1,2.0,-0]},"messages":[` +
		`{"role":"assistant","content":[{"type":"thinking","thinking":"hm","signature":"c2ln"},{"type":"tool_use","id":"t1","name":"Bash","input":{},"caller":{"type":"direct"}}]},` +
		`{"role":"user","content":[{"type":"text","text":"before"},{"type":"tool_result","tool_use_id":"t1","is_error":true,"content":[{"type":"text","text":{{a}},"citations":null},{"type":"search_result","source":"s","title":"t","content":[{"type":"text","text":{{b}}}]},{"type":"future_block","data":{{b}}}],"cache_control":{"type":"ephemeral","ttl":"1h"}},{"type":"text","text":{{b}}},{"type":"document","source":{"type":"text","media_type":"text/plain","data":{{b}}}}]}]}`
	up := newUpstream(t)
	eng := testEngine(t)
	url := front(t, up, eng, false)
	post(t, url+"/v1/messages", fill(tmpl, "a", q(logText()), "b", q(otherLog())))
	want := fill(tmpl, "a", q(compressed(t, eng, "Bash", logText())), "b", q(otherLog()))
	mustEqual(t, "upstream body", up.requests()[0].body, []byte(want))
}

// TestClientGoneMidStream: clients that hang up in the middle of a stream
// leave no goroutine behind in the proxy.
func TestClientGoneMidStream(t *testing.T) {
	const n = 32
	var gates []chan struct{}
	var replies []reply
	for range n {
		g := make(chan struct{})
		gates = append(gates, g)
		replies = append(replies, reply{chunks: []string{"event: ping\ndata: {\"type\":\"ping\"}\n\n", "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"}, gate: g})
	}
	up := newUpstream(t, replies...)
	url := front(t, up, testEngine(t), false)
	before := runtime.NumGoroutine()
	for range n {
		tr := &http.Transport{}
		resp, err := (&http.Client{Transport: tr}).Post(url+"/v1/messages", "application/json", strings.NewReader(`{"stream":true}`))
		if err != nil {
			t.Fatal(err)
		}
		br := bufio.NewReader(resp.Body)
		if line, _ := br.ReadString('\n'); line != "event: ping\n" {
			t.Fatalf("first line %q", line)
		}
		resp.Body.Close()
		tr.CloseIdleConnections()
	}
	// The upstream handlers are still held at their gates: release them
	// only after the proxy has let go of them, so what is counted is the
	// proxy's own goroutines.
	for _, g := range gates {
		close(g)
	}
	goroutinesBackTo(t, before)
}

// goroutinesBackTo polls generously until the process runs no more than
// before goroutines (and two of the test's own), and fails with every
// stack when that never comes.
func goroutinesBackTo(t *testing.T, before int) {
	t.Helper()
	var now int
	if poll(func() bool {
		// An upstream answer that ended before the proxy saw its client
		// go leaves a kept-alive connection in the pool: not a leak.
		http.DefaultTransport.(*http.Transport).CloseIdleConnections()
		now = runtime.NumGoroutine()
		return now <= before+2
	}) {
		return
	}
	buf := make([]byte, 1<<20)
	t.Errorf("goroutines: %d before, %d after the clients left\n%s", before, now, buf[:runtime.Stack(buf, true)])
}

// TestOddEventStreams: a live retrieve turn over streams with CRLF line
// ends, comment lines, pings, events split across writes and a text delta
// far longer than the reader's buffer. The client gets one valid message
// with the long text whole, and the retrieve call is answered.
func TestOddEventStreams(t *testing.T) {
	eng := testEngine(t)
	id := markerID(t, eng)
	long := strings.Repeat("lorem ipsum dolor sit amet ", 12000) // 324 KB on one data line
	call := anthropicCallStream(id)
	longDelta := "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"" + long + "\"}}\n\n"
	var chunks []string
	for i, c := range call {
		if i == 4 {
			chunks = append(chunks, ": a comment line\n", "\n", longDelta[:100], longDelta[100:])
		}
		c = strings.ReplaceAll(c, "\n", "\r\n")
		chunks = append(chunks, c[:len(c)/2], c[len(c)/2:])
	}
	final := chunked(synthesize(anthropic, []byte(anthropicFinal)))
	up := newUpstream(t, reply{chunks: chunks}, reply{chunks: append([]string{": keep-alive\n\n", "event: ping\ndata: {\"type\":\"ping\"}\n\n"}, final...)})
	url := front(t, up, eng, true)
	resp, got := post(t, url+"/v1/messages", anthropicRequest(true, bashTool))
	if resp.StatusCode != 200 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	msg, err := accumulate(anthropic, got)
	if err != nil {
		t.Fatalf("client stream does not accumulate: %v", err)
	}
	if !bytes.Contains(msg, []byte("Let me "+long+"look.")) || !bytes.Contains(msg, []byte("The database refused connections.")) ||
		bytes.Contains(got, []byte("kompress_retrieve")) {
		t.Errorf("client message %s", clip(msg))
	}
	if reqs := up.requests(); len(reqs) != 2 || !bytes.Contains(reqs[1].body, quote(errorLine)[1:len(quote(errorLine))-1]) {
		t.Errorf("the retrieve call was not answered")
	}
}

// TestClientGivesUpOnHungUpstream: an upstream that never answers holds
// the client as long as the client waits (an SDK's own timeout decides);
// when the clients give up, the proxy cancels the upstream requests and
// keeps no goroutine.
func TestClientGivesUpOnHungUpstream(t *testing.T) {
	const n = 16
	hang := make(chan struct{})
	defer close(hang)
	var replies []reply
	for range n {
		replies = append(replies, reply{hang: hang})
	}
	up := newUpstream(t, replies...)
	eng := testEngine(t)
	url := front(t, up, eng, true)
	body := anthropicRequest(false, bashTool) // gets the retrieve tool: the intercepting path
	before := runtime.NumGoroutine()
	errs := make(chan error, n)
	for range n {
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url+"/v1/messages", strings.NewReader(body))
		k := len(up.requests())
		go func() {
			_, err := http.DefaultClient.Do(req)
			errs <- err
		}()
		waitFor(t, func() bool { return len(up.requests()) > k })
		cancel()
	}
	for range n {
		if err := <-errs; err == nil {
			t.Error("a cancelled request got an answer")
		}
	}
	goroutinesBackTo(t, before)
}

// TestEncodedBodyRetrieveContinues: the continuation after an in-band
// retrieve goes upstream in the client's coding too, readable (it was
// the decoded request with the call appended, sent as zstd bytes labelled
// nothing, or plain bytes labelled zstd).
func TestEncodedBodyRetrieveContinues(t *testing.T) {
	for _, stream := range []bool{false, true} {
		t.Run(fmt.Sprint("stream=", stream), func(t *testing.T) {
			eng := testEngine(t)
			id := markerID(t, eng)
			first, final := reply{body: anthropicCall(id)}, reply{body: anthropicFinal}
			if stream {
				first, final = reply{chunks: anthropicCallStream(id)}, reply{chunks: chunked(synthesize(anthropic, []byte(anthropicFinal)))}
			}
			up := newUpstream(t, first, final)
			url := front(t, up, eng, true)
			resp, got := post(t, url+"/v1/messages", string(encodeTest(t, "zstd", []byte(anthropicRequest(stream, bashTool)))), "Content-Encoding", "zstd")
			if resp.StatusCode != 200 || !bytes.Contains(got, []byte("The database refused connections.")) {
				t.Fatalf("status %d body %s", resp.StatusCode, clip(got))
			}
			reqs := up.requests()
			if len(reqs) != 2 {
				t.Fatalf("upstream got %d requests", len(reqs))
			}
			for i, r := range reqs {
				if r.header.Get("Content-Encoding") != "zstd" {
					t.Errorf("request %d: Content-Encoding %q", i, r.header.Get("Content-Encoding"))
				}
			}
			cont := decodeTest(t, "zstd", reqs[1].body)
			if !json.Valid(cont) || !bytes.Contains(cont, quote(errorLine)[1:len(quote(errorLine))-1]) {
				t.Errorf("continuation %s", clip(cont))
			}
		})
	}
}

// TestEncodedBodiesConcurrently: clients sending zstd bodies at once share
// the proxy's one decoder and encoder; each upstream body decodes to its
// own request compressed.
func TestEncodedBodiesConcurrently(t *testing.T) {
	eng := testEngine(t)
	up := newUpstream(t)
	url := front(t, up, eng, false)
	const n = 8
	want := map[string]bool{}
	bodies := make([][]byte, n)
	for i := range n {
		out := strings.ReplaceAll(logText(), "items", fmt.Sprintf("items%d", i))
		bodies[i] = encodeTest(t, "zstd", []byte(anthropicOne("Bash", q(out))))
		want[anthropicOne("Bash", q(compressed(t, eng, "Bash", out)))] = true
	}
	done := make(chan struct{})
	for i := range n {
		go func() {
			defer func() { done <- struct{}{} }()
			req, _ := http.NewRequest(http.MethodPost, url+"/v1/messages", bytes.NewReader(bodies[i]))
			req.Header.Set("Content-Encoding", "zstd")
			if resp, err := http.DefaultClient.Do(req); err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		}()
	}
	for range n {
		<-done
	}
	reqs := up.requests()
	if len(reqs) != n {
		t.Fatalf("upstream got %d requests", len(reqs))
	}
	for i, r := range reqs {
		if got := string(decodeTest(t, "zstd", r.body)); !want[got] {
			t.Errorf("request %d: upstream body is none of the compressed requests: %s", i, clip([]byte(got)))
		}
		delete(want, string(decodeTest(t, "zstd", r.body)))
	}
}
