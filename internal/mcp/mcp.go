// Package mcp is a Model Context Protocol server over stdio offering the
// kompress_retrieve and kompress_compress tools. It speaks the subset of the
// protocol a tools-only server needs: JSON-RPC 2.0 messages, one per line
// (the stdio transport), with initialize, ping, tools/list and tools/call.
//
// A tool that fails (an unknown id, bad arguments, a store that is down)
// answers with a result whose isError is true, as the specification asks,
// so the model reads the reason; protocol errors (unknown method, malformed
// message, unknown tool) are JSON-RPC errors.
package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/kompress/kompress/internal/tool"
	"github.com/kompress/kompress/wire"
)

// Backend is where the tools get their answers: a wire.Client of a running
// server, or an engine with its own store.
type Backend interface {
	Compress(ctx context.Context, req wire.CompressRequest) (wire.Result, error)
	Retrieve(ctx context.Context, id string) ([]byte, error)
}

// Engine is the compression library as EngineBackend uses it.
type Engine interface {
	Compress(ctx context.Context, tenant string, req wire.CompressRequest) (wire.Result, error)
	Retrieve(ctx context.Context, tenant, id string) ([]byte, error)
}

// EngineBackend is a Backend over an engine with its own store, for one
// tenant.
type EngineBackend struct {
	Engine Engine
	Tenant string
}

// Compress implements Backend.
func (b EngineBackend) Compress(ctx context.Context, req wire.CompressRequest) (wire.Result, error) {
	return b.Engine.Compress(ctx, b.Tenant, req)
}

// Retrieve implements Backend.
func (b EngineBackend) Retrieve(ctx context.Context, id string) ([]byte, error) {
	return b.Engine.Retrieve(ctx, b.Tenant, id)
}

// Versions are the protocol versions the server speaks, newest first.
var Versions = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// Server answers MCP requests with a Backend.
type Server struct {
	Backend Backend
	// Name and Version go into the initialize result's serverInfo.
	Name, Version string
}

// JSON-RPC error codes.
const (
	codeParse          = -32700
	codeInvalidRequest = -32600
	codeNoMethod       = -32601
	codeInvalidParams  = -32602
)

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
	// A response the client sends (to a request of ours) has these.
	Result json.RawMessage `json:"result,omitempty"`
	Error  json.RawMessage `json:"error,omitempty"`
}

type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// maxMessage bounds one incoming line; a compress call carries the content.
const maxMessage = 64 << 20

// Serve reads messages from r and writes responses to w until r ends (the
// client closed stdin) or ctx is done. Requests run one at a time, in order.
func (s *Server) Serve(ctx context.Context, r io.Reader, w io.Writer) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxMessage)
	var mu sync.Mutex
	out := bufio.NewWriter(w)
	send := func(resp response) error {
		b, err := json.Marshal(resp)
		if err != nil {
			return err
		}
		mu.Lock()
		defer mu.Unlock()
		out.Write(b)
		out.WriteByte('\n')
		return out.Flush()
	}
	lines := make(chan []byte)
	errc := make(chan error, 1)
	go func() {
		for sc.Scan() {
			select {
			case lines <- bytes.Clone(sc.Bytes()):
			case <-ctx.Done():
				return
			}
		}
		errc <- sc.Err()
		close(lines)
	}()
	for {
		select {
		case <-ctx.Done():
			return nil
		case line, ok := <-lines:
			if !ok {
				return <-errc
			}
			if resp, reply := s.handle(ctx, line); reply {
				if err := send(resp); err != nil {
					return fmt.Errorf("mcp: write: %w", err)
				}
			}
		}
	}
}

