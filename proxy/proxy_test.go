package proxy

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/kompress/kompress/server"
)

// The Anthropic request keeps odd spacing, key order and number literals:
// only the tool results' strings may change.
const anthropicTmpl = `{ "model" : "claude-x", "max_tokens":1024, "temperature": 1.50, "top_k":1e2,
  "system": [{"type":"text","text":{{sys}},"cache_control":{"type":"ephemeral"}}],
  "messages": [
    {"role":"user","content":{{user}}},
    {"role":"assistant","content":[{"type":"text","text":{{said}}},
      {"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"make test"}},
      {"type":"tool_use","id":"toolu_2","name":"Read","input":{"file_path":"/srv/app.log"}},
      {"type":"tool_use","id":"toolu_3","name":"Grep","input":{"pattern":"x"}}]},
    {"role":"user","content":[
      {"type":"tool_result","tool_use_id":"toolu_1","content":{{bash}}},
      {"type":"tool_result","tool_use_id":"toolu_2","content":[{"type":"text","text":{{read}}}]},
      {"type":"tool_result","tool_use_id":"toolu_3","content":[{"type":"text","text":{{grep}}},
        {"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBORw0KGgo="}}],"cache_control":{"type":"ephemeral"}}]}
  ]
}`

func TestAnthropicToolResults(t *testing.T) {
	up := newUpstream(t)
	eng := testEngine(t)
	url := front(t, up, eng, false)
	bash, read, grep := logText(), logText(), otherLog()
	text := logText() // the same text as user, system and assistant text stays as it is
	body := fill(anthropicTmpl, "sys", q(text), "user", q(text), "said", q(text), "bash", q(bash), "read", q(read), "grep", q(grep))
	want := fill(anthropicTmpl, "sys", q(text), "user", q(text), "said", q(text),
		"bash", q(compressed(t, eng, "Bash", bash)), "read", q(compressed(t, eng, "Read", read)), "grep", q(compressed(t, eng, "Grep", grep)))

	resp, got := post(t, url+"/v1/messages", body, "x-api-key", "sk-ant-secret", "anthropic-version", "2023-06-01", "Connection", "close")
	if resp.StatusCode != 200 || !strings.Contains(string(got), `"text":"ok"`) {
		t.Fatalf("status %d body %s", resp.StatusCode, got)
	}
	reqs := up.requests()
	if len(reqs) != 1 {
		t.Fatalf("upstream got %d requests", len(reqs))
	}
	mustEqual(t, "upstream body", reqs[0].body, []byte(want))
	if !strings.Contains(want, "retrieve id=") {
		t.Fatal("the Bash output was not compressed lossily: the test proves nothing")
	}
	if c := compressed(t, eng, "Read", read); strings.Contains(c, "retrieve id=") {
		t.Errorf("the Read output (a file tool) was compressed lossily")
	}
	h := reqs[0].header
	if h.Get("X-Api-Key") != "sk-ant-secret" || h.Get("Anthropic-Version") != "2023-06-01" || reqs[0].path != "/v1/messages" {
		t.Errorf("headers not forwarded: %v path %s", h, reqs[0].path)
	}
	if h.Get("Connection") != "" {
		t.Errorf("hop-by-hop header forwarded")
	}

	// The same conversation again, and once more with a turn added: the
	// bytes up to the new turn are the same.
	post(t, url+"/v1/messages", body)
	longer := strings.Replace(body, "\n  ]\n}", `,{"role":"assistant","content":"next"}`+"\n  ]\n}", 1)
	post(t, url+"/v1/messages", longer)
	reqs = up.requests()
	mustEqual(t, "second upstream body", reqs[1].body, reqs[0].body)
	prefix := want[:strings.LastIndex(want, "\n  ]\n}")]
	if !bytes.HasPrefix(reqs[2].body, []byte(prefix)) {
		t.Errorf("a longer conversation changed the bytes of the earlier turns")
	}
}

