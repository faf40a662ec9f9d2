package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/kompress/kompress"
	"github.com/kompress/kompress/internal/tool"
	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/wire"
)

// session is a client talking to Serve over a pair of pipes, as over a
// child process's stdin and stdout.
type session struct {
	t    *testing.T
	in   *io.PipeWriter
	out  *bufio.Reader
	next int
	done chan error
}

func start(t *testing.T, b Backend) *session {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, in: inW, out: bufio.NewReader(outR), done: make(chan error, 1)}
	srv := &Server{Backend: b, Name: "kompress", Version: "test"}
	go func() {
		err := srv.Serve(context.Background(), inR, outW)
		outW.Close()
		s.done <- err
	}()
	t.Cleanup(func() {
		inW.Close()
		if err := <-s.done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return s
}

func (s *session) send(line string) {
	s.t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		s.t.Fatal(err)
	}
}

type rpcResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result"`
	Error   *rpcError       `json:"error"`
}

func (s *session) read() rpcResponse {
	s.t.Helper()
	line, err := s.out.ReadBytes('\n')
	if err != nil {
		s.t.Fatalf("reading a response: %v", err)
	}
	var r rpcResponse
	if err := json.Unmarshal(line, &r); err != nil || r.JSONRPC != "2.0" {
		s.t.Fatalf("not a JSON-RPC response: %s", line)
	}
	return r
}

// call sends a request and returns its response.
func (s *session) call(method string, params any) rpcResponse {
	s.t.Helper()
	s.next++
	p, _ := json.Marshal(params)
	s.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`, s.next, method, p))
	r := s.read()
	if string(r.ID) != fmt.Sprint(s.next) {
		s.t.Fatalf("response id %s for request %d", r.ID, s.next)
	}
	return r
}

type toolResult struct {
	Content []struct{ Type, Text string }
	IsError bool
}

func (s *session) tool(name string, args map[string]any) toolResult {
	s.t.Helper()
	r := s.call("tools/call", map[string]any{"name": name, "arguments": args})
	if r.Error != nil {
		s.t.Fatalf("tools/call %s: protocol error %+v", name, r.Error)
	}
	var tr toolResult
	if err := json.Unmarshal(r.Result, &tr); err != nil || len(tr.Content) != 1 || tr.Content[0].Type != "text" {
		s.t.Fatalf("tools/call %s: result %s", name, r.Result)
	}
	return tr
}

func logText() string {
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "2026-01-01T00:%02d:%02dZ INFO request handled path=/api/v1/items/%d status=200 duration=%dms\n", i/60, i%60, i, i%17)
	}
	b.WriteString("2026-01-01T00:05:00Z ERROR database connection refused\n")
	return b.String()
}

func TestConversation(t *testing.T) {
	st, _ := store.Open(context.Background(), "memory:", store.Options{})
	defer st.Close()
	eng := kompress.New(kompress.Options{Store: st, Scorer: "heuristic"})
	orig := logText()
	res, err := eng.Compress(context.Background(), "", wire.CompressRequest{Content: orig, Tool: "Bash"})
	if err != nil || res.CCRID == "" {
		t.Fatalf("no stored original: %v %+v", err, res.Strategy)
	}
	s := start(t, EngineBackend{Engine: eng})

	r := s.call("initialize", map[string]any{"protocolVersion": "2025-03-26", "capabilities": map[string]any{}, "clientInfo": map[string]string{"name": "test", "version": "1"}})
	var init struct {
		ProtocolVersion string
		Capabilities    struct{ Tools map[string]any }
		ServerInfo      struct{ Name string }
	}
	if err := json.Unmarshal(r.Result, &init); err != nil || init.ProtocolVersion != "2025-03-26" || init.Capabilities.Tools == nil || init.ServerInfo.Name != "kompress" {
		t.Fatalf("initialize: %s", r.Result)
	}
	s.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`) // no answer

	r = s.call("tools/list", map[string]any{})
	var list struct {
		Tools []struct {
			Name        string
			InputSchema map[string]any
		}
	}
	json.Unmarshal(r.Result, &list)
	if len(list.Tools) != 2 || list.Tools[0].Name != "kompress_retrieve" || list.Tools[1].Name != "kompress_compress" || list.Tools[0].InputSchema["type"] != "object" {
		t.Fatalf("tools/list: %s", r.Result)
	}

	tests := []struct {
		name string
		args map[string]any
		want string
	}{
		{"exact bytes", map[string]any{"id": strings.ToUpper(res.CCRID)}, orig},
		{"line range", map[string]any{"id": res.CCRID, "start_line": 2, "end_line": 3}, strings.Join(strings.SplitAfter(orig, "\n")[1:3], "")},
		{"last line to the end", map[string]any{"id": res.CCRID, "start_line": 301, "end_line": 900}, "2026-01-01T00:05:00Z ERROR database connection refused\n"},
		{"pattern", map[string]any{"id": res.CCRID, "pattern": "ERROR|items/7 "}, "8:2026-01-01T00:00:07Z INFO request handled path=/api/v1/items/7 status=200 duration=7ms\n301:2026-01-01T00:05:00Z ERROR database connection refused\n"},
		{"plain-text pattern", map[string]any{"id": res.CCRID, "pattern": "items/29[", "start_line": 1}, "no line of 1-301 matches \"items/29[\"\n"},
	}
	for _, tt := range tests {
		tr := s.tool("kompress_retrieve", tt.args)
		if tr.IsError || tr.Content[0].Text != tt.want {
			t.Errorf("%s: isError %v text %q, want %q", tt.name, tr.IsError, clip(tr.Content[0].Text), clip(tt.want))
		}
	}
	for _, bad := range []map[string]any{{"id": "0123456789ab"}, {"id": "zz"}, {}, {"id": res.CCRID, "start_line": 500}, {"id": res.CCRID, "start_line": 0.5}} {
		if tr := s.tool("kompress_retrieve", bad); !tr.IsError || tr.Content[0].Text == "" {
			t.Errorf("retrieve %v: want a tool error, got %+v", bad, tr)
		}
	}

	tr := s.tool("kompress_compress", map[string]any{"content": orig, "tool": "Bash"})
	if tr.IsError || tr.Content[0].Text != res.Text {
		t.Errorf("compress: %+v", tr)
	}

	if r := s.call("tools/call", map[string]any{"name": "nope"}); r.Error == nil || r.Error.Code != codeInvalidParams {
		t.Errorf("unknown tool: %+v", r)
	}
	if r := s.call("resources/list", nil); r.Error == nil || r.Error.Code != codeNoMethod {
		t.Errorf("unknown method: %+v", r)
	}
	s.send(`{not json`)
	if r := s.read(); r.Error == nil || r.Error.Code != codeParse || string(r.ID) != "null" {
		t.Errorf("parse error: %+v", r)
	}
	if r := s.call("ping", nil); r.Error != nil || string(r.Result) != "{}" {
		t.Errorf("ping: %+v", r)
	}
}

