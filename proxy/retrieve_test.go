package proxy

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/kompress/kompress"
	"github.com/kompress/kompress/internal/tool"
)

// markerID is the id in the marker of the compressed Bash output.
func markerID(t *testing.T, eng *kompress.Engine) string {
	t.Helper()
	m := regexp.MustCompile(`retrieve id=([0-9a-f]+)\]`).FindStringSubmatch(compressed(t, eng, "Bash", logText()))
	if m == nil {
		t.Fatal("the Bash output has no marker")
	}
	return m[1]
}

// errorLine is the failure line of logText with its line number, as a
// pattern retrieve returns it.
const errorLine = "301:2026-01-01T00:05:00Z ERROR database connection refused: dial tcp 10.0.0.5:5432"

// chunked splits an event stream into one chunk per event.
func chunked(stream []byte) []string {
	var out []string
	for _, ev := range strings.SplitAfter(string(stream), "\n\n") {
		if ev != "" {
			out = append(out, ev)
		}
	}
	return out
}

func anthropicRequest(stream bool, tools string) string {
	s := "false"
	if stream {
		s = "true"
	}
	return `{"model":"claude-x","max_tokens":100,"stream":` + s + tools + `,"messages":[
{"role":"user","content":"why did it fail?"},
{"role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"cat app.log"}}]},
{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":` + q(logText()) + `}]}]}`
}

const bashTool = `,"tools":[{"name":"Bash","description":"run","input_schema":{"type":"object"}}]`

func anthropicCall(id string) string {
	return `{"id":"msg_1","type":"message","role":"assistant","model":"claude-x","content":[{"type":"text","text":"Let me look."},` +
		`{"type":"tool_use","id":"toolu_r","name":"kompress_retrieve","input":{"id":"` + id + `","pattern":"ERROR"}}],` +
		`"stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":5}}`
}

const anthropicFinal = `{"id":"msg_2","type":"message","role":"assistant","model":"claude-x","content":[{"type":"text","text":"The database refused connections."}],"stop_reason":"end_turn","stop_sequence":null,"usage":{"input_tokens":20,"output_tokens":6}}`

// anthropicCallStream is anthropicCall as Anthropic streams it, the tool
// input split across deltas.
func anthropicCallStream(id string) []string {
	return []string{
		"event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"claude-x\",\"content\":[],\"stop_reason\":null,\"stop_sequence\":null,\"usage\":{\"input_tokens\":10,\"output_tokens\":1}}}\n\n",
		"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n",
		"event: ping\ndata: {\"type\": \"ping\"}\n\n",
		"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"Let me \"}}\n\n",
		"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"look.\"}}\n\n",
		"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n",
		"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":1,\"content_block\":{\"type\":\"tool_use\",\"id\":\"toolu_r\",\"name\":\"kompress_retrieve\",\"input\":{}}}\n\n",
		"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"id\\\": \\\"" + id + "\"}}\n\n",
		"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"\\\", \\\"pattern\\\": \\\"ERROR\\\"}\"}}\n\n",
		"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":1}\n\n",
		"event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"tool_use\",\"stop_sequence\":null},\"usage\":{\"output_tokens\":30}}\n\n",
		"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n",
	}
}

func chatRequest(stream bool) string {
	s := "false"
	if stream {
		s = "true"
	}
	return `{"model":"gpt-x","stream":` + s + `,"tools":[{"type":"function","function":{"name":"run_shell","parameters":{"type":"object"}}}],"messages":[
{"role":"user","content":"why did it fail?"},
{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"Bash","arguments":"{}"}}]},
{"role":"tool","tool_call_id":"call_1","content":` + q(logText()) + `}]}`
}

func chatCall(id string) string {
	return `{"id":"cc_1","object":"chat.completion","created":1,"model":"gpt-x","choices":[{"index":0,"message":{"role":"assistant","content":null,` +
		`"tool_calls":[{"id":"call_r","type":"function","function":{"name":"kompress_retrieve","arguments":"{\"id\":\"` + id + `\",\"start_line\":301,\"end_line\":301}"}}]},"finish_reason":"tool_calls"}]}`
}