const chatTmpl = `{"model":"gpt-x","messages":[
 {"role":"system","content":{{sys}}},
 {"role":"user","content":{{user}}},
 {"role":"assistant","content":null,"tool_calls":[
   {"id":"call_1","type":"function","function":{"name":"run_shell","arguments":"{\"cmd\":\"make\"}"}},
   {"id":"call_2","type":"function","function":{"name":"read_file","arguments":"{\"path\":\"a.log\"}"}},
   {"id":"call_3","type":"function","function":{"name":"search","arguments":"{}"}}]},
 {"role":"tool","tool_call_id":"call_1","content":{{shell}}},
 {"role":"tool","tool_call_id":"call_2","content":{{file}}},
 {"role":"tool","tool_call_id":"call_3","content":[{"type":"text","text":{{search}}}]}
],"stream":false,"seed":7}`

func TestChatToolResults(t *testing.T) {
	up := newUpstream(t, reply{body: `{"choices":[{"index":0,"message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}]}`})
	eng := testEngine(t)
	url := front(t, up, eng, false)
	text := logText()
	body := fill(chatTmpl, "sys", q(text), "user", q(text), "shell", q(logText()), "file", q(logText()), "search", q(otherLog()))
	want := fill(chatTmpl, "sys", q(text), "user", q(text), "shell", q(compressed(t, eng, "run_shell", logText())),
		"file", q(compressed(t, eng, "read_file", logText())), "search", q(compressed(t, eng, "search", otherLog())))
	resp, got := post(t, url+"/v1/chat/completions", body, "Authorization", "Bearer sk-openai")
	if resp.StatusCode != 200 || !strings.Contains(string(got), `"content":"ok"`) {
		t.Fatalf("status %d body %s", resp.StatusCode, got)
	}
	r := up.requests()[0]
	mustEqual(t, "upstream body", r.body, []byte(want))
	if r.header.Get("Authorization") != "Bearer sk-openai" {
		t.Errorf("Authorization not forwarded")
	}
	if !strings.Contains(want, "retrieve id=") || strings.Count(want, "retrieve id=") != 2 {
		t.Errorf("want the shell and search outputs lossy and the file tool's kept: %d markers", strings.Count(want, "retrieve id="))
	}
}

const responsesTmpl = `{"model":"gpt-x","instructions":{{sys}},"input":[
 {"role":"user","content":{{user}}},
 {"type":"function_call","call_id":"fc_1","name":"shell","arguments":"{}"},
 {"type":"function_call_output","call_id":"fc_1","output":{{shell}}},
 {"type":"function_call_output","call_id":"fc_unknown","output":[{"type":"input_text","text":{{unknown}}}]}
]}`

func TestResponsesToolResults(t *testing.T) {
	up := newUpstream(t, reply{body: `{"id":"resp_1","output":[]}`})
	eng := testEngine(t)
	url := front(t, up, eng, false)
	text := logText()
	body := fill(responsesTmpl, "sys", q(text), "user", q(text), "shell", q(logText()), "unknown", q(otherLog()))
	want := fill(responsesTmpl, "sys", q(text), "user", q(text), "shell", q(compressed(t, eng, "shell", logText())),
		"unknown", q(compressed(t, eng, "", otherLog())))
	post(t, url+"/v1/responses", body)
	mustEqual(t, "upstream body", up.requests()[0].body, []byte(want))
	if strings.Count(want, "retrieve id=") != 1 {
		t.Errorf("want the shell output lossy and the output of an unknown tool lossless only")
	}
}

