package main

import (
	"errors"
	"fmt"
	"log/slog"
	"net"

	"github.com/kompress/kompress/internal/envconfig"

	"github.com/spf13/cobra"

	"github.com/kompress/kompress"
	"github.com/kompress/kompress/server"
	"github.com/kompress/kompress/store"
)

type serveOptions struct {
	addr string
	engineFlags
}

func newServeCmd(_ *slog.Logger) *cobra.Command {
	var o serveOptions
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the HTTP API (POST /v1/compress, GET /v1/retrieve/{id}, ...)",
		Long:  "Serve the HTTP API until SIGINT or SIGTERM, then finish in-flight requests and close the store.\n\nEnvironment:\n" + envconfig.Help(),
		Args:  maxArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := o.validate(); err != nil {
				return err
			}
			return runService(cmd, o.engineFlags, o.addr, "serving", nil)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.addr, "addr", "127.0.0.1:8377", "listen address; port 0 picks a free one")
	o.register(f, "default prose scorer")
	return cmd
}

// runService opens the store (a damaged one leaves the service up and not
// ready), builds the engine and the HTTP service, lets mount add to it, and
// serves on addr until the command's context ends. serve and proxy share it.
func runService(cmd *cobra.Command, f engineFlags, addr, what string, mount func(*kompress.Engine, *server.Server, *slog.Logger) ([]any, error)) error {
	cfg, err := server.ConfigFromEnv()
	if err != nil {
		return usagef("%v", err)
	}
	defer serveGC()()
	// The service logs requests at info level, as JSON on stderr,
	// gathered into fewer writes (see logBuffer).
	logs := newLogBuffer(cmd.ErrOrStderr())
	defer logs.Flush()
	log := slog.New(flushingHandler{slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: serveLevel()}), logs})
	ctx := cmd.Context()
	st, err := openOwnStore(ctx, f.store, store.Options{})
	if errors.Is(err, store.ErrCorrupt) {
		// Up and not ready beats down: health checks say what is
		// wrong, and lossless compression still works.
		log.Error("store damaged; serving without it (lossless only, /readyz fails)", "err", err)
		st, err = store.Broken(err), nil
	}
	if err != nil {
		return err
	}
	defer st.Close()
	eng := kompress.New(kompress.Options{Store: st, Scorer: f.scorer, ModelDir: f.model, Logger: log})
	srv := server.New(cfg, eng, log)
	var extra []any
	if mount != nil {
		if extra, err = mount(eng, srv, log); err != nil {
			return err
		}
	}
	eng.Warm(ctx)
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	// Tests and scripts read the bound address from this line.
	logs.Flush()
	fmt.Fprintf(cmd.ErrOrStderr(), "kompress: listening on http://%s\n", ln.Addr())
	args := append([]any{"addr", ln.Addr().String(), "store", envconfig.RedactURL(f.store), "auth", len(cfg.Keys) > 0, "env", envconfig.AsMap()}, extra...)
	log.Info(what, args...)
	logs.Flush()
	return srv.Serve(ctx, ln)
}

func serveLevel() slog.Level {
	if envconfig.Debug() {
		return slog.LevelDebug
	}
	return slog.LevelInfo
}
