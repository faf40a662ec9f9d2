package proxy

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kompress/kompress"
	"github.com/kompress/kompress/internal/failure"
	"github.com/kompress/kompress/internal/marker"
	"github.com/kompress/kompress/router"
)

// A tool call of an agent conversation and the output it got.
type agentStep struct {
	tool, output string
}

// agentSteps are real tool outputs from testdata/samples: logs with
// failures, a search, JSON, a table, and a file read (byte-exact only).
func agentSteps(t *testing.T, dir string, names ...string) []agentStep {
	t.Helper()
	var steps []agentStep
	for _, n := range names {
		tool, file, _ := strings.Cut(n, "=")
		b, err := os.ReadFile(filepath.Join("..", dir, file))
		if err != nil {
			t.Fatal(err)
		}
		steps = append(steps, agentStep{tool, string(b)})
	}
	return steps
}

// agentAPI builds one API's request from the steps so far and reads the
// tool result texts back out of a forwarded request, in order.
type agentAPI struct {
	name, path string
	request    func(steps []agentStep) string
	results    func(t *testing.T, body []byte) []string
}

var agentAPIs = []agentAPI{
	{"anthropic", "/v1/messages", anthropicConversation, forwarded("messages", "type", "tool_result", "content", true)},
	{"chat", "/v1/chat/completions", chatConversation, forwarded("messages", "role", "tool", "content", false)},
	{"responses", "/v1/responses", responsesConversation, forwarded("input", "type", "function_call_output", "output", false)},
}

// anthropicConversation alternates string content with block arrays that
// carry an image and cache_control, as Claude Code sends them.
func anthropicConversation(steps []agentStep) string {
	var b strings.Builder
	b.WriteString(`{"model":"claude-x","max_tokens":4096,"system":[{"type":"text","text":"You are an agent.","cache_control":{"type":"ephemeral"}}],` +
		`"tools":[{"name":"Bash","input_schema":{"type":"object"}},{"name":"Grep","input_schema":{"type":"object"}},{"name":"Read","input_schema":{"type":"object"}}],` +
		`"messages":[{"role":"user","content":"The build is red; find out why."}`)
	for i, s := range steps {
		id := fmt.Sprintf("toolu_%02d", i)
		fmt.Fprintf(&b, `,{"role":"assistant","content":[{"type":"text","text":"Step %d."},{"type":"tool_use","id":%q,"name":%q,"input":{"n":%d}}]}`, i, id, s.tool, i)
		content := q(s.output)
		if i%2 == 1 {
			content = `[{"type":"text","text":` + q(s.output) + `},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBORw0KGgo="}}]`
		}
		cache := ""
		if i%3 == 0 {
			cache = `,"cache_control":{"type":"ephemeral"}`
		}
		fmt.Fprintf(&b, `,{"role":"user","content":[{"type":"tool_result","tool_use_id":%q,"content":%s%s}]}`, id, content, cache)
	}
	b.WriteString(`]}`)
	return b.String()
}

func chatConversation(steps []agentStep) string {
	var b strings.Builder
	b.WriteString(`{"model":"gpt-x","tools":[{"type":"function","function":{"name":"Bash","parameters":{"type":"object"}}},{"type":"function","function":{"name":"Grep","parameters":{"type":"object"}}},{"type":"function","function":{"name":"Read","parameters":{"type":"object"}}}],` +
		`"messages":[{"role":"system","content":"You are an agent."},{"role":"user","content":"The build is red; find out why."}`)
	for i, s := range steps {
		id := fmt.Sprintf("call_%02d", i)
		fmt.Fprintf(&b, `,{"role":"assistant","content":null,"tool_calls":[{"id":%q,"type":"function","function":{"name":%q,"arguments":"{}"}}]}`, id, s.tool)
		content := q(s.output)
		if i%2 == 1 {
			content = `[{"type":"text","text":` + q(s.output) + `}]`
		}
		fmt.Fprintf(&b, `,{"role":"tool","tool_call_id":%q,"content":%s}`, id, content)
	}
	b.WriteString(`]}`)
	return b.String()
}

