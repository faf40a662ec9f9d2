package proxy

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"sync"

	"github.com/kompress/kompress/internal/jsonstr"
	"github.com/kompress/kompress/internal/marker"
	"github.com/kompress/kompress/internal/tool"
	"github.com/kompress/kompress/wire"
)

// api is the model API a request speaks.
type api int

const (
	anthropic api = iota // POST /v1/messages
	chat                 // POST /v1/chat/completions
	responses            // POST /v1/responses
)

func (a api) String() string {
	return [...]string{"anthropic", "openai", "openai-responses"}[a]
}

// apiOf tells which API a request is for, and whether it only counts the
// tokens of such a request; other requests are forwarded untouched. Paths
// match by their end, so a gateway's prefix (/api/v1/chat/completions,
// /openai/deployments/NAME/chat/completions, /PREFIX/v1/messages) is the
// same route as the API's own path.
func apiOf(method, path string) (a api, count, ok bool) {
	if method != http.MethodPost {
		return 0, false, false
	}
	switch {
	case endsWith(path, "/v1/messages", "/messages"):
		return anthropic, false, true
	case endsWith(path, "/v1/messages/count_tokens", "/messages/count_tokens"):
		return anthropic, true, true
	case strings.HasSuffix(path, "/chat/completions"):
		return chat, false, true
	case strings.HasSuffix(path, "/responses"):
		return responses, false, true
	case strings.HasSuffix(path, "/responses/input_tokens"):
		return responses, true, true
	}
	return 0, false, false
}

// endsWith reports that path ends with suffix, or is whole, exactly
// that: Anthropic's API lives under /v1, and a bare /messages is the SDKs'
// path on a base URL that ends in /v1 already. Another API's .../messages
// (OpenAI's /v1/threads/ID/messages) is not Anthropic's.
func endsWith(path, suffix, whole string) bool {
	return path == whole || strings.HasSuffix(path, suffix)
}

// rewrite is what rewriting one request did.
type rewrite struct {
	results    int  // tool results seen
	compressed int  // strings replaced by their compressed form
	markers    bool // the request carries a kompress marker
	injected   bool // kompress_retrieve was added to the tools
	changed    bool // the request was edited
	// invalid says why the body is not a request the proxy can read (not
	// JSON, not an object), "" when it is one.
	invalid string
	// conversation names the client's conversation so far (see
	// conversationKey), for hidden turns of its answer.
	conversation string
}

// toolText is one string of a tool result: v is its JSON string value.
type toolText struct {
	tool string // name of the tool that produced it, "" when unknown
	v    *value
}

// rewrite compresses the tool results of body and, with the retrieve tool
// on, puts back hidden retrieve turns and declares the tool.
func (p *Proxy) rewrite(ctx context.Context, a api, body []byte) ([]byte, rewrite) {
	var rw rewrite
	root, err := parse(body)
	if err != nil {
		rw.invalid = syntaxError(body)
		return body, rw
	}
	if root.kind != '{' {
		rw.invalid = "not a JSON object"
		return body, rw
	}
	var texts []toolText
	switch a {
	case anthropic:
		texts = anthropicResults(body, root)
	case chat:
		texts = chatResults(body, root)
	case responses:
		texts = responsesResults(body, root)
	}
	var edits []edit
	seen := map[*value]bool{}
	for _, t := range texts {
		if seen[t.v] {
			continue
		}
		seen[t.v] = true
		rw.results++
		if tool.IsRetrieve(t.tool) {
			continue // an original the model asked for: compressed, it would be the marker again
		}
		r := p.toolResult(ctx, t.tool, t.v.raw(body))
		if r.json != "" {
			rw.compressed++
			edits = append(edits, edit{t.v.start, t.v.end, []byte(r.json)})
		}
		rw.markers = rw.markers || r.marker
	}
	if p.opts.RetrieveTool {
		// A marker elsewhere in the conversation counts too: a client's
		// summary of a compacted conversation, or the model quoting one,
		// names originals the model may ask for while the results are gone.
		// Tools and system text do not: the MCP server's tool description
		// and instructions show an example marker.
		rw.markers = rw.markers || marker.HasMarker(conversation(a, root).raw(body))
		restored := p.restoreHidden(a, body, root)
		edits = append(edits, restored...)
		// The tool is declared when the model may need it: the messages
		// carry a marker, a hidden retrieve turn was put back (its
		// call names the tool), or the request continues a stored Responses
		// conversation, whose markers the upstream holds: there a request
		// rarely repeats one, and the tools would come and go every turn.
		if rw.markers || len(restored) > 0 || chained(a, body) {
			if e, ok := declareTool(a, body, root); ok {
				edits = append(edits, e)
				rw.injected = true
				rw.conversation = conversationKey(a, body, root)
			}
		}
	}
	rw.changed = len(edits) > 0
	return splice(body, edits), rw
}

