package server

import (
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/kompress/kompress/internal/envconfig"
)

// Defaults used for zero fields of Config.
const (
	DefaultMaxBody           = 32 << 20
	DefaultMaxInFlight       = 64
	DefaultScoreTimeout      = 2 * time.Second
	DefaultRequestTimeout    = 30 * time.Second
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultReadTimeout       = 60 * time.Second
	DefaultWriteTimeout      = 90 * time.Second
	DefaultIdleTimeout       = 120 * time.Second
	DefaultShutdownTimeout   = 30 * time.Second
)

// Config tunes a Server. The zero value means defaults: no auth, limits as
// the Default constants say, MaxScoring = GOMAXPROCS.
type Config struct {
	// Keys maps bearer keys to tenants. Empty disables auth: every request
	// is then of the tenant "".
	Keys Keys
	// MaxBody is the largest request body accepted, in bytes; larger
	// bodies get 413.
	MaxBody int64
	// MaxInFlight bounds the API requests served at once; past it requests
	// get 503 with Retry-After at once instead of queueing. The health
	// checks are exempt, so a saturated server still answers its probes.
	MaxInFlight int
	// MaxScoring bounds how many compress requests may use model scoring
	// at once; the rest run with the heuristic scorer instead of waiting.
	MaxScoring int
	// ScoreTimeout is how long a request waits for model scoring before it
	// goes on with the heuristic scorer.
	ScoreTimeout time.Duration
	// RequestTimeout bounds the engine work of one request.
	RequestTimeout time.Duration

	ReadHeaderTimeout time.Duration
	ReadTimeout       time.Duration
	WriteTimeout      time.Duration
	IdleTimeout       time.Duration
	// ShutdownTimeout is how long Serve waits for in-flight requests after
	// its context ends.
	ShutdownTimeout time.Duration
}

func (c Config) withDefaults() Config {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	if c.MaxBody <= 0 {
		c.MaxBody = DefaultMaxBody
	}
	if c.MaxScoring <= 0 {
		c.MaxScoring = runtime.GOMAXPROCS(0)
	}
	if c.MaxInFlight <= 0 {
		c.MaxInFlight = DefaultMaxInFlight
	}
	def(&c.ScoreTimeout, DefaultScoreTimeout)
	def(&c.RequestTimeout, DefaultRequestTimeout)
	def(&c.ReadHeaderTimeout, DefaultReadHeaderTimeout)
	def(&c.ReadTimeout, DefaultReadTimeout)
	def(&c.WriteTimeout, DefaultWriteTimeout)
	def(&c.IdleTimeout, DefaultIdleTimeout)
	def(&c.ShutdownTimeout, DefaultShutdownTimeout)
	return c
}

// LogValue lists the settings for a startup log line; keys show only their
// tenants.
func (c Config) LogValue() slog.Value {
	c = c.withDefaults()
	return slog.GroupValue(
		slog.Any("tenants", c.Keys.Tenants()),
		slog.Int64("max_body", c.MaxBody),
		slog.Int("max_scoring", c.MaxScoring),
		slog.Int("max_inflight", c.MaxInFlight),
		slog.Duration("score_timeout", c.ScoreTimeout),
		slog.Duration("request_timeout", c.RequestTimeout),
		slog.Duration("read_timeout", c.ReadTimeout),
		slog.Duration("write_timeout", c.WriteTimeout),
		slog.Duration("idle_timeout", c.IdleTimeout),
		slog.Duration("shutdown_timeout", c.ShutdownTimeout),
	)
}

