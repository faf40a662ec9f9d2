package model

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kompress/kompress/internal/envconfig"
)

const testModels = "../testdata/models"

// copyModel copies a committed test model into a temporary directory.
func copyModel(t *testing.T, name string) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range []string{ONNXFile, TokenizerFile, ManifestFile} {
		data, err := os.ReadFile(filepath.Join(testModels, name, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestLoad(t *testing.T) {
	for _, name := range []string{"bpe-final", "wordpiece-logits"} {
		m, err := Load(filepath.Join(testModels, name))
		if err != nil {
			t.Fatal(err)
		}
		if m.Name != "test-"+name || m.Tokenizer == nil || m.MaxLength != 48 {
			t.Errorf("%s: got %+v", name, m.Manifest)
		}
		if m.ONNXPath() != filepath.Join(testModels, name, ONNXFile) {
			t.Errorf("ONNXPath = %s", m.ONNXPath())
		}
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, dir string)
		want  error
	}{
		{"no directory", func(t *testing.T, dir string) { os.RemoveAll(dir) }, ErrNotFound},
		{"no manifest", func(t *testing.T, dir string) { os.Remove(filepath.Join(dir, ManifestFile)) }, ErrManifest},
		{"manifest not json", manifest(`{"name": `), ErrManifest},
		{"unknown field", manifest(`{"name":"x","max_length":64,"words_per_chunk":10,"output":"logits","files":{},"extra":1}`), ErrManifest},
		{"bad output", edit(func(s string) string { return strings.Replace(s, `"final_scores"`, `"probs"`, 1) }), ErrManifest},
		{"span with final_scores", edit(func(s string) string {
			return strings.Replace(s, `"output": "final_scores",`, `"output": "final_scores", "span_output": "span",`, 1)
		}), ErrManifest},
		{"max_length too small", edit(func(s string) string { return strings.Replace(s, `"max_length": 48`, `"max_length": 2`, 1) }), ErrManifest},
		{"no model entry", edit(func(s string) string {
			return strings.Replace(s, `"model.onnx"`, `"other.onnx"`, 1)
		}), ErrManifest},
		{"bad checksum hex", edit(func(s string) string {
			i := strings.Index(s, `"tokenizer.json": "`) + len(`"tokenizer.json": "`)
			return s[:i] + "zz" + s[i+2:]
		}), ErrManifest},
		{"path outside", edit(func(s string) string {
			return strings.Replace(s, `"files": {`, `"files": {"../x": "`+strings.Repeat("0", 64)+`",`, 1)
		}), ErrManifest},
		{"missing onnx", func(t *testing.T, dir string) { os.Remove(filepath.Join(dir, ONNXFile)) }, ErrMissingFile},
		{"changed tokenizer", func(t *testing.T, dir string) {
			appendFile(t, filepath.Join(dir, TokenizerFile), " ")
		}, ErrChecksum},
		{"corrupt tokenizer", func(t *testing.T, dir string) {
			mf, err := ReadManifest(dir)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, TokenizerFile), []byte(`{"model":`), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := WriteManifest(dir, *mf, ONNXFile, TokenizerFile); err != nil {
				t.Fatal(err)
			}
		}, ErrCorrupt},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := copyModel(t, "bpe-final")
			tt.setup(t, dir)
			_, err := Load(dir)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Load: %v, want %v", err, tt.want)
			}
			if !strings.Contains(err.Error(), dir) && tt.want != ErrCorrupt {
				t.Errorf("error %q does not name the directory", err)
			}
		})
	}
}

func manifest(content string) func(t *testing.T, dir string) {
	return func(t *testing.T, dir string) {
		if err := os.WriteFile(filepath.Join(dir, ManifestFile), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func edit(f func(string) string) func(t *testing.T, dir string) {
	return func(t *testing.T, dir string) {
		data, err := os.ReadFile(filepath.Join(dir, ManifestFile))
		if err != nil {
			t.Fatal(err)
		}
		manifest(f(string(data)))(t, dir)
	}
}

func appendFile(t *testing.T, path, s string) {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(s); err != nil {
		t.Fatal(err)
	}
}

func TestFind(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv(envconfig.NameModel, "")
	flagDir, envDir := copyModel(t, "bpe-final"), copyModel(t, "wordpiece-logits")
	defDir := filepath.Join(cache, "kompress", "models", DefaultName)

	if _, err := Find(""); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "fetch-model.sh") {
		t.Errorf("nothing installed: %v, want ErrNotFound with a hint", err)
	}
	if err := os.MkdirAll(defDir, 0o755); err != nil {
		t.Fatal(err)
	}
	manifest("{}")(t, defDir)
	for _, tt := range []struct{ flag, env, want string }{
		{"", "", defDir},
		{"", envDir, envDir},
		{flagDir, envDir, flagDir},
	} {
		t.Setenv(envconfig.NameModel, tt.env)
		if got, err := Find(tt.flag); err != nil || got != tt.want {
			t.Errorf("Find(%q) with %s=%q = %q, %v; want %q", tt.flag, envconfig.NameModel, tt.env, got, err, tt.want)
		}
	}
	if _, err := Find(filepath.Join(cache, "nope")); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing flag dir: %v", err)
	}
	t.Setenv("XDG_CACHE_HOME", "relative/ignored")
	t.Setenv("HOME", cache)
	if got, _ := DefaultDir(); got != filepath.Join(cache, ".cache", "kompress", "models", DefaultName) {
		t.Errorf("DefaultDir with relative XDG_CACHE_HOME = %s", got)
	}
}

func TestRuntimeLib(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	lib := filepath.Join(t.TempDir(), "libonnxruntime.so")
	if err := os.WriteFile(lib, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(envconfig.NameORTLib, lib)
	if got, err := RuntimeLib(); err != nil || got != lib {
		t.Errorf("RuntimeLib with %s = %q, %v", envconfig.NameORTLib, got, err)
	}
	t.Setenv(envconfig.NameORTLib, lib+".missing")
	if _, err := RuntimeLib(); !errors.Is(err, ErrNoRuntime) || !strings.Contains(err.Error(), envconfig.NameORTLib) {
		t.Errorf("missing %s: %v, want ErrNoRuntime naming it", envconfig.NameORTLib, err)
	}
	t.Setenv(envconfig.NameORTLib, t.TempDir())
	if _, err := RuntimeLib(); !errors.Is(err, ErrNoRuntime) {
		t.Errorf("%s is a directory: %v, want ErrNoRuntime", envconfig.NameORTLib, err)
	}
	t.Setenv(envconfig.NameORTLib, "")
	def := filepath.Join(cache, "kompress", "onnxruntime", "libonnxruntime.so.1")
	if err := os.MkdirAll(filepath.Dir(def), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(def, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := RuntimeLib(); err != nil || got != def {
		t.Errorf("RuntimeLib default = %q, %v; want %s", got, err, def)
	}
	os.Remove(def)
	if got, err := RuntimeLib(); err == nil {
		if !strings.HasPrefix(filepath.Base(got), "libonnxruntime.so") {
			t.Errorf("system search found %s", got)
		}
	} else if !errors.Is(err, ErrNoRuntime) || !strings.Contains(err.Error(), "fetch-model.sh --runtime") {
		t.Errorf("nothing installed: %v, want ErrNoRuntime with a hint", err)
	}
}
