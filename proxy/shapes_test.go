package proxy

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/kompress/kompress"
	"github.com/kompress/kompress/internal/marker"
	"github.com/kompress/kompress/internal/tool"
)

// variant is logText with its paths renamed, so each result in a request
// is its own text.
func variant(word string) string { return strings.ReplaceAll(logText(), "items", word) }

// checkOriginals fails unless every marker in body names an original the
// engine stored, byte for byte one of sent, and the failure line of each
// log reached body.
func checkOriginals(t *testing.T, eng *kompress.Engine, body []byte, sent ...string) {
	t.Helper()
	if n := bytes.Count(body, []byte("ERROR database connection refused: dial tcp 10.0.0.5:5432")); n != len(sent) {
		t.Errorf("failure line in %d results of %d", n, len(sent))
	}
	refs := marker.Find(body)
	if len(refs) == 0 {
		t.Fatal("no marker: the test proves nothing")
	}
	for _, ref := range refs {
		orig, err := eng.Retrieve(context.Background(), "", ref.ID)
		if err != nil || !slices.Contains(sent, string(orig)) {
			t.Errorf("marker %s: original not retrievable as sent (%v)", ref.ID, err)
		}
	}
}

// TestAnthropicServerToolResults: the MCP connector's mcp_tool_result and
// the results of Anthropic's own tools. Before, they went upstream as sent.
// A run's stdout and stderr are compressed as a run, a file the text editor
// viewed gets exact folds only, a fetched page is compressed unless the
// model may cite it; web_search's encrypted pages are not text.
func TestAnthropicServerToolResults(t *testing.T) {
	const tmpl = `{"model":"m","max_tokens":100,"messages":[{"role":"user","content":"go"},{"role":"assistant","content":[
 {"type":"mcp_tool_use","id":"mcptoolu_1","name":"run_query","server_name":"db","input":{}},
 {"type":"mcp_tool_result","tool_use_id":"mcptoolu_1","is_error":false,"content":[{"type":"text","text":{{a}}}]},
 {"type":"server_tool_use","id":"srvtoolu_1","name":"bash_code_execution","input":{"command":"make"}},
 {"type":"bash_code_execution_tool_result","tool_use_id":"srvtoolu_1","content":{"type":"bash_code_execution_result","stdout":{{b}},"stderr":{{c}},"return_code":2,"content":[]}},
 {"type":"server_tool_use","id":"srvtoolu_2","name":"code_execution","input":{"code":"run()"}},
 {"type":"code_execution_tool_result","tool_use_id":"srvtoolu_2","content":{"type":"code_execution_result","stdout":{{d}},"stderr":"","return_code":1,"content":[]}},
 {"type":"server_tool_use","id":"srvtoolu_3","name":"text_editor_code_execution","input":{"command":"view","path":"/tmp/app.log"}},
 {"type":"text_editor_code_execution_tool_result","tool_use_id":"srvtoolu_3","content":{"type":"text_editor_code_execution_view_result","file_type":"text","content":{{e}},"numLines":401,"startLine":1,"totalLines":401}},
 {"type":"server_tool_use","id":"srvtoolu_4","name":"web_fetch","input":{"url":"https://example.com/log"}},
 {"type":"web_fetch_tool_result","tool_use_id":"srvtoolu_4","content":{"type":"web_fetch_result","url":"https://example.com/log","content":{"type":"document","source":{"type":"text","media_type":"text/plain","data":{{f}}},"title":"log"},"retrieved_at":"2026-12-01T00:00:00Z"}},
 {"type":"server_tool_use","id":"srvtoolu_5","name":"web_fetch","input":{"url":"https://example.com/cited"}},
 {"type":"web_fetch_tool_result","tool_use_id":"srvtoolu_5","content":{"type":"web_fetch_result","url":"https://example.com/cited","content":{"type":"document","source":{"type":"text","media_type":"text/plain","data":{{g}}},"citations":{"enabled":true}}}},
 {"type":"server_tool_use","id":"srvtoolu_6","name":"web_search","input":{"query":"q"}},
 {"type":"web_search_tool_result","tool_use_id":"srvtoolu_6","content":[{"type":"web_search_result","url":"https://example.com","title":"t","encrypted_content":{{h}}}]}
]},{"role":"user","content":"next"}]}`
	up := newUpstream(t)
	eng := testEngine(t)
	url := front(t, up, eng, false)
	logs := []string{variant("a"), variant("b"), variant("c"), variant("d"), variant("e"), variant("f"), variant("g"), variant("h")}
	kv := func(out func(i int) string) []string {
		var r []string
		for i, k := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
			r = append(r, k, q(out(i)))
		}
		return r
	}
	body := fill(tmpl, kv(func(i int) string { return logs[i] })...)
	names := []string{"mcp__db__run_query", "bash_code_execution", "bash_code_execution", "code_execution", "text_editor_code_execution", "web_fetch"}
	want := fill(tmpl, kv(func(i int) string {
		if i < len(names) {
			return compressed(t, eng, names[i], logs[i])
		}
		return logs[i]
	})...)
	for turn := range 2 { // the same bytes turn after turn
		post(t, url+"/v1/messages", body)
		mustEqual(t, "upstream body", up.requests()[turn].body, []byte(want))
	}
	got := up.requests()[0].body
	if n := strings.Count(want, "retrieve id="); n != 5 {
		t.Errorf("want the MCP result, the 3 runs and the page lossy, the viewed file exact: %d markers", n)
	}
	if !strings.Contains(want, q(logs[4])[1:40]) {
		t.Error("the viewed file was cut")
	}
	checkOriginals(t, eng, got, logs...)
}

