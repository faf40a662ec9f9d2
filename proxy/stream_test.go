package proxy

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// streamShape lists the event types of an Anthropic stream with their block
// index, e.g. "content_block_start/0".
func streamShape(t *testing.T, stream []byte) []string {
	t.Helper()
	var out []string
	for _, ev := range events(stream) {
		var d struct {
			Type  string
			Index *int
		}
		if err := json.Unmarshal(ev.data, &d); err != nil || d.Type != ev.event {
			t.Fatalf("bad event %q: %s", ev.event, ev.data)
		}
		if d.Type == "ping" {
			continue
		}
		s := d.Type
		if d.Index != nil {
			s += "/" + string(rune('0'+*d.Index))
		}
		out = append(out, s)
	}
	return out
}

// streamWhileHeld posts body and reads the first line of the response while
// the upstream holds the rest of its stream (gate), then lets it go on and
// returns the first line and the rest. The first line must come while the
// upstream is still streaming: the proxy streams, it does not buffer.
func streamWhileHeld(t *testing.T, url, body string, gate chan struct{}) (string, []byte) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	br := bufio.NewReader(resp.Body)
	first := make(chan string, 1)
	go func() {
		line, _ := br.ReadString('\n')
		first <- line
	}()
	var line string
	select {
	case line = <-first:
	case <-time.After(time.Minute):
		t.Fatal("nothing reached the client while the upstream was still streaming")
	}
	close(gate)
	rest, _ := io.ReadAll(br)
	return line, rest
}

// twoBlocks is the shape of a client stream of a text block and one more
// block, whatever the upstream sent for kompress_retrieve in between.
var twoBlocks = []string{"message_start",
	"content_block_start/0", "content_block_delta/0", "content_block_delta/0", "content_block_stop/0",
	"content_block_start/1", "content_block_delta/1", "content_block_stop/1",
	"message_delta", "message_stop"}

// The text before a retrieve call reaches the client while the model is
// still writing, and the continuation streams into the same message.
func TestAnthropicStreamLive(t *testing.T) {
	eng := testEngine(t)
	id := markerID(t, eng)
	gate := make(chan struct{})
	up := newUpstream(t, reply{chunks: anthropicCallStream(id), gate: gate},
		reply{chunks: chunked(synthesize(anthropic, []byte(anthropicFinal)))})
	url := front(t, up, eng, true)
	line, rest := streamWhileHeld(t, url+"/v1/messages", anthropicRequest(true, bashTool), gate)
	if line != "event: message_start\n" {
		t.Errorf("first line %q", line)
	}
	stream := append([]byte("event: message_start\n"), rest...)
	want := twoBlocks
	if got := streamShape(t, stream); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("client stream\n got %v\nwant %v", got, want)
	}
	msg, err := accumulate(anthropic, stream)
	if err != nil || !bytes.Contains(msg, []byte(`"text":"Let me look."`)) || !bytes.Contains(msg, []byte(`"text":"The database refused connections."`)) ||
		bytes.Contains(stream, []byte("kompress_retrieve")) || !bytes.Contains(msg, []byte(`"stop_reason":"end_turn"`)) {
		t.Fatalf("client message %s (%v)", msg, err)
	}
	reqs := up.requests()
	if len(reqs) != 2 || !bytes.Contains(reqs[1].body, quote(errorLine)[1:len(quote(errorLine))-1]) {
		t.Fatalf("continuation missing or without the retrieved line")
	}

	// The next request echoes the message: the hidden call is put back.
	var m struct{ Content []json.RawMessage }
	json.Unmarshal(msg, &m)
	next := strings.TrimSuffix(anthropicRequest(true, bashTool), "]}") +
		`,{"role":"assistant","content":[` + string(joinRaw([][]byte{m.Content[0], m.Content[1]})) + `]},{"role":"user","content":"thanks"}]}`
	post(t, url+"/v1/messages", next)
	third := up.requests()[2].body
	if h, v := bytes.Index(third, []byte(`"tool_use_id":"toolu_r"`)), bytes.Index(third, []byte(`"text":"Let me look."`)); h < 0 || v < h || !json.Valid(third) {
		t.Errorf("hidden call not put back before the streamed turn")
	}
}

