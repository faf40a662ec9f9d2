// Package wire holds the request and result types of kompress, shared by the
// library, the CLI (--json) and the HTTP service, and a Go client for the
// service.
package wire

import (
	"errors"
	"fmt"
	"time"
)

// ErrBadRequest marks errors in a request's options (the engine wraps it
// with %w); the HTTP service answers them with 400.
var ErrBadRequest = errors.New("kompress: bad request")

// ErrTooLarge marks a request whose result would pass the service's limits
// (an expansion too large, too many markers); the HTTP service answers 413.
var ErrTooLarge = errors.New("kompress: too large")

// ErrScorerUnavailable means the caller asked strictly for the ONNX scorer
// and no model or runtime could be loaded; the HTTP service answers 503.
var ErrScorerUnavailable = errors.New("kompress: scorer unavailable")

// ScoreDeadlineWarning begins the warning of a result whose model scoring
// ran out of its CompressRequest.ScoreTimeout.
const ScoreDeadlineWarning = "model scoring took longer than"

// Error codes of the JSON error shape (ErrorBody.Code). Clients switch on
// these, so they are stable.
const (
	CodeBadRequest       = "bad_request"
	CodeInvalidUTF8      = "invalid_utf8"
	CodeBadID            = "bad_id"
	CodeAmbiguousID      = "ambiguous_id"
	CodeUnauthorized     = "unauthorized"
	CodeNotFound         = "not_found"
	CodeMethodNotAllowed = "method_not_allowed"
	CodeTooLarge         = "too_large"
	CodeUnsupportedMedia = "unsupported_media_type"
	CodeStoreUnavailable = "store_unavailable"
	CodeStoreCorrupt     = "store_corrupt"
	CodeOverloaded       = "overloaded"
	CodeScorerBusy       = "scorer_busy"
	CodeScorerMissing    = "scorer_unavailable"
	CodeTimeout          = "timeout"
	CodeCanceled         = "canceled"
	CodeNotReady         = "not_ready"
	CodeInternal         = "internal"
)

// Result strategies (Result.Strategy).
const (
	StrategyPassthroughEmpty        = "passthrough-empty"         // input is empty
	StrategyPassthroughBinary       = "passthrough-binary"        // input is not text
	StrategyPassthroughInvalidUTF8  = "passthrough-invalid-utf8"  // input is not valid UTF-8
	StrategyPassthroughSmall        = "passthrough-small"         // input too small to be worth compressing
	StrategyPassthroughRetrieved    = "passthrough-retrieved"     // output of kompress_retrieve: an original the model asked for
	StrategyPassthroughLowSavings   = "passthrough-low-savings"   // no result saved enough
	StrategyFailurePreserveFallback = "failure-preserve-fallback" // a lossy view dropped a failure line; nothing better
	StrategyLossless                = "lossless"                  // a verified lossless fold
	StrategyLossy                   = "lossy"                     // a lossy view; the original is stored and the marker names it
)

// CompressRequest is the body of POST /v1/compress.
type CompressRequest struct {
	Content      string   `json:"content"`
	Tool         string   `json:"tool,omitempty"`
	Query        string   `json:"query,omitempty"`
	TargetRatio  *float64 `json:"target_ratio,omitempty"`
	LosslessOnly bool     `json:"lossless_only,omitempty"`
	Scorer       string   `json:"scorer,omitempty"` // auto|onnx|heuristic
	// AllowLossyGroundTruth opts file-tool output and source code into lossy
	// compression (invariant 7).
	AllowLossyGroundTruth bool `json:"allow_lossy_ground_truth,omitempty"`
	// ScoreTimeout, when positive, bounds model scoring: text not scored by
	// then is scored by the heuristic, with a warning, and the rest of the
	// request goes on under its own deadline, so nothing is done twice. The
	// service sets it; it is not part of the wire format.
	ScoreTimeout time.Duration `json:"-"`
}

// Result is one compression result (CLI --json line and HTTP response).
type Result struct {
	Text string `json:"text"`
	// TextBase64 is set (CLI --json) when Text is not valid UTF-8, as a
	// pass-through of binary or invalid UTF-8 input is: a JSON string
	// cannot carry those bytes, so "text" shows U+FFFD for each and this
	// field holds the exact bytes, base64 (standard, padded).
	TextBase64       string   `json:"text_base64,omitempty"`
	Strategy         string   `json:"strategy"`
	Kind             string   `json:"kind,omitempty"`
	Lossless         bool     `json:"lossless"`
	Equivalence      string   `json:"equivalence,omitempty"` // "byte" or "json" when lossless
	CCRID            string   `json:"ccr_id"`
	Scorer           string   `json:"scorer,omitempty"`
	OriginalBytes    int      `json:"original_bytes"`
	CompressedBytes  int      `json:"compressed_bytes"`
	OriginalTokens   int      `json:"original_tokens"`
	CompressedTokens int      `json:"compressed_tokens"`
	Tokenizer        string   `json:"tokenizer"`
	Steps            []Step   `json:"steps,omitempty"`
	Warnings         []string `json:"warnings,omitempty"`
}

