package logview

import (
	"errors"
	"testing"

	"github.com/kompress/kompress/internal/failure"
	"github.com/kompress/kompress/internal/lossy"
	"github.com/kompress/kompress/internal/viewtest"
	"github.com/kompress/kompress/router"
)

// FuzzLogTarget checks, at any target ratio, that the log view keeps every
// failure line and never fails but with lossy.ErrNoGain, on inputs seeded
// from the samples (tracebacks, access logs, Erlang reports, lint findings).
func FuzzLogTarget(f *testing.F) {
	for _, name := range []string{"python-worker-retries", "nginx-access-log", "erlang-supervisor", "cppcheck-enable-all", "x-npm-e404-silly"} {
		in := viewtest.Read(f, "log", name)
		f.Add(in[:min(len(in), 6000)], 0.3)
	}
	f.Fuzz(func(t *testing.T, in []byte, ratio float64) {
		out, err := Log(in, lossy.Options{TargetRatio: ratio})
		if errors.Is(err, lossy.ErrNoGain) {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		text := in
		if t := GoTestText(in); t != nil {
			text = t
		}
		if missing := failure.Missing(router.Log, text, out); len(missing) > 0 {
			t.Errorf("ratio %v: %d failure lines missing, first %q", ratio, len(missing), missing[0])
		}
	})
}
