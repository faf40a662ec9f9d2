package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/wire"
)

// Error codes of the JSON error shape: see wire.
const (
	codeBadRequest       = wire.CodeBadRequest
	codeInvalidUTF8      = wire.CodeInvalidUTF8
	codeBadID            = wire.CodeBadID
	codeAmbiguousID      = wire.CodeAmbiguousID
	codeUnauthorized     = wire.CodeUnauthorized
	codeNotFound         = wire.CodeNotFound
	codeMethodNotAllowed = wire.CodeMethodNotAllowed
	codeTooLarge         = wire.CodeTooLarge
	codeUnsupportedMedia = wire.CodeUnsupportedMedia
	codeStoreUnavailable = wire.CodeStoreUnavailable
	codeScorerBusy       = wire.CodeScorerBusy
	codeScorerMissing    = wire.CodeScorerMissing
	codeTimeout          = wire.CodeTimeout
	codeCanceled         = wire.CodeCanceled
	codeNotReady         = wire.CodeNotReady
	codeOverloaded       = wire.CodeOverloaded
	codeStoreCorrupt     = wire.CodeStoreCorrupt
	codeInternal         = wire.CodeInternal
)

// statusClientClosed is logged (never sent: nobody is listening) when the
// client went away before the answer.
const statusClientClosed = 499

// apiError is an error the server itself decided on, with its status.
type apiError struct {
	status int
	code   string
	msg    string // for the client
	cause  error  // for the log only
}

func (e *apiError) Error() string {
	if e.cause != nil {
		return e.msg + ": " + e.cause.Error()
	}
	return e.msg
}

func (e *apiError) Unwrap() error { return e.cause }

func errorf(status int, code, format string, args ...any) error {
	return &apiError{status: status, code: code, msg: fmt.Sprintf(format, args...)}
}

var errScorerBusy = &apiError{status: http.StatusServiceUnavailable, code: codeScorerBusy,
	msg: "model scoring is at capacity; retry, or ask for scorer \"auto\" or \"heuristic\""}

// errorStatus is the one mapping from errors to HTTP statuses and error
// bodies. Internal errors get a generic message: their detail goes to the
// log, not to the client.
func errorStatus(err error) (int, wire.ErrorBody) {
	var ae *apiError
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &ae):
		return ae.status, wire.ErrorBody{Code: ae.code, Message: ae.msg}
	case errors.As(err, &mbe):
		return http.StatusRequestEntityTooLarge, wire.ErrorBody{Code: codeTooLarge,
			Message: fmt.Sprintf("request body is larger than the limit of %d bytes", mbe.Limit)}
	case errors.Is(err, wire.ErrTooLarge):
		return http.StatusRequestEntityTooLarge, wire.ErrorBody{Code: codeTooLarge, Message: err.Error()}
	case errors.Is(err, wire.ErrBadRequest):
		return http.StatusBadRequest, wire.ErrorBody{Code: codeBadRequest, Message: err.Error()}
	case errors.Is(err, store.ErrNotFound):
		return http.StatusNotFound, wire.ErrorBody{Code: codeNotFound, Message: "no original with this id (unknown or expired)"}
	case errors.Is(err, store.ErrBadID):
		return http.StatusBadRequest, wire.ErrorBody{Code: codeBadID, Message: "malformed id: want 12 or more hex characters"}
	case errors.Is(err, store.ErrAmbiguous):
		return http.StatusBadRequest, wire.ErrorBody{Code: codeAmbiguousID, Message: "id prefix matches several originals; give more characters"}
	case errors.Is(err, store.ErrCorrupt):
		return http.StatusInternalServerError, wire.ErrorBody{Code: codeStoreCorrupt,
			Message: "the store of originals is corrupt: what it holds does not match the content id, so nothing is returned; the operator must repair or replace the store"}
	case errors.Is(err, store.ErrUnavailable):
		return http.StatusServiceUnavailable, wire.ErrorBody{Code: codeStoreUnavailable, Message: "the store of originals is unavailable; retry later"}
	case errors.Is(err, wire.ErrScorerUnavailable):
		return http.StatusServiceUnavailable, wire.ErrorBody{Code: codeScorerMissing, Message: err.Error()}
	case errors.Is(err, context.DeadlineExceeded):
		// 503 rather than 504: we are not a gateway, and the cure is the
		// same as for overload: retry later.
		return http.StatusServiceUnavailable, wire.ErrorBody{Code: codeTimeout, Message: "the request took longer than the server allows"}
	case errors.Is(err, context.Canceled):
		return statusClientClosed, wire.ErrorBody{Code: codeCanceled, Message: "request canceled"}
	default:
		return http.StatusInternalServerError, wire.ErrorBody{Code: codeInternal, Message: "internal error"}
	}
}