const chatFinal = `{"id":"cc_2","object":"chat.completion","created":2,"model":"gpt-x","choices":[{"index":0,"message":{"role":"assistant","content":"The database refused connections."},"finish_reason":"stop"}],"usage":{"prompt_tokens":9,"completion_tokens":6,"total_tokens":15}}`

func chatCallStream(id string) []string {
	head := `{"id":"cc_1","object":"chat.completion.chunk","created":1,"model":"gpt-x","choices":[{"index":0,`
	return []string{
		"data: " + head + `"delta":{"role":"assistant","content":null},"finish_reason":null}]}` + "\n\n",
		"data: " + head + `"delta":{"tool_calls":[{"index":0,"id":"call_r","type":"function","function":{"name":"kompress_retrieve","arguments":""}}]},"finish_reason":null}]}` + "\n\n",
		"data: " + head + `"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"id\":\"` + id + `\","}}]},"finish_reason":null}]}` + "\n\n",
		"data: " + head + `"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"start_line\":301,\"end_line\":301}"}}]},"finish_reason":null}]}` + "\n\n",
		"data: " + head + `"delta":{},"finish_reason":"tool_calls"}]}` + "\n\n",
		"data: [DONE]\n\n",
	}
}

func responsesRequest(stream bool) string {
	s := "false"
	if stream {
		s = "true"
	}
	return `{"model":"gpt-x","stream":` + s + `,"tools":[{"type":"function","name":"shell","parameters":{"type":"object"}}],"input":[
{"role":"user","content":"why did it fail?"},
{"type":"function_call","call_id":"call_1","name":"shell","arguments":"{}"},
{"type":"function_call_output","call_id":"call_1","output":` + q(logText()) + `}]}`
}

func responsesCall(id string) string {
	return `{"id":"resp_1","object":"response","status":"completed","output":[{"type":"function_call","id":"fc_r","call_id":"call_r","name":"kompress_retrieve","arguments":"{\"id\":\"` + id + `\",\"pattern\":\"ERROR\"}","status":"completed"}]}`
}

const responsesFinal = `{"id":"resp_2","object":"response","status":"completed","output":[{"type":"message","id":"msg_2","role":"assistant","status":"completed","content":[{"type":"output_text","text":"The database refused connections.","annotations":[]}]}]}`

