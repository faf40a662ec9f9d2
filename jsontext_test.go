package kompress

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/kompress/kompress/internal/lossy"
	"github.com/kompress/kompress/router"
	"github.com/kompress/kompress/wire"
)

// toolResult returns a shell tool's result as agents get it: JSON whose
// "output" member holds a go test -v run of 200 passing tests and one
// failing test.
func toolResult(t *testing.T) ([]byte, []string) {
	t.Helper()
	var log strings.Builder
	for i := 1; i <= 200; i++ {
		fmt.Fprintf(&log, "=== RUN   TestThing%d\n--- PASS: TestThing%d (0.00s)\n", i, i)
	}
	fails := []string{"    foo_test.go:12: expected 3, got 4", "--- FAIL: TestBroken (0.01s)", "FAIL", "FAIL\texample.com/pkg\t0.123s"}
	log.WriteString("=== RUN   TestBroken\n" + strings.Join(fails, "\n") + "\n")
	in, err := json.Marshal(map[string]any{"tool": "run_tests", "exit_code": 1, "output": log.String()})
	if err != nil {
		t.Fatal(err)
	}
	return in, fails
}

// viewOf returns the view of a lossy result without its marker line.
func viewOf(text string) string {
	if i := strings.LastIndex(strings.TrimRight(text, "\n"), "\n[kompress: "); i >= 0 {
		return text[:i+1]
	}
	return text
}

// TestJSONToolOutput: a tool's output held in a JSON string is viewed as
// the log it is, its failure lines verbatim, re-encoded so that the view
// is still a valid JSON document.
func TestJSONToolOutput(t *testing.T) {
	in, fails := toolResult(t)
	e := newEngine(t, memStore(t))
	res := compress(t, e, wire.CompressRequest{Content: string(in)})
	if res.Strategy != "lossy:json" {
		t.Fatalf("strategy %q, want lossy:json", res.Strategy)
	}
	var got struct {
		ExitCode int    `json:"exit_code"`
		Output   string `json:"output"`
	}
	if err := json.Unmarshal([]byte(viewOf(res.Text)), &got); err != nil {
		t.Fatalf("view is not valid JSON: %v\n%s", err, res.Text)
	}
	for _, f := range fails {
		if !strings.Contains("\n"+got.Output, "\n"+f+"\n") {
			t.Errorf("failure line %q lost from output:\n%s", f, got.Output)
		}
	}
	if got.ExitCode != 1 {
		t.Errorf("exit_code %d, want 1", got.ExitCode)
	}
	if len(res.Text) > len(in)/4 {
		t.Errorf("view of %d bytes for %d: the log was not compressed", len(res.Text), len(in))
	}
}

// TestJSONFailureBoundary replaces the JSON view by one that cuts every
// long string short: the boundary must find the failure lines the output
// string held missing and refuse the view.
func TestJSONFailureBoundary(t *testing.T) {
	in, fails := toolResult(t)
	cut := func(in []byte, _ lossy.Options) ([]byte, error) {
		var v map[string]any
		if err := json.Unmarshal(in, &v); err != nil {
			return nil, err
		}
		for k, x := range v {
			if s, ok := x.(string); ok && len(s) > 200 {
				v[k] = s[:200] + "… [truncated]"
			}
		}
		return json.MarshalIndent(v, "", "  ")
	}
	e := newEngine(t, memStore(t))
	e.views[router.JSON] = cut
	res := compress(t, e, wire.CompressRequest{Content: string(in)})
	if res.CCRID != "" {
		t.Fatalf("lossy view accepted without the output's failure lines: %s\n%s", res.Strategy, res.Text)
	}
	if !strings.Contains(strings.Join(res.Warnings, "; "), "failure-preserve-fallback") {
		t.Errorf("warnings %q do not say why the view was refused", res.Warnings)
	}
	for _, f := range fails {
		enc, _ := json.Marshal(f)
		if !bytes.Contains([]byte(res.Text), enc[1:len(enc)-1]) {
			t.Errorf("failure line %q lost", f)
		}
	}
}

// TestJSONJestStacks: in jest --json a failing test is a failure element,
// copied as it is but for its strings of text; each failureMessages stack
// keeps its message and the test's own frames and loses the frames of
// jest-circus and node.
func TestJSONJestStacks(t *testing.T) {
	in, err := os.ReadFile("testdata/samples/json/jest-json-fail.txt")
	if err != nil {
		t.Fatal(err)
	}
	e := newEngine(t, memStore(t))
	res := compress(t, e, wire.CompressRequest{Content: string(in)})
	view := viewOf(res.Text)
	if !json.Valid([]byte(view)) {
		t.Fatalf("view is not valid JSON:\n%s", view)
	}
	for _, want := range []string{
		`Error: expect(received).toBe(expected) // Object.is equality\n`,
		`\n    at Object.toBe (/tmp/jl/jestp/test/cart.test.js:10:109)\n`,
		`TypeError: Cannot read properties of null (reading 'family')\n`,
		`\n    at family (/tmp/jl/jestp/src/cart.js:20:12)\n    at Object.groupByFamily (/tmp/jl/jestp/test/cart.test.js:22:41)\n`,
		`[… 15 library stack frames omitted …]`,
	} {
		if !strings.Contains(view, want) {
			t.Errorf("view lacks %q", want)
		}
	}
	if n := strings.Count(view, "node_modules/jest-circus"); n > 0 {
		t.Errorf("view keeps %d jest-circus frames:\n%s", n, view)
	}
}
