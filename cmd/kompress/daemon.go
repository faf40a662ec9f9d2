package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/kompress/kompress"
	"github.com/kompress/kompress/internal/envconfig"
	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/wire"
)

// One process owns a bolt store: `kompress serve` or `kompress proxy`. The
// other commands reach its originals through it when --server or
// KOMPRESS_SERVER names it, with KOMPRESS_API_KEY as the bearer key.

const serverHelp = "use the running kompress serve/proxy at this URL, e.g. http://127.0.0.1:8377 (default $KOMPRESS_SERVER)"

// serverURL is the --server flag, else $KOMPRESS_SERVER.
func serverURL(flag string) string {
	if flag != "" {
		return flag
	}
	return envconfig.Server()
}

// newServerClient returns a client for the server at url; calls without a
// deadline of their own give up after a minute. A URL no call could use is
// a usage error.
func newServerClient(url string) (*wire.Client, error) {
	if _, err := wire.ParseBaseURL(url); err != nil {
		return nil, usagef("--server / KOMPRESS_SERVER: %v", err)
	}
	return wire.NewClient(url, envconfig.APIKey(), &http.Client{Timeout: time.Minute}), nil
}

// openOwnStore opens the store for a command that does not go through a
// server. A bolt file held by a running server is an error that says how to
// reach that server instead: waiting and then quietly compressing
// losslessly would hide that the originals go nowhere.
func openOwnStore(ctx context.Context, url string, opts store.Options) (store.Store, error) {
	st, err := openStore(ctx, url, opts)
	if errors.Is(err, store.ErrLocked) {
		return nil, fmt.Errorf("%w\n  a kompress serve or proxy owns this store: pass --server http://HOST:PORT (or set KOMPRESS_SERVER) to use it, or --store another URL such as memory:", err)
	}
	return st, err
}

// warningRecorder passes records to the CLI handler and keeps the message
// of each warning, so --json results carry every warning printed.
type warningRecorder struct {
	slog.Handler
	mu    *sync.Mutex
	taken *[]string
}

func newWarningRecorder(h slog.Handler) *warningRecorder {
	return &warningRecorder{Handler: h, mu: new(sync.Mutex), taken: new([]string)}
}

func (r *warningRecorder) Handle(ctx context.Context, rec slog.Record) error {
	if rec.Level >= slog.LevelWarn {
		msg := rec.Message
		rec.Attrs(func(a slog.Attr) bool {
			msg += fmt.Sprintf(" %s=%v", a.Key, a.Value)
			return true
		})
		r.mu.Lock()
		*r.taken = append(*r.taken, msg)
		r.mu.Unlock()
	}
	return r.Handler.Handle(ctx, rec)
}

func (r *warningRecorder) WithAttrs(attrs []slog.Attr) slog.Handler {
	c := *r
	c.Handler = r.Handler.WithAttrs(attrs)
	return &c
}

func (r *warningRecorder) WithGroup(name string) slog.Handler {
	c := *r
	c.Handler = r.Handler.WithGroup(name)
	return &c
}

// take returns the warnings recorded since the last call.
func (r *warningRecorder) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	w := *r.taken
	*r.taken = nil
	return w
}

// addWarnings appends the warnings not already in list.
func addWarnings(list []string, add ...string) []string {
	for _, w := range add {
		dup := false
		for _, have := range list {
			if have == w {
				dup = true
				break
			}
		}
		if !dup {
			list = append(list, w)
		}
	}
	return list
}

// backend returns how compress compresses one input: through the server
// when one is named, else with an engine of its own.
func (o *compressOptions) backend(ctx context.Context, stderr io.Writer, log *slog.Logger) (func(context.Context, wire.CompressRequest) (wire.Result, error), func(), error) {
	if url := serverURL(o.server); url != "" {
		if o.store != "" {
			return nil, nil, usagef("--server and --store exclude each other: the server owns its store")
		}
		c, err := newServerClient(url)
		if err != nil {
			return nil, nil, err
		}
		return c.Compress, func() {}, nil
	}
	var st store.Store
	var warnings []string
	if !o.losslessOnly {
		s, err := openOwnStore(ctx, o.store, store.Options{})
		switch {
		case errors.Is(err, store.ErrLocked), errors.As(err, new(usageError)):
			return nil, nil, err
		case err != nil:
			// Nothing may be lost: without a store, compress losslessly.
			w := fmt.Sprintf("%v; lossless folds only", err)
			fmt.Fprintf(stderr, "kompress: warning: %s\n", w)
			warnings = append(warnings, w)
		default:
			st = s
		}
	}
	rec := newWarningRecorder(log.Handler())
	// Text output shows no token counts: do not count them.
	eng := kompress.New(kompress.Options{Store: st, Scorer: o.scorer, ModelDir: o.model, Logger: slog.New(rec), SkipTokenCounts: !o.json, SkipKind: !o.json})
	compress := func(ctx context.Context, req wire.CompressRequest) (wire.Result, error) {
		res, err := eng.Compress(ctx, "", req)
		res.Warnings = addWarnings(res.Warnings, warnings...)
		res.Warnings = addWarnings(res.Warnings, rec.take()...)
		return res, err
	}
	closeStore := func() {
		if st != nil {
			st.Close()
		}
	}
	return compress, closeStore, nil
}