func TestInBandRetrieve(t *testing.T) {
	tests := []struct {
		name, path string
		a          api
		stream     bool
		request    func() string
		replies    func(id string) []reply
		want       string // what the answer to the model's call must carry
	}{
		{"anthropic", "/v1/messages", anthropic, false, func() string { return anthropicRequest(false, bashTool) },
			func(id string) []reply { return []reply{{body: anthropicCall(id)}, {body: anthropicFinal}} }, errorLine},
		// Headroom #1450: retrieve calls were never intercepted for
		// streaming clients.
		{"anthropic stream (#1450)", "/v1/messages", anthropic, true, func() string { return anthropicRequest(true, bashTool) },
			func(id string) []reply {
				return []reply{{chunks: anthropicCallStream(id)}, {chunks: chunked(synthesize(anthropic, []byte(anthropicFinal)))}}
			}, errorLine},
		{"chat", "/v1/chat/completions", chat, false, func() string { return chatRequest(false) },
			func(id string) []reply { return []reply{{body: chatCall(id)}, {body: chatFinal}} },
			"2026-01-01T00:05:00Z ERROR database connection refused: dial tcp 10.0.0.5:5432\n"},
		{"chat stream", "/v1/chat/completions", chat, true, func() string { return chatRequest(true) },
			func(id string) []reply {
				return []reply{{chunks: chatCallStream(id)}, {chunks: chunked(synthesize(chat, []byte(chatFinal)))}}
			}, "2026-01-01T00:05:00Z ERROR database connection refused: dial tcp 10.0.0.5:5432\n"},
		{"responses", "/v1/responses", responses, false, func() string { return responsesRequest(false) },
			func(id string) []reply { return []reply{{body: responsesCall(id)}, {body: responsesFinal}} }, errorLine},
		{"responses stream", "/v1/responses", responses, true, func() string { return responsesRequest(true) },
			func(id string) []reply {
				return []reply{{chunks: chunked(synthesize(responses, []byte(responsesCall(id))))}, {chunks: chunked(synthesize(responses, []byte(responsesFinal)))}}
			}, errorLine},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			eng := testEngine(t)
			id := markerID(t, eng)
			up := newUpstream(t, tt.replies(id)...)
			url := front(t, up, eng, true)
			resp, got := post(t, url+tt.path, tt.request())
			if resp.StatusCode != 200 {
				t.Fatalf("status %d: %s", resp.StatusCode, got)
			}
			reqs := up.requests()
			if len(reqs) != 2 {
				t.Fatalf("upstream got %d requests, want the turn and its continuation", len(reqs))
			}
			first, second := reqs[0].body, reqs[1].body
			if !bytes.Contains(first, []byte(`"name":"kompress_retrieve"`)) {
				t.Errorf("kompress_retrieve not declared")
			}
			if !bytes.Contains(second, quote(tt.want)[1:len(quote(tt.want))-1]) {
				t.Errorf("the continuation does not carry the retrieved lines %q", tt.want)
			}
			if !bytes.HasPrefix(second, first[:bytes.LastIndexByte(first, ']')]) {
				t.Errorf("the continuation rewrote the request instead of extending it")
			}
			final := got
			if tt.stream {
				if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
					t.Errorf("content type %q", ct)
				}
				var err error
				if final, err = accumulate(tt.a, got); err != nil {
					t.Fatalf("the client's stream is not a valid %s stream: %v\n%s", tt.a, err, got)
				}
			}
			if !bytes.Contains(final, []byte("The database refused connections.")) || bytes.Contains(got, []byte("kompress_retrieve")) {
				t.Errorf("client got %s", got)
			}
			if !json.Valid(final) {
				t.Errorf("client answer is not JSON: %s", final)
			}
		})
	}
}

func TestRetrieveUnknownID(t *testing.T) {
	eng := testEngine(t)
	markerID(t, eng)
	up := newUpstream(t, reply{body: anthropicCall("0123456789ab")}, reply{body: anthropicFinal})
	url := front(t, up, eng, true)
	post(t, url+"/v1/messages", anthropicRequest(false, bashTool))
	reqs := up.requests()
	if len(reqs) != 2 || !bytes.Contains(reqs[1].body, []byte(`"is_error":true`)) || !bytes.Contains(reqs[1].body, []byte("unknown or expired")) {
		t.Fatalf("want an error tool result for an unknown id, got %d requests", len(reqs))
	}
}

// Headroom #728: an empty tools array breaks vLLM-served models; the proxy
// must never create one, nor add a tool to a request without tools.
func TestRegression728NoEmptyTools(t *testing.T) {
	for _, tools := range []string{``, `,"tools":[]`, `,"tools": [ ]`} {
		eng := testEngine(t)
		up := newUpstream(t)
		url := front(t, up, eng, true)
		body := anthropicRequest(false, tools)
		post(t, url+"/v1/messages", body)
		got := up.requests()[0].body
		if bytes.Contains(got, []byte("kompress_retrieve\"")) {
			t.Errorf("tools %q: kompress_retrieve was added", tools)
		}
		if want := strings.Replace(body, q(logText()), q(compressed(t, eng, "Bash", logText())), 1); string(got) != want {
			t.Errorf("tools %q: request changed beyond its tool result", tools)
		}
	}
}

