package proxy

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/kompress/kompress"
	"github.com/kompress/kompress/internal/marker"
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