// conversation is the messages (or Responses input) of a request, an
// empty value when it has none.
func conversation(a api, root *value) *value {
	list := root.get("messages")
	if a == responses {
		list = root.get("input")
	}
	if list == nil {
		return &value{}
	}
	return list
}

// result is what becomes of one tool result's JSON string.
type result struct {
	json   string // the compressed text as a JSON string, "" when the string goes as sent
	marker bool   // the text the model gets carries a kompress marker
}

// toolResult compresses the tool result whose JSON string is raw (as the
// client sent it, quotes included), from the cache when it was seen
// before, so a later turn never changes an earlier one (the model scorer
// may be busy the second time). The cache is keyed by the raw bytes: a
// turn that finds every result cached decodes none of them (each turn
// sends every earlier result again), and the same text escaped another
// way is only compressed again, to the same result.
//
// Requests that miss the cache on the same output at once (parallel agents
// on one conversation, a client's retry) share one compression: before,
// 32 clients sending the same conversation compressed each result 3.8
// times on average (BenchmarkConcurrentClients).
func (p *Proxy) toolResult(ctx context.Context, toolName string, raw []byte) result {
	// An output whose tool is unknown may be a file's ground truth.
	lossless := p.opts.LosslessOnly || toolName == ""
	h := sha256.New()
	h.Write([]byte(toolName))
	if lossless {
		h.Write([]byte{0, 1})
	} else {
		h.Write([]byte{0, 0})
	}
	h.Write(raw)
	key := hex.EncodeToString(h.Sum(nil))
	for {
		if r, ok := p.results.get(key); ok {
			return r
		}
		f, leader := p.flights.join(key)
		if !leader {
			select {
			case <-f.done:
				if f.ok {
					return f.r
				}
				continue // the leader failed (its client left): try again
			case <-ctx.Done():
				return result{}
			}
		}
		r, err := p.compute(ctx, toolName, lossless, raw)
		if err == nil {
			p.results.put(key, r)
			f.r, f.ok = r, true
		}
		p.flights.leave(key, f)
		return r // the string as sent when the engine failed
	}
}

// compute compresses one tool result's text, raw being its JSON string.
func (p *Proxy) compute(ctx context.Context, toolName string, lossless bool, raw []byte) (result, error) {
	b, _, ok := jsonstr.Append(make([]byte, 0, len(raw)), raw, 1)
	if !ok {
		return result{}, nil // not a string the proxy can read: it goes as sent
	}
	s := string(b)
	out, err := p.compressText(ctx, toolName, lossless, s)
	if err != nil {
		return result{}, err
	}
	r := result{marker: marker.HasMarker([]byte(out))}
	if out != s {
		r.json = string(quote(out))
	}
	return r, nil
}

// compressText is the engine's compression of a tool's output. Codex CLI
// wraps a shell's output as JSON text, {"output":"...","metadata":
// {"exit_code":1,...}}: compressed whole, that is a JSON value whose one
// long string may be cut to its start, failure lines and all. The output
// inside is compressed as the shell's text instead, and put back in its
// wrapper, the rest of the wrapper as it was.
func (p *Proxy) compressText(ctx context.Context, toolName string, lossless bool, s string) (string, error) {
	compress := func(text string) (string, error) {
		res, err := p.opts.Engine.Compress(ctx, p.opts.Tenant, wire.CompressRequest{Content: text, Tool: toolName, LosslessOnly: lossless})
		return res.Text, err
	}
	b := []byte(s)
	inner := wrappedOutput(b)
	if inner == nil {
		return compress(s)
	}
	text, _ := inner.text(b)
	out, err := compress(text)
	if err != nil || out == text {
		return s, err
	}
	return string(splice(b, []edit{{inner.start, inner.end, quote(out)}})), nil
}

// wrappedOutput is the "output" string of a Codex shell result wrapped as
// JSON, nil when s is not one: an object that starts with a string
// "output" (Codex writes it first) and has a "metadata" object with an
// "exit_code".
func wrappedOutput(s []byte) *value {
	if !bytes.HasPrefix(s, []byte(`{"output":"`)) {
		return nil
	}
	root, err := parse(s)
	if err != nil {
		return nil
	}
	out, meta := root.get("output"), root.get("metadata")
	if !out.is('"') || !meta.is('{') || meta.get("exit_code") == nil {
		return nil
	}
	return out
}