// Headroom #3676: a tool injected into a text-only request turned plain
// completions into tool calls nobody could serve.
func TestRegression3676TextOnlyRequest(t *testing.T) {
	eng := testEngine(t)
	up := newUpstream(t, reply{body: chatFinal})
	url := front(t, up, eng, true)
	body := `{"model":"gpt-x","messages":[{"role":"user","content":"summarise"},{"role":"tool","tool_call_id":"c","content":` + q(logText()) + `}]}`
	_, got := post(t, url+"/v1/chat/completions", body)
	if string(got) != chatFinal {
		t.Errorf("answer changed: %s", got)
	}
	if r := up.requests(); len(r) != 1 || bytes.Contains(r[0].body, []byte("tools")) {
		t.Errorf("a text-only request got tools")
	}
}

// Headroom #2089: a 502 when the model called retrieve alongside a client
// tool. The client gets its own call; the hidden one comes back in its
// place in the next request.
func TestRegression2089RetrieveWithClientTool(t *testing.T) {
	t.Run("anthropic", func(t *testing.T) {
		eng := testEngine(t)
		id := markerID(t, eng)
		mixed := `{"id":"msg_1","type":"message","role":"assistant","content":[{"type":"text","text":"Checking."},` +
			`{"type":"tool_use","id":"toolu_r","name":"kompress_retrieve","input":{"id":"` + id + `"}},` +
			`{"type":"tool_use","id":"toolu_b","name":"Bash","input":{"command":"ls"}}],"stop_reason":"tool_use"}`
		up := newUpstream(t, reply{body: mixed}, reply{body: anthropicFinal})
		url := front(t, up, eng, true)
		resp, got := post(t, url+"/v1/messages", anthropicRequest(false, bashTool))
		if resp.StatusCode != 200 || bytes.Contains(got, []byte("kompress_retrieve")) || !bytes.Contains(got, []byte(`"id":"toolu_b"`)) {
			t.Fatalf("client got %d %s", resp.StatusCode, got)
		}
		if n := len(up.requests()); n != 1 {
			t.Fatalf("upstream got %d requests; the client's tool must run first", n)
		}
		var msg struct{ Content []json.RawMessage }
		json.Unmarshal(got, &msg)
		if len(msg.Content) != 2 {
			t.Fatalf("want the text and the Bash call, got %s", got)
		}
		next := strings.TrimSuffix(anthropicRequest(false, bashTool), "]}") +
			`,{"role":"assistant","content":[` + string(msg.Content[0]) + `,` + string(msg.Content[1]) + `]},` +
			`{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_b","content":"app.log"}]}]}`
		post(t, url+"/v1/messages", next)
		second := up.requests()[1].body
		hiddenCall, hiddenResult, visible := bytes.Index(second, []byte(`"id":"toolu_r"`)), bytes.Index(second, []byte(`"tool_use_id":"toolu_r"`)), bytes.Index(second, []byte(`"id":"toolu_b"`))
		if hiddenCall < 0 || hiddenResult < hiddenCall || visible < hiddenResult || !json.Valid(second) {
			t.Fatalf("hidden call not put back before the visible turn: %d %d %d", hiddenCall, hiddenResult, visible)
		}
		if !bytes.Contains(second, quote(logText())) {
			t.Errorf("the hidden answer lacks the original")
		}
	})
	t.Run("chat stream", func(t *testing.T) {
		eng := testEngine(t)
		id := markerID(t, eng)
		head := `{"id":"cc_1","object":"chat.completion.chunk","created":1,"model":"gpt-x","choices":[{"index":0,`
		stream := []string{
			"data: " + head + `"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_r","type":"function","function":{"name":"kompress_retrieve","arguments":"{\"id\":\"` + id + `\"}"}}]},"finish_reason":null}]}` + "\n\n",
			"data: " + head + `"delta":{"tool_calls":[{"index":1,"id":"call_s","type":"function","function":{"name":"run_shell","arguments":"{\"cmd\":\"ls\"}"}}]},"finish_reason":null}]}` + "\n\n",
			"data: " + head + `"delta":{},"finish_reason":"tool_calls"}]}` + "\n\n",
			"data: [DONE]\n\n",
		}
		up := newUpstream(t, reply{chunks: stream}, reply{body: chatFinal})
		url := front(t, up, eng, true)
		_, got := post(t, url+"/v1/chat/completions", chatRequest(true))
		final, err := accumulate(chat, got)
		var cc struct {
			Choices []struct {
				Message struct {
					ToolCalls []struct{ ID string } `json:"tool_calls"`
				}
			}
		}
		json.Unmarshal(final, &cc)
		if err != nil || bytes.Contains(got, []byte("kompress_retrieve")) || len(cc.Choices) != 1 ||
			len(cc.Choices[0].Message.ToolCalls) != 1 || cc.Choices[0].Message.ToolCalls[0].ID != "call_s" {
			t.Fatalf("client got %v %s", err, got)
		}
		next := strings.TrimSuffix(chatRequest(false), "]}") +
			`,{"role":"assistant","content":null,"tool_calls":[{"id":"call_s","type":"function","function":{"name":"run_shell","arguments":"{\"cmd\":\"ls\"}"}}]},` +
			`{"role":"tool","tool_call_id":"call_s","content":"app.log"}]}`
		post(t, url+"/v1/chat/completions", next)
		second := up.requests()[1].body
		hidden, visible := bytes.Index(second, []byte(`"tool_call_id":"call_r"`)), bytes.Index(second, []byte(`"id":"call_s"`))
		if hidden < 0 || visible < hidden || !json.Valid(second) {
			t.Fatalf("hidden call not put back before the visible turn:\n%s", clip(second[bytes.Index(second, []byte(`"role":"tool","tool_call_id":"call_1"`)):]))
		}
	})
	t.Run("responses chained", func(t *testing.T) {
		eng := testEngine(t)
		id := markerID(t, eng)
		mixed := `{"id":"resp_1","object":"response","status":"completed","output":[` +
			`{"type":"function_call","id":"fc_r","call_id":"call_r","name":"kompress_retrieve","arguments":"{\"id\":\"` + id + `\"}","status":"completed"},` +
			`{"type":"function_call","id":"fc_s","call_id":"call_s","name":"shell","arguments":"{}","status":"completed"}]}`
		up := newUpstream(t, reply{body: mixed}, reply{body: responsesFinal})
		url := front(t, up, eng, true)
		_, got := post(t, url+"/v1/responses", responsesRequest(false))
		if bytes.Contains(got, []byte("kompress_retrieve")) || !bytes.Contains(got, []byte(`"call_id":"call_s"`)) {
			t.Fatalf("client got %s", got)
		}
		next := `{"model":"gpt-x","previous_response_id":"resp_1","tools":[{"type":"function","name":"shell"}],"input":[{"type":"function_call_output","call_id":"call_s","output":"app.log"}]}`
		post(t, url+"/v1/responses", next)
		second := up.requests()[1].body
		hidden, visible := bytes.Index(second, []byte(`"call_id":"call_r"`)), bytes.Index(second, []byte(`"call_id":"call_s"`))
		if hidden < 0 || visible < hidden || !json.Valid(second) || bytes.Contains(second, []byte(`"type":"function_call",`)) {
			t.Fatalf("want only the hidden output before the client's: %s", second)
		}
		// The marker is in the stored conversation, not in this request:
		// the tool is still declared, or the model could not call it again
		// (and the tools would change every turn).
		if !bytes.Contains(second, []byte(`"name":"kompress_retrieve","description"`)) {
			t.Errorf("a chained request lost kompress_retrieve: %s", clip(second))
		}
	})
}

