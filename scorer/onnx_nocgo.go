//go:build !cgo

package scorer

import (
	"context"
	"errors"
	"fmt"

	"github.com/kompress/kompress/model"
	"github.com/kompress/kompress/tokenize"
)

// DefaultBatchSize windows go through the model per Run.
const DefaultBatchSize = 8

// ONNXOptions configure NewONNX. The zero value is ready to use.
type ONNXOptions struct {
	BatchSize  int
	Threads    int
	RuntimeLib string
}

// ErrClosed is returned by Score after Close.
var ErrClosed = errors.New("scorer: ONNX scorer is closed")

// ONNX is unavailable in this build: ONNX Runtime is loaded through cgo.
type ONNX struct{}

// NewONNX reports that this binary was built without cgo.
func NewONNX(m *model.Model, opts ONNXOptions) (*ONNX, error) {
	return nil, fmt.Errorf("%w: kompress was built with CGO_ENABLED=0; rebuild with cgo for ONNX scoring", model.ErrNoRuntime)
}

// Name returns "onnx".
func (*ONNX) Name() string { return "onnx" }

// Score always fails in this build.
func (*ONNX) Score(context.Context, string, []tokenize.Word) ([]float32, error) {
	return nil, ErrClosed
}

// Close does nothing.
func (*ONNX) Close() error { return nil }
