// Package loadgen drives a kompress server with realistic tool outputs from
// a fixed number of connections and reports throughput and latency.
package loadgen

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kompress/kompress/wire"
)

// Config describes one load run. Zero fields take the defaults noted.
type Config struct {
	URL      string        // base URL of the server, e.g. http://127.0.0.1:8377
	Key      string        // bearer key, if the server wants one
	Conns    int           // concurrent connections (16)
	Duration time.Duration // how long to send (10s)
	Requests int           // stop after sending this many requests in all (0 = no limit)
	Size     int           // bytes per input (4096)
	Scorer   string        // CompressRequest.Scorer ("" = server default)
	Seed     uint64        // varies the inputs between runs
	// Retrieve makes every lossy result be read back and checked, which
	// doubles as a correctness check under load.
	Retrieve bool
}

// Report is the outcome of a run.
type Report struct {
	Requests   int            // compress requests answered with 200
	Errors     int            // failed requests (transport or HTTP error)
	ErrorKinds map[string]int // by APIError code or "transport"
	Mismatches int            // retrieved originals that differed from the input
	Lossy      int            // results with a ccr_id
	Elapsed    time.Duration
	BytesIn    int64 // content bytes sent
	BytesOut   int64 // result text bytes received
	P50, P90   time.Duration
	P99, Max   time.Duration
	Strategies map[string]int
}

// ReqPerSec is the rate of successful compress requests.
func (r Report) ReqPerSec() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Requests) / r.Elapsed.Seconds()
}

func (r Report) String() string {
	s := fmt.Sprintf("%d requests in %v: %.1f req/s, p50 %v, p90 %v, p99 %v, max %v; %d errors",
		r.Requests, r.Elapsed.Round(time.Millisecond), r.ReqPerSec(),
		r.P50.Round(time.Microsecond), r.P90.Round(time.Microsecond), r.P99.Round(time.Microsecond), r.Max.Round(time.Microsecond), r.Errors)
	if len(r.ErrorKinds) > 0 {
		s += fmt.Sprintf(" %v", r.ErrorKinds)
	}
	if r.BytesIn > 0 {
		s += fmt.Sprintf("; output %.1f%% of input bytes, %d lossy", 100*float64(r.BytesOut)/float64(r.BytesIn), r.Lossy)
	}
	if r.Mismatches > 0 {
		s += fmt.Sprintf("; %d RETRIEVE MISMATCHES", r.Mismatches)
	}
	return s
}

type worker struct {
	lat        []time.Duration
	errs       map[string]int
	strategies map[string]int
	mismatches int
	lossy      int
	in, out    int64
}

// Run sends compress requests from cfg.Conns goroutines, each over its own
// keep-alive connection, until cfg.Duration passes, cfg.Requests have been
// sent, or ctx ends. Only requests sent within the duration count.
func Run(ctx context.Context, cfg Config) (Report, error) {
	if cfg.URL == "" {
		return Report{}, errors.New("loadgen: no URL")
	}
	if cfg.Conns <= 0 {
		cfg.Conns = 16
	}
	if cfg.Duration <= 0 {
		cfg.Duration = 10 * time.Second
	}
	if cfg.Size <= 0 {
		cfg.Size = 4096
	}
	tr := &http.Transport{
		MaxIdleConns:        cfg.Conns,
		MaxIdleConnsPerHost: cfg.Conns,
		MaxConnsPerHost:     cfg.Conns,
		IdleConnTimeout:     30 * time.Second,
	}
	defer tr.CloseIdleConnections()
	client := wire.NewClient(cfg.URL, cfg.Key, &http.Client{Transport: tr, Timeout: time.Minute})
	if err := client.Health(ctx); err != nil {
		return Report{}, fmt.Errorf("loadgen: server not healthy: %w", err)
	}

	// Inputs are made before the clock starts so generation is not measured.
	const perWorker = 64
	inputs := make([][]string, cfg.Conns)
	for w := range inputs {
		for i := range perWorker {
			inputs[w] = append(inputs[w], Log(cfg.Seed<<32|uint64(w)<<16|uint64(i), cfg.Size))
		}
	}

	ctx, cancel := context.WithTimeout(ctx, cfg.Duration)
	defer cancel()
	workers := make([]*worker, cfg.Conns)
	var sent atomic.Int64
	more := func() bool {
		return ctx.Err() == nil && (cfg.Requests <= 0 || sent.Add(1) <= int64(cfg.Requests))
	}
	var wg sync.WaitGroup
	start := time.Now()
	for w := range workers {
		wk := &worker{errs: map[string]int{}, strategies: map[string]int{}}
		workers[w] = wk
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; more(); i++ {
				content := inputs[w][i%perWorker]
				if i >= perWorker {
					// Past the prepared set, vary the tail so ids stay new.
					content += fmt.Sprintf("exit status %d (attempt %d)\n", 1+i%3, i)
				}
				wk.one(ctx, client, cfg, content)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)

	rep := Report{Elapsed: elapsed, ErrorKinds: map[string]int{}, Strategies: map[string]int{}}
	var all []time.Duration
	for _, wk := range workers {
		all = append(all, wk.lat...)
		for k, v := range wk.errs {
			rep.ErrorKinds[k] += v
			rep.Errors += v
		}
		for k, v := range wk.strategies {
			rep.Strategies[k] += v
		}
		rep.Mismatches += wk.mismatches
		rep.Lossy += wk.lossy
		rep.BytesIn += wk.in
		rep.BytesOut += wk.out
	}
	rep.Requests = len(all)
	if len(all) > 0 {
		slices.Sort(all)
		q := func(p float64) time.Duration { return all[min(len(all)-1, int(p*float64(len(all))))] }
		rep.P50, rep.P90, rep.P99, rep.Max = q(.50), q(.90), q(.99), all[len(all)-1]
	}
	return rep, nil
}

func (wk *worker) one(ctx context.Context, c *wire.Client, cfg Config, content string) {
	t0 := time.Now()
	res, err := c.Compress(ctx, wire.CompressRequest{Content: content, Tool: "Bash", Scorer: cfg.Scorer})
	d := time.Since(t0)
	if err != nil {
		if ctx.Err() != nil {
			return // cut off by the end of the run, not a server error
		}
		wk.errs[errKind(err)]++
		return
	}
	wk.lat = append(wk.lat, d)
	wk.strategies[res.Strategy]++
	wk.in += int64(len(content))
	wk.out += int64(len(res.Text))
	if res.CCRID == "" {
		return
	}
	wk.lossy++
	if !cfg.Retrieve {
		return
	}
	orig, err := c.Retrieve(context.WithoutCancel(ctx), res.CCRID)
	if err != nil {
		wk.errs["retrieve:"+errKind(err)]++
		return
	}
	if string(orig) != content {
		wk.mismatches++
	}
}

func errKind(err error) string {
	if ae, ok := errors.AsType[*wire.APIError](err); ok {
		return ae.Code
	}
	return "transport"
}
