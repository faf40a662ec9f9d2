// Package envconfig is the one table of the KOMPRESS_* environment
// variables: their names, defaults, meaning and parsing. It feeds --help and
// the service's startup log line, and every reader (server.ConfigFromEnv,
// model.Find and model.RuntimeLib, the CLI) gets its value through the
// accessor of its variable here, so each name is written once.
//
// Accessors of unset (or empty) variables return the zero value, which the
// readers take as "use the default"; a value that does not parse is an error
// naming the variable.
package envconfig

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Var is one environment variable.
type Var struct {
	Name    string
	Default string // as shown in --help; "" when unset means off
	Usage   string
	Secret  bool // never logged: only whether it is set
	URL     bool // logged with any password redacted
}

// Names of the variables that messages and tests mention.
const (
	NameAPIKeys = "KOMPRESS_API_KEYS"
	NameServer  = "KOMPRESS_SERVER"
	NameModel   = "KOMPRESS_MODEL"
	NameORTLib  = "KOMPRESS_ORT_LIB"
)

// The variables, each read only through its accessor below.
var (
	apiKeys         = Var{Name: NameAPIKeys, Usage: `bearer keys as "tenant=key,tenant=key"; unset: no auth; set but empty: an error (a tenant may have several keys, for rotation)`, Secret: true}
	maxInFlight     = Var{Name: "KOMPRESS_MAX_INFLIGHT", Default: "64", Usage: "API requests served at once; more get 503 with Retry-After (health checks are exempt)"}
	maxBody         = Var{Name: "KOMPRESS_MAX_BODY", Default: "32MiB", Usage: "largest request body in bytes, or with a KiB/MiB/GiB suffix"}
	maxScoring      = Var{Name: "KOMPRESS_MAX_SCORING", Default: "GOMAXPROCS", Usage: "concurrent model-scoring requests before falling back to the heuristic scorer"}
	scoreTimeout    = Var{Name: "KOMPRESS_SCORE_TIMEOUT", Default: "2s", Usage: "how long a request waits for model scoring before using the heuristic scorer"}
	requestTimeout  = Var{Name: "KOMPRESS_REQUEST_TIMEOUT", Default: "30s", Usage: "bound on the work of one request"}
	readTimeout     = Var{Name: "KOMPRESS_READ_TIMEOUT", Default: "60s", Usage: "http.Server ReadTimeout"}
	writeTimeout    = Var{Name: "KOMPRESS_WRITE_TIMEOUT", Default: "90s", Usage: "http.Server WriteTimeout"}
	idleTimeout     = Var{Name: "KOMPRESS_IDLE_TIMEOUT", Default: "120s", Usage: "http.Server IdleTimeout"}
	shutdownTimeout = Var{Name: "KOMPRESS_SHUTDOWN_TIMEOUT", Default: "30s", Usage: "how long shutdown waits for in-flight requests"}
	storeURL        = Var{Name: "KOMPRESS_STORE", Default: "bolt under the user state dir", Usage: "original store when --store is not given: bolt:PATH, redis://HOST:PORT/DB or memory:", URL: true}
	server          = Var{Name: NameServer, Usage: "URL of a running kompress serve/proxy that compress, expand, retrieve and mcp use when --server is not given"}
	apiKey          = Var{Name: "KOMPRESS_API_KEY", Usage: "bearer key sent to KOMPRESS_SERVER (or --server)", Secret: true}
	modelDir        = Var{Name: NameModel, Default: "the user's model directory", Usage: "directory of the ONNX prose model when --model is not given"}
	ortLib          = Var{Name: NameORTLib, Default: "found on the library path", Usage: "path of libonnxruntime.so"}
	debug           = Var{Name: "KOMPRESS_DEBUG", Usage: "any value: log at debug level"}
)

// Vars lists every variable kompress reads, in --help order.
var Vars = []*Var{
	&apiKeys, &maxInFlight, &maxBody, &maxScoring, &scoreTimeout, &requestTimeout,
	&readTimeout, &writeTimeout, &idleTimeout, &shutdownTimeout,
	&storeURL, &server, &apiKey, &modelDir, &ortLib, &debug,
}

// Value returns the variable's value, "" when unset.
func (v *Var) Value() string { return os.Getenv(v.Name) }

// Lookup returns the variable's value and whether it is set at all, for a
// variable where set but empty means something else than unset.
func (v *Var) Lookup() (string, bool) { return os.LookupEnv(v.Name) }

// Bool reports whether the variable is set to a non-empty value.
func (v *Var) Bool() bool { return v.Value() != "" }

// PositiveInt parses a positive integer; 0 when unset.
func (v *Var) PositiveInt() (int, error) {
	s := v.Value()
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("%s: %q is not a positive integer", v.Name, s)
	}
	return n, nil
}

// Duration parses a positive duration such as 2s; 0 when unset.
func (v *Var) Duration() (time.Duration, error) {
	s := v.Value()
	if s == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%s: %q is not a positive duration such as 2s or 500ms", v.Name, s)
	}
	return d, nil
}