func responsesConversation(steps []agentStep) string {
	var b strings.Builder
	b.WriteString(`{"model":"gpt-x","instructions":"You are an agent.","tools":[{"type":"function","name":"Bash","parameters":{"type":"object"}},{"type":"function","name":"Grep","parameters":{"type":"object"}},{"type":"function","name":"Read","parameters":{"type":"object"}}],` +
		`"input":[{"role":"user","content":"The build is red; find out why."}`)
	for i, s := range steps {
		id := fmt.Sprintf("fc_%02d", i)
		fmt.Fprintf(&b, `,{"type":"function_call","call_id":%q,"name":%q,"arguments":"{}"},{"type":"function_call_output","call_id":%q,"output":%s}`, id, s.tool, id, q(s.output))
	}
	b.WriteString(`]}`)
	return b.String()
}

func decodeJSON(t *testing.T, body []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatalf("forwarded body is not JSON: %v", err)
	}
	return m
}

// textOf is a tool result's content: a string, or the text of its parts.
func textOf(c any) string {
	if s, ok := c.(string); ok {
		return s
	}
	var b strings.Builder
	for _, p := range c.([]any) {
		if s, ok := p.(map[string]any)["text"].(string); ok {
			b.WriteString(s)
		}
	}
	return b.String()
}

// forwarded lists the texts under content of the elements of list (in
// the request body, or in each element's "content" blocks with nested)
// whose key has the value is.
func forwarded(list, key, is, content string, nested bool) func(t *testing.T, body []byte) []string {
	return func(t *testing.T, body []byte) []string {
		var out []string
		for _, el := range decodeJSON(t, body)[list].([]any) {
			els := []any{el}
			if nested {
				els, _ = el.(map[string]any)["content"].([]any)
			}
			for _, e := range els {
				if m := e.(map[string]any); m[key] == is {
					out = append(out, textOf(m[content]))
				}
			}
		}
		return out
	}
}

// TestAgentConversations plays a growing agent conversation on each API,
// one request per turn, every turn sending all earlier results again, and
// checks what the upstream gets: every failure line of every result, the
// results compressed, each marker's original retrievable byte for byte,
// the bytes of the earlier turns the same in every later request (the
// provider's prompt cache), the client's cache_control marks all there,
// and kompress_retrieve declared from the first marker on.
func TestAgentConversations(t *testing.T) {
	steps := agentSteps(t, "testdata/samples",
		"Bash=log/cargo-test-fail.txt", "Grep=search/grep-color.txt", "Bash=json/npm-view-express.txt",
		"Read=log/go-panic-goroutines.txt", "Bash=table/df-h.txt", "Bash=log/x-jest-verbose.txt")
	testAgentConversations(t, steps)
}

// TestAgentConversationsHeldOut is the same on held-out outputs.
func TestAgentConversationsHeldOut(t *testing.T) {
	steps := agentSteps(t, "testdata/heldout",
		"Bash=log/cargo-test-panics.txt", "Grep=search/git-grep-n.txt", "Bash=json/pyright-outputjson.txt",
		"Read=log/ava-fail.txt", "Bash=table/apt-cache-search.txt", "Bash=log/catch2-fail.txt")
	testAgentConversations(t, steps)
}

func testAgentConversations(t *testing.T, steps []agentStep) {
	for _, api := range agentAPIs {
		t.Run(api.name, func(t *testing.T) {
			eng := testEngine(t)
			up := newUpstream(t)
			url := front(t, up, eng, true)
			var prev []byte
			in, out := 0, 0
			for turn := 1; turn <= len(steps); turn++ {
				body := api.request(steps[:turn])
				post(t, url+api.path, body)
				got := up.requests()[turn-1].body
				results := api.results(t, got)
				if len(results) != turn {
					t.Fatalf("turn %d: %d tool results forwarded", turn, len(results))
				}
				for i, r := range results {
					checkResult(t, eng, fmt.Sprintf("turn %d result %d (%s)", turn, i, steps[i].tool), steps[i], r)
				}
				if n, want := bytes.Count(got, []byte("cache_control")), strings.Count(body, "cache_control"); n != want {
					t.Errorf("turn %d: %d cache_control marks forwarded, the client sent %d", turn, n, want)
				}
				declared := bytes.Contains(got, []byte(`"name":"kompress_retrieve"`))
				root, _ := parse(got)
				a, _, _ := apiOf(http.MethodPost, api.path)
				if hasMarker := marker.HasMarker(conversation(a, root).raw(got)); declared != hasMarker {
					t.Errorf("turn %d: kompress_retrieve declared %v, a marker in the request %v", turn, declared, hasMarker)
				}
				// Everything before the end of the previous turn's last
				// result is the same bytes as before.
				if prev != nil {
					end := lastResultEnd(prev)
					if !bytes.Equal(got[:end], prev[:end]) {
						t.Errorf("turn %d: the earlier turns' bytes changed (first difference at byte %d of %d)", turn, commonPrefix(got, prev), end)
					}
				}
				prev = got
				in, out = len(body), len(got)
			}
			// A fresh proxy and store (a restart, another replica) sends
			// the same bytes for the same conversation.
			fresh := newUpstream(t)
			post(t, front(t, fresh, testEngine(t), true)+api.path, api.request(steps))
			mustEqual(t, "the last turn through a fresh proxy", fresh.requests()[0].body, prev)
			lossyIn, lossyOut := 0, 0
			for i, r := range api.results(t, prev) {
				t.Logf("result %d %s: %d -> %d bytes", i, steps[i].tool, len(steps[i].output), len(r))
				if steps[i].tool != "Read" {
					lossyIn, lossyOut = lossyIn+len(steps[i].output), lossyOut+len(r)
				}
			}
			if lossyOut*2 > lossyIn {
				t.Errorf("the shell and search results went upstream at %d of %d bytes", lossyOut, lossyIn)
			}
			t.Logf("last turn: %d bytes from the client, %d upstream", in, out)
		})
	}
}