// A hidden turn belongs to its conversation: another conversation whose
// assistant said the same words does not get it, the one it came from does.
func TestHiddenTurnStaysInItsConversation(t *testing.T) {
	eng := testEngine(t)
	id := markerID(t, eng)
	up := newUpstream(t, reply{body: anthropicCall(id)}, reply{body: anthropicFinal})
	url := front(t, up, eng, true)
	post(t, url+"/v1/messages", anthropicRequest(false, bashTool))
	answer := `{"role":"assistant","content":[{"type":"text","text":"The database refused connections."}]},{"role":"user","content":"and now?"}]}`
	same := strings.TrimSuffix(anthropicRequest(false, bashTool), "]}") + "," + answer
	other := strings.Replace(same, "why did it fail?", "what happened?", 1)
	post(t, url+"/v1/messages", other)
	post(t, url+"/v1/messages", same)
	reqs := up.requests()
	if bytes.Contains(reqs[2].body, []byte("toolu_r")) {
		t.Errorf("another conversation got the hidden retrieve turn")
	}
	if !bytes.Contains(reqs[3].body, []byte(`"tool_use_id":"toolu_r"`)) {
		t.Errorf("the conversation the hidden turn came from did not get it back")
	}
}

// A retrieve of a multi-megabyte original answers the model with a page of
// it, not the whole: the continuation must still fit the model's context.
func TestRetrieveHugeOriginalPaged(t *testing.T) {
	eng := testEngine(t)
	huge := strings.Repeat(logText(), 100)
	m := regexp.MustCompile(`retrieve id=([0-9a-f]+)\]`).FindStringSubmatch(compressed(t, eng, "Bash", huge))
	if m == nil {
		t.Fatal("no marker")
	}
	call := `{"id":"msg_1","type":"message","role":"assistant","content":[{"type":"tool_use","id":"toolu_r","name":"kompress_retrieve","input":{"id":"` + m[1] + `"}}],"stop_reason":"tool_use"}`
	up := newUpstream(t, reply{body: call}, reply{body: anthropicFinal})
	url := front(t, up, eng, true)
	req := strings.Replace(anthropicRequest(false, bashTool), q(logText()), q(huge), 1)
	if resp, got := post(t, url+"/v1/messages", req); resp.StatusCode != 200 || !bytes.Contains(got, []byte("The database refused")) {
		t.Fatalf("client got %d %s", resp.StatusCode, got)
	}
	reqs := up.requests()
	if len(reqs) != 2 {
		t.Fatalf("%d upstream requests", len(reqs))
	}
	if n := len(reqs[1].body) - len(reqs[0].body); n > tool.MaxAnswer+2000 || !bytes.Contains(reqs[1].body, []byte("start_line=")) {
		t.Errorf("the continuation grew by %d bytes for a %d-byte original; want one page with a note", n, len(huge))
	}
}