func TestForwardedUntouched(t *testing.T) {
	tests := []struct{ name, path, body, warn string }{
		{"not JSON", "/v1/messages", `{"messages": [ {"role":"user", "content": "hi"`, "request body forwarded untouched: not JSON: syntax error at byte 46"},
		{"JSON array", "/v1/chat/completions", `[{"role":"tool","content":` + q(logText()) + `}]`, "request body forwarded untouched: not a JSON object"},
		{"not a model route", "/v1/messages/batches", `{"messages":[{"role":"user","content":[{"type":"tool_result","tool_use_id":"x","content":` + q(logText()) + `}]}]}`, ""},
		{"another API's messages", "/v1/threads/t1/messages", `{"messages":[{"role":"user","content":[{"type":"tool_result","tool_use_id":"x","content":` + q(logText()) + `}]}]}`, ""},
		{"a response's path", "/v1/responses/resp_1/cancel", `{"input":[{"type":"function_call_output","call_id":"c","output":` + q(logText()) + `}]}`, ""},
		{"empty", "/v1/responses", ``, "request body forwarded untouched: not JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			up := newUpstream(t)
			var log bytes.Buffer
			px, err := New(Options{Upstream: up.srv.URL, Engine: testEngine(t), RetrieveTool: true, Logger: slog.New(slog.NewTextHandler(&log, nil))})
			if err != nil {
				t.Fatal(err)
			}
			srv := httptest.NewServer(px)
			defer srv.Close()
			post(t, srv.URL+tt.path+"?beta=true", tt.body)
			r := up.requests()[0]
			mustEqual(t, "upstream body", r.body, []byte(tt.body))
			if r.path != tt.path+"?beta=true" {
				t.Errorf("path %q", r.path)
			}
			// One warning that says why, never the request's text.
			if got := log.String(); tt.warn == "" && got != "" || tt.warn != "" && (!strings.Contains(got, "level=WARN") || !strings.Contains(got, tt.warn) || strings.Count(got, "\n") != 1) {
				t.Errorf("log %q, want a warning %q", got, tt.warn)
			}
			if strings.Contains(log.String(), "role") || strings.Contains(log.String(), "INFO request") {
				t.Errorf("request text logged: %q", log.String())
			}
		})
	}
}

// TestPrefixedRoutes: a gateway's prefix before the API's path, and the
// token-count routes, get the tool results compressed exactly as the API's
// own path does; the path and query go upstream as the client sent them,
// and a count's answer comes back untouched.
func TestPrefixedRoutes(t *testing.T) {
	anthropicBody := `{"model":"m","messages":[{"role":"assistant","content":[{"type":"tool_use","id":"x","name":"Bash","input":{}}]},` +
		`{"role":"user","content":[{"type":"tool_result","tool_use_id":"x","content":{{log}}}]}]}`
	chatBody := `{"model":"m","messages":[{"role":"assistant","content":null,"tool_calls":[{"id":"c","type":"function","function":{"name":"Bash","arguments":"{}"}}]},` +
		`{"role":"tool","tool_call_id":"c","content":{{log}}}]}`
	responsesBody := `{"model":"m","input":[{"type":"function_call","call_id":"c","name":"Bash","arguments":"{}"},` +
		`{"type":"function_call_output","call_id":"c","output":{{log}}}]}`
	tests := []struct{ path, body string }{
		{"/api/v1/chat/completions", chatBody},
		{"/openai/deployments/gpt/chat/completions", chatBody},
		{"/chat/completions", chatBody},
		{"/gateway/anthropic/v1/messages", anthropicBody},
		{"/messages", anthropicBody},
		{"/v1/messages/count_tokens", anthropicBody},
		{"/gateway/anthropic/v1/messages/count_tokens", anthropicBody},
		{"/api/v1/responses", responsesBody},
		{"/v1/responses/input_tokens", responsesBody},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			const answer = `{"input_tokens":42}`
			up := newUpstream(t, reply{body: answer})
			eng := testEngine(t)
			url := front(t, up, eng, true)
			_, got := post(t, url+tt.path+"?api-version=1", fill(tt.body, "log", q(logText())))
			want := fill(tt.body, "log", q(compressed(t, eng, "Bash", logText())))
			r := up.requests()[0]
			mustEqual(t, "upstream body", r.body, []byte(want))
			if !strings.Contains(want, "retrieve id=") {
				t.Fatal("the log was not compressed: the test proves nothing")
			}
			if r.path != tt.path+"?api-version=1" {
				t.Errorf("path %q", r.path)
			}
			mustEqual(t, "answer", got, []byte(answer))
		})
	}
}