// ConfigFromEnv reads the server variables through internal/envconfig;
// unset ones keep their defaults. Errors name the variable.
func ConfigFromEnv() (Config, error) {
	var c Config
	var errs []error
	add := func(err error) {
		if err != nil {
			errs = append(errs, err)
		}
	}
	// Set but empty is a mistake (a template that did not fill it in), not
	// a wish for no auth: that is the variable being unset.
	if v, ok := envconfig.APIKeys(); ok {
		k, err := ParseKeys(v)
		if err != nil {
			add(fmt.Errorf("%s: %w", envconfig.NameAPIKeys, err))
		}
		c.Keys = k
	}
	var err error
	c.MaxBody, err = envconfig.MaxBody()
	add(err)
	c.MaxInFlight, err = envconfig.MaxInFlight()
	add(err)
	c.MaxScoring, err = envconfig.MaxScoring()
	add(err)
	for _, d := range []struct {
		dst *time.Duration
		get func() (time.Duration, error)
	}{
		{&c.ScoreTimeout, envconfig.ScoreTimeout},
		{&c.RequestTimeout, envconfig.RequestTimeout},
		{&c.ReadTimeout, envconfig.ReadTimeout},
		{&c.WriteTimeout, envconfig.WriteTimeout},
		{&c.IdleTimeout, envconfig.IdleTimeout},
		{&c.ShutdownTimeout, envconfig.ShutdownTimeout},
	} {
		*d.dst, err = d.get()
		add(err)
	}
	return c, errors.Join(errs...)
}

// Secret is an API key. It redacts itself in logs and fmt output.
type Secret string

// LogValue implements slog.LogValuer.
func (Secret) LogValue() slog.Value { return slog.StringValue("[redacted]") }

// String implements fmt.Stringer so %v and %s redact too.
func (Secret) String() string { return "[redacted]" }

// GoString redacts %#v.
func (Secret) GoString() string { return "[redacted]" }

// Key is one bearer key and the tenant it authenticates.
type Key struct {
	Tenant string
	Secret Secret
}

// Keys is the set of accepted bearer keys.
type Keys []Key

var tenantRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`) })

// ParseKeys parses "tenant=key,tenant=key". Tenants are 1-64 characters of
// letters, digits, '.', '_' and '-'; keys are non-empty, without spaces or
// commas, and unique. A tenant may have several keys.
func ParseKeys(s string) (Keys, error) {
	var ks Keys
	seen := map[string]bool{}
	for i, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		tenant, key, ok := strings.Cut(part, "=")
		tenant, key = strings.TrimSpace(tenant), strings.TrimSpace(key)
		switch {
		case !ok:
			return nil, fmt.Errorf("entry %d: want tenant=key", i+1)
		case !tenantRE().MatchString(tenant):
			return nil, fmt.Errorf("entry %d: tenant %q: want 1-64 letters, digits, '.', '_' or '-'", i+1, tenant)
		case key == "":
			return nil, fmt.Errorf("entry %d (tenant %s): empty key", i+1, tenant)
		case strings.ContainsAny(key, " \t\r\n"):
			return nil, fmt.Errorf("entry %d (tenant %s): key contains white space", i+1, tenant)
		case seen[key]:
			// Never echo the key itself.
			return nil, fmt.Errorf("entry %d (tenant %s): key already given for another entry", i+1, tenant)
		}
		seen[key] = true
		ks = append(ks, Key{Tenant: tenant, Secret: Secret(key)})
	}
	if len(ks) == 0 {
		return nil, errors.New("no tenant=key entries")
	}
	return ks, nil
}

// Tenants returns the distinct tenants, in order of first appearance.
func (ks Keys) Tenants() []string {
	var out []string
	seen := map[string]bool{}
	for _, k := range ks {
		if !seen[k.Tenant] {
			seen[k.Tenant] = true
			out = append(out, k.Tenant)
		}
	}
	return out
}

// keyring checks bearer keys in constant time.
type keyring struct {
	sums    [][sha256.Size]byte
	tenants []string
}

func newKeyring(ks Keys) *keyring {
	kr := &keyring{}
	for _, k := range ks {
		kr.sums = append(kr.sums, sha256.Sum256([]byte(k.Secret)))
		kr.tenants = append(kr.tenants, k.Tenant)
	}
	return kr
}

// tenant returns the tenant of key. It compares digests, so the time taken
// does not depend on the key's length, and it compares against every key
// without stopping at a match, so it does not depend on which key matched.
func (kr *keyring) tenant(key string) (string, bool) {
	sum := sha256.Sum256([]byte(key))
	match := -1
	for i := range kr.sums {
		eq := subtle.ConstantTimeCompare(sum[:], kr.sums[i][:])
		match = subtle.ConstantTimeSelect(eq, i, match)
	}
	if match < 0 {
		return "", false
	}
	return kr.tenants[match], true
}
