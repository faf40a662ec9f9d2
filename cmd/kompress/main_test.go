package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kompress/kompress/wire"
)

// cli runs the command line in-process and returns stdout, stderr and the
// exit code.
func cli(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func sample(t *testing.T, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "samples", rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

type jsonResult struct {
	Source string `json:"source"`
	wire.Result
}

func TestCompressRetrieveAcrossRuns(t *testing.T) {
	storeURL := "bolt:" + filepath.Join(t.TempDir(), "ccr.db")
	path := filepath.Join("..", "..", "testdata", "samples", "log", "x-gotest-json-panic.txt")
	orig := sample(t, "log/x-gotest-json-panic.txt")

	out, stderr, code := cli(t, "", "compress", "--json", "--scorer", "heuristic", "--store", storeURL, path)
	if code != 0 {
		t.Fatalf("compress exit %d: %s", code, stderr)
	}
	var res jsonResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("--json output is not one result object: %v\n%s", err, out)
	}
	if res.CCRID == "" || res.Source != path || res.Tokenizer != "o200k_base" || res.OriginalTokens == 0 {
		t.Fatalf("unexpected result: ccr_id %q source %q tokenizer %q tokens %d", res.CCRID, res.Source, res.Tokenizer, res.OriginalTokens)
	}

	// The store was closed when compress returned: a new run reads it.
	got, stderr, code := cli(t, "", "retrieve", "--store", storeURL, strings.ToUpper(res.CCRID))
	if code != 0 || got != orig {
		t.Fatalf("retrieve exit %d, exact %v: %s", code, got == orig, stderr)
	}
	got, stderr, code = cli(t, res.Text, "expand", "--store", storeURL)
	if code != 0 || got != orig {
		t.Fatalf("expand exit %d, exact %v: %s", code, got == orig, stderr)
	}
}

func TestCompressLosslessExpand(t *testing.T) {
	in := sample(t, "search/grep-rn-C2.txt")
	out, stderr, code := cli(t, in, "compress", "--lossless-only")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if len(out) >= len(in) {
		t.Fatalf("lossless fold did not shrink the grep output (%d >= %d)", len(out), len(in))
	}
	back, stderr, code := cli(t, out, "expand", "--no-store")
	if code != 0 || back != in {
		t.Fatalf("expand exit %d, exact %v: %s", code, back == in, stderr)
	}
}

func TestExitCodes(t *testing.T) {
	storeURL := "bolt:" + filepath.Join(t.TempDir(), "ccr.db")
	tests := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"unknown flag", []string{"compress", "--nope"}, exitUsage, "unknown flag"},
		{"bad ratio", []string{"compress", "--target-ratio", "1.5"}, exitUsage, "target-ratio"},
		{"bad scorer", []string{"compress", "--scorer", "gpu"}, exitUsage, "scorer"},
		{"serve bad scorer", []string{"serve", "--scorer", "gpu"}, exitUsage, "scorer"},
		{"serve extra arg", []string{"serve", "now"}, exitUsage, "at most 0"},
		{"retrieve without id", []string{"retrieve"}, exitUsage, "exactly one"},
		{"malformed id", []string{"retrieve", "--store", storeURL, "xyz"}, exitUsage, "not a kompress id"},
		{"unknown id", []string{"retrieve", "--store", storeURL, "0123456789ab"}, exitFailure, "not found"},
		{"missing file", []string{"compress", "--lossless-only", "/nonexistent/file"}, exitFailure, "no such file"},
		{"onnx without model", []string{"compress", "--scorer", "onnx", "--model", "/nonexistent", "--store", "memory:", "../../testdata/samples/prose/man-grep.txt"}, exitFailure, "onnx"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code := cli(t, "", tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.code, stderr)
			}
			if !strings.Contains(strings.ToLower(stderr), strings.ToLower(tt.msg)) {
				t.Errorf("stderr %q does not mention %q", stderr, tt.msg)
			}
		})
	}
}

func TestStoreUnavailableCompressesLosslessly(t *testing.T) {
	// A dead Redis: nothing may be lost, so lossless folds only.
	in := sample(t, "log/x-gotest-json-panic.txt")
	out, stderr, code := cli(t, in, "compress", "--json", "--store", "redis://127.0.0.1:1/0")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res jsonResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.CCRID != "" || strings.Contains(res.Text, "retrieve id=") {
		t.Fatalf("marker without a stored original: %s", res.Strategy)
	}
}

func TestMultipleInputs(t *testing.T) {
	a := filepath.Join("..", "..", "testdata", "samples", "json", "npm-ls-json.txt")
	b := filepath.Join("..", "..", "testdata", "samples", "search", "find-paths.txt")
	out, stderr, code := cli(t, "", "compress", "--json", "--lossless-only", a, b)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("want one JSON line per input, got %d", len(lines))
	}
	for i, want := range []string{a, b} {
		var res jsonResult
		if err := json.Unmarshal([]byte(lines[i]), &res); err != nil || res.Source != want {
			t.Errorf("line %d: source %q err %v", i, res.Source, err)
		}
	}
	text, _, _ := cli(t, "", "compress", "--lossless-only", a, b)
	if !strings.Contains(text, "==> "+a+" <==") || !strings.Contains(text, "==> "+b+" <==") {
		t.Errorf("text output lacks per-file headers")
	}
}