// TestResponsesHostedToolOutputs: a hosted MCP tool's mcp_call carries its
// output, a code_interpreter_call its logs. Before, both went as sent.
func TestResponsesHostedToolOutputs(t *testing.T) {
	const tmpl = `{"model":"m","input":[
 {"type":"mcp_call","id":"mcp_1","server_label":"deepwiki","name":"fetch_logs","arguments":"{}","output":{{a}},"error":null,"status":"completed"},
 {"type":"mcp_call","id":"mcp_2","server_label":"fs","name":"read_file","arguments":"{}","output":{{b}},"error":null},
 {"type":"mcp_call","id":"mcp_3","server_label":"fs","name":"run","arguments":"{}","output":null,"error":"boom"},
 {"type":"code_interpreter_call","id":"ci_1","code":"run()","container_id":"c","status":"completed","outputs":[{"type":"logs","logs":{{c}}},{"type":"image","url":"https://example.com/p.png"}]}
]}`
	up := newUpstream(t, reply{body: `{"id":"r","output":[]}`}, reply{body: `{"id":"r","output":[]}`})
	eng := testEngine(t)
	url := front(t, up, eng, false)
	logs := []string{variant("a"), variant("b"), variant("c")}
	body := fill(tmpl, "a", q(logs[0]), "b", q(logs[1]), "c", q(logs[2]))
	want := fill(tmpl, "a", q(compressed(t, eng, "mcp__deepwiki__fetch_logs", logs[0])),
		"b", q(compressed(t, eng, "mcp__fs__read_file", logs[1])), "c", q(compressed(t, eng, "code_interpreter", logs[2])))
	for turn := range 2 {
		post(t, url+"/v1/responses", body)
		mustEqual(t, "upstream body", up.requests()[turn].body, []byte(want))
	}
	if n := strings.Count(want, "retrieve id="); n != 2 {
		t.Errorf("want the MCP run and the logs lossy, the MCP read_file exact: %d markers", n)
	}
	checkOriginals(t, eng, up.requests()[0].body, logs...)
}

// legacyRequest is a Chat Completions request of the functions API: a
// functions array, no tools, the answer a role "function" message.
func legacyRequest(stream string) string {
	return `{"model":"gpt-x"` + stream + `,"functions":[{"name":"run_shell","parameters":{"type":"object"}}],"messages":[
{"role":"user","content":"why did it fail?"},
{"role":"assistant","content":null,"function_call":{"name":"run_shell","arguments":"{}"}},
{"role":"function","name":"run_shell","content":` + q(logText()) + `}]}`
}

func legacyCall(id string) string {
	return `{"id":"cc_1","object":"chat.completion","created":1,"model":"gpt-x","choices":[{"index":0,"message":{"role":"assistant","content":null,` +
		`"function_call":{"name":"kompress_retrieve","arguments":"{\"id\":\"` + id + `\",\"start_line\":301,\"end_line\":301}"}},"finish_reason":"function_call"}]}`
}