// Step is per-section or per-provider detail of how a result was made.
type Step struct {
	Kind            string `json:"kind,omitempty"`
	Strategy        string `json:"strategy"`
	Provider        string `json:"provider,omitempty"`
	OriginalBytes   int    `json:"original_bytes"`
	CompressedBytes int    `json:"compressed_bytes"`
	// MarginalBytes is what a winning external provider saved beyond the
	// best built-in fold.
	MarginalBytes int `json:"marginal_bytes,omitempty"`
}

// ExpandRequest is the body of POST /v1/expand.
type ExpandRequest struct {
	Text string `json:"text"`
}

// ExpandResult is the response of POST /v1/expand.
type ExpandResult struct {
	Text     string   `json:"text"`
	Expanded []string `json:"expanded,omitempty"` // ids whose originals were put back
	Missing  []string `json:"missing,omitempty"`  // marker ids not found in the store
}

// Error is the one error shape of the HTTP service.
type Error struct {
	Error ErrorBody `json:"error"`
}

// ErrorBody is the payload of Error.
type ErrorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Stats is the response of GET /v1/stats: what one server process did for
// the caller's tenant since it started. Replicas each count their own.
type Stats struct {
	Tenant string    `json:"tenant,omitempty"`
	Since  time.Time `json:"since"`
	// Requests counts answered requests by endpoint ("compress", "expand",
	// "retrieve"), errors included.
	Requests map[string]int64 `json:"requests"`
	Errors   int64            `json:"errors"`
	Totals   StrategyStats    `json:"totals"`
	// ByStrategy splits the compress totals by Result.Strategy.
	ByStrategy map[string]StrategyStats `json:"by_strategy"`
}

// StrategyStats sums compress results.
type StrategyStats struct {
	Results          int64 `json:"results"`
	OriginalBytes    int64 `json:"original_bytes"`
	CompressedBytes  int64 `json:"compressed_bytes"`
	OriginalTokens   int64 `json:"original_tokens"`
	CompressedTokens int64 `json:"compressed_tokens"`
}

// ModelState is the "model" field of GET /readyz: what the engine's
// default scorer is.
type ModelState struct {
	// Mode is the default scoring mode: auto, onnx or heuristic.
	Mode string `json:"mode"`
	// State is "loaded" (the ONNX model serves), "heuristic" (mode
	// heuristic, no model wanted), "fallback" (auto found no usable model
	// and uses the heuristic), "unavailable" (mode onnx and the model does
	// not load: lossy prose requests fail) or "not-loaded" (not selected yet).
	State string `json:"state"`
	// Scorer is the scorer's name: onnx:<model> or heuristic.
	Scorer string `json:"scorer,omitempty"`
}

// Scorer modes a request may ask for (CompressRequest.Scorer, --scorer);
// "" means ScorerAuto.
const (
	ScorerAuto      = "auto"      // the ONNX model when it loads, else the heuristic
	ScorerONNX      = "onnx"      // the ONNX model or an error
	ScorerHeuristic = "heuristic" // the heuristic, never the model
)

// CheckScorer reports what is wrong with a scorer mode, if anything, in
// words that follow the option's name ("--scorer", "scorer").
func CheckScorer(mode string) error {
	switch mode {
	case "", ScorerAuto, ScorerONNX, ScorerHeuristic:
		return nil
	}
	return fmt.Errorf("must be %s, %s or %s, got %q", ScorerAuto, ScorerONNX, ScorerHeuristic, mode)
}

// CheckTargetRatio reports what is wrong with a target ratio, if anything,
// in words that follow the option's name: it must be in (0, 1).
func CheckTargetRatio(r float64) error {
	if r > 0 && r < 1 {
		return nil
	}
	return fmt.Errorf("must be in (0, 1), got %v", r)
}

// Validate reports the first invalid option of r, wrapping ErrBadRequest.
// The HTTP service and the engine check requests with it; the CLI checks
// its flags with the same CheckScorer and CheckTargetRatio, to name them.
func (r CompressRequest) Validate() error {
	if r.TargetRatio != nil {
		if err := CheckTargetRatio(*r.TargetRatio); err != nil {
			return fmt.Errorf("%w: target_ratio %v", ErrBadRequest, err)
		}
	}
	if err := CheckScorer(r.Scorer); err != nil {
		return fmt.Errorf("%w: scorer %v", ErrBadRequest, err)
	}
	return nil
}
