// Command kompress-load sends realistic tool outputs (about 4 KB each, a
// failure in every one, different every request) to a kompress server from
// a fixed number of connections and prints req/s, latency percentiles and
// errors. It exits 1 when any request failed or a retrieved original
// differed.
//
//	kompress-load -url http://127.0.0.1:8377 -c 16 -d 10s
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/kompress/kompress/internal/loadgen"
)

func main() {
	var cfg loadgen.Config
	flag.StringVar(&cfg.URL, "url", "http://127.0.0.1:8377", "base URL of the kompress server")
	flag.StringVar(&cfg.Key, "key", os.Getenv("KOMPRESS_API_KEY"), "bearer key (default $KOMPRESS_API_KEY)")
	flag.IntVar(&cfg.Conns, "c", 16, "concurrent connections")
	flag.DurationVar(&cfg.Duration, "d", 10*time.Second, "duration of the run")
	flag.IntVar(&cfg.Requests, "n", 0, "stop after this many requests (0 = no limit)")
	flag.IntVar(&cfg.Size, "size", 4096, "bytes per input")
	flag.StringVar(&cfg.Scorer, "scorer", "", "scorer to ask for: auto, onnx or heuristic (default: the server's)")
	flag.Uint64Var(&cfg.Seed, "seed", uint64(time.Now().UnixNano()), "seed for the inputs")
	flag.BoolVar(&cfg.Retrieve, "retrieve", false, "read back every lossy result's original and compare")
	asJSON := flag.Bool("json", false, "print the report as JSON")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "kompress-load: unexpected arguments %q\n", flag.Args())
		os.Exit(2)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
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