// flights are the compressions running now, by cache key.
type flights struct {
	mu sync.Mutex
	m  map[string]*flight
}

// flight is one running compression; done is closed when r and ok are
// set.
type flight struct {
	done chan struct{}
	r    result
	ok   bool
}

// join returns the flight of key, and whether the caller leads it (it
// started it, so it must compress and leave).
func (fs *flights) join(key string) (*flight, bool) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if f, ok := fs.m[key]; ok {
		return f, false
	}
	if fs.m == nil {
		fs.m = map[string]*flight{}
	}
	f := &flight{done: make(chan struct{})}
	fs.m[key] = f
	return f, true
}

// leave ends the leader's flight.
func (fs *flights) leave(key string, f *flight) {
	fs.mu.Lock()
	delete(fs.m, key)
	fs.mu.Unlock()
	close(f.done)
}

// declareTool appends kompress_retrieve to a non-empty tools array that
// does not have it yet. A request without tools never gets one: a text
// completion must stay a text completion, and some providers reject an
// empty tools array.
//
// A Chat Completions request that declares functions the legacy way
// (functions, no tools) gets it there in that form, {name, description,
// parameters}: the model then calls it with a function_call, which the
// proxy answers with a role "function" message.
func declareTool(a api, body []byte, root *value) (edit, bool) {
	list, legacy := root.get("tools"), false
	if a == chat && list == nil {
		list, legacy = root.get("functions"), true
	}
	tools := list.array()
	if len(tools) == 0 {
		return edit{}, false
	}
	for _, t := range tools {
		if toolName(a, body, t, legacy) == tool.Retrieve {
			return edit{}, false // the client declared it: its calls are the client's
		}
	}
	schema, _ := tool.Schema(a.String())
	if legacy {
		s, _ := parse(schema)
		schema = s.get("function").raw(schema)
	}
	at := list.end - 1 // the closing ']'
	return edit{at, at, append([]byte(","), schema...)}, true
}

// toolName is the name of a declared tool (a legacy Chat Completions
// function when legacy).
func toolName(a api, body []byte, t *value, legacy bool) string {
	if a == chat && !legacy {
		return t.get("function").str(body, "name")
	}
	return t.str(body, "name")
}

// anthropicResults lists the text of tool_result and mcp_tool_result blocks
// (a string content or its text blocks; images stay as they are), named by
// the tool_use or mcp_tool_use block they answer (an MCP connector tool as
// mcp__SERVER__TOOL, as Claude Code names its MCP tools), and the text of
// the API's own tools' results (serverResult).
func anthropicResults(body []byte, root *value) []toolText {
	names := map[string]string{}
	var out []toolText
	for _, m := range root.get("messages").array() {
		for _, blk := range m.get("content").array() {
			switch typ := blk.str(body, "type"); typ {
			case "tool_use", "server_tool_use":
				names[blk.str(body, "id")] = blk.str(body, "name")
			case "mcp_tool_use":
				names[blk.str(body, "id")] = "mcp__" + blk.str(body, "server_name") + "__" + blk.str(body, "name")
			case "tool_result", "mcp_tool_result":
				name := names[blk.str(body, "tool_use_id")]
				out = append(out, textParts(body, blk.get("content"), name, "text")...)
			default:
				if strings.HasSuffix(typ, "_tool_result") {
					name := names[blk.str(body, "tool_use_id")]
					if name == "" {
						name = strings.TrimSuffix(typ, "_tool_result") // the block's type names its tool
					}
					out = append(out, serverResult(body, blk.get("content"), name)...)
				}
			}
		}
	}
	return out
}

// serverResult is the text of a result block of one of Anthropic's own
// tools, named by its server_tool_use block: the stdout and stderr of
// code_execution and bash_code_execution (a run, lossy when it pays), the
// file text_editor_code_execution views (a file tool by its name: exact
// folds only), and a web_fetch page sent as plain text. A fetched document
// with citations on goes as sent: the model's citations point into its
// characters. Other results (web_search's encrypted pages, errors, PDFs,
// an encrypted code_execution result) have no text the proxy may change.
func serverResult(body []byte, content *value, name string) []toolText {
	switch content.str(body, "type") {
	case "code_execution_result", "bash_code_execution_result":
		return append(textParts(body, content.get("stdout"), name), textParts(body, content.get("stderr"), name)...)
	case "text_editor_code_execution_view_result":
		return textParts(body, content.get("content"), name)
	case "web_fetch_result":
		doc := content.get("content")
		if src := doc.get("source"); src.str(body, "type") == "text" && !citing(body, doc) {
			return textParts(body, src.get("data"), name)
		}
	}
	return nil
}

