package proxy

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// anthropicOne is an Anthropic request with one tool call and its result,
// raw being the result's content as JSON text.
func anthropicOne(name, raw string) string {
	return `{"model":"m","messages":[{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":` + q(name) + `,"input":{}}]},` +
		`{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":` + raw + `}]}]}`
}

// toolContent decodes the upstream request and returns the content of its
// first tool result, failing when the body is not valid JSON.
func toolContent(t *testing.T, body []byte) any {
	t.Helper()
	if !json.Valid(body) {
		t.Fatalf("upstream body is not valid JSON: %s", clip(body))
	}
	var req struct {
		Messages []struct {
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatal(err)
	}
	var blocks []map[string]any
	if err := json.Unmarshal(req.Messages[1].Content, &blocks); err != nil {
		t.Fatal(err)
	}
	return blocks[0]["content"]
}

// TestEscapesInToolText: a tool result whose JSON string holds escapes
// (\u00e9, a surrogate pair, a lone surrogate, \/, control characters)
// is spliced as valid JSON that decodes to the compressed text of what the
// client's JSON decodes to.
func TestEscapesInToolText(t *testing.T) {
	tests := []struct{ name, esc string }{
		{"latin", `caf\u00e9`},
		{"surrogate pair", `smile \ud83d\ude00`},
		{"lone surrogate", `half \ud83d here`},
		{"low surrogate alone", `half \ude00 here`},
		{"solidus", `path \/usr\/lib`},
		{"controls", `bell \u0007 nul-free \u001b[31mred\u001b[0m \b\f`},
		{"line separators", `ls \u2028 ps \u2029`},
		{"html", `<a href=\"x\">&amp;</a>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			up := newUpstream(t)
			eng := testEngine(t)
			url := front(t, up, eng, false)
			// The escape sits on a line of the log, twice: once where the
			// lossy view keeps it (the failure line) and once in the body.
			orig := string(quote(logText()))
			orig = strings.Replace(orig, `ERROR database`, `ERROR `+tt.esc+` database`, 1)
			orig = strings.Replace(orig, `path=/api/v1/items/7 `, `path=/api/v1/items/7 `+tt.esc+` `, 1)
			var decoded string
			if err := json.Unmarshal([]byte(orig), &decoded); err != nil {
				t.Fatal(err)
			}
			post(t, url+"/v1/messages", anthropicOne("Bash", orig))
			got := toolContent(t, up.requests()[0].body)
			want := compressed(t, eng, "Bash", decoded)
			if got != want {
				t.Errorf("spliced text decodes to\n%q\nwant\n%q", clip([]byte(got.(string))), clip([]byte(want)))
			}
			if !strings.Contains(want, "retrieve id=") {
				t.Fatal("not compressed lossily: the test proves nothing")
			}
		})
	}
}

// TestInvalidUTF8InBody: raw bytes that are not UTF-8 inside a tool
// result's string. The upstream gets valid JSON either way.
func TestInvalidUTF8InBody(t *testing.T) {
	up := newUpstream(t)
	eng := testEngine(t)
	url := front(t, up, eng, false)
	orig := string(quote(logText()))
	orig = strings.Replace(orig, `ERROR database`, "ERROR caf\xe9 \xff\xfe database", 1)
	body := anthropicOne("Bash", orig)
	post(t, url+"/v1/messages", body)
	got := up.requests()[0].body
	if !utf8.Valid(got) && string(got) != body {
		t.Errorf("the proxy changed a body that is not UTF-8 into another that is not")
	}
	c := toolContent(t, got)
	if s, _ := c.(string); !strings.Contains(s, "database connection refused") {
		t.Errorf("the failure line is gone: %q", clip([]byte(s)))
	}
}

// TestAgentToolNames: the file readers of other agents get byte-exact
// folds only, their shells and searches lossy compression, through the
// proxy as through the engine (tool.ReadsFile is the rule).
func TestAgentToolNames(t *testing.T) {
	eng := testEngine(t)
	up := newUpstream(t)
	url := front(t, up, eng, false)
	for _, tt := range []struct {
		name  string
		lossy bool
	}{
		{"Read", false}, {"developer__text_editor", false}, {"mcp__filesystem__read_file", false},
		{"str_replace_based_edit_tool", false}, {"read_many_files", false}, {"view_file", false},
		{"mcp__github__get_file_contents", false}, {"open_file", false},
		{"Bash", true}, {"developer__shell", true}, {"execute_command", true}, {"run_terminal_cmd", true},
		{"search_files", true}, {"mcp__server__bash", true}, {"exec_command", true},
	} {
		n := len(up.requests())
		post(t, url+"/v1/messages", anthropicOne(tt.name, q(logText())))
		got, _ := toolContent(t, up.requests()[n].body).(string)
		if lossy := strings.Contains(got, "retrieve id="); lossy != tt.lossy {
			t.Errorf("%s: lossy %v, want %v", tt.name, lossy, tt.lossy)
		}
	}
}

// TestResponsesShellItems: the Responses API's own shell tools. A
// local_shell_call (Codex) is answered by a function_call_output or a
// local_shell_call_output, the shell tool's shell_call by a
// shell_call_output whose output is a list of {stdout, stderr, outcome}.
// Before, their outputs were taken for an unknown tool's (lossless only)
// or not seen at all.
func TestResponsesShellItems(t *testing.T) {
	const tmpl = `{"model":"m","input":[
 {"type":"local_shell_call","call_id":"ls_1","action":{"type":"exec","command":["make"]},"status":"completed"},
 {"type":"function_call_output","call_id":"ls_1","output":{{a}}},
 {"type":"local_shell_call","call_id":"ls_2","action":{"type":"exec","command":["make"]},"status":"completed"},
 {"type":"local_shell_call_output","call_id":"ls_2","output":{{b}}},
 {"type":"shell_call","call_id":"sh_1","action":{"commands":["make","make test"]},"status":"completed"},
 {"type":"shell_call_output","call_id":"sh_1","output":[{"stdout":{{c}},"stderr":{{d}},"outcome":{"type":"exit","exit_code":2}},{"stdout":"","stderr":"x","outcome":{"type":"timeout"}}],"max_output_length":null},
 {"type":"apply_patch_call","call_id":"ap_1","operation":{"type":"update_file","path":"a.go","diff":""},"status":"completed"},
 {"type":"apply_patch_call_output","call_id":"ap_1","output":{{e}},"status":"completed"},
 {"type":"future_item_kind","call_id":"z","output":{{f}}}
]}`
	up := newUpstream(t, reply{body: `{"id":"r","output":[]}`})
	eng := testEngine(t)
	url := front(t, up, eng, false)
	logs := []string{logText(), otherLog(), strings.ReplaceAll(logText(), "items", "carts"), strings.ReplaceAll(logText(), "items", "users"),
		strings.ReplaceAll(logText(), "items", "notes"), strings.ReplaceAll(logText(), "items", "tags")}
	body := fill(tmpl, "a", q(logs[0]), "b", q(logs[1]), "c", q(logs[2]), "d", q(logs[3]), "e", q(logs[4]), "f", q(logs[5]))
	want := fill(tmpl, "a", q(compressed(t, eng, "local_shell", logs[0])), "b", q(compressed(t, eng, "local_shell", logs[1])),
		"c", q(compressed(t, eng, "shell", logs[2])), "d", q(compressed(t, eng, "shell", logs[3])),
		"e", q(compressed(t, eng, "apply_patch", logs[4])), "f", q(logs[5]))
	post(t, url+"/v1/responses", body)
	mustEqual(t, "upstream body", up.requests()[0].body, []byte(want))
	if n := strings.Count(want, "retrieve id="); n != 4 {
		t.Errorf("want the 4 shell outputs lossy, the patch's kept: %d markers", n)
	}
}

// TestChatFunctionRole: the legacy function-calling shape of Chat
// Completions, a role "function" message named by its "name".
func TestChatFunctionRole(t *testing.T) {
	const tmpl = `{"model":"m","messages":[{"role":"assistant","content":null,"function_call":{"name":"run_shell","arguments":"{}"}},` +
		`{"role":"function","name":"run_shell","content":{{a}}}]}`
	up := newUpstream(t, reply{body: `{"choices":[]}`})
	eng := testEngine(t)
	url := front(t, up, eng, false)
	post(t, url+"/v1/chat/completions", fill(tmpl, "a", q(logText())))
	want := fill(tmpl, "a", q(compressed(t, eng, "run_shell", logText())))
	mustEqual(t, "upstream body", up.requests()[0].body, []byte(want))
	if !strings.Contains(want, "retrieve id=") {
		t.Fatal("not compressed lossily: the test proves nothing")
	}
}

// codexExecOutput is a shell result as Codex CLI wraps it in a
// function_call_output: JSON text holding the output and its metadata.
func codexExecOutput(out string) string {
	type meta struct {
		ExitCode int     `json:"exit_code"`
		Duration float64 `json:"duration_seconds"`
	}
	b, _ := json.Marshal(struct {
		Output   string `json:"output"`
		Metadata meta   `json:"metadata"`
	}{out, meta{1, 0.5}})
	return string(b)
}

// TestCodexWrappedShellOutput: the wrapped shell output is compressed as
// the shell's text inside its wrapper. Before, the engine took the whole
// for a JSON value and cut the long output string to its start, failure
// lines and all ("--- FAIL", "exit status 1" were gone).
func TestCodexWrappedShellOutput(t *testing.T) {
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "=== RUN   TestItem%d\n--- PASS: TestItem%d (0.00s)\n", i, i)
	}
	b.WriteString("--- FAIL: TestDatabase (0.01s)\n    db_test.go:42: connection refused\nFAIL\nexit status 1\nFAIL\tgithub.com/x/y\t0.5s\n")
	log := b.String()
	const tmpl = `{"model":"m","input":[{"type":"function_call","call_id":"c1","name":"shell","arguments":"{}"},` +
		`{"type":"function_call_output","call_id":"c1","output":{{a}}}]}`
	up := newUpstream(t, reply{body: `{"id":"r","output":[]}`})
	eng := testEngine(t)
	url := front(t, up, eng, false)
	post(t, url+"/v1/responses", fill(tmpl, "a", q(codexExecOutput(log))))
	want := fill(tmpl, "a", q(strings.Replace(codexExecOutput(log), string(quote(log)), string(quote(compressed(t, eng, "shell", log))), 1)))
	mustEqual(t, "upstream body", up.requests()[0].body, []byte(want))
	if !strings.Contains(want, "retrieve id=") || !strings.Contains(want, `--- FAIL: TestDatabase (0.01s)\\n`) {
		t.Errorf("want the output compressed with its failure lines: %s", clip([]byte(want)))
	}
}

// TestChatCustomToolCall: a Chat Completions custom tool call (GPT-5's
// free-form tools, {"type":"custom","custom":{"name","input"}}) names the
// tool its output came from, so a shell's output is compressed as one;
// before, its tool was unknown and the output got lossless folds only.
func TestChatCustomToolCall(t *testing.T) {
	const tmpl = `{"model":"gpt-5","tools":[{"type":"custom","custom":{"name":"shell"}}],"messages":[{"role":"user","content":"why?"},` +
		`{"role":"assistant","content":null,"tool_calls":[{"id":"call_c","type":"custom","custom":{"name":"shell","input":"cat app.log"}}]},` +
		`{"role":"tool","tool_call_id":"call_c","content":{{out}}}]}`
	eng := testEngine(t)
	up := newUpstream(t)
	url := front(t, up, eng, false)
	post(t, url+"/v1/chat/completions", fill(tmpl, "out", q(logText())))
	want := compressed(t, eng, "shell", logText())
	if !strings.Contains(want, "retrieve id=") {
		t.Fatal("the shell output compresses without a marker: the test proves nothing")
	}
	mustEqual(t, "upstream body", up.requests()[0].body, []byte(fill(tmpl, "out", q(want))))
}

// TestRetrievedOriginalUntouched: the output of a kompress_retrieve the
// client runs itself (the MCP server's tool, or the tool declared by the
// agent and answered from GET /v1/retrieve) is the original the model
// asked for, and goes upstream as it is. Before, the proxy compressed it
// again, to the same lossy text and the same marker: the model never saw
// the original and could only ask again.
func TestRetrievedOriginalUntouched(t *testing.T) {
	eng := testEngine(t)
	for _, name := range []string{"mcp__kompress__kompress_retrieve", "kompress_retrieve"} {
		t.Run(name, func(t *testing.T) {
			up := newUpstream(t)
			url := front(t, up, eng, true)
			body := anthropicOne(name, q(logText()))
			post(t, url+"/v1/messages", body)
			mustEqual(t, "upstream body", up.requests()[0].body, []byte(body))
		})
	}
}