// Headroom #2089, streaming: retrieve alongside the client's tool.
func TestAnthropicStreamWithClientTool(t *testing.T) {
	eng := testEngine(t)
	id := markerID(t, eng)
	stream := anthropicCallStream(id)
	bash := []string{
		"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":2,\"content_block\":{\"type\":\"tool_use\",\"id\":\"toolu_b\",\"name\":\"Bash\",\"input\":{}}}\n\n",
		"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":2,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"command\\\":\\\"ls\\\"}\"}}\n\n",
		"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":2}\n\n",
	}
	stream = append(append(append([]string{}, stream[:10]...), bash...), stream[10:]...)
	up := newUpstream(t, reply{chunks: stream})
	url := front(t, up, eng, true)
	resp, got := post(t, url+"/v1/messages", anthropicRequest(true, bashTool))
	if resp.StatusCode != 200 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	want := twoBlocks
	if shape := streamShape(t, got); strings.Join(shape, " ") != strings.Join(want, " ") {
		t.Errorf("client stream\n got %v\nwant %v", shape, want)
	}
	msg, err := accumulate(anthropic, got)
	if err != nil || bytes.Contains(got, []byte("kompress_retrieve")) || !bytes.Contains(msg, []byte(`"id":"toolu_b"`)) || !bytes.Contains(msg, []byte(`"stop_reason":"tool_use"`)) {
		t.Fatalf("client got %s (%v)", msg, err)
	}
	if n := len(up.requests()); n != 1 {
		t.Errorf("upstream got %d requests; the client's tool runs first", n)
	}
	next := strings.TrimSuffix(anthropicRequest(true, bashTool), "]}") +
		`,{"role":"assistant","content":[{"type":"text","text":"Let me look."},{"type":"tool_use","id":"toolu_b","name":"Bash","input":{"command":"ls"}}]},` +
		`{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_b","content":"app.log"}]}]}`
	post(t, url+"/v1/messages", next)
	second := up.requests()[1].body
	if h, v := bytes.Index(second, []byte(`"tool_use_id":"toolu_r"`)), bytes.Index(second, []byte(`"id":"toolu_b"`)); h < 0 || v < h || !json.Valid(second) {
		t.Errorf("hidden call not put back before the client's turn")
	}
}

// Chat Completions streams pass through live too; the continuation's chunks
// follow in the same stream, with one finish and one [DONE].
func TestChatStreamLive(t *testing.T) {
	eng := testEngine(t)
	id := markerID(t, eng)
	head := `{"id":"cc_1","object":"chat.completion.chunk","created":1,"model":"gpt-x","choices":[{"index":0,`
	call := append([]string{"data: " + head + `"delta":{"role":"assistant","content":"Let me look. "},"finish_reason":null}]}` + "\n\n"},
		chatCallStream(id)[1:]...)
	gate := make(chan struct{})
	up := newUpstream(t, reply{chunks: call, gate: gate}, reply{chunks: chunked(synthesize(chat, []byte(chatFinal)))})
	url := front(t, up, eng, true)
	line, rest := streamWhileHeld(t, url+"/v1/chat/completions", chatRequest(true), gate)
	if !strings.Contains(line, "Let me look.") {
		t.Errorf("first line %q", line)
	}
	if n := strings.Count(string(rest), "[DONE]"); n != 1 || strings.Count(string(rest), `"finish_reason":"`) != 1 || bytes.Contains(rest, []byte("kompress_retrieve")) {
		t.Errorf("client stream: %d [DONE], tool call hidden %v:\n%s", n, !bytes.Contains(rest, []byte("kompress_retrieve")), rest)
	}
	final, err := accumulate(chat, append([]byte("data: "+head+`"delta":{"role":"assistant","content":"Let me look. "},"finish_reason":null}]}`+"\n\n"), rest...))
	if err != nil || !bytes.Contains(final, []byte(`"content":"Let me look. The database refused connections."`)) {
		t.Fatalf("client message %s (%v)", final, err)
	}
	next := strings.TrimSuffix(chatRequest(true), "]}") +
		`,{"role":"assistant","content":"Let me look. The database refused connections."},{"role":"user","content":"thanks"}]}`
	post(t, url+"/v1/chat/completions", next)
	third := up.requests()[2].body
	if h, v := bytes.Index(third, []byte(`"tool_call_id":"call_r"`)), bytes.Index(third, []byte(`"content":"Let me look. The database`)); h < 0 || v < h || !json.Valid(third) {
		t.Errorf("hidden call not put back before the streamed turn")
	}
}

