// Package envconfig is the one table of the KOMPRESS_* environment
// variables: their names, defaults and meaning. It feeds --help and the
// service's startup log line. The readers (server.ConfigFromEnv, model.Find
// and model.RuntimeLib, the CLI's log level) keep their own parsing and must
// stay in step with this table.
package envconfig

import (
	"fmt"
	"os"
	"strings"
)

// Var is one environment variable.
type Var struct {
	Name    string
	Default string // as shown in --help; "" when unset means off
	Usage   string
	Secret  bool // never logged: only whether it is set
}

// Vars lists every variable kompress reads, in --help order.
var Vars = []Var{
	{Name: "KOMPRESS_API_KEYS", Usage: `bearer keys as "tenant=key,tenant=key"; unset: no auth; set but empty: an error (a tenant may have several keys, for rotation)`, Secret: true},
	{Name: "KOMPRESS_MAX_INFLIGHT", Default: "64", Usage: "API requests served at once; more get 503 with Retry-After (health checks are exempt)"},
	{Name: "KOMPRESS_MAX_BODY", Default: "32MiB", Usage: "largest request body in bytes, or with a KiB/MiB/GiB suffix"},
	{Name: "KOMPRESS_MAX_SCORING", Default: "GOMAXPROCS", Usage: "concurrent model-scoring requests before falling back to the heuristic scorer"},
	{Name: "KOMPRESS_SCORE_TIMEOUT", Default: "2s", Usage: "how long a request waits for model scoring before using the heuristic scorer"},
	{Name: "KOMPRESS_REQUEST_TIMEOUT", Default: "30s", Usage: "bound on the work of one request"},
	{Name: "KOMPRESS_READ_TIMEOUT", Default: "60s", Usage: "http.Server ReadTimeout"},
	{Name: "KOMPRESS_WRITE_TIMEOUT", Default: "90s", Usage: "http.Server WriteTimeout"},
	{Name: "KOMPRESS_IDLE_TIMEOUT", Default: "120s", Usage: "http.Server IdleTimeout"},
	{Name: "KOMPRESS_SHUTDOWN_TIMEOUT", Default: "30s", Usage: "how long shutdown waits for in-flight requests"},
	{Name: "KOMPRESS_MODEL", Default: "the user's model directory", Usage: "directory of the ONNX prose model"},
	{Name: "KOMPRESS_ORT_LIB", Default: "found on the library path", Usage: "path of libonnxruntime.so"},
	{Name: "KOMPRESS_DEBUG", Usage: "any value: log at debug level"},
}

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
// values show only "set".
func AsMap() map[string]string {
	m := make(map[string]string, len(Vars))
	for _, v := range Vars {
		val, ok := os.LookupEnv(v.Name)
		switch {
		case ok && val != "" && v.Secret:
			m[v.Name] = "set"
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