// citing reports that a document block has citations enabled.
func citing(body []byte, doc *value) bool { return isTrue(body, doc.get("citations").get("enabled")) }

// isTrue reports that v is the JSON literal true.
func isTrue(body []byte, v *value) bool { return v != nil && string(v.raw(body)) == "true" }

// chatResults lists the content of role "tool" messages, named by the
// assistant's tool_calls entry they answer (a function or a custom tool), and of the legacy role
// "function" messages, named by their own name when the assistant called
// that function.
func chatResults(body []byte, root *value) []toolText {
	names := map[string]string{}
	functions := map[string]bool{}
	var out []toolText
	for _, m := range root.get("messages").array() {
		switch m.str(body, "role") {
		case "assistant":
			for _, tc := range m.get("tool_calls").array() {
				names[tc.str(body, "id")] = chatCallName(body, tc)
			}
			if fc := m.get("function_call"); fc != nil {
				functions[fc.str(body, "name")] = true
			}
		case "tool":
			name := names[m.str(body, "tool_call_id")]
			out = append(out, textParts(body, m.get("content"), name, "text")...)
		case "function":
			name := m.str(body, "name")
			if !functions[name] {
				name = ""
			}
			out = append(out, textParts(body, m.get("content"), name, "text")...)
		}
	}
	return out
}

// chatCallName is the tool a Chat Completions tool call names: a function,
// or a custom tool ({"type":"custom","custom":{"name":…,"input":…}}, GPT-5's
// free-form tools).
func chatCallName(body []byte, tc *value) string {
	if tc.str(body, "type") == "custom" {
		return tc.get("custom").str(body, "name")
	}
	return tc.get("function").str(body, "name")
}

// responsesResults lists the output of the items that answer a call,
// named by the call item with the same call_id: function_call (its name),
// custom_tool_call (its name), and the API's own tools, local_shell_call
// (Codex; answered by a function_call_output or a local_shell_call_output),
// shell_call (answered by a shell_call_output, a list of {stdout, stderr,
// outcome}) and apply_patch_call; and the items that carry their own
// output: a hosted MCP tool's mcp_call (named mcp__SERVER__TOOL) and a
// code_interpreter_call's logs.
func responsesResults(body []byte, root *value) []toolText {
	names := map[string]string{}
	var out []toolText
	for _, it := range root.get("input").array() {
		typ := it.str(body, "type")
		switch typ {
		case "function_call", "custom_tool_call":
			names[it.str(body, "call_id")] = it.str(body, "name")
		case "local_shell_call", "shell_call", "apply_patch_call":
			names[it.str(body, "call_id")] = strings.TrimSuffix(typ, "_call")
		case "function_call_output", "custom_tool_call_output", "local_shell_call_output", "apply_patch_call_output":
			name := names[it.str(body, "call_id")]
			out = append(out, textParts(body, it.get("output"), name, "input_text", "output_text", "text")...)
		case "mcp_call":
			// A hosted MCP tool's call carries its own output (a string, or
			// null while it had none).
			name := "mcp__" + it.str(body, "server_label") + "__" + it.str(body, "name")
			out = append(out, textParts(body, it.get("output"), name)...)
		case "code_interpreter_call":
			for _, o := range it.get("outputs").array() {
				if o.str(body, "type") == "logs" {
					out = append(out, textParts(body, o.get("logs"), "code_interpreter")...)
				}
			}
		case "shell_call_output":
			name := names[it.str(body, "call_id")]
			for _, o := range it.get("output").array() {
				out = append(out, textParts(body, o.get("stdout"), name)...)
				out = append(out, textParts(body, o.get("stderr"), name)...)
			}
		}
	}
	return out
}

// textParts is content itself when it is a string, else the text of its
// parts of the given types.
func textParts(body []byte, content *value, name string, types ...string) []toolText {
	if content == nil {
		return nil
	}
	if content.kind == '"' {
		return []toolText{{name, content}}
	}
	var out []toolText
	for _, part := range content.array() {
		typ := part.str(body, "type")
		for _, t := range types {
			if typ == t {
				if v := part.get("text"); v != nil && v.kind == '"' {
					out = append(out, toolText{name, v})
				}
			}
		}
	}
	return out
}

// joinRaw joins raw JSON values with commas.
func joinRaw(parts [][]byte) []byte {
	var b []byte
	for i, p := range parts {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, p...)
	}
	return b
}

func digest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:16])
}
