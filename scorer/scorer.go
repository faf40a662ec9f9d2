// Package scorer scores the words of prose for keeping, with an ONNX
// token-classification model (Kompress) or a deterministic heuristic, and
// compresses text by dropping the lowest-scoring words.
package scorer

import (
	"context"
	"fmt"

	"github.com/kompress/kompress/tokenize"
)

// Scorer gives each word of a text a keep score in [0, 1]; higher means keep.
// Implementations must be deterministic and safe for concurrent use.
type Scorer interface {
	// Name identifies the scorer in results: "heuristic" or "onnx:<model>".
	Name() string
	// Score returns one score per word, len(scores) == len(words).
	Score(ctx context.Context, text string, words []tokenize.Word) ([]float32, error)
}

// PartialError reports a Score call whose deadline passed before every
// window was scored; Scores holds the model's scores where it ran and the
// heuristic's elsewhere.
type PartialError struct {
	Scores          []float32
	Windows, Missed int
	Err             error
}

func (e *PartialError) Error() string {
	return fmt.Sprintf("scorer: %d of %d windows missed the deadline and were scored by the heuristic: %v", e.Missed, e.Windows, e.Err)
}

func (e *PartialError) Unwrap() error { return e.Err }
