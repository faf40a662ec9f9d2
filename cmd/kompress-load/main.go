// Command kompress-load sends realistic tool outputs (about 4 KB each, a
// failure in every one, different every request) to a kompress server from
// a fixed number of connections and prints req/s, latency percentiles and
// errors. It exits 1 when any request failed or a retrieved original
// differed.
//
//	kompress-load -url http://127.0.0.1:8377 -c 16 -d 10s
//
// With -echo ADDR it is instead the baseline to compare a server with: a
// trivial HTTP server that answers POST /v1/compress with the content as
// the result's text, doing no work. It prints its URL and serves until
// SIGINT or SIGTERM.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/kompress/kompress/internal/envconfig"
	"github.com/kompress/kompress/internal/loadgen"
	"github.com/kompress/kompress/wire"
)

func main() {
	var cfg loadgen.Config
	flag.StringVar(&cfg.URL, "url", "http://127.0.0.1:8377", "base URL of the kompress server")
	flag.StringVar(&cfg.Key, "key", envconfig.APIKey(), "bearer key (default $KOMPRESS_API_KEY)")
	flag.IntVar(&cfg.Conns, "c", 16, "concurrent connections")
	flag.DurationVar(&cfg.Duration, "d", 10*time.Second, "duration of the run")
	flag.IntVar(&cfg.Requests, "n", 0, "stop after this many requests (0 = no limit)")
	flag.IntVar(&cfg.Size, "size", 4096, "bytes per input")
	flag.StringVar(&cfg.Scorer, "scorer", "", "scorer to ask for: auto, onnx or heuristic (default: the server's)")
	flag.Uint64Var(&cfg.Seed, "seed", uint64(time.Now().UnixNano()), "seed for the inputs")
	flag.BoolVar(&cfg.Retrieve, "retrieve", false, "read back every lossy result's original and compare")
	asJSON := flag.Bool("json", false, "print the report as JSON")
	echo := flag.String("echo", "", "serve a trivial echo server on this address instead (port 0 picks one)")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "kompress-load: unexpected arguments %q\n", flag.Args())
		os.Exit(2)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *echo != "" {
		if err := serveEcho(ctx, *echo); err != nil {
			fmt.Fprintln(os.Stderr, "kompress-load:", err)
			os.Exit(1)
		}
		return
	}
	rep, err := loadgen.Run(ctx, cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "kompress-load:", err)
		os.Exit(1)
	}
	if *asJSON {
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(struct {
			loadgen.Report
			ReqPerSec float64
		}{rep, rep.ReqPerSec()})
	} else {
		fmt.Println(rep)
	}
	if rep.Errors > 0 || rep.Mismatches > 0 {
		os.Exit(1)
	}
}

// serveEcho answers each compress request with its content, unchanged, as
// cheaply as a JSON HTTP server can: the floor under any real server's cost.
func serveEcho(ctx context.Context, addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"status":"ok"}`))
	})
	mux.HandleFunc("POST /v1/compress", func(w http.ResponseWriter, r *http.Request) {
		var req wire.CompressRequest
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		n := len(req.Content)
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(wire.Result{Text: req.Content, Strategy: "echo", OriginalBytes: n, CompressedBytes: n})
	})
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	fmt.Printf("http://%s\n", ln.Addr())
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
