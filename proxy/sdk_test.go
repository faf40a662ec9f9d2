package proxy

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/kompress/kompress/internal/sdktest"
)

// modelAPI is a fake model API on loopback for the SDK test: it calls
// kompress_retrieve on the marker of a request that declares the tool and
// has not had its answer yet, and answers a continuation with whether the
// retrieved text was the original; plain requests get a short answer.
// Streams are synthesized from the same answers; a request with
// X-Test-Cut breaks off after a few events.
type modelAPI struct {
	original string
	mu       sync.Mutex
	got      [][]byte // request bodies, in order
	keys     []string // their API key headers
	turns    [][]byte // request bodies of the multi-turn case
}

var retrieveIDRE = regexp.MustCompile(`retrieve id=([0-9a-f]{12,})`)

func (m *modelAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	m.mu.Lock()
	if r.Header.Get("X-Test-Turns") != "" {
		m.turns = append(m.turns, body)
	} else {
		m.got = append(m.got, body)
		m.keys = append(m.keys, r.Header.Get("X-Api-Key")+r.Header.Get("Authorization"))
	}
	m.mu.Unlock()
	a, count, ok := apiOf(r.Method, r.URL.Path)
	if count {
		ok = false
	}
	if !ok {
		http.NotFound(w, r)
		return
	}
	var req struct {
		Stream   bool
		Messages []json.RawMessage
		Input    json.RawMessage
	}
	json.Unmarshal(body, &req)
	text := "no tool output seen"
	var final string
	id := retrieveIDRE.FindSubmatch(body)
	answer, answered := m.retrieved(a, body)
	switch {
	case answered && answer == m.original:
		text = "retrieved the original"
	case answered:
		text = "retrieved something else"
	case id != nil && bytes.Contains(body, []byte(`"name":"kompress_retrieve"`)):
		args := `{"id":"` + string(id[1]) + `"}`
		switch a {
		case anthropic:
			final = `{"id":"msg_k1","type":"message","role":"assistant","model":"m","content":[{"type":"text","text":"Let me look. "},{"type":"tool_use","id":"toolu_kr","name":"kompress_retrieve","input":` + args + `}],"stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":9,"output_tokens":9}}`
		case chat:
			final = `{"id":"cc_k1","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"id":"call_kr","type":"function","function":{"name":"kompress_retrieve","arguments":` + q(args) + `}}]},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":9,"completion_tokens":9,"total_tokens":18}}`
		default:
			final = `{"id":"resp_k1","object":"response","created_at":1,"status":"completed","model":"m","output":[{"type":"function_call","id":"fc_kr","call_id":"call_kr","name":"kompress_retrieve","arguments":` + q(args) + `,"status":"completed"}],"usage":{"input_tokens":9,"output_tokens":9,"total_tokens":18}}`
		}
	}
	if final == "" {
		switch a {
		case anthropic:
			final = `{"id":"msg_k2","type":"message","role":"assistant","model":"m","content":[{"type":"text","text":` + q(text) + `}],"stop_reason":"end_turn","stop_sequence":null,"usage":{"input_tokens":9,"output_tokens":9}}`
		case chat:
			final = `{"id":"cc_k2","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":` + q(text) + `},"finish_reason":"stop"}],"usage":{"prompt_tokens":9,"completion_tokens":9,"total_tokens":18}}`
		default:
			final = `{"id":"resp_k2","object":"response","created_at":1,"status":"completed","model":"m","output":[{"type":"message","id":"msg_k2","status":"completed","role":"assistant","content":[{"type":"output_text","text":` + q(text) + `,"annotations":[]}]}],"usage":{"input_tokens":9,"output_tokens":9,"total_tokens":18}}`
		}
	}
	if !req.Stream {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, final)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	evs := chunked(synthesize(a, []byte(final)))
	if r.Header.Get("X-Test-Cut") != "" {
		evs = evs[:3]
	}
	for _, ev := range evs {
		io.WriteString(w, ev)
		w.(http.Flusher).Flush()
	}
	if r.Header.Get("X-Test-Cut") != "" {
		panic(http.ErrAbortHandler)
	}
}

