package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/wire"
)

// compress runs the engine with bounded model scoring. Model scoring (scorer
// "", "auto" or "onnx") needs one of MaxScoring slots, unless the engine
// has no model to score with (heuristicOnly). For "" and "auto" a
// request never waits for scoring: with no free slot, or when scoring takes
// longer than ScoreTimeout, it goes on with the heuristic scorer and says so
// in a warning. A caller that asked for "onnx" strictly waits up to
// ScoreTimeout for a slot and then gets 503 scorer_busy.
func (s *Server) compress(ctx context.Context, tenant string, req wire.CompressRequest) (wire.Result, error) {
	switch req.Scorer {
	case "heuristic":
		return s.eng.Compress(ctx, tenant, req)
	case "onnx":
		t := time.NewTimer(s.cfg.ScoreTimeout)
		defer t.Stop()
		select {
		case s.slots <- struct{}{}:
		case <-t.C:
			return wire.Result{}, errScorerBusy
		case <-ctx.Done():
			return wire.Result{}, ctx.Err()
		}
		return s.attempt(ctx, tenant, req, 0)
	}

	if s.heuristicOnly(req.Scorer) {
		return s.eng.Compress(ctx, tenant, req)
	}
	select {
	case s.slots <- struct{}{}:
	default:
		return s.heuristic(ctx, tenant, req, "busy")
	}
	// The engine bounds model scoring itself and goes on with the
	// heuristic, so the request's other work is not done twice. The
	// backstop is for a model call that cannot be interrupted: only then
	// is the request run again with the heuristic.
	req.ScoreTimeout = s.cfg.ScoreTimeout
	res, err := s.attempt(ctx, tenant, req, s.cfg.ScoreTimeout+scoreGrace(s.cfg.ScoreTimeout))
	if errors.Is(err, errScoreDeadline) && ctx.Err() == nil {
		return s.heuristic(ctx, tenant, req, "deadline")
	}
	if err == nil && slices.ContainsFunc(res.Warnings, func(w string) bool { return strings.HasPrefix(w, wire.ScoreDeadlineWarning) }) {
		s.m.scorerFallbacks.with("deadline").inc()
	}
	return res, err
}

// heuristicOnly reports whether the engine can only score a request of
// scorer ("" or "auto") with the heuristic: its default scorer wants no
// model, or is auto and found none, which the engine decides once. Such a
// request needs no scoring slot and no backstop, and it is no fallback.
func (s *Server) heuristicOnly(scorer string) bool {
	ms, ok := s.eng.(interface{ ModelState() wire.ModelState })
	if !ok {
		return false
	}
	st := ms.ModelState()
	switch st.State {
	case "heuristic":
		return scorer == ""
	case "fallback":
		return scorer == "" || scorer == st.Mode
	}
	return false
}

// scoreGrace is how long past ScoreTimeout a request waits for the engine
// to finish with the heuristic before giving up on it: a quarter of the
// timeout, at least 50 ms.
func scoreGrace(timeout time.Duration) time.Duration {
	return max(timeout/4, 50*time.Millisecond)
}

// heuristic runs the request with the heuristic scorer. Only results where
// a scorer ran count as fallbacks and carry the warning: for logs, tables
// and the like the scorer makes no difference.
func (s *Server) heuristic(ctx context.Context, tenant string, req wire.CompressRequest, reason string) (wire.Result, error) {
	req.Scorer = "heuristic"
	res, err := s.eng.Compress(ctx, tenant, req)
	if err == nil && res.Scorer != "" {
		s.m.scorerFallbacks.with(reason).inc()
		msg := "model scoring was at capacity; used the heuristic scorer"
		if reason == "deadline" {
			msg = fmt.Sprintf("%s %v; used the heuristic scorer", wire.ScoreDeadlineWarning, s.cfg.ScoreTimeout)
		}
		res.Warnings = append(res.Warnings, msg)
	}
	return res, err
}

// errScoreDeadline: an attempt ran past its backstop while still scoring.
var errScoreDeadline = errors.New("server: model scoring ran past its deadline")

// attempt calls the engine holding a scoring slot, which the caller has
// taken. The call runs on its own goroutine so the request can stop waiting
// after backstop (none when 0) even if model inference cannot be
// interrupted: it then cancels the call and returns errScoreDeadline. The
// slot is freed only when the engine returns, so abandoned calls still
// count against MaxScoring and cannot pile up, or when the store starts to
// wait for the original to become durable. Scoring is over by then: a
// request waiting for a disk sync must not turn others away from the model,
// and the backstop no longer applies, so a slow sync never makes the
// request run twice (the caller would redo it with the heuristic).
func (s *Server) attempt(ctx context.Context, tenant string, req wire.CompressRequest, backstop time.Duration) (wire.Result, error) {
	type outcome struct {
		res wire.Result
		err error
	}
	done := make(chan outcome, 1)
	storing := make(chan struct{})
	s.m.scoringInUse.inc()
	s.attempts.Add(1)
	release := sync.OnceFunc(func() {
		<-s.slots
		s.m.scoringInUse.dec()
	})
	ectx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	ectx = store.WithDurableWait(ectx, sync.OnceFunc(func() {
		release()
		close(storing)
	}))
	go func() {
		defer func() {
			release()
			s.attempts.Done()
		}()
		defer func() {
			if p := recover(); p != nil {
				s.log.Error("engine panic", slog.Any("panic", p), slog.String("stack", string(debug.Stack())))
				done <- outcome{err: fmt.Errorf("engine panic: %v", p)}
			}
		}()
		res, err := s.eng.Compress(ectx, tenant, req)
		// Free the slot before the result can reach the client: freed in
		// the deferred call, a client's next request could still find it
		// held and be sent to the heuristic as "busy".
		release()
		done <- outcome{res, err}
	}()
	var timeout <-chan time.Time
	if backstop > 0 {
		t := time.NewTimer(backstop)
		defer t.Stop()
		timeout = t.C
	}
	wait := func() (wire.Result, error) { // for the result, however long the store takes
		select {
		case o := <-done:
			return o.res, o.err
		case <-ctx.Done():
			return wire.Result{}, ctx.Err()
		}
	}
	select {
	case o := <-done:
		return o.res, o.err
	case <-storing:
		return wait()
	case <-timeout:
		select {
		case o := <-done: // finished at the same moment: use it
			return o.res, o.err
		case <-storing:
			return wait()
		default:
			cancel(errScoreDeadline)
			return wire.Result{}, errScoreDeadline
		}
	case <-ctx.Done():
		select {
		case o := <-done:
			return o.res, o.err
		default:
			return wire.Result{}, ctx.Err()
		}
	}
}