// TestLegacyFunctionsRetrieve: a request that declares functions the
// legacy way gets kompress_retrieve among them in that form, and the
// model's function_call of it is answered by a role "function" message.
// Before, such a request never got the tool.
func TestLegacyFunctionsRetrieve(t *testing.T) {
	eng := testEngine(t)
	id := markerID(t, eng)
	up := newUpstream(t, reply{body: legacyCall(id)}, reply{body: chatFinal})
	url := front(t, up, eng, true)
	resp, got := post(t, url+"/v1/chat/completions", legacyRequest(""))
	if resp.StatusCode != 200 {
		t.Fatalf("status %d: %s", resp.StatusCode, got)
	}
	reqs := up.requests()
	if len(reqs) != 2 {
		t.Fatalf("upstream got %d requests, want the turn and its continuation", len(reqs))
	}
	var first struct {
		Functions []struct {
			Name       string          `json:"name"`
			Parameters json.RawMessage `json:"parameters"`
		} `json:"functions"`
		Tools any `json:"tools"`
	}
	if err := json.Unmarshal(reqs[0].body, &first); err != nil {
		t.Fatal(err)
	}
	if len(first.Functions) != 2 || first.Functions[1].Name != tool.Retrieve || first.Functions[1].Parameters == nil || first.Tools != nil {
		t.Fatalf("kompress_retrieve not declared as a legacy function: %s", reqs[0].body)
	}
	var second struct {
		Messages []map[string]any `json:"messages"`
	}
	if err := json.Unmarshal(reqs[1].body, &second); err != nil {
		t.Fatal(err)
	}
	n := len(second.Messages)
	call, ans := second.Messages[n-2], second.Messages[n-1]
	if fc, _ := call["function_call"].(map[string]any); fc["name"] != tool.Retrieve || call["tool_calls"] != nil {
		t.Errorf("the model's turn is not its function_call: %v", call)
	}
	if ans["role"] != "function" || ans["name"] != tool.Retrieve ||
		ans["content"] != "2026-01-01T00:05:00Z ERROR database connection refused: dial tcp 10.0.0.5:5432\n" {
		t.Errorf("the answer is not a role function message with the retrieved line: %v", ans)
	}
	if !bytes.Contains(got, []byte("The database refused connections.")) || bytes.Contains(got, []byte(tool.Retrieve)) {
		t.Errorf("client got %s", got)
	}
}

// TestLegacyFunctionsRetrieveEnds: after maxRounds retrieve-only rounds the
// client gets the turn as ended, its function_call null and the finish
// reason stop, never a call of a function it does not know.
func TestLegacyFunctionsRetrieveEnds(t *testing.T) {
	eng := testEngine(t)
	id := markerID(t, eng)
	var replies []reply
	for range maxRounds + 1 {
		replies = append(replies, reply{body: legacyCall(id)})
	}
	up := newUpstream(t, replies...)
	url := front(t, up, eng, true)
	_, got := post(t, url+"/v1/chat/completions", legacyRequest(""))
	var res struct {
		Choices []struct {
			Message      map[string]any `json:"message"`
			FinishReason string         `json:"finish_reason"`
		} `json:"choices"`
	}
	if err := json.Unmarshal(got, &res); err != nil || len(res.Choices) != 1 {
		t.Fatalf("client got %s (%v)", got, err)
	}
	if c := res.Choices[0]; c.Message["function_call"] != nil || c.FinishReason != "stop" {
		t.Errorf("client got %s", got)
	}
}

func legacyCallStream(id string) []string {
	head := `{"id":"cc_1","object":"chat.completion.chunk","created":1,"model":"gpt-x","choices":[{"index":0,`
	return []string{
		"data: " + head + `"delta":{"role":"assistant","content":null},"finish_reason":null}]}` + "\n\n",
		"data: " + head + `"delta":{"function_call":{"name":"kompress_retrieve","arguments":""}},"finish_reason":null}]}` + "\n\n",
		"data: " + head + `"delta":{"function_call":{"arguments":"{\"id\":\"` + id + `\","}},"finish_reason":null}]}` + "\n\n",
		"data: " + head + `"delta":{"function_call":{"arguments":"\"start_line\":301,\"end_line\":301}"}},"finish_reason":null}]}` + "\n\n",
		"data: " + head + `"delta":{},"finish_reason":"function_call"}]}` + "\n\n",
		"data: [DONE]\n\n",
	}
}