func TestUpstreamErrorsPassedBack(t *testing.T) {
	for _, status := range []int{400, 401, 429, 500, 529} {
		body := `{"type":"error","error":{"type":"overloaded_error","message":"try later"}}`
		up := newUpstream(t, reply{status: status, body: body, header: map[string]string{"Retry-After": "7"}})
		url := front(t, up, testEngine(t), true)
		resp, got := post(t, url+"/v1/messages", `{"messages":[{"role":"user","content":"hi"}],"tools":[{"name":"Bash"}]}`)
		if resp.StatusCode != status || string(got) != body || resp.Header.Get("Retry-After") != "7" {
			t.Errorf("status %d: got %d %q retry-after %q", status, resp.StatusCode, got, resp.Header.Get("Retry-After"))
		}
	}
	// An upstream that does not answer at all is the proxy's 502.
	up := newUpstream(t)
	url := front(t, up, testEngine(t), false)
	up.srv.Close()
	resp, got := post(t, url+"/v1/messages", `{}`)
	if resp.StatusCode != http.StatusBadGateway || !strings.Contains(string(got), "upstream_unreachable") {
		t.Errorf("dead upstream: %d %s", resp.StatusCode, got)
	}
}

func TestStreamPassthrough(t *testing.T) {
	gate := make(chan struct{})
	chunks := []string{
		"event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"m1\",\"content\":[]}}\n\n",
		"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n",
		"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"hello\"}}\n\n",
		"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n",
	}
	up := newUpstream(t, reply{chunks: chunks, gate: gate})
	url := front(t, up, testEngine(t), false)
	req, _ := http.NewRequest(http.MethodPost, url+"/v1/messages", strings.NewReader(`{"stream":true,"messages":[]}`))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Errorf("content type %q", resp.Header.Get("Content-Type"))
	}
	// The first event must arrive while the upstream still holds the rest:
	// the proxy streams, it does not buffer.
	first := make(chan string, 1)
	br := bufio.NewReader(resp.Body)
	go func() {
		var b strings.Builder
		for !strings.HasSuffix(b.String(), "\n\n") {
			line, err := br.ReadString('\n')
			b.WriteString(line)
			if err != nil {
				break
			}
		}
		first <- b.String()
	}()
	select {
	case got := <-first:
		if got != chunks[0] {
			t.Errorf("first event %q", got)
		}
	case <-time.After(time.Minute):
		t.Fatal("no event reached the client while the upstream was still streaming")
	}
	close(gate)
	rest, _ := io.ReadAll(br)
	if string(rest) != strings.Join(chunks[1:], "") {
		t.Errorf("rest of stream %q", rest)
	}
}

func TestServiceRoutes(t *testing.T) {
	up := newUpstream(t)
	eng := testEngine(t)
	px, err := New(Options{Upstream: up.srv.URL, Engine: eng})
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Config{}, eng, nil)
	srv.Fallback(px)
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()

	body := fill(anthropicTmpl, "sys", q("s"), "user", q("u"), "said", q("a"), "bash", q(logText()), "read", q("r"), "grep", q("g"))
	post(t, ts.URL+"/v1/messages", body)
	fwd := string(up.requests()[0].body)
	i := strings.Index(fwd, "retrieve id=")
	if i < 0 {
		t.Fatal("no marker in the forwarded request")
	}
	id := fwd[i+len("retrieve id=") : i+len("retrieve id=")+12]
	resp, err := http.Get(ts.URL + "/v1/retrieve/" + id)
	if err != nil {
		t.Fatal(err)
	}
	orig, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || string(orig) != logText() {
		t.Errorf("retrieve %s through the proxy's service routes: %d, exact %v", id, resp.StatusCode, string(orig) == logText())
	}
	for _, path := range []string{"/healthz", "/readyz", "/metrics"} {
		resp, err := http.Get(ts.URL + path)
		if err != nil || resp.StatusCode != 200 {
			t.Errorf("GET %s: %v %v", path, err, resp.StatusCode)
		}
		resp.Body.Close()
	}
	if resp, _ := post(t, ts.URL+"/v1/compress", `{"content":"hi"}`); resp.StatusCode != 200 {
		t.Errorf("POST /v1/compress: %d", resp.StatusCode)
	}
	if n := len(up.requests()); n != 1 {
		t.Errorf("service routes reached the upstream: %d requests", n)
	}
}