// retrieved is the answer to the fake's kompress_retrieve call in a
// continuation, if body is one.
func (m *modelAPI) retrieved(a api, body []byte) (string, bool) {
	root, err := parse(body)
	if err != nil {
		return "", false
	}
	switch a {
	case anthropic:
		for _, msg := range root.get("messages").array() {
			for _, blk := range msg.get("content").array() {
				if blk.str(body, "tool_use_id") == "toolu_kr" {
					return blk.str(body, "content"), true
				}
			}
		}
	case chat:
		for _, msg := range root.get("messages").array() {
			if msg.str(body, "tool_call_id") == "call_kr" {
				return msg.str(body, "content"), true
			}
		}
	case responses:
		for _, it := range root.get("input").array() {
			if it.str(body, "type") == "function_call_output" && it.str(body, "call_id") == "call_kr" {
				return it.str(body, "output"), true
			}
		}
	}
	return "", false
}

// TestSDKClients drives the proxy with the official openai and
// @anthropic-ai/sdk npm packages (see internal/sdktest): for each API,
// streaming and not, the SDK's final message is the model's answer after
// the proxy answered kompress_retrieve with the exact original, the tool
// output went upstream as the engine compressed it, the client's API key
// was forwarded, and an upstream that breaks off mid-stream makes the SDK
// throw instead of returning a truncated message.
func TestSDKClients(t *testing.T) {
	original, err := os.ReadFile("../testdata/samples/log/pytest-v-failures.txt")
	if err != nil {
		t.Fatal(err)
	}
	file := t.TempDir() + "/output.txt"
	os.WriteFile(file, original, 0o644)
	cmd := sdktest.Node(t, "testdata/sdk/clients.cjs")
	eng := testEngine(t)
	want := compressed(t, eng, "Bash", string(original))
	if !retrieveIDRE.MatchString(want) {
		t.Fatal("the sample compresses without a marker")
	}
	m := &modelAPI{original: string(original)}
	upstream := httptest.NewServer(m)
	t.Cleanup(upstream.Close)
	px, err := New(Options{Upstream: upstream.URL, Engine: eng, RetrieveTool: true})
	if err != nil {
		t.Fatal(err)
	}
	front := httptest.NewServer(px)
	t.Cleanup(front.Close)
	cmd.Args = append(cmd.Args, front.URL, file)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.Bytes())
	}
	results := map[string]struct{ Text, Error string }{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var r struct{ Name, Text, Error string }
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("node printed %q", sc.Bytes())
		}
		results[r.Name] = struct{ Text, Error string }{r.Text, r.Error}
	}
	for _, name := range []string{"anthropic", "anthropic stream", "chat", "chat stream", "responses", "responses stream"} {
		r, ok := results[name]
		// A live Anthropic stream also shows the text before the call.
		if !ok || r.Error != "" || !strings.HasSuffix(r.Text, "retrieved the original") {
			t.Errorf("%s: text %q, error %q", name, r.Text, r.Error)
		}
	}
	for _, name := range []string{"responses stream cut", "anthropic stream cut"} {
		if r, ok := results[name]; !ok || r.Error == "" {
			t.Errorf("%s: the SDK returned %q for a stream the upstream broke off", name, r.Text)
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	carried := 0
	for i, b := range m.got {
		if bytes.Contains(b, quote(want)) {
			carried++
		}
		if continuation := bytes.Contains(b, []byte(`_kr"`)); !continuation && bytes.Contains(b, quote(string(original))) {
			t.Errorf("request %d went upstream with the tool output uncompressed", i)
		}
		if !strings.Contains(m.keys[i], "test-key") {
			t.Errorf("request %d lost the client's API key: %q", i, m.keys[i])
		}
	}
	if carried != 12 { // 6 turns and their 6 continuations
		t.Errorf("%d of %d upstream requests carry the output as the engine compresses it, want 12", carried, len(m.got))
	}
	// Three turns of one conversation as the SDK resends it: the first
	// retrieves (a continuation), the later ones get the hidden turn back
	// and need none. Each request repeats the bytes of the one before up
	// to the end of its last message.
	if r := results["anthropic turns"]; r.Error != "" || strings.Count(r.Text, "retrieved the original") != 3 {
		t.Errorf("anthropic turns: text %q, error %q", r.Text, r.Error)
	}
	if len(m.turns) != 4 {
		t.Fatalf("anthropic turns: %d upstream requests, want 4", len(m.turns))
	}
	for i, pair := range [][2]int{{0, 2}, {2, 3}} {
		before, after := m.turns[pair[0]], m.turns[pair[1]]
		if end := lastResultEnd(before); end == 0 || !bytes.HasPrefix(after, before[:end]) {
			t.Errorf("anthropic turn %d: the earlier turns' bytes changed (first difference at byte %d of %d)", i+2, commonPrefix(after, before), end)
		}
	}
}
