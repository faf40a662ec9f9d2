package mcp

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/kompress/kompress"
	"github.com/kompress/kompress/internal/sdktest"
	"github.com/kompress/kompress/store"
)

// serveEnv makes the test binary an MCP server on stdin/stdout over a
// memory store, for the SDK client to start as its subprocess.
const serveEnv = "KOMPRESS_MCP_TEST_SERVE"

func TestMain(m *testing.M) {
	if os.Getenv(serveEnv) == "1" {
		st, err := store.Open(context.Background(), "memory:", store.Options{})
		if err != nil {
			os.Exit(1)
		}
		eng := kompress.New(kompress.Options{Store: st, Scorer: "heuristic"})
		s := &Server{Backend: EngineBackend{Engine: eng}, Name: "kompress", Version: "test"}
		if err := s.Serve(context.Background(), os.Stdin, os.Stdout); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestSDKClient drives the server with the official MCP TypeScript SDK
// (@modelcontextprotocol/sdk, stdio transport; see internal/sdktest):
// version negotiation, tools/list, compress, and retrieve of a real failing
// test log by id (upper-case too), line range and pattern, an unknown id as
// a tool error and an unknown tool as a protocol error.
func TestSDKClient(t *testing.T) {
	original, err := os.ReadFile("../../testdata/samples/log/pytest-v-failures.txt")
	if err != nil {
		t.Fatal(err)
	}
	file := t.TempDir() + "/output.txt"
	os.WriteFile(file, original, 0o644)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := sdktest.Node(t, "testdata/client.cjs", file, self)
	cmd.Env = append(cmd.Env, serveEnv+"=1")
	out, err := cmd.Output()
	var got struct {
		Fatal, Server, Pattern string
		Tools                  []string
		Compressed, Whole      bool
		Range                  bool
		Unknown                struct {
			Text    string
			IsError bool
		}
		UnknownTool any
	}
	if err != nil || json.Unmarshal(out, &got) != nil || got.Fatal != "" {
		t.Fatalf("node: %v %s", err, out)
	}
	if got.Server != "kompress" || strings.Join(got.Tools, ",") != "kompress_retrieve,kompress_compress" {
		t.Errorf("server %q tools %v", got.Server, got.Tools)
	}
	if !got.Compressed || !got.Whole || !got.Range {
		t.Errorf("compressed with a marker %v, retrieved whole %v, line range %v", got.Compressed, got.Whole, got.Range)
	}
	failed := 0
	for _, line := range strings.Split(string(original), "\n") {
		if strings.Contains(line, "FAILED") {
			failed++
			if !strings.Contains(got.Pattern, ":"+line+"\n") {
				t.Errorf("pattern FAILED lacks %q:\n%s", line, got.Pattern)
			}
		}
	}
	if failed == 0 || strings.Count(got.Pattern, "\n") != failed {
		t.Errorf("pattern FAILED: %d lines for %d FAILED lines of the original", strings.Count(got.Pattern, "\n"), failed)
	}
	if !got.Unknown.IsError || !strings.Contains(got.Unknown.Text, "ffffffffffff") {
		t.Errorf("unknown id: %+v", got.Unknown)
	}
	if got.UnknownTool != float64(codeInvalidParams) {
		t.Errorf("unknown tool: %v", got.UnknownTool)
	}
}