// An upstream that dies mid-stream must reach the client as a broken
// connection, not as a normal end: otherwise a truncated stream passes for
// a complete one (the OpenAI SDK returns a half-written response as final).
// Both the plain relay and the live retrieve stream, first round and
// continuation.
func TestUpstreamBreaksMidStream(t *testing.T) {
	eng := testEngine(t)
	id := markerID(t, eng)
	call := anthropicCallStream(id)
	cases := []struct {
		name     string
		retrieve bool
		body     string
		replies  []reply
	}{
		{"relay", false, `{"stream":true,"messages":[]}`, []reply{{chunks: call[:3], cut: true}}},
		{"live first round", true, anthropicRequest(true, bashTool), []reply{{chunks: call[:6], cut: true}}},
		{"live continuation", true, anthropicRequest(true, bashTool),
			[]reply{{chunks: call}, {chunks: chunked(synthesize(anthropic, []byte(anthropicFinal)))[:2], cut: true}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			up := newUpstream(t, c.replies...)
			url := front(t, up, eng, c.retrieve)
			resp, err := http.Post(url+"/v1/messages", "application/json", strings.NewReader(c.body))
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			got, err := io.ReadAll(resp.Body)
			if err == nil {
				t.Fatalf("the stream ended normally after %d bytes; want a broken connection:\n%s", len(got), got)
			}
			if !bytes.HasPrefix(got, []byte("event: message_start\n")) {
				t.Errorf("the events before the break did not reach the client: %q", got)
			}
		})
	}
}

// Responses streams pass through live as well: the retrieve call's events
// are left out, the continuation's items follow with the next output_index,
// sequence numbers run on, and the one response.completed lists the items
// the client got.
func TestResponsesStreamLive(t *testing.T) {
	eng := testEngine(t)
	id := markerID(t, eng)
	first := `{"id":"resp_1","object":"response","status":"completed","output":[` +
		`{"type":"message","id":"msg_1","role":"assistant","status":"completed","content":[{"type":"output_text","text":"Let me look.","annotations":[]}]},` +
		`{"type":"function_call","id":"fc_r","call_id":"call_r","name":"kompress_retrieve","arguments":"{\"id\":\"` + id + `\",\"pattern\":\"ERROR\"}","status":"completed"}]}`
	gate := make(chan struct{})
	up := newUpstream(t, reply{chunks: chunked(synthesize(responses, []byte(first))), gate: gate},
		reply{chunks: chunked(synthesize(responses, []byte(responsesFinal)))})
	url := front(t, up, eng, true)
	line, rest := streamWhileHeld(t, url+"/v1/responses", responsesRequest(true), gate)
	if line != "event: response.created\n" {
		t.Errorf("first line %q", line)
	}
	stream := append([]byte(line), rest...)
	if bytes.Contains(stream, []byte("kompress_retrieve")) || bytes.Count(stream, []byte("event: response.created")) != 1 || bytes.Count(stream, []byte("event: response.completed")) != 1 {
		t.Errorf("client stream:\n%s", stream)
	}
	seq := 0
	var added []int
	for _, ev := range events(stream) {
		var d struct {
			Type           string
			SequenceNumber int `json:"sequence_number"`
			OutputIndex    int `json:"output_index"`
		}
		if err := json.Unmarshal(ev.data, &d); err != nil || d.SequenceNumber != seq {
			t.Fatalf("event %d (%s): sequence_number %d", seq, d.Type, d.SequenceNumber)
		}
		seq++
		if d.Type == "response.output_item.added" {
			added = append(added, d.OutputIndex)
		}
	}
	if fmt.Sprint(added) != "[0 1]" {
		t.Errorf("output items added at %v, want [0 1]", added)
	}
	final, err := accumulate(responses, stream)
	var r struct {
		Output []struct{ Type, ID string }
	}
	if err != nil || json.Unmarshal(final, &r) != nil || len(r.Output) != 2 || r.Output[0].ID != "msg_1" || r.Output[1].ID != "msg_2" {
		t.Fatalf("final response %s (%v)", final, err)
	}
	reqs := up.requests()
	if len(reqs) != 2 || !bytes.Contains(reqs[1].body, quote(errorLine)[1:len(quote(errorLine))-1]) {
		t.Fatalf("continuation missing or without the retrieved line")
	}
}
