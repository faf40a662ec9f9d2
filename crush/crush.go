// Package crush holds the lossy compressors, one per kind of tool output. Each
// keeps what a model needs in view (failure lines, locations, summaries, rows
// that match the query) and replaces the rest by short omission notes. The
// caller stores the original and appends a retrieval marker, so the
// compressors themselves never touch storage.
package crush

import (
	"errors"
	"strconv"
)

// ErrNoGain means the compressor found nothing worth dropping; the caller
// keeps the lossless result.
var ErrNoGain = errors.New("crush: no gain")

// Options steer a lossy compressor. The zero value means defaults.
type Options struct {
	// Query ranks and keeps the lines, rows or hits that match it.
	Query string
	// TargetRatio, when in (0, 1), asks for output of about that share of
	// the input's bytes; 0 means the compressor's own default.
	TargetRatio float64
}

// Omitted formats the note that stands for n dropped units ("lines",
// "rows", "hits", ...), e.g. "[… 42 lines omitted …]". Every compressor uses
// it so the model sees one consistent form.
func Omitted(n int, unit string) string {
	return "[… " + strconv.Itoa(n) + " " + unit + " omitted …]"
}
