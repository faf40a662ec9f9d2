package server

import (
	"maps"
	"sync"
	"time"

	"github.com/kompress/kompress/wire"
)

// stats keeps the per-tenant counters of GET /v1/stats. Tenants come from
// the configured keys (or are the one tenant ""), so the map stays small.
type stats struct {
	since time.Time

	mu      sync.Mutex
	tenants map[string]*wire.Stats
}

func newStats() *stats {
	return &stats{since: time.Now().UTC(), tenants: map[string]*wire.Stats{}}
}

func (s *stats) tenant(t string) *wire.Stats {
	ts, ok := s.tenants[t]
	if !ok {
		ts = &wire.Stats{
			Tenant:     t,
			Since:      s.since,
			Requests:   map[string]int64{},
			ByStrategy: map[string]wire.StrategyStats{},
		}
		s.tenants[t] = ts
	}
	return ts
}

// request counts one answered request of endpoint for tenant.
func (s *stats) request(tenant, endpoint string, failed bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ts := s.tenant(tenant)
	ts.Requests[endpoint]++
	if failed {
		ts.Errors++
	}
}

func (s *stats) result(tenant string, res *wire.Result) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ts := s.tenant(tenant)
	add := func(a *wire.StrategyStats) {
		a.Results++
		a.OriginalBytes += int64(res.OriginalBytes)
		a.CompressedBytes += int64(res.CompressedBytes)
		a.OriginalTokens += int64(res.OriginalTokens)
		a.CompressedTokens += int64(res.CompressedTokens)
	}
	add(&ts.Totals)
	by := ts.ByStrategy[labelOr(res.Strategy, "unknown")]
	add(&by)
	ts.ByStrategy[labelOr(res.Strategy, "unknown")] = by
}

// snapshot returns a copy the caller may encode without the lock.
func (s *stats) snapshot(tenant string) wire.Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	ts := *s.tenant(tenant)
	ts.Requests = maps.Clone(ts.Requests)
	ts.ByStrategy = maps.Clone(ts.ByStrategy)
	return ts
}
