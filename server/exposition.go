package server

import (
	"cmp"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// The metrics of GET /metrics, written in the Prometheus text format 0.0.4
// here instead of by the Prometheus client library, whose
// package initialisation (client_golang, procfs, client_model, protobuf)
// every kompress process paid for, the CLI included.

// Metric kinds, as the # TYPE line names them.
const (
	kindCounter   = "counter"
	kindGauge     = "gauge"
	kindHistogram = "histogram"
	kindSummary   = "summary"
)

// contentTypeText is what promhttp answered for this format; scrapers pick
// their parser by it.
const contentTypeText = "text/plain; version=0.0.4; charset=utf-8; escaping=underscores"

// maxLabels is the most labels a family of ours has; label values of one
// series are an array, so looking a series up allocates nothing.
const maxLabels = 3

type labelValues [maxLabels]string

// family is one metric name with its series, one per set of label values.
type family struct {
	name, help, kind string
	labels           []string  // names, in the order with takes values
	order            []int     // indexes of labels sorted by name: the written order
	buckets          []float64 // upper bounds, histograms only

	mu     sync.RWMutex
	series map[labelValues]*series
}

// series holds one counter, gauge or histogram. Values are float64 bits
// updated with compare-and-swap, so updates take no lock.
type series struct {
	values labelValues
	bits   atomic.Uint64   // counter or gauge value; histogram sum
	upper  []float64       // histograms: the family's bucket bounds
	counts []atomic.Uint64 // histograms: observations per bucket, not cumulative
	count  atomic.Uint64   // histograms: observations
}

func newFamily(kind, name, help string, labels ...string) *family {
	if len(labels) > maxLabels {
		panic("server: metric " + name + " has too many labels")
	}
	order := make([]int, len(labels))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(labels[a], labels[b]) })
	return &family{name: name, help: help, kind: kind, labels: labels, order: order, series: map[labelValues]*series{}}
}

func newHistogram(name, help string, buckets []float64, labels ...string) *family {
	f := newFamily(kindHistogram, name, help, labels...)
	f.buckets = buckets
	return f
}

