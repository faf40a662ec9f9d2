package kompress

import (
	"context"
	"fmt"

	"github.com/kompress/kompress/scorer"
	"github.com/kompress/kompress/wire"
)

// prose compresses text with the requested scorer, falling back to the
// heuristic when the model is unavailable, fails, or misses the request's
// deadline or the scoring budget (the request's ScoreTimeout, when positive).
func (e *Engine) prose(ctx context.Context, r *request, part []byte, target float64) (out []byte, name, warn string, err error) {
	mode, scoreTimeout := r.req.Scorer, r.req.ScoreTimeout
	if mode == "" {
		mode = e.opts.Scorer
	}
	s, warn, err := e.scorer(ctx, mode)
	if err != nil {
		return nil, "", warn, fmt.Errorf("%w: %v", wire.ErrScorerUnavailable, err)
	}
	// The scoring budget bounds the model only: windows it leaves are
	// scored by the heuristic, and the request goes on under ctx.
	sctx := ctx
	if scoreTimeout > 0 && s.Name() != "heuristic" {
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, scoreTimeout)
		defer cancel()
	}
	out, name, fallback, err := scorer.CompressChunks(sctx, s, part, scorer.CompressOptions{TargetRatio: target, Counter: e.tokenCounter(), Failures: r.failures.lines})
	if sctx != ctx && sctx.Err() != nil && ctx.Err() == nil {
		fallback = joinWarn(fmt.Sprintf("%s %v; used the heuristic scorer", wire.ScoreDeadlineWarning, scoreTimeout), fallback)
	}
	return out, name, joinWarn(warn, fallback), err
}

// scorer returns the scorer for mode, selected once per mode per engine.
func (e *Engine) scorer(ctx context.Context, mode string) (scorer.Scorer, string, error) {
	if mode == "" {
		mode = wire.ScorerAuto
	}
	e.scorerMu.Lock()
	defer e.scorerMu.Unlock()
	c, ok := e.scorers[mode]
	if !ok {
		c.s, c.warn, c.err = scorer.Select(ctx, mode, e.opts.ModelDir)
		e.scorers[mode] = c
		if c.warn != "" {
			e.log.Warn(c.warn)
		}
	}
	return c.s, c.warn, c.err
}
