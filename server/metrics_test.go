package server_test

import (
	"bytes"
	"context"
	"maps"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/kompress/kompress/server"
	"github.com/kompress/kompress/wire"
)

// hasProc: the process_* families are read from /proc.
const hasProc = runtime.GOOS == "linux"

// parseMetrics reads an exposition with the Prometheus text parser, as a
// scraper would: the in-house writer must produce what it accepts.
func parseMetrics(t *testing.T, text []byte) map[string]*dto.MetricFamily {
	t.Helper()
	p := expfmt.NewTextParser(model.LegacyValidation)
	mfs, err := p.TextToMetricFamilies(bytes.NewReader(text))
	if err != nil {
		t.Fatalf("the exposition does not parse: %v\n%s", err, text)
	}
	return mfs
}

// TestMetricsExposition: GET /metrics parses as the Prometheus text format
// and has every family the Prometheus client exposed before it was
// replaced, with the same types and label names.
func TestMetricsExposition(t *testing.T) {
	h := newHarness(t, server.Config{}, nil)
	c := h.client("")
	ctx := context.Background()
	if _, err := c.Compress(ctx, wire.CompressRequest{Content: buildLog, Tool: "Bash"}); err != nil {
		t.Fatal(err)
	}
	h.do("GET", "/nowhere", "", "", nil)
	h.eng.storeDown.Store(true)
	_, err := c.Retrieve(ctx, "0123456789ab")
	wantAPIError(t, err, 503, "store_unavailable")
	h.eng.storeDown.Store(false)
	if bytes.Contains(newHarness(t, server.Config{}, nil).srv.MetricsText(), []byte("kompress_store_errors_total")) {
		t.Error("a family without series is written (the Prometheus client left it out)")
	}
	status, hdr, body := h.do("GET", "/metrics", "", "", nil)
	if status != 200 || hdr.Get("Content-Type") != "text/plain; version=0.0.4; charset=utf-8; escaping=underscores" {
		t.Fatalf("GET /metrics = %d %q", status, hdr.Get("Content-Type"))
	}
	mfs := parseMetrics(t, body)

	// name: type and label names (histogram le and summary quantile aside).
	want := map[string]string{
		"kompress_http_requests_total":           "COUNTER method,route,status",
		"kompress_http_request_duration_seconds": "HISTOGRAM route",
		"kompress_http_requests_in_flight":       "GAUGE ",
		"kompress_http_requests_shed_total":      "COUNTER ",
		"kompress_compress_bytes_total":          "COUNTER direction",
		"kompress_compress_tokens_total":         "COUNTER direction",
		"kompress_compress_results_total":        "COUNTER strategy",
		"kompress_saved_bytes_total":             "COUNTER strategy",
		"kompress_saved_tokens_total":            "COUNTER strategy",
		"kompress_step_saved_bytes_total":        "COUNTER provider,strategy",
		"kompress_provider_marginal_bytes_total": "COUNTER provider",
		"kompress_scorer_results_total":          "COUNTER scorer",
		"kompress_scorer_fallbacks_total":        "COUNTER reason",
		"kompress_scoring_slots_in_use":          "GAUGE ",
		"kompress_store_errors_total":            "COUNTER op",
		"go_gc_duration_seconds":                 "SUMMARY ",
		"go_info":                                "GAUGE version",
		"go_goroutines":                          "GAUGE ",
		"go_threads":                             "GAUGE ",
		"go_memstats_alloc_bytes_total":          "COUNTER ",
		"go_memstats_heap_inuse_bytes":           "GAUGE ",
		"go_memstats_sys_bytes":                  "GAUGE ",
		"go_memstats_next_gc_bytes":              "GAUGE ",
		"go_sched_gomaxprocs_threads":            "GAUGE ",
		"go_gc_gogc_percent":                     "GAUGE ",
		"go_gc_gomemlimit_bytes":                 "GAUGE ",
	}
	for _, n := range []string{"alloc_bytes", "buck_hash_sys_bytes", "gc_sys_bytes", "heap_alloc_bytes",
		"heap_idle_bytes", "heap_objects", "heap_released_bytes", "heap_sys_bytes", "last_gc_time_seconds",
		"mcache_inuse_bytes", "mcache_sys_bytes", "mspan_inuse_bytes", "mspan_sys_bytes", "other_sys_bytes",
		"stack_inuse_bytes", "stack_sys_bytes"} {
		want["go_memstats_"+n] = "GAUGE "
	}
	want["go_memstats_mallocs_total"] = "COUNTER "
	want["go_memstats_frees_total"] = "COUNTER "
	if hasProc {
		for _, n := range []string{"process_resident_memory_bytes", "process_virtual_memory_bytes",
			"process_virtual_memory_max_bytes", "process_start_time_seconds", "process_open_fds", "process_max_fds"} {
			want[n] = "GAUGE "
		}
		for _, n := range []string{"process_cpu_seconds_total", "process_network_receive_bytes_total", "process_network_transmit_bytes_total"} {
			want[n] = "COUNTER "
		}
	}
	for name, w := range want {
		mf, ok := mfs[name]
		if !ok {
			t.Errorf("%s: missing", name)
			continue
		}
		var labels []string
		for _, m := range mf.GetMetric() {
			for _, lp := range m.GetLabel() {
				if !slices.Contains(labels, lp.GetName()) {
					labels = append(labels, lp.GetName())
				}
			}
		}
		if got := mf.GetType().String() + " " + strings.Join(labels, ","); got != w {
			t.Errorf("%s: %s, want %s", name, got, w)
		}
	}
	for name := range maps.Keys(mfs) {
		if _, ok := want[name]; !ok {
			t.Errorf("%s: a family the Prometheus client did not expose", name)
		}
	}

	// The histogram is cumulative and its +Inf bucket is the count.
	for _, m := range mfs["kompress_http_request_duration_seconds"].GetMetric() {
		hg := m.GetHistogram()
		prev := uint64(0)
		for _, b := range hg.GetBucket() {
			if b.GetCumulativeCount() < prev {
				t.Errorf("buckets not cumulative: %v", hg)
			}
			prev = b.GetCumulativeCount()
		}
		// The 15 bounds, then +Inf.
		bs := hg.GetBucket()
		if len(bs) != 16 || !math.IsInf(bs[15].GetUpperBound(), 1) || prev != hg.GetSampleCount() || hg.GetSampleCount() == 0 {
			t.Errorf("histogram %v", hg)
		}
	}
	if v := mfs["process_start_time_seconds"]; hasProc && v.GetMetric()[0].GetGauge().GetValue() < 1e9 {
		t.Errorf("process_start_time_seconds = %v", v)
	}
	if hasProc {
		// This process serves: its descriptors as /proc lists them, less
		// the one reading the listing (the scrape opened and closed
		// none that are still open).
		fds, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Fatal(err)
		}
		got := parseMetrics(t, h.srv.MetricsText())["process_open_fds"].GetMetric()[0].GetGauge().GetValue()
		if want := float64(len(fds) - 1); got != want {
			t.Errorf("process_open_fds = %g, want %g", got, want)
		}
	}
	if v := mfs["go_goroutines"].GetMetric()[0].GetGauge().GetValue(); v < 1 {
		t.Errorf("go_goroutines = %g", v)
	}
}

// TestMetricsEscaping: label values the engine reports (an external
// provider's name) are escaped, so they cannot break the exposition or
// add families.
func TestMetricsEscaping(t *testing.T) {
	h := newHarness(t, server.Config{}, nil)
	h.eng.provider = "evil\"} 1\nkompress_fake 2\\"
	if _, err := h.client("").Compress(context.Background(), wire.CompressRequest{Content: buildLog}); err != nil {
		t.Fatal(err)
	}
	mfs := parseMetrics(t, h.srv.MetricsText())
	if _, ok := mfs["kompress_fake"]; ok {
		t.Fatal("a label value added a family")
	}
	var got []string
	for _, m := range mfs["kompress_step_saved_bytes_total"].GetMetric() {
		for _, lp := range m.GetLabel() {
			if lp.GetName() == "provider" {
				got = append(got, lp.GetValue())
			}
		}
	}
	if !slices.Contains(got, h.eng.provider) {
		t.Errorf("provider labels %q, want %q among them", got, h.eng.provider)
	}
}