// Size parses a positive size in bytes, with an optional B, KiB, MiB or GiB
// suffix, up to 1 TiB; 0 when unset.
func (v *Var) Size() (int64, error) {
	s := v.Value()
	if s == "" {
		return 0, nil
	}
	n, err := ParseSize(s)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", v.Name, err)
	}
	return n, nil
}

// ParseSize parses a positive size in bytes, with an optional B, KiB, MiB
// or GiB suffix, up to 1 TiB.
func ParseSize(s string) (int64, error) {
	num, mult := strings.TrimSpace(s), int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"B", 1}} {
		if strings.HasSuffix(num, u.suffix) {
			num, mult = strings.TrimSpace(strings.TrimSuffix(num, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 1 || n > (1<<40)/mult {
		return 0, fmt.Errorf("%q is not a size such as 33554432 or 32MiB", s)
	}
	return n * mult, nil
}

// APIKeys returns KOMPRESS_API_KEYS and whether it is set: set but empty
// is a mistake (a template that did not fill it in), not a wish for no auth.
// server.ParseKeys parses it.
func APIKeys() (string, bool) { return apiKeys.Lookup() }

// MaxInFlight is KOMPRESS_MAX_INFLIGHT; 0 when unset.
func MaxInFlight() (int, error) { return maxInFlight.PositiveInt() }

// MaxBody is KOMPRESS_MAX_BODY in bytes; 0 when unset.
func MaxBody() (int64, error) { return maxBody.Size() }

// MaxScoring is KOMPRESS_MAX_SCORING; 0 when unset.
func MaxScoring() (int, error) { return maxScoring.PositiveInt() }

// ScoreTimeout is KOMPRESS_SCORE_TIMEOUT; 0 when unset.
func ScoreTimeout() (time.Duration, error) { return scoreTimeout.Duration() }

// RequestTimeout is KOMPRESS_REQUEST_TIMEOUT; 0 when unset.
func RequestTimeout() (time.Duration, error) { return requestTimeout.Duration() }

// ReadTimeout is KOMPRESS_READ_TIMEOUT; 0 when unset.
func ReadTimeout() (time.Duration, error) { return readTimeout.Duration() }

// WriteTimeout is KOMPRESS_WRITE_TIMEOUT; 0 when unset.
func WriteTimeout() (time.Duration, error) { return writeTimeout.Duration() }

// IdleTimeout is KOMPRESS_IDLE_TIMEOUT; 0 when unset.
func IdleTimeout() (time.Duration, error) { return idleTimeout.Duration() }

// ShutdownTimeout is KOMPRESS_SHUTDOWN_TIMEOUT; 0 when unset.
func ShutdownTimeout() (time.Duration, error) { return shutdownTimeout.Duration() }

// Store is KOMPRESS_STORE, the store URL when --store is not given.
func Store() string { return storeURL.Value() }

// Server is KOMPRESS_SERVER, the service URL when --server is not given.
func Server() string { return server.Value() }

// APIKey is KOMPRESS_API_KEY, the bearer key a client sends.
func APIKey() string { return apiKey.Value() }

// Model is KOMPRESS_MODEL, the model directory when --model is not given.
func Model() string { return modelDir.Value() }

// ORTLib is KOMPRESS_ORT_LIB, the path of the ONNX Runtime library.
func ORTLib() string { return ortLib.Value() }

// Debug reports KOMPRESS_DEBUG: log at debug level.
func Debug() bool { return debug.Bool() }

// Help formats the table for --help, one variable a line.
func Help() string {
	var b strings.Builder
	for _, v := range Vars {
		fmt.Fprintf(&b, "  %-26s %s", v.Name, v.Usage)
		if v.Default != "" {
			fmt.Fprintf(&b, " (default %s)", v.Default)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// AsMap returns each variable's value in effect, by name, for a startup log
// line: the environment's value, else "default <value>" or "unset". Secret
// values show only "set"; URLs show no password.
func AsMap() map[string]string {
	m := make(map[string]string, len(Vars))
	for _, v := range Vars {
		val, ok := v.Lookup()
		switch {
		case ok && val != "" && v.Secret:
			m[v.Name] = "set"
		case ok && val != "" && v.URL:
			m[v.Name] = RedactURL(val)
		case ok && val != "":
			m[v.Name] = val
		case v.Default != "":
			m[v.Name] = "default " + v.Default
		default:
			m[v.Name] = "unset"
		}
	}
	return m
}

// RedactURL drops a password (the user info) from a URL such as
// redis://user:pass@host:6379/0 before it is logged.
func RedactURL(u string) string {
	if i := strings.Index(u, "@"); i >= 0 {
		if j := strings.Index(u, "://"); j >= 0 && j < i {
			return u[:j+3] + "[redacted]" + u[i:]
		}
	}
	return u
}
