package store

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/redis/go-redis/v9/maintnotifications"
)

// Redis timeouts: short, so a dead or hung Redis turns into ErrUnavailable
// within seconds and the caller falls back instead of hanging a request.
// Read and write allow a large original to cross loopback or a LAN.
const (
	redisDialTimeout = 500 * time.Millisecond
	redisIOTimeout   = 2 * time.Second
	redisPoolTimeout = time.Second
)

// Keys per tenant, under "kompress:<hex tenant>:" (hex so no tenant name
// can forge another's prefix):
//
//	o:<hash>  the original
//	h:<hash>  its shown id
//	i:<id>    hash
//
// All three carry the same expiry, refreshed by each Put. The scripts run
// atomically in Redis, so replicas never hand out one id twice. Both are
// built on first use: NewScript hashes its source, which a process that
// never opens Redis should not pay for at start-up.
var redisPut = sync.OnceValue(func() *redis.Script {
	return redis.NewScript(`
local p, h, ttl = ARGV[1], ARGV[2], ARGV[3]
local okey, hkey = p .. 'o:' .. h, p .. 'h:' .. h
local id = redis.call('GET', hkey)
if id and redis.call('GET', p .. 'i:' .. id) == h and redis.call('EXISTS', okey) == 1 then
  redis.call('PEXPIRE', okey, ttl)
  redis.call('PEXPIRE', hkey, ttl)
  redis.call('PEXPIRE', p .. 'i:' .. id, ttl)
  return id
end
for n = 12, string.len(h) do
  local cand = string.sub(h, 1, n)
  local owner = redis.call('GET', p .. 'i:' .. cand)
  if not owner or owner == h then
    redis.call('SET', okey, ARGV[4], 'PX', ttl)
    redis.call('SET', hkey, cand, 'PX', ttl)
    redis.call('SET', p .. 'i:' .. cand, h, 'PX', ttl)
    return cand
  end
end
return redis.error_reply('KOMPRESS_CORRUPT id table full for ' .. h)
`)
})

// redisGet mirrors resolveID: an exact shown id wins, else the one shown
// id that prefixes id and whose hash id prefixes.
var redisGet = sync.OnceValue(func() *redis.Script {
	return redis.NewScript(`
local p, id = ARGV[1], ARGV[2]
local found = false
for n = string.len(id), 12, -1 do
  local h = redis.call('GET', p .. 'i:' .. string.sub(id, 1, n))
  if h and string.sub(h, 1, string.len(id)) == id and h ~= found then
    if n == string.len(id) then found = h break end
    if found then return redis.error_reply('KOMPRESS_AMBIGUOUS') end
    found = h
  end
end
if not found then return false end
local v = redis.call('GET', p .. 'o:' .. found)
if not v then return false end
return {found, v}
`)
})

type redisStore struct {
	rdb  *redis.Client
	addr string
	opts Options
}

// quietRedis drops go-redis's own log lines ("failed to dial"): a library
// logs nothing by default, and every failure reaches the caller as
// ErrUnavailable anyway.
type quietRedis struct{}

func (quietRedis) Printf(context.Context, string, ...any) {}

func init() { redis.SetLogger(quietRedis{}) }

func openRedis(rawURL string, opts Options) (*redisStore, error) {
	ro, err := redis.ParseURL(rawURL)
	if err != nil {
		return nil, fmt.Errorf("%w %q: %w", ErrBadURL, redactURL(rawURL), err)
	}
	// Our short timeouts unless the URL sets its own (dial_timeout=… etc.).
	q := url.Values{}
	if u, err := url.Parse(rawURL); err == nil {
		q = u.Query()
	}
	if !q.Has("dial_timeout") {
		ro.DialTimeout = redisDialTimeout
	}
	if !q.Has("read_timeout") {
		ro.ReadTimeout = redisIOTimeout
	}
	if !q.Has("write_timeout") {
		ro.WriteTimeout = redisIOTimeout
	}
	if !q.Has("pool_timeout") {
		ro.PoolTimeout = redisPoolTimeout
	}
	if !q.Has("max_retries") {
		ro.MaxRetries = 1 // one retry covers a pooled connection Redis closed
	}
	ro.DialerRetries = 1
	ro.ContextTimeoutEnabled = true
	ro.DisableIdentity = true
	ro.MaintNotificationsConfig = &maintnotifications.Config{Mode: maintnotifications.ModeDisabled}
	return &redisStore{rdb: redis.NewClient(ro), addr: ro.Addr, opts: opts}, nil
}

func (s *redisStore) prefix(tenant string) string {
	return "kompress:" + hex.EncodeToString([]byte(tenant)) + ":"
}

func (s *redisStore) Put(ctx context.Context, tenant string, original []byte) (string, error) {
	return s.put(ctx, tenant, hashOf(original), original)
}

func (s *redisStore) put(ctx context.Context, tenant, hash string, original []byte) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	if len(hash) != fullIDLen {
		return "", fmt.Errorf("store: bad hash %q", hash)
	}
	ttl := max(s.opts.TTL.Milliseconds(), 1)
	if original == nil {
		original = []byte{} // go-redis would send nil as ""; keep it explicit
	}
	// The reply comes after Redis applied the SET: acknowledged, which is
	// as durable as the server's persistence settings make it. Waiting
	// for it is the wait for durability: a caller lets go of what that
	// does not need (a model-scoring slot; the server's scoring backstop
	// no longer applies from here).
	DurableWait(ctx)
	id, err := redisPut().Run(ctx, s.rdb, nil, s.prefix(tenant), hash, ttl, original).Text()
	if err != nil {
		return "", s.wrap(err, "")
	}
	return id, nil
}

func (s *redisStore) Get(ctx context.Context, tenant, id string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	id, err := NormalizeID(id)
	if err != nil {
		return nil, err
	}
	reply, err := redisGet().Run(ctx, s.rdb, nil, s.prefix(tenant), id).StringSlice()
	if err != nil {
		return nil, s.wrap(err, id)
	}
	if len(reply) != 2 {
		return nil, fmt.Errorf("%w: redis get of %s answered %d values, want hash and original", ErrCorrupt, id, len(reply))
	}
	v := []byte(reply[1])
	if err := verify(reply[0], v); err != nil {
		return nil, err
	}
	return v, nil
}

func (s *redisStore) Ping(ctx context.Context) error {
	return s.wrap(s.rdb.Ping(ctx).Err(), "")
}

func (s *redisStore) Close() error {
	if err := s.rdb.Close(); err != nil {
		return fmt.Errorf("store: closing redis %s: %w", s.addr, err)
	}
	return nil
}

func (s *redisStore) wrap(err error, id string) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, redis.Nil) {
		return fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	var rerr redis.Error
	if errors.As(err, &rerr) && strings.Contains(rerr.Error(), "KOMPRESS_AMBIGUOUS") {
		return fmt.Errorf("%w: %s", ErrAmbiguous, id)
	}
	return fmt.Errorf("%w: redis %s: %w", ErrUnavailable, s.addr, err)
}

// redactURL hides a password so it never reaches an error message or log.
func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "redis://…"
	}
	return u.Redacted()
}