// with returns the series of the label values, given in the order of the
// family's label names, creating it at zero.
func (f *family) with(values ...string) *series {
	if len(values) != len(f.labels) {
		panic("server: metric " + f.name + ": wrong number of label values")
	}
	var k labelValues
	copy(k[:], values)
	f.mu.RLock()
	s := f.series[k]
	f.mu.RUnlock()
	if s != nil {
		return s
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if s = f.series[k]; s == nil {
		s = &series{values: k}
		if f.kind == kindHistogram {
			s.upper, s.counts = f.buckets, make([]atomic.Uint64, len(f.buckets))
		}
		f.series[k] = s
	}
	return s
}

// add adds v to a counter or gauge (or, for a histogram, to its sum).
func (s *series) add(v float64) {
	for {
		old := s.bits.Load()
		if s.bits.CompareAndSwap(old, math.Float64bits(math.Float64frombits(old)+v)) {
			return
		}
	}
}

func (s *series) inc() { s.add(1) }
func (s *series) dec() { s.add(-1) }

func (s *series) value() float64 { return math.Float64frombits(s.bits.Load()) }

// observe counts v in a histogram.
func (s *series) observe(v float64) {
	if i, _ := slices.BinarySearch(s.upper, v); i < len(s.counts) {
		s.counts[i].Add(1)
	}
	s.add(v)
	s.count.Add(1)
}

// sample is one line of the exposition: name+suffix{labels} value.
type sample struct {
	suffix string
	labels []string // name, value, name, value...
	value  float64
}

// snapshot is one family as written: what a registry holds and what the
// runtime and process readers produce on demand.
type snapshot struct {
	name, help, kind string
	samples          []sample
}

// snapshot reads the family's series, labels sorted by name and series by
// their values, as the Prometheus client wrote them.
func (f *family) snapshot() snapshot {
	f.mu.RLock()
	ss := make([]*series, 0, len(f.series))
	for _, s := range f.series {
		ss = append(ss, s)
	}
	f.mu.RUnlock()
	slices.SortFunc(ss, func(a, b *series) int {
		for _, i := range f.order {
			if c := cmp.Compare(a.values[i], b.values[i]); c != 0 {
				return c
			}
		}
		return 0
	})
	out := snapshot{name: f.name, help: f.help, kind: f.kind}
	for _, s := range ss {
		labels := make([]string, 0, 2*len(f.labels))
		for _, i := range f.order {
			labels = append(labels, f.labels[i], s.values[i])
		}
		if f.kind != kindHistogram {
			out.samples = append(out.samples, sample{labels: labels, value: s.value()})
			continue
		}
		// Read the count first: observations landing meanwhile can
		// then only make buckets larger than it, never +Inf smaller
		// than a bucket.
		count := s.count.Load()
		var cum uint64
		for i, ub := range f.buckets {
			cum += s.counts[i].Load()
			out.samples = append(out.samples, sample{suffix: "_bucket", labels: withLabel(labels, "le", ub), value: float64(min(cum, count))})
		}
		out.samples = append(out.samples,
			sample{suffix: "_bucket", labels: withLabel(labels, "le", math.Inf(1)), value: float64(count)},
			sample{suffix: "_sum", labels: labels, value: s.value()},
			sample{suffix: "_count", labels: labels, value: float64(count)})
	}
	return out
}

func withLabel(labels []string, name string, v float64) []string {
	return append(slices.Clip(labels), name, formatFloat(v))
}

// registry is the families of one Server plus readers of process-wide
// figures, run at each scrape.
type registry struct {
	families []*family
	readers  []func() []snapshot
}

func (r *registry) register(fs ...*family) { r.families = append(r.families, fs...) }

// gather returns every family, sorted by name as the Prometheus client did.
func (r *registry) gather() []snapshot {
	var out []snapshot
	for _, f := range r.families {
		out = append(out, f.snapshot())
	}
	for _, read := range r.readers {
		out = append(out, read()...)
	}
	slices.SortFunc(out, func(a, b snapshot) int { return strings.Compare(a.name, b.name) })
	return out
}

// appendText appends the text format of the snapshots to b.
func appendText(b []byte, fams []snapshot) []byte {
	for _, f := range fams {
		if len(f.samples) == 0 {
			continue // as the Prometheus client: a family without series is left out
		}
		b = append(b, "# HELP "...)
		b = append(b, f.name...)
		b = append(b, ' ')
		b = appendEscaped(b, f.help, false)
		b = append(b, "\n# TYPE "...)
		b = append(b, f.name...)
		b = append(b, ' ')
		b = append(b, f.kind...)
		b = append(b, '\n')
		for _, s := range f.samples {
			b = append(b, f.name...)
			b = append(b, s.suffix...)
			if len(s.labels) > 0 {
				b = append(b, '{')
				for i := 0; i < len(s.labels); i += 2 {
					if i > 0 {
						b = append(b, ',')
					}
					b = append(b, s.labels[i]...)
					b = append(b, `="`...)
					b = appendEscaped(b, s.labels[i+1], true)
					b = append(b, '"')
				}
				b = append(b, '}')
			}
			b = append(b, ' ')
			b = append(b, formatFloat(s.value)...)
			b = append(b, '\n')
		}
	}
	return b
}

// appendEscaped escapes a HELP text (backslash, newline) or a label value
// (and the double quote).
func appendEscaped(b []byte, s string, quote bool) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			b = append(b, `\\`...)
		case c == '\n':
			b = append(b, `\n`...)
		case c == '"' && quote:
			b = append(b, `\"`...)
		default:
			b = append(b, c)
		}
	}
	return b
}

func formatFloat(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "+Inf"
	case math.IsInf(v, -1):
		return "-Inf"
	case math.IsNaN(v):
		return "NaN"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// ServeHTTP writes the registry's metrics in the text format.
func (r *registry) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	b := appendText(make([]byte, 0, 16<<10), r.gather())
	w.Header().Set("Content-Type", contentTypeText)
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	_, _ = w.Write(b)
}