// checkResult checks one forwarded tool result against its original.
func checkResult(t *testing.T, eng *kompress.Engine, what string, s agentStep, got string) {
	t.Helper()
	kind := router.Detect([]byte(s.output))
	if miss := failure.Missing(kind, []byte(s.output), []byte(got)); len(miss) > 0 {
		t.Errorf("%s: %d failure lines lost, the first %q", what, len(miss), miss[0])
	}
	refs := marker.Find([]byte(got))
	if s.tool == "Read" && got != s.output && len(refs) > 0 {
		t.Errorf("%s: a file tool's output was compressed lossily", what)
	}
	for _, ref := range refs {
		orig, err := eng.Retrieve(context.Background(), "", ref.ID)
		if err != nil {
			t.Errorf("%s: marker %s: %v", what, ref.ID, err)
		} else if string(orig) != s.output {
			t.Errorf("%s: marker %s gives back %d bytes, not the %d-byte original", what, ref.ID, len(orig), len(s.output))
		}
	}
}

// lastResultEnd is where the last message or input item of a request
// ends: what the next turn must repeat byte for byte.
func lastResultEnd(body []byte) int {
	root, err := parse(body)
	if err != nil {
		return 0
	}
	list := root.get("messages")
	if list == nil {
		list = root.get("input")
	}
	vals := list.array()
	if len(vals) == 0 {
		return 0
	}
	return vals[len(vals)-1].end
}

func commonPrefix(a, b []byte) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

// TestEverySampleThroughProxy sends each sample and held-out output as a
// Bash result and checks that the upstream gets exactly what the engine
// makes of the text the client sent (the engine's tests hold that to every
// failure line), and that each marker retrieves that text byte for byte.
func TestEverySampleThroughProxy(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("575 files, one request at a time: nothing for -race to see, and 50 s with it")
	}
	eng := testEngine(t)
	up := newUpstream(t)
	url := front(t, up, eng, true)
	read := forwarded("messages", "type", "tool_result", "content", true)
	for _, set := range []string{"samples", "heldout"} {
		files, _ := filepath.Glob(filepath.Join("..", "testdata", set, "*", "*.txt"))
		in, out := 0, 0
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			// The text as the client's JSON carries it (invalid UTF-8
			// becomes U+FFFD).
			var sent string
			if err := json.Unmarshal(quote(string(b)), &sent); err != nil {
				t.Fatal(err)
			}
			n := len(up.requests())
			post(t, url+"/v1/messages", anthropicOne("Bash", q(sent)))
			got := read(t, up.requests()[n].body)
			if len(got) != 1 || got[0] != compressed(t, eng, "Bash", sent) {
				t.Errorf("%s: the upstream did not get the engine's result", f)
				continue
			}
			for _, ref := range marker.Find([]byte(got[0])) {
				if orig, err := eng.Retrieve(context.Background(), "", ref.ID); err != nil || string(orig) != sent {
					t.Errorf("%s: marker %s does not give back the text sent (%v)", f, ref.ID, err)
				}
			}
			in, out = in+len(sent), out+len(got[0])
		}
		t.Logf("%s: %d outputs, %d -> %d bytes upstream", set, len(files), in, out)
	}
}
