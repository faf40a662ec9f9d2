package server

import (
	"github.com/kompress/kompress/wire"
)

// metrics are the server's metric families; reg holds them, with the Go
// runtime and process families, for GET /metrics.
type metrics struct {
	reg registry

	requests         *family // route, method, status
	latency          *family // route
	inflight         *series
	bytes            *family // direction
	tokens           *family // direction
	results          *family // strategy
	savedBytes       *family // strategy
	savedTokens      *family // strategy
	stepSavedBytes   *family // strategy, provider
	providerMarginal *family // provider
	scorer           *family // scorer
	scorerFallbacks  *family // reason
	scoringInUse     *series
	storeErrors      *family // op
	shed             *series
}

func newMetrics() *metrics {
	inflight := newFamily(kindGauge, "kompress_http_requests_in_flight", "HTTP requests being served.")
	scoringInUse := newFamily(kindGauge, "kompress_scoring_slots_in_use", "Model-scoring slots held, including by attempts abandoned after their deadline.")
	shed := newFamily(kindCounter, "kompress_http_requests_shed_total", "API requests answered 503 because MaxInFlight requests were being served.")
	m := &metrics{
		requests:         newFamily(kindCounter, "kompress_http_requests_total", "HTTP requests answered, by route, method and status.", "route", "method", "status"),
		latency:          newHistogram("kompress_http_request_duration_seconds", "Time to answer HTTP requests, by route.", []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30}, "route"),
		inflight:         inflight.with(),
		bytes:            newFamily(kindCounter, "kompress_compress_bytes_total", "Bytes of content compressed (in) and of results returned (out).", "direction"),
		tokens:           newFamily(kindCounter, "kompress_compress_tokens_total", "Tokens of content compressed (in) and of results returned (out).", "direction"),
		results:          newFamily(kindCounter, "kompress_compress_results_total", "Compress results, by strategy.", "strategy"),
		savedBytes:       newFamily(kindCounter, "kompress_saved_bytes_total", "Bytes saved (original minus compressed), by result strategy.", "strategy"),
		savedTokens:      newFamily(kindCounter, "kompress_saved_tokens_total", "Tokens saved (original minus compressed), by result strategy.", "strategy"),
		stepSavedBytes:   newFamily(kindCounter, "kompress_step_saved_bytes_total", "Bytes saved by each step of a result, by step strategy and provider (empty for built-in).", "strategy", "provider"),
		providerMarginal: newFamily(kindCounter, "kompress_provider_marginal_bytes_total", "Bytes a winning external provider saved beyond the best built-in fold.", "provider"),
		scorer:           newFamily(kindCounter, "kompress_scorer_results_total", "Compress results by the scorer that ran (none when no scorer did).", "scorer"),
		scorerFallbacks:  newFamily(kindCounter, "kompress_scorer_fallbacks_total", "Requests that went on with the heuristic scorer instead of waiting for model scoring, by reason (busy, deadline).", "reason"),
		scoringInUse:     scoringInUse.with(),
		storeErrors:      newFamily(kindCounter, "kompress_store_errors_total", "Store unavailability seen by requests, by operation (compress, retrieve, expand, ready).", "op"),
		shed:             shed.with(),
	}
	m.reg.register(m.requests, m.latency, inflight, m.bytes, m.tokens, m.results,
		m.savedBytes, m.savedTokens, m.stepSavedBytes, m.providerMarginal, m.scorer,
		m.scorerFallbacks, scoringInUse, m.storeErrors, shed)
	m.reg.readers = []func() []snapshot{readRuntime, readProcess}
	// Make the fallback series exist at zero so alerts on rate() work from
	// the start.
	m.scorerFallbacks.with("busy")
	m.scorerFallbacks.with("deadline")
	return m
}

func (m *metrics) observeResult(res *wire.Result) {
	strategy := labelOr(res.Strategy, "unknown")
	m.bytes.with("in").add(float64(res.OriginalBytes))
	m.bytes.with("out").add(float64(res.CompressedBytes))
	m.tokens.with("in").add(float64(res.OriginalTokens))
	m.tokens.with("out").add(float64(res.CompressedTokens))
	m.results.with(strategy).inc()
	// Counters cannot go down: a result larger than its input (possible
	// for a marker on a tiny input) saves nothing rather than negative.
	m.savedBytes.with(strategy).add(positive(res.OriginalBytes - res.CompressedBytes))
	m.savedTokens.with(strategy).add(positive(res.OriginalTokens - res.CompressedTokens))
	for _, st := range res.Steps {
		m.stepSavedBytes.with(labelOr(st.Strategy, "unknown"), st.Provider).
			add(positive(st.OriginalBytes - st.CompressedBytes))
		if st.Provider != "" && st.MarginalBytes > 0 {
			m.providerMarginal.with(st.Provider).add(float64(st.MarginalBytes))
		}
	}
	m.scorer.with(labelOr(res.Scorer, "none")).inc()
}

func labelOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func positive(n int) float64 {
	if n < 0 {
		return 0
	}
	return float64(n)
}
