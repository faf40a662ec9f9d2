package scorer

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/kompress/kompress/model"
	"github.com/kompress/kompress/wire"
)

// Scorer modes, as in --scorer: the wire names.
const (
	ModeAuto      = wire.ScorerAuto
	ModeONNX      = wire.ScorerONNX
	ModeHeuristic = wire.ScorerHeuristic
)

// ErrMode reports a scorer mode other than auto, onnx and heuristic.
var ErrMode = errors.New("scorer: unknown mode")

// Select returns the scorer for mode ("" means auto) and the model directory
// flag modelDir ("" means $KOMPRESS_MODEL or the default, see model.Find).
//
// auto uses the ONNX scorer when a model and the ONNX Runtime library are
// found and load, else the heuristic scorer with a one-line warning saying
// why; onnx returns an error instead; heuristic never touches the model.
// Loaded ONNX scorers are cached for the life of the process, keyed by
// directory and manifest, so callers may Select per request.
func Select(ctx context.Context, mode, modelDir string) (s Scorer, warning string, err error) {
	if err := ctx.Err(); err != nil {
		return nil, "", err
	}
	switch mode {
	case ModeHeuristic:
		return Heuristic(), "", nil
	case ModeONNX:
		o, err := cachedONNX(modelDir)
		if err != nil {
			return nil, "", fmt.Errorf("scorer: ONNX scorer unavailable: %w", err)
		}
		return o, "", nil
	case ModeAuto, "":
		o, err := cachedONNX(modelDir)
		if err != nil {
			return Heuristic(), "kompress: ONNX scorer unavailable (" + oneLine(err) + "); using the heuristic scorer", nil
		}
		return o, "", nil
	}
	return nil, "", fmt.Errorf("%w %q: want %s, %s or %s", ErrMode, mode, ModeAuto, ModeONNX, ModeHeuristic)
}

func oneLine(err error) string {
	return strings.Join(strings.Fields(err.Error()), " ")
}

var onnxCache struct {
	mu sync.Mutex
	m  map[string]onnxEntry
}

type onnxEntry struct {
	version string // manifest size and time: a re-fetched model is reloaded
	s       *ONNX
	err     error
}

// cachedONNX loads the ONNX scorer for a model directory once. Failures to
// find the model or runtime are cheap and not cached (the user may fetch
// them meanwhile); load failures, which cost a checksum pass, are cached
// until the manifest changes.
func cachedONNX(modelDir string) (*ONNX, error) {
	dir, err := model.Find(modelDir)
	if err != nil {
		return nil, err
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	lib, err := model.RuntimeLib()
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(filepath.Join(dir, model.ManifestFile))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", model.ErrNotFound, err)
	}
	version := fmt.Sprint(fi.Size(), fi.ModTime().UnixNano())

	onnxCache.mu.Lock()
	defer onnxCache.mu.Unlock()
	if e, ok := onnxCache.m[dir]; ok && e.version == version {
		return e.s, e.err
	}
	// A replaced entry's scorer is left open: callers may still hold it.
	m, err := model.Load(dir)
	var s *ONNX
	if err == nil {
		s, err = NewONNX(m, ONNXOptions{RuntimeLib: lib})
	}
	if errors.Is(err, model.ErrNoRuntime) {
		return nil, err // the library may be fixed without touching the model
	}
	if onnxCache.m == nil {
		onnxCache.m = make(map[string]onnxEntry)
	}
	onnxCache.m[dir] = onnxEntry{version, s, err}
	return s, err
}
