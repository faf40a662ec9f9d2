package model

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kompress/kompress/internal/envconfig"
)

const fetchScript = "../scripts/fetch-model.sh"

func runFetch(t *testing.T, env []string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	cmd := exec.Command("bash", append([]string{fetchScript}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	return out.String(), errb.String(), err
}

// TestFetchDryRun checks that the script, which cannot reach Hugging Face
// here, would fetch the right files into the directories Find and
// RuntimeLib search.
func TestFetchDryRun(t *testing.T) {
	cache := t.TempDir()
	env := []string{"XDG_CACHE_HOME=" + cache, envconfig.NameModel + "=", envconfig.NameORTLib + "="}
	t.Setenv("XDG_CACHE_HOME", cache)
	defModel, _ := DefaultDir()
	defLib, _ := DefaultRuntimeLib()

	out, _, err := runFetch(t, env, "--all", "--dry-run")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"https://huggingface.co/chopratejas/kompress-v2-base/resolve/main/onnx/kompress-int8-wo.onnx",
		"https://huggingface.co/chopratejas/kompress-v2-base/resolve/main/onnx/kompress-fp32.onnx",
		"https://huggingface.co/answerdotai/ModernBERT-base/resolve/main/tokenizer.json",
		"-> " + filepath.Join(defModel, ONNXFile),
		"-> " + filepath.Join(defModel, TokenizerFile),
		filepath.Join(defModel, ManifestFile),
		"name " + DefaultName, "max_length 512", "output " + FinalScores,
		"npm pack onnxruntime-node@1.30.0",
		"install " + defLib,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("dry run output lacks %q:\n%s", want, out)
		}
	}
	if entries, _ := os.ReadDir(cache); len(entries) != 0 {
		t.Errorf("dry run wrote into the cache: %v", entries)
	}

	dest := filepath.Join(t.TempDir(), "lib.so")
	out, _, err = runFetch(t, append(env, envconfig.NameORTLib+"=/env/lib.so"), "--runtime", "--dry-run", "--dest", dest)
	if err != nil || !strings.Contains(out, "install "+dest) {
		t.Errorf("--dest: %v\n%s", err, out)
	}
	out, _, err = runFetch(t, append(env, envconfig.NameORTLib+"=/env/lib.so"), "--runtime", "--dry-run")
	if err != nil || !strings.Contains(out, "install /env/lib.so") {
		t.Errorf("%s: %v\n%s", envconfig.NameORTLib, err, out)
	}
	out, _, err = runFetch(t, append(env, envconfig.NameModel+"=/env/model"), "--dry-run")
	if err != nil || !strings.Contains(out, "-> /env/model/model.onnx") || strings.Contains(out, "runtime:") {
		t.Errorf("%s: %v\n%s", envconfig.NameModel, err, out)
	}
	for _, args := range [][]string{{"--bogus"}, {"--all", "--dest", "x"}, {"--dest"}} {
		if _, _, err := runFetch(t, env, args...); err == nil {
			t.Errorf("%v: want a usage error", args)
		}
	}
}

// TestFetchSkipsInstalled re-runs the script over what is installed and
// valid: it must succeed without the network and leave files alone.
func TestFetchSkipsInstalled(t *testing.T) {
	dir := copyModel(t, "bpe-final")
	env := []string{"XDG_CACHE_HOME=" + t.TempDir()}
	out, stderr, err := runFetch(t, env, "--dest", dir)
	if err != nil || strings.TrimSpace(out) != dir || !strings.Contains(stderr, "already") {
		t.Errorf("installed model: %v\nstdout %s\nstderr %s", err, out, stderr)
	}

	lib, err := RuntimeLib()
	if err != nil {
		t.Skipf("no ONNX Runtime installed to re-check: %v", err)
	}
	data, err := os.ReadFile(lib)
	if err != nil {
		t.Fatal(err)
	}
	dest := filepath.Join(t.TempDir(), "libonnxruntime.so.1")
	if err := os.WriteFile(dest, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, err = runFetch(t, env, "--runtime", "--dest", dest)
	if err != nil {
		t.Fatalf("%v: %s", err, stderr)
	}
	if strings.TrimSpace(out) != dest || !strings.Contains(stderr, "already") {
		// A library from elsewhere (a system package) is not the pinned
		// build; the script would download instead, which this test avoids.
		t.Skipf("installed runtime %s is not the pinned onnxruntime-node build: %s", lib, stderr)
	}
}

// TestFetchRuntime downloads ONNX Runtime for real from the npm registry
// (about 110 MB); CI already does so before the tests, so it runs only with
// KOMPRESS_TEST_FETCH=1.
func TestFetchRuntime(t *testing.T) {
	if os.Getenv("KOMPRESS_TEST_FETCH") != "1" {
		t.Skip("set KOMPRESS_TEST_FETCH=1 to download ONNX Runtime")
	}
	cache := t.TempDir()
	env := []string{"XDG_CACHE_HOME=" + cache, envconfig.NameORTLib + "="}
	out, stderr, err := runFetch(t, env, "--runtime")
	if err != nil {
		t.Fatalf("%v: %s", err, stderr)
	}
	want := filepath.Join(cache, "kompress", "onnxruntime", "libonnxruntime.so.1")
	if strings.TrimSpace(out) != want {
		t.Fatalf("installed at %q, want %q", out, want)
	}
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv(envconfig.NameORTLib, "")
	if got, err := RuntimeLib(); err != nil || got != want {
		t.Errorf("RuntimeLib after fetch = %q, %v", got, err)
	}
	if _, stderr, err := runFetch(t, env, "--runtime"); err != nil || !strings.Contains(stderr, "already") {
		t.Errorf("second run: %v: %s", err, stderr)
	}
}