func TestUnsupportedVersion(t *testing.T) {
	s := start(t, nil)
	r := s.call("initialize", map[string]any{"protocolVersion": "1999-01-01"})
	var init struct{ ProtocolVersion string }
	json.Unmarshal(r.Result, &init)
	if init.ProtocolVersion != Versions[0] {
		t.Errorf("want the newest version offered, got %q", init.ProtocolVersion)
	}
}

func clip(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}

// Messages a server must not answer, or must answer as invalid, and the
// newest protocol version the official SDK asks for.
func TestProtocolEdges(t *testing.T) {
	s := start(t, nil)
	r := s.call("initialize", map[string]any{"protocolVersion": "2025-11-25"})
	var init struct{ ProtocolVersion string }
	if json.Unmarshal(r.Result, &init); init.ProtocolVersion != "2025-11-25" {
		t.Errorf("2025-11-25 not negotiated: %s", r.Result)
	}
	// A response from the client gets no answer: the next line read is the
	// ping's. (Sent from a goroutine: a server that answers would block on
	// the pipe until read.)
	go io.WriteString(s.in, `{"jsonrpc":"2.0","id":7,"result":{}}`+"\n"+
		`{"jsonrpc":"2.0","id":8,"error":{"code":-1,"message":"no"}}`+"\n"+
		`{"jsonrpc":"2.0","id":"p","method":"ping"}`+"\n")
	if r := s.read(); string(r.ID) != `"p"` || r.Error != nil {
		go io.Copy(io.Discard, s.out) // let the server write the rest and end
		t.Fatalf("a client's response was answered: %s %+v", r.ID, r.Error)
	}
	for _, id := range []string{`{"a":1}`, `[1]`, `true`} {
		s.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}`)
		if r := s.read(); r.Error == nil || r.Error.Code != codeInvalidRequest || string(r.ID) != "null" {
			t.Errorf("id %s: %+v", id, r)
		}
	}
}

// A huge original comes to the model in pages that join up to it exactly.
func TestRetrievePages(t *testing.T) {
	st, _ := store.Open(context.Background(), "memory:", store.Options{})
	defer st.Close()
	eng := kompress.New(kompress.Options{Store: st, Scorer: "heuristic"})
	orig := strings.Repeat(logText(), 60)
	res, err := eng.Compress(context.Background(), "", wire.CompressRequest{Content: orig, Tool: "Bash"})
	if err != nil || res.CCRID == "" || len(orig) < 4*tool.MaxAnswer {
		t.Fatalf("no stored original: %v %+v", err, res.Strategy)
	}
	s := start(t, EngineBackend{Engine: eng})
	note := regexp.MustCompile(`\n\[kompress_retrieve: [^\]]*start_line=(\d+) for the rest\]\n$`)
	var got strings.Builder
	args := map[string]any{"id": res.CCRID}
	for n := 0; ; n++ {
		tr := s.tool("kompress_retrieve", args)
		text := tr.Content[0].Text
		if tr.IsError || len(text) > tool.MaxAnswer+300 || n > 100 {
			t.Fatalf("page %d: isError %v, %d bytes", n, tr.IsError, len(text))
		}
		m := note.FindStringSubmatchIndex(text)
		if m == nil {
			got.WriteString(text)
			break
		}
		got.WriteString(text[:m[0]+1])
		args["start_line"] = text[m[2]:m[3]]
	}
	if got.String() != orig {
		t.Errorf("the pages join up to %d bytes, not the %d of the original", got.Len(), len(orig))
	}
}
