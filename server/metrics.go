package server

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/kompress/kompress/wire"
)

// metrics are the server's Prometheus collectors, registered on the
// registry given to New (never the global one).
type metrics struct {
	requests         *prometheus.CounterVec   // route, method, status
	latency          *prometheus.HistogramVec // route
	inflight         prometheus.Gauge
	bytes            *prometheus.CounterVec // direction
	tokens           *prometheus.CounterVec // direction
	results          *prometheus.CounterVec // strategy
	savedBytes       *prometheus.CounterVec // strategy
	savedTokens      *prometheus.CounterVec // strategy
	stepSavedBytes   *prometheus.CounterVec // strategy, provider
	providerMarginal *prometheus.CounterVec // provider
	scorer           *prometheus.CounterVec // scorer
	scorerFallbacks  *prometheus.CounterVec // reason
	scoringInUse     prometheus.Gauge
	storeErrors      *prometheus.CounterVec // op
	shed             prometheus.Counter
}

func newMetrics(reg prometheus.Registerer) *metrics {
	m := &metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kompress_http_requests_total",
			Help: "HTTP requests answered, by route, method and status.",
		}, []string{"route", "method", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "kompress_http_request_duration_seconds",
			Help:    "Time to answer HTTP requests, by route.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"route"}),
		inflight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "kompress_http_requests_in_flight",
			Help: "HTTP requests being served.",
		}),
		bytes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kompress_compress_bytes_total",
			Help: "Bytes of content compressed (in) and of results returned (out).",
		}, []string{"direction"}),
		tokens: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kompress_compress_tokens_total",
			Help: "Tokens of content compressed (in) and of results returned (out).",
		}, []string{"direction"}),
		results: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kompress_compress_results_total",
			Help: "Compress results, by strategy.",
		}, []string{"strategy"}),
		savedBytes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kompress_saved_bytes_total",
			Help: "Bytes saved (original minus compressed), by result strategy.",
		}, []string{"strategy"}),
		savedTokens: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kompress_saved_tokens_total",
			Help: "Tokens saved (original minus compressed), by result strategy.",
		}, []string{"strategy"}),
		stepSavedBytes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kompress_step_saved_bytes_total",
			Help: "Bytes saved by each step of a result, by step strategy and provider (empty for built-in).",
		}, []string{"strategy", "provider"}),
		providerMarginal: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kompress_provider_marginal_bytes_total",
			Help: "Bytes a winning external provider saved beyond the best built-in fold.",
		}, []string{"provider"}),
		scorer: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kompress_scorer_results_total",
			Help: "Compress results by the scorer that ran (none when no scorer did).",
		}, []string{"scorer"}),
		scorerFallbacks: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kompress_scorer_fallbacks_total",
			Help: "Requests that went on with the heuristic scorer instead of waiting for model scoring, by reason (busy, deadline).",
		}, []string{"reason"}),
		scoringInUse: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "kompress_scoring_slots_in_use",
			Help: "Model-scoring slots held, including by attempts abandoned after their deadline.",
		}),
		storeErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kompress_store_errors_total",
			Help: "Store unavailability seen by requests, by operation (compress, retrieve, expand, ready).",
		}, []string{"op"}),
		shed: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "kompress_http_requests_shed_total",
			Help: "API requests answered 503 because MaxInFlight requests were being served.",
		}),
	}
	reg.MustRegister(m.requests, m.latency, m.inflight, m.bytes, m.tokens, m.results,
		m.savedBytes, m.savedTokens, m.stepSavedBytes, m.providerMarginal, m.scorer,
		m.scorerFallbacks, m.scoringInUse, m.storeErrors, m.shed)
	// Make the fallback series exist at zero so alerts on rate() work from
	// the start.
	m.scorerFallbacks.WithLabelValues("busy")
	m.scorerFallbacks.WithLabelValues("deadline")
	return m
}

func (m *metrics) observeResult(res *wire.Result) {
	strategy := labelOr(res.Strategy, "unknown")
	m.bytes.WithLabelValues("in").Add(float64(res.OriginalBytes))
	m.bytes.WithLabelValues("out").Add(float64(res.CompressedBytes))
	m.tokens.WithLabelValues("in").Add(float64(res.OriginalTokens))
	m.tokens.WithLabelValues("out").Add(float64(res.CompressedTokens))
	m.results.WithLabelValues(strategy).Inc()
	// Counters cannot go down: a result larger than its input (possible
	// for a marker on a tiny input) saves nothing rather than negative.
	m.savedBytes.WithLabelValues(strategy).Add(positive(res.OriginalBytes - res.CompressedBytes))
	m.savedTokens.WithLabelValues(strategy).Add(positive(res.OriginalTokens - res.CompressedTokens))
	for _, st := range res.Steps {
		m.stepSavedBytes.WithLabelValues(labelOr(st.Strategy, "unknown"), st.Provider).
			Add(positive(st.OriginalBytes - st.CompressedBytes))
		if st.Provider != "" && st.MarginalBytes > 0 {
			m.providerMarginal.WithLabelValues(st.Provider).Add(float64(st.MarginalBytes))
		}
	}
	m.scorer.WithLabelValues(labelOr(res.Scorer, "none")).Inc()
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