// A model that keeps calling kompress_retrieve is stopped after maxRounds;
// the client then gets a turn that ended, not one stopped for a tool use
// with no call of its own in it.
func TestRetrieveRoundsEndTheTurn(t *testing.T) {
	eng := testEngine(t)
	id := markerID(t, eng)
	repeat := func(r reply) []reply {
		out := make([]reply, maxRounds+1)
		for i := range out {
			out[i] = r
		}
		return out
	}
	tests := []struct {
		name, path, request string
		a                   api
		stream              bool
		reply               reply
		want                string
	}{
		{"anthropic", "/v1/messages", anthropicRequest(false, bashTool), anthropic, false, reply{body: anthropicCall(id)}, `"stop_reason":"end_turn"`},
		{"anthropic stream", "/v1/messages", anthropicRequest(true, bashTool), anthropic, true, reply{chunks: anthropicCallStream(id)}, `"stop_reason":"end_turn"`},
		{"chat", "/v1/chat/completions", chatRequest(false), chat, false, reply{body: chatCall(id)}, `"finish_reason":"stop"`},
		{"chat stream", "/v1/chat/completions", chatRequest(true), chat, true, reply{chunks: chatCallStream(id)}, `"finish_reason":"stop"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			up := newUpstream(t, repeat(tt.reply)...)
			url := front(t, up, eng, true)
			_, got := post(t, url+tt.path, tt.request)
			final := got
			if tt.stream {
				var err error
				if final, err = accumulate(tt.a, got); err != nil {
					t.Fatalf("%v: %s", err, got)
				}
			}
			if n := len(up.requests()); n != maxRounds+1 {
				t.Errorf("%d upstream requests, want %d", n, maxRounds+1)
			}
			if !bytes.Contains(final, []byte(tt.want)) || bytes.Contains(got, []byte("kompress_retrieve")) {
				t.Errorf("client got %s", final)
			}
		})
	}
}

// TestRetrieveToolForAnyMarker: the tool is declared whenever a marker is
// in the request, wherever it is: a tool result of any turn (the proxy's
// own or an agent's), and text outside tool results, as a client's summary
// of a compacted conversation that names an original whose result is gone.
// Requests without a marker get no tool.
func TestRetrieveToolForAnyMarker(t *testing.T) {
	eng := testEngine(t)
	lossy := compressed(t, eng, "Bash", logText())
	const tools = `"tools":[{"name":"Bash","input_schema":{"type":"object"}}]`
	turn := func(id, content string) string {
		return `{"role":"assistant","content":[{"type":"tool_use","id":"` + id + `","name":"Bash","input":{}}]},` +
			`{"role":"user","content":[{"type":"tool_result","tool_use_id":"` + id + `","content":` + content + `}]}`
	}
	example := `[kompress: 87 of 120 lines omitted; full output: retrieve id=ab12cd34ef56]`
	for _, tt := range []struct {
		name, messages string
		want           bool
	}{
		// Claude Code with the MCP server registered: its tool's
		// description and its instructions (in the system prompt) show
		// an example marker.
		{"MCP tool and instructions", `{"role":"user","content":"hi"}],"system":` + q("MCP server instructions: "+example) +
			`,"tools":[{"name":"mcp__kompress__kompress_retrieve","description":` + q("Call it with the id from a marker such as "+example) + `,"input_schema":{"type":"object"}}]` +
			`,"_":[` + turn("t1", `"ok"`), false},
		{"no marker", `{"role":"user","content":"hi"},` + turn("t1", `"ok"`), false},
		{"second result compressed", `{"role":"user","content":"hi"},` + turn("t1", `"ok"`) + `,` + turn("t2", q(logText())), true},
		{"second result precompressed", `{"role":"user","content":"hi"},` + turn("t1", `"ok"`) + `,` + turn("t2", q(lossy)), true},
		{"second part of a result", `{"role":"user","content":"hi"},` + turn("t1", `[{"type":"text","text":"a"},{"type":"text","text":`+q(lossy)+`}]`), true},
		{"compaction summary", `{"role":"user","content":` + q("Summary of the session so far: the tests failed, see "+lossy[strings.Index(lossy, "[kompress:"):]) + `}`, true},
		{"assistant quotes it", `{"role":"user","content":"hi"},{"role":"assistant","content":[{"type":"text","text":` + q("The log was cut: "+lossy) + `}]},{"role":"user","content":"go on"}`, true},
		{"marker lookalike", `{"role":"user","content":"[kompress: 3 of 2 lines omitted; full output: retrieve id=abc]"}`, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			up := newUpstream(t)
			url := front(t, up, eng, true)
			body := `{"model":"c","max_tokens":9,` + tools + `,"messages":[` + tt.messages + `]}`
			if !json.Valid([]byte(body)) {
				t.Fatal("the test's request is not JSON")
			}
			post(t, url+"/v1/messages", body)
			got := up.requests()[0].body
			if declared := bytes.Contains(got, []byte(`"name":"kompress_retrieve"`)); declared != tt.want {
				t.Errorf("kompress_retrieve declared %v, want %v", declared, tt.want)
			}
		})
	}
}