func TestSplice(t *testing.T) {
	b := []byte(`{"a" : "x\u00e9y", "b":[1, 2.50 ,{"c":"d"}]}`)
	root, err := parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := root.get("a").text(b); s != "xéy" {
		t.Errorf("a = %q", s)
	}
	c := root.get("b").array()[2].get("c")
	got := splice(b, []edit{{c.start, c.end, quote("<&>")}, {root.get("a").start, root.get("a").end, quote("z")}})
	if want := `{"a" : "z", "b":[1, 2.50 ,{"c":"<&>"}]}`; string(got) != want {
		t.Errorf("splice = %s, want %s", got, want)
	}
	for _, bad := range []string{``, `{`, `{"a":1}x`, `nul`} {
		if _, err := parse([]byte(bad)); err == nil {
			t.Errorf("parse(%q) accepted", bad)
		}
	}
	deep := strings.Repeat("[", maxDepth+2) + strings.Repeat("]", maxDepth+2)
	if _, err := parse([]byte(deep)); err == nil {
		t.Errorf("parse accepted nesting past maxDepth")
	}
}

func TestLargeBodyForwardedUntouched(t *testing.T) {
	up := newUpstream(t)
	var log bytes.Buffer
	px, err := New(Options{Upstream: up.srv.URL + "/base/", Engine: testEngine(t), MaxBody: 1000, Logger: slog.New(slog.NewTextHandler(&log, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(px)
	defer ts.Close()
	body := `{"messages":[{"role":"user","content":[{"type":"tool_result","tool_use_id":"x","content":` + q(logText()) + `}]}]}`
	post(t, ts.URL+"/v1/messages", body)
	r := up.requests()[0]
	mustEqual(t, "upstream body", r.body, []byte(body))
	if !strings.Contains(log.String(), "level=WARN") || !strings.Contains(log.String(), "over the rewrite limit") {
		t.Errorf("log %q, want a warning that the body was too large to rewrite", log.String())
	}
	if r.path != "/base/v1/messages" {
		t.Errorf("path %q: the upstream's path is a prefix", r.path)
	}
	for _, bad := range []string{"", "api.anthropic.com", "ftp://x", "http://", "http://h.invalid:", "http://h:0", "http://[2001:db8::1]:", "http://h:99999", "http://:", "http://h/v1?x=1", "http://h/#f"} {
		if _, err := New(Options{Upstream: bad, Engine: testEngine(t)}); err == nil {
			t.Errorf("upstream %q accepted", bad)
		}
	}
}

// The service's write timeout is for its own short answers: a model's
// stream through the proxy outlives it. With a timeout of 1ns every write
// of a handler that did not lift it fails.
func TestStreamOutlivesWriteTimeout(t *testing.T) {
	chunks := []string{"event: message_start\ndata: {\"type\":\"message_start\"}\n\n", "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"}
	up := newUpstream(t, reply{chunks: chunks})
	eng := testEngine(t)
	px, err := New(Options{Upstream: up.srv.URL, Engine: eng})
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Config{WriteTimeout: time.Nanosecond}, eng, nil)
	srv.Fallback(px)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	defer func() { cancel(); <-done }()
	resp, body := post(t, "http://"+ln.Addr().String()+"/v1/messages", `{"stream":true}`)
	if resp.StatusCode != 200 || string(body) != strings.Join(chunks, "") {
		t.Errorf("got %d %q", resp.StatusCode, body)
	}
}
