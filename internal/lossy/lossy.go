// Package lossy is the contract the lossy views share, one package per kind
// of tool output (logview, searchview, jsonview, tableview, diffview,
// htmlview). Each view keeps what a model needs in view (failure lines,
// locations, summaries, rows that match the query) and replaces the rest by
// short omission notes. The caller stores the original and appends a
// retrieval marker, so the views themselves never touch storage.
package lossy

import (
	"errors"
	"strconv"

	"github.com/kompress/kompress/internal/failure"
	"github.com/kompress/kompress/router"
)

// ErrNoGain means the compressor found nothing worth dropping; the caller
// keeps the lossless result.
var ErrNoGain = errors.New("crush: no gain") // text kept: goldens show it

// Options steer a lossy compressor. The zero value means defaults.
type Options struct {
	// Query ranks and keeps the lines, rows or hits that match it.
	Query string
	// TargetRatio, when in (0, 1), asks for output of about that share of
	// the input's bytes; 0 means the compressor's own default.
	TargetRatio float64
	// Failures, when set, returns failure.Lines(kind, text) for the
	// caller, which finds the failure lines of each text once per request
	// for its lossless gate, the views and its boundary check alike. Nil
	// means failure.Lines.
	Failures func(kind router.Kind, text []byte) [][]byte
}

// FailureLines returns failure.Lines(kind, text), through o.Failures when
// set.
func (o Options) FailureLines(kind router.Kind, text []byte) [][]byte {
	if o.Failures != nil {
		return o.Failures(kind, text)
	}
	return failure.Lines(kind, text)
}

// Omitted formats the note that stands for n dropped units ("lines",
// "rows", "hits", ...), e.g. "[… 42 lines omitted …]". Every compressor uses
// it so the model sees one consistent form.
func Omitted(n int, unit string) string {
	return "[… " + strconv.Itoa(n) + " " + unit + " omitted …]"
}

// MinGain is the share of the input a view must save to be worth it.
const MinGain = 0.10

// RuneStart moves i back to the start of the UTF-8 sequence it is in.
func RuneStart(b []byte, i int) int {
	for k := 0; k < 3 && i > 0 && i < len(b) && b[i]&0xc0 == 0x80; k++ {
		i--
	}
	return i
}
