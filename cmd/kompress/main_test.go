package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kompress/kompress/internal/envconfig"
	"github.com/kompress/kompress/store/storetest"
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
	if _, stderr, code := cli(t, "", "compress", "--store", storeURL, "/dev/null"); code != 0 {
		t.Fatalf("creating the store: exit %d: %s", code, stderr)
	}
	typo := filepath.Join(t.TempDir(), "typo.db")
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
		{"unknown command", []string{"compres"}, exitUsage, "unknown command"},
		{"bad store URL", []string{"compress", "--store", "bogus:x", "/dev/null"}, exitUsage, "bad store URL"},
		{"expand bad store URL", []string{"expand", "--store", "bogus:x", "/dev/null"}, exitUsage, "bad store URL"},
		{"retrieve bad store URL", []string{"retrieve", "--store", "bogus:x", "0123456789ab"}, exitUsage, "bad store URL"},
		{"retrieve missing store", []string{"retrieve", "--store", "bolt:" + typo, "0123456789ab"}, exitFailure, "does not exist"},
		{"bad server URL", []string{"compress", "--server", "http://h.invalid:", "/dev/null"}, exitUsage, "port"},
		{"retrieve bad server URL", []string{"retrieve", "--server", "http://h:0", "0123456789ab"}, exitUsage, "port"},
		{"expand bad server URL", []string{"expand", "--server", "h.invalid", "/dev/null"}, exitUsage, "http(s)://host"},
		{"bad max-bytes", []string{"compress", "--max-bytes", "0"}, exitUsage, "max-bytes"},
		{"onnx without model", []string{"compress", "--scorer", "onnx", "--model", "/nonexistent", "--store", "memory:", "../../testdata/samples/prose/man-grep.txt"}, exitFailure, "onnx"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code := cli(t, "", tt.args...)
			defer func() {
				if _, err := os.Stat(typo); err == nil {
					t.Errorf("retrieve created the store file %s", typo)
				}
			}()
			if code != tt.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.code, stderr)
			}
			if strings.Contains(stderr, "kompress: kompress:") {
				t.Errorf("stderr %q names the program twice", stderr)
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
	out, stderr, code := cli(t, in, "compress", "--json", "--store", "redis://"+storetest.DeadAddr(t)+"/0")
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

// TestInputsShareBuffer: --lossless-only reads every input into one
// buffer; each result must still be the one its input gets alone, whatever
// was read there before (a bigger input, an unreadable one).
func TestInputsShareBuffer(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "samples")
	files := []string{
		filepath.Join(dir, "search", "find-big.txt"),
		filepath.Join(dir, "log", "apt-dry-run-jdk.txt"),
		filepath.Join(t.TempDir(), "missing.txt"),
		filepath.Join(dir, "json", "npm-ls-json.txt"),
		filepath.Join(dir, "search", "find-paths.txt"),
	}
	var want strings.Builder
	for _, f := range files {
		alone, _, code := cli(t, "", "compress", "--lossless-only", f)
		if code != 0 {
			continue // the missing file: reported, no section
		}
		want.WriteString("==> " + f + " <==\n" + alone)
		if !strings.HasSuffix(alone, "\n") {
			want.WriteString("\n")
		}
	}
	got, stderr, code := cli(t, "", append([]string{"compress", "--lossless-only"}, files...)...)
	if code != exitFailure || !strings.Contains(stderr, "missing.txt") {
		t.Errorf("exit %d, stderr %q; want 1 and the missing file named", code, stderr)
	}
	if got != want.String() {
		t.Errorf("results differ from each input's own (%d vs %d bytes)", len(got), len(want.String()))
	}
}

// TestStdinBounded: input past --max-bytes is a clear error, read no
// further than the limit.
func TestStdinBounded(t *testing.T) {
	in := strings.Repeat("y\n", 600)
	_, stderr, code := cli(t, in, "compress", "--store", "memory:", "--max-bytes", "1000")
	if code != exitFailure || !strings.Contains(stderr, "stdin: larger than the input limit of 1000 bytes") {
		t.Errorf("exit %d, stderr %q; want 1 and the limit named", code, stderr)
	}
	if out, stderr, code := cli(t, in, "compress", "--store", "memory:", "--max-bytes", "1200"); code != 0 || out == "" {
		t.Errorf("input at the limit: exit %d %s", code, stderr)
	}
	_, stderr, code = cli(t, in, "expand", "--no-store", "--max-bytes", "10")
	if code != exitFailure || !strings.Contains(stderr, "input limit") {
		t.Errorf("expand: exit %d, stderr %q", code, stderr)
	}
}

// TestJSONKeepsBytes: a pass-through of bytes that are not UTF-8 keeps
// them exactly in --json (text_base64) and says so; it is lossless.
func TestJSONKeepsBytes(t *testing.T) {
	big := strings.Repeat("x", 600)
	for _, in := range []string{big + "\xff\xfe" + big, big + "\x00" + big} {
		out, stderr, code := cli(t, in, "compress", "--json", "--store", "memory:")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var res jsonResult
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatal(err)
		}
		got, err := base64.StdEncoding.DecodeString(res.TextBase64)
		if utf8.ValidString(in) {
			if res.TextBase64 != "" {
				t.Errorf("valid UTF-8 got text_base64")
			}
			got, err = []byte(res.Text), nil
		}
		if err != nil || string(got) != in {
			t.Errorf("%s: bytes not kept: text_base64 %d bytes, %v", res.Strategy, len(got), err)
		}
		if !res.Lossless || res.Equivalence != "byte" {
			t.Errorf("%s: lossless %v %q, want true byte", res.Strategy, res.Lossless, res.Equivalence)
		}
		if !utf8.ValidString(in) && (len(res.Warnings) == 0 || !strings.Contains(res.Warnings[len(res.Warnings)-1], "text_base64")) {
			t.Errorf("warnings %q do not say where the bytes are", res.Warnings)
		}
	}
}

// TestRoundTripLookalikeCLI: the pipeline, compress | expand,
// gives the input back when it holds a fold header.
func TestRoundTripLookalikeCLI(t *testing.T) {
	storeURL := "bolt:" + filepath.Join(t.TempDir(), "ccr.db")
	in := "[fold repeat 1 line x3]\nhello\n"
	out, stderr, code := cli(t, in, "compress", "--store", storeURL)
	if code != 0 {
		t.Fatalf("compress exit %d: %s", code, stderr)
	}
	back, stderr, code := cli(t, out, "expand", "--store", storeURL)
	if code != 0 || back != in {
		t.Errorf("expand(compress(x)) = %q (exit %d, %s), want %q", back, code, stderr, in)
	}
}

// TestHelpListsEnvironment checks that --help lists every variable of the
// environment table, and that KOMPRESS_STORE picks the store --store would.
func TestHelpListsEnvironment(t *testing.T) {
	out, _, code := cli(t, "", "--help")
	if code != exitOK {
		t.Fatalf("--help exit %d", code)
	}
	for _, v := range envconfig.Vars {
		if !strings.Contains(out, "\n  "+v.Name+" ") {
			t.Errorf("--help does not list %s:\n%s", v.Name, out)
		}
	}
	t.Setenv("KOMPRESS_STORE", "nosuch:scheme")
	if _, errOut, code := cli(t, "", "retrieve", "0123456789ab"); code != exitUsage || !strings.Contains(errOut, "nosuch") {
		t.Errorf("retrieve with KOMPRESS_STORE=nosuch:scheme: exit %d, %s", code, errOut)
	}
}
