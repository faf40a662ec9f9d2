//go:build cgo

package scorer

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kompress/kompress/internal/modelgen"
	"github.com/kompress/kompress/model"
	"github.com/kompress/kompress/tokenize"

	"github.com/kompress/kompress/internal/envconfig"
)

// isolate points every default location at an empty temporary cache.
func isolate(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv(envconfig.NameModel, "")
	t.Setenv(envconfig.NameORTLib, "")
}

func TestSelectHeuristicAndBadMode(t *testing.T) {
	isolate(t)
	s, warn, err := Select(context.Background(), ModeHeuristic, "/nonexistent")
	if err != nil || warn != "" || s.Name() != "heuristic" {
		t.Errorf("heuristic: %v %q %v", s, warn, err)
	}
	if _, _, err := Select(context.Background(), "gpu", ""); !errors.Is(err, ErrMode) {
		t.Errorf("bad mode: %v, want ErrMode", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Select(ctx, ModeAuto, ""); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func TestSelectFallback(t *testing.T) {
	modelDir := filepath.Join(testModels, modelgen.BPEFinal)
	lib := filepath.Join(t.TempDir(), "missing", "libonnxruntime.so.1")
	badSum := copyModel(t, modelgen.BPEFinal)
	if err := os.WriteFile(filepath.Join(badSum, model.TokenizerFile), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		dir, lib string
		want     error
	}{
		{"no model", "", "", model.ErrNotFound},
		{"missing model dir", filepath.Join(t.TempDir(), "nope"), "", model.ErrNotFound},
		{"missing runtime", modelDir, lib, model.ErrNoRuntime},
		{"checksum mismatch", badSum, "", model.ErrChecksum},
	}
	realLib, libErr := model.RuntimeLib()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.want == model.ErrChecksum {
				// The runtime is looked for before the model's files are
				// read: without one, that is the error. Skips without it,
				// fails under KOMPRESS_REQUIRE_ONNX=1 (CI).
				runtimeLib(t)
			}
			isolate(t)
			switch {
			case tt.lib != "":
				t.Setenv(envconfig.NameORTLib, tt.lib)
			case libErr == nil:
				t.Setenv(envconfig.NameORTLib, realLib)
			}
			for _, mode := range []string{"", ModeAuto} {
				s, warn, err := Select(context.Background(), mode, tt.dir)
				if err != nil || s.Name() != "heuristic" {
					t.Fatalf("%q: %v, %v; want the heuristic", mode, s, err)
				}
				if warn == "" || strings.Contains(warn, "\n") || !strings.Contains(warn, "heuristic") {
					t.Errorf("%q: warning %q, want one line", mode, warn)
				}
			}
			s, warn, err := Select(context.Background(), ModeONNX, tt.dir)
			if !errors.Is(err, tt.want) || s != nil || warn != "" {
				t.Errorf("onnx: %v, %q, %v; want %v", s, warn, err, tt.want)
			}
		})
	}
}

func TestSelectONNX(t *testing.T) {
	lib := runtimeLib(t)
	isolate(t)
	t.Setenv(envconfig.NameORTLib, lib)
	dir := filepath.Join(testModels, modelgen.BPEFinal)
	s, warn, err := Select(context.Background(), ModeAuto, dir)
	if err != nil || warn != "" {
		t.Fatalf("auto: %v %q", err, warn)
	}
	if s.Name() != "onnx:test-"+modelgen.BPEFinal {
		t.Errorf("Name = %q", s.Name())
	}
	again, _, err := Select(context.Background(), ModeONNX, dir)
	if err != nil || again != s {
		t.Errorf("second Select: %v, same scorer %v", err, again == s)
	}
	// $KOMPRESS_MODEL is used when no directory is given.
	t.Setenv(envconfig.NameModel, filepath.Join(testModels, modelgen.WordPieceLogits))
	s, _, err = Select(context.Background(), ModeONNX, "")
	if err != nil || s.Name() != "onnx:test-"+modelgen.WordPieceLogits {
		t.Fatalf("%s: %v, %v", envconfig.NameModel, s, err)
	}
	text := "The build failed because the test runner could not find the file."
	words := tokenize.Words(text)
	if scores, err := s.Score(context.Background(), text, words); err != nil || len(scores) != len(words) {
		t.Errorf("Score: %d scores for %d words, %v", len(scores), len(words), err)
	}
}
