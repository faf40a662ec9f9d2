package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kompress/kompress/store/storetest"
)

// TestProxyOwnsTheStore runs `kompress proxy` in-process on a bolt store and
// checks the one-daemon story: the proxy compresses tool results on their
// way upstream, a CLI on the same bolt file gets a clear error, and the CLI
// and the MCP server reach the originals through --server.
func TestProxyOwnsTheStore(t *testing.T) {
	var mu sync.Mutex
	var upstreamBodies []string
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		upstreamBodies = append(upstreamBodies, string(b))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"type":"message","content":[{"type":"text","text":"ok"}]}`)
	}))
	defer upstream.Close()

	boltURL := "bolt:" + filepath.Join(t.TempDir(), "ccr.db")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stderrR, stderrW := io.Pipe()
	cmd := newProxyCmd(slog.New(slog.DiscardHandler))
	cmd.SetArgs([]string{"--addr", "127.0.0.1:0", "--upstream", upstream.URL, "--store", boltURL, "--scorer", "heuristic", "--retrieve-tool"})
	cmd.SetErr(stderrW)
	cmd.SetOut(io.Discard)
	done := make(chan error, 1)
	go func() { done <- cmd.ExecuteContext(ctx); stderrW.Close() }()
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderrR)
		for sc.Scan() {
			if _, a, ok := strings.Cut(sc.Text(), "listening on "); ok {
				addr <- a
			}
		}
	}()
	var base string
	select {
	case base = <-addr:
	case err := <-done:
		t.Fatalf("proxy exited at start: %v", err)
	case <-time.After(time.Minute):
		t.Fatal("proxy printed no listening line")
	}

	orig := sample(t, "log/x-gotest-json-panic.txt")
	body := `{"model":"m","messages":[{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{}}]},` +
		`{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":` + jsonString(orig) + `}]}]}`
	resp, err := http.Post(base+"/v1/messages", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	mu.Lock()
	fwd := upstreamBodies[0]
	mu.Unlock()
	m := regexp.MustCompile(`retrieve id=([0-9a-f]{12,})`).FindStringSubmatch(fwd)
	if m == nil || len(fwd) >= len(body) {
		t.Fatalf("the tool result reached the upstream uncompressed (%d of %d bytes)", len(fwd), len(body))
	}
	id := m[1]

	// The proxy holds the bolt file: a CLI on it says how to reach it.
	_, stderr, code := cli(t, "", "retrieve", "--store", boltURL, id)
	if code != exitFailure || !strings.Contains(stderr, "--server") || !strings.Contains(stderr, "KOMPRESS_SERVER") {
		t.Errorf("retrieve on a locked store: exit %d, stderr %q", code, stderr)
	}
	_, stderr, code = cli(t, orig, "compress", "--store", boltURL)
	if code != exitFailure || !strings.Contains(stderr, "--server") {
		t.Errorf("compress on a locked store: exit %d, stderr %q", code, stderr)
	}

	got, stderr, code := cli(t, "", "retrieve", "--server", base, id)
	if code != 0 || got != orig {
		t.Errorf("retrieve --server: exit %d exact %v %s", code, got == orig, stderr)
	}
	t.Setenv("KOMPRESS_SERVER", base)
	out, stderr, code := cli(t, orig, "compress", "--json", "--tool", "Bash", "--scorer", "heuristic")
	var res jsonResult
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || res.CCRID != id {
		t.Fatalf("compress via KOMPRESS_SERVER: exit %d ccr_id %q want %q: %s", code, res.CCRID, id, stderr)
	}
	back, stderr, code := cli(t, res.Text, "expand")
	if code != 0 || back != orig {
		t.Errorf("expand via KOMPRESS_SERVER: exit %d exact %v %s", code, back == orig, stderr)
	}

	script := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}` + "\n" +
		`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n" +
		fmt.Sprintf(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"kompress_retrieve","arguments":{"id":%q}}}`, id) + "\n" +
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"kompress_retrieve","arguments":{"id":"0123456789ab"}}}` + "\n"
	out, stderr, code = cli(t, script, "mcp", "--server", base)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 3 {
		t.Fatalf("mcp: exit %d, %d responses: %s", code, len(lines), stderr)
	}
	var call struct {
		Result struct {
			Content []struct{ Text string }
			IsError bool
		}
	}
	// The original is longer than one answer to a model (tool.MaxAnswer):
	// it comes as its first lines, exactly, and a note naming the next one.
	json.Unmarshal([]byte(lines[1]), &call)
	if call.Result.IsError || len(call.Result.Content) != 1 || !pageOf(call.Result.Content[0].Text, orig) {
		t.Errorf("mcp retrieve through the proxy: not the original's first page")
	}
	if json.Unmarshal([]byte(lines[2]), &call); !call.Result.IsError {
		t.Errorf("mcp retrieve of an unknown id: want isError")
	}

	cancel()
	if err := <-done; err != nil {
		t.Errorf("proxy after its context ended: %v", err)
	}
}

// pageOf reports whether page is the first lines of orig, whole or
// followed by a kompress_retrieve note naming the line after them.
func pageOf(page, orig string) bool {
	if page == orig {
		return true
	}
	m := regexp.MustCompile(`(?s)^(.*\n)\[kompress_retrieve: lines 1-\d+ .*start_line=(\d+) for the rest\]\n$`).FindStringSubmatch(page)
	if m == nil || !strings.HasPrefix(orig, m[1]) {
		return false
	}
	return fmt.Sprint(strings.Count(m[1], "\n")+1) == m[2]
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func TestWarningsInJSON(t *testing.T) {
	in := sample(t, "log/x-gotest-json-panic.txt")
	out, stderr, code := cli(t, in, "compress", "--json", "--store", "redis://"+storetest.DeadAddr(t)+"/0")
	var res jsonResult
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, line := range strings.Split(strings.TrimSpace(stderr), "\n") {
		msg, ok := strings.CutPrefix(line, "kompress: warning: ")
		if !ok {
			continue
		}
		found := false
		for _, w := range res.Warnings {
			found = found || strings.HasPrefix(msg, w) || strings.HasPrefix(w, msg)
		}
		if !found {
			t.Errorf("warning %q printed but not in --json warnings %q", msg, res.Warnings)
		}
	}
	if len(res.Warnings) == 0 {
		t.Errorf("no warnings for a dead store")
	}
}

func TestToolsAndVersion(t *testing.T) {
	for _, f := range []string{"openai", "anthropic", "openai-responses"} {
		out, stderr, code := cli(t, "", "tools", "--format", f)
		var v map[string]any
		if code != 0 || json.Unmarshal([]byte(out), &v) != nil || !strings.Contains(out, `"kompress_retrieve"`) {
			t.Errorf("tools --format %s: exit %d %s %s", f, code, out, stderr)
		}
	}
	if _, stderr, code := cli(t, "", "tools", "--format", "xml"); code != exitUsage || !strings.Contains(stderr, "format") {
		t.Errorf("tools --format xml: exit %d %s", code, stderr)
	}
	out, _, code := cli(t, "", "version")
	if code != 0 || !strings.HasPrefix(out, "kompress ") || !strings.Contains(out, "go1.") {
		t.Errorf("version: exit %d %q", code, out)
	}
	if _, stderr, code := cli(t, "", "proxy"); code != exitUsage || !strings.Contains(stderr, "--upstream") {
		t.Errorf("proxy without --upstream: exit %d %s", code, stderr)
	}
	if _, _, code := cli(t, "", "mcp", "--server", "http://h.invalid", "--store", "memory:"); code != exitUsage {
		t.Errorf("mcp --server with --store: exit %d", code)
	}
}
