package kompress

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/kompress/kompress/scorer"
	"github.com/kompress/kompress/wire"
)

// proseChunk bounds the text scored at once: memory then grows with the
// chunk, not with the input (a 100 MB single-line input stays a few times
// its size). Cuts fall at line breaks, else at spaces, so words are whole.
const proseChunk = 1 << 20

// prose compresses text with the requested scorer, falling back to the
// heuristic when the model is unavailable, fails, or misses the request's
// deadline or the scoring budget (scoreTimeout, when positive).
func (e *Engine) prose(ctx context.Context, part []byte, mode string, target float64, scoreTimeout time.Duration) (out []byte, name, warn string, err error) {
	if mode == "" {
		mode = e.opts.Scorer
	}
	s, warn, err := e.scorer(ctx, mode)
	if err != nil {
		return nil, "", warn, fmt.Errorf("%w: %v", wire.ErrScorerUnavailable, err)
	}
	sctx := ctx
	if scoreTimeout > 0 && s.Name() != "heuristic" {
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, scoreTimeout)
		defer cancel()
	}
	co := scorer.CompressOptions{TargetRatio: target}
	out = make([]byte, 0, len(part)) // the output is never longer than the input
	for len(part) > 0 {
		n := cutPoint(part, proseChunk)
		chunk := unsafe.String(unsafe.SliceData(part), n) // read-only view of the input
		part = part[n:]
		text, _, err := scorer.Compress(sctx, s, chunk, co)
		if err != nil && s.Name() != "heuristic" {
			if ctx.Err() != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return nil, "", warn, ctx.Err()
			}
			if sctx != ctx && sctx.Err() != nil && ctx.Err() == nil {
				warn = joinWarn(warn, fmt.Sprintf("%s %v; used the heuristic scorer", wire.ScoreDeadlineWarning, scoreTimeout))
			} else {
				warn = joinWarn(warn, fmt.Sprintf("scorer %s failed (%v); used heuristic", s.Name(), err))
			}
			s = scorer.Heuristic()
			text, _, err = scorer.Compress(context.WithoutCancel(ctx), s, chunk, co)
		}
		if err != nil {
			return nil, "", warn, err
		}
		out = append(out, text...)
	}
	return out, s.Name(), warn, nil
}

// cutPoint returns where to end a chunk of at most max bytes of b: after
// its last line break, else after its last space, else at max (on a UTF-8
// boundary).
func cutPoint(b []byte, max int) int {
	if len(b) <= max {
		return len(b)
	}
	if i := bytes.LastIndexByte(b[:max], '\n'); i > 0 {
		return i + 1
	}
	if i := bytes.LastIndexByte(b[:max], ' '); i > 0 {
		return i + 1
	}
	for max > 0 && !utf8.RuneStart(b[max]) {
		max--
	}
	return max
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