// handle answers one message; reply is false for notifications.
func (s *Server) handle(ctx context.Context, line []byte) (response, bool) {
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return response{}, false
	}
	fail := func(id json.RawMessage, code int, msg string) (response, bool) {
		if id == nil {
			id = json.RawMessage("null")
		}
		return response{JSONRPC: "2.0", ID: id, Error: &rpcError{code, msg}}, true
	}
	if line[0] == '[' {
		return fail(nil, codeInvalidRequest, "batches are not supported")
	}
	var req request
	if err := json.Unmarshal(line, &req); err != nil {
		return fail(nil, codeParse, "parse error: "+err.Error())
	}
	if req.Method == "" && (req.Result != nil || req.Error != nil) {
		return response{}, false // a response is never answered (and the server sends no requests)
	}
	if !validID(req.ID) {
		return fail(nil, codeInvalidRequest, "id must be a string or a number")
	}
	if req.JSONRPC != "2.0" || req.Method == "" {
		return fail(req.ID, codeInvalidRequest, `want a JSON-RPC 2.0 request with "method"`)
	}
	if req.ID == nil || string(req.ID) == "null" {
		return response{}, false // a notification (initialized, cancelled, ...): nothing to answer
	}
	ok := func(result any) (response, bool) {
		return response{JSONRPC: "2.0", ID: req.ID, Result: result}, true
	}
	switch req.Method {
	case "initialize":
		var p struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		_ = json.Unmarshal(req.Params, &p)
		v := Versions[0]
		if slices.Contains(Versions, p.ProtocolVersion) {
			v = p.ProtocolVersion
		}
		return ok(map[string]any{
			"protocolVersion": v,
			"capabilities":    map[string]any{"tools": map[string]any{"listChanged": false}},
			"serverInfo":      map[string]string{"name": s.Name, "version": s.Version},
			"instructions": "Tool outputs shortened by kompress end with a marker such as " +
				"[kompress: 87 of 120 lines omitted; full output: retrieve id=ab12cd34ef56]. " +
				"Call kompress_retrieve with that id to read the original, or a line range or pattern of it.",
		})
	case "ping":
		return ok(map[string]any{})
	case "tools/list":
		return ok(map[string]any{"tools": []map[string]any{
			{"name": tool.Retrieve, "description": tool.RetrieveDescription, "inputSchema": json.RawMessage(tool.RetrieveSchema)},
			{"name": tool.Compress, "description": "Compress a tool output with kompress; lossy results keep the original retrievable by the id in their marker.",
				"inputSchema": json.RawMessage(tool.CompressSchema)},
		}})
	case "tools/call":
		var p struct {
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		}
		if err := json.Unmarshal(req.Params, &p); err != nil {
			return fail(req.ID, codeInvalidParams, "params: "+err.Error())
		}
		switch p.Name {
		case tool.Retrieve:
			return ok(s.retrieve(ctx, p.Arguments))
		case tool.Compress:
			return ok(s.compress(ctx, p.Arguments))
		}
		return fail(req.ID, codeInvalidParams, fmt.Sprintf("unknown tool %q", p.Name))
	}
	return fail(req.ID, codeNoMethod, "method not found: "+req.Method)
}

// validID reports whether id is absent, null, a string or a number, the
// ids JSON-RPC allows.
func validID(id json.RawMessage) bool {
	if len(id) == 0 {
		return true
	}
	switch id[0] {
	case '"', 'n', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return true
	}
	return false
}

type content struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

type callResult struct {
	Content []content `json:"content"`
	IsError bool      `json:"isError"`
}

func text(s string) callResult { return callResult{Content: []content{{"text", s}}} }

func toolError(err error) callResult {
	r := text(err.Error())
	r.IsError = true
	return r
}

func (s *Server) retrieve(ctx context.Context, raw json.RawMessage) callResult {
	args, err := tool.ParseArgs(raw)
	if err != nil {
		return toolError(err)
	}
	orig, err := s.Backend.Retrieve(ctx, args.ID)
	if err != nil {
		return toolError(fmt.Errorf("no original for id %s: %w", args.ID, err))
	}
	sel, err := tool.Answer(orig, args)
	if err != nil {
		return toolError(err)
	}
	return text(string(sel))
}

func (s *Server) compress(ctx context.Context, raw json.RawMessage) callResult {
	var args struct {
		Content *string `json:"content"`
		Tool    string  `json:"tool"`
		Query   string  `json:"query"`
	}
	if err := json.Unmarshal(raw, &args); err != nil {
		return toolError(fmt.Errorf("arguments: %w", err))
	}
	if args.Content == nil {
		return toolError(errors.New(`missing "content"`))
	}
	res, err := s.Backend.Compress(ctx, wire.CompressRequest{Content: *args.Content, Tool: args.Tool, Query: args.Query})
	if err != nil {
		return toolError(err)
	}
	return text(res.Text)
}
