package kompress

import (
	"context"
	"fmt"

	"github.com/kompress/kompress/scorer"
	"github.com/kompress/kompress/wire"
)

// prose compresses text with the requested scorer, falling back to the
// heuristic when the model is unavailable or misses the request's deadline.
func (e *Engine) prose(ctx context.Context, part []byte, mode string, target float64) (out []byte, name, warn string, err error) {
	if mode == "" {
		mode = e.opts.Scorer
	}
	s, warn, err := e.scorer(ctx, mode)
	if err != nil {
		return nil, "", warn, fmt.Errorf("%w: %v", wire.ErrScorerUnavailable, err)
	}
	out, name, fallback, err := scorer.CompressChunks(ctx, s, part, scorer.CompressOptions{TargetRatio: target, Counter: e.tokenCounter()})
	return out, name, joinWarn(warn, fallback), err
}

// scorer returns the scorer for mode, selected once per mode per engine.
func (e *Engine) scorer(ctx context.Context, mode string) (scorer.Scorer, string, error) {
	if mode == "" {
		mode = "auto"
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