// TestLegacyFunctionsStream: a streamed function_call of kompress_retrieve
// is held back and answered, and the continuation streams on; the client
// sees one valid stream with the final answer only.
func TestLegacyFunctionsStream(t *testing.T) {
	eng := testEngine(t)
	id := markerID(t, eng)
	up := newUpstream(t, reply{chunks: legacyCallStream(id)}, reply{chunks: chunked(synthesize(chat, []byte(chatFinal)))})
	url := front(t, up, eng, true)
	_, got := post(t, url+"/v1/chat/completions", legacyRequest(`,"stream":true`))
	if n := len(up.requests()); n != 2 {
		t.Fatalf("upstream got %d requests, want the turn and its continuation", n)
	}
	if !bytes.Contains(up.requests()[1].body, []byte(`{"role":"function","name":"kompress_retrieve","content":"2026-01-01T00:05:00Z ERROR database connection refused`)) {
		t.Errorf("the continuation does not answer the call: %s", clip(up.requests()[1].body[bytes.LastIndex(up.requests()[1].body, []byte(`{"role":"assistant"`)):]))
	}
	final, err := accumulate(chat, got)
	if err != nil {
		t.Fatalf("the client's stream is not valid: %v\n%s", err, got)
	}
	if !bytes.Contains(final, []byte("The database refused connections.")) || bytes.Contains(got, []byte(tool.Retrieve)) {
		t.Errorf("client got %s", got)
	}
}

// TestLegacyFunctionsHiddenTurn: a retrieve round before the client's own
// function_call is put back in front of that call in the client's next
// request, found by the call's name and arguments (it has no id).
func TestLegacyFunctionsHiddenTurn(t *testing.T) {
	eng := testEngine(t)
	id := markerID(t, eng)
	const clientCall = `{"role":"assistant","content":null,"function_call":{"name":"run_shell","arguments":"{\"cmd\":\"ls\"}"}}`
	up := newUpstream(t, reply{body: legacyCall(id)},
		reply{body: `{"id":"cc_2","object":"chat.completion","created":2,"model":"gpt-x","choices":[{"index":0,"message":` + clientCall + `,"finish_reason":"function_call"}]}`},
		reply{body: chatFinal})
	url := front(t, up, eng, true)
	_, got := post(t, url+"/v1/chat/completions", legacyRequest(""))
	if !bytes.Contains(got, []byte(`"run_shell"`)) {
		t.Fatalf("client got %s", got)
	}
	next := strings.TrimSuffix(legacyRequest(""), "]}") + "," + clientCall + `,{"role":"function","name":"run_shell","content":"a.go"}]}`
	post(t, url+"/v1/chat/completions", next)
	third := up.requests()[2].body
	call := bytes.Index(third, []byte(`"function_call":{"name":"kompress_retrieve"`))
	answer := bytes.Index(third, []byte(`{"role":"function","name":"kompress_retrieve"`))
	theirs := bytes.Index(third, []byte(clientCall))
	if call < 0 || answer < call || theirs < answer {
		t.Errorf("hidden turn not put back before the client's call (%d %d %d): %s", call, answer, theirs, clip(third[max(call, 0):]))
	}
}

// TestLegacyFunctionsNotDeclaredWithout: a request with neither tools nor
// functions never gets the tool.
func TestLegacyFunctionsNotDeclaredWithout(t *testing.T) {
	eng := testEngine(t)
	up := newUpstream(t, reply{body: chatFinal})
	url := front(t, up, eng, true)
	post(t, url+"/v1/chat/completions", strings.Replace(legacyRequest(""), `"functions":[{"name":"run_shell","parameters":{"type":"object"}}],`, "", 1))
	r := up.requests()[0]
	if !bytes.Contains(r.body, []byte("retrieve id=")) {
		t.Fatal("not compressed, the test proves nothing")
	}
	if bytes.Contains(r.body, []byte(`"name":"kompress_retrieve"`)) {
		t.Errorf("kompress_retrieve declared: %s", clip(r.body))
	}
}
