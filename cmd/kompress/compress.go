package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"unicode/utf8"
	"unsafe"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/kompress/kompress/internal/envconfig"
	"github.com/kompress/kompress/internal/jsonout"
	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/wire"
)

type compressOptions struct {
	json         bool
	tool         string
	query        string
	targetRatio  float64
	losslessOnly bool
	lossyFiles   bool
	maxBytes     int64
	server       string
	engineFlags
}

func newCompressCmd(log *slog.Logger) *cobra.Command {
	var o compressOptions
	cmd := &cobra.Command{
		Use:   "compress [FILE...|-]",
		Short: "Compress files or stdin and print the result",
		Long: `Compress each input (stdin when none or "-") and print the compressed text,
or with --json one result object per input (JSON Lines).

Lossless folds are tried first and verified. Lossy results store the original
first (--store, default an embedded bolt file under the user's state
directory) and end with a marker naming the id for "kompress retrieve".`,
		RunE: func(cmd *cobra.Command, args []string) error {
			var target *float64
			if cmd.Flags().Changed("target-ratio") {
				if err := wire.CheckTargetRatio(o.targetRatio); err != nil {
					return usagef("--target-ratio %v", err)
				}
				target = &o.targetRatio
			}
			if err := o.validate(); err != nil {
				return err
			}
			if o.maxBytes <= 0 {
				return usagef("--max-bytes must be positive, got %d", o.maxBytes)
			}
			return o.run(cmd.Context(), cmd, args, target, log)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, "print one JSON result object per input (JSON Lines)")
	f.StringVar(&o.tool, "tool", "", "name of the tool that produced the output (Read, Bash, Grep, ...)")
	f.StringVar(&o.query, "query", "", "keep and rank what matches this text")
	f.Float64Var(&o.targetRatio, "target-ratio", 0, "aim for about this share of the input's tokens (o200k_base), in (0, 1)")
	f.BoolVar(&o.losslessOnly, "lossless-only", false, "only verified lossless folds; never drop anything")
	f.BoolVar(&o.lossyFiles, "lossy-ground-truth", false, "allow lossy compression of file-tool output and source code")
	f.Int64Var(&o.maxBytes, "max-bytes", defaultMaxInput, "largest input read, in bytes")
	f.StringVar(&o.server, "server", "", serverHelp)
	o.register(f, "prose scorer")
	return cmd
}

// input is one thing to compress.
type input struct {
	name string // "-" for stdin
	data []byte
	err  error
}

func (o *compressOptions) run(ctx context.Context, cmd *cobra.Command, args []string, target *float64, log *slog.Logger) error {
	if len(args) == 0 {
		args = []string{"-"}
	}
	compressOne, closeBackend, err := o.backend(ctx, cmd.ErrOrStderr(), log)
	if err != nil {
		return err
	}
	defer closeBackend()
	out := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
	defer out.Flush()
	progress := newProgress(cmd.ErrOrStderr(), len(args))
	defer progress.done()

	failed := 0
	// Without a store the engine keeps nothing of an input once its
	// result is written: the next input is read into the same buffer, so
	// that each file costs no new memory to fault in, zero and collect.
	// With one it may keep the input's string as the original (the memory
	// store does, see store.StringPutter): then a buffer is never reused.
	var reuse []byte
	for i, name := range args {
		progress.step(i, name)
		in := readInput(cmd.InOrStdin(), name, o.maxBytes, reuse)
		if o.losslessOnly && o.server == "" && cap(in.data) >= cap(reuse) {
			reuse = in.data
		}
		if in.err != nil {
			fmt.Fprintf(cmd.ErrOrStderr(), "kompress: %v\n", in.err)
			failed++
			continue
		}
		gcPace(len(in.data))
		req := wire.CompressRequest{
			Content:               unsafe.String(unsafe.SliceData(in.data), len(in.data)), // in.data is not reused: no copy
			Tool:                  o.tool,
			Query:                 o.query,
			TargetRatio:           target,
			LosslessOnly:          o.losslessOnly,
			Scorer:                o.scorer,
			AllowLossyGroundTruth: o.lossyFiles,
		}
		res, err := compressOne(ctx, req)
		if err != nil {
			return err
		}
		for _, w := range res.Warnings {
			log.Debug("compress warning", "input", name, "warning", w)
		}
		if o.json {
			// The text goes to the output escaped as it is read: a big
			// result is not held a second time as JSON, nor as base64.
			text := res.Text
			res.Text = ""
			encode := jsonout.Encode
			if !utf8.ValidString(text) {
				// A JSON string cannot hold these bytes: text gets U+FFFD
				// for each, text_base64 the exact bytes.
				encode = func(w io.Writer, v any, key, text string) error {
					return jsonout.EncodeBase64(w, v, key, text, "text_base64")
				}
				res.Warnings = append(res.Warnings, "text is not valid UTF-8: text_base64 holds its exact bytes")
			}
			line := struct {
				Source string `json:"source,omitempty"`
				wire.Result
			}{name, res}
			if err := encode(out, line, "text", text); err != nil {
				return err
			}
			continue
		}
		if len(args) > 1 {
			fmt.Fprintf(out, "==> %s <==\n", name)
		}
		io.WriteString(out, res.Text)
		if len(args) > 1 && len(res.Text) > 0 && res.Text[len(res.Text)-1] != '\n' {
			out.WriteByte('\n')
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d inputs could not be read", failed, len(args))
	}
	return out.Flush()
}

// bigInputBytes is the input size from which the collector runs at half
// the default heap growth (GOGC=50): on a big input the engine's buffers
// are mostly plain bytes, cheap to collect, and peak memory stays under
// four times the input (a 100 MB log: 480 -> 390 MB; with memLimit's soft
// limit too, 330). Below
// smallInputBytes it runs at four times the default (GOGC=400): the heap
// of a small input is small whatever the pace (tens of MB with the
// runtime's own), and each collection costs a short run more CPU than the
// memory it frees is worth (a sixth of the CPU of --lossless-only over
// the samples). Between the two, and whenever GOGC is set, the runtime's
// pace holds.
const (
	bigInputBytes   = 8 << 20
	smallInputBytes = 1 << 20
)

// gcPercent is the pace gcPace last set; 0 before the first input.
var gcPercent int

// gcPace sets the collector's pace for an input of n bytes: see
// bigInputBytes.
func gcPace(n int) {
	if os.Getenv("GOGC") != "" {
		return
	}
	p := 100
	switch {
	case n >= bigInputBytes:
		p = 50
	case n < smallInputBytes:
		p = 400
	}
	if p != gcPercent && (gcPercent != 0 || p != 100) {
		debug.SetGCPercent(p)
	}
	gcPercent = p
	if os.Getenv("GOMEMLIMIT") == "" && (n >= bigInputBytes || memLimited) {
		debug.SetMemoryLimit(memLimit(n, liveHeap()))
		memLimited = n >= bigInputBytes
	}
}

// memLimited is set while gcPace's soft memory limit is in force.
var memLimited bool

// memLimit is the soft memory limit for an input of n bytes read while
// live bytes of heap were in use (the input among them): what was live
// before the input, plus three times the input and some slack for the
// runtime. At GOGC=50 alone the heap of a 95 MB log still peaked near 4.2
// times the input; with the limit the collector runs sooner only when the
// heap nears it (peak RSS 3.4-3.6 times, CPU unchanged within noise). It
// is soft: a live heap past it makes the collector run more, never fail.
// Below bigInputBytes no limit holds (math.MaxInt64, the runtime's default).
func memLimit(n int, live uint64) int64 {
	if n < bigInputBytes {
		return math.MaxInt64
	}
	before := int64(live) - int64(n)
	if before < 0 {
		before = 0
	}
	return before + 3*int64(n) + 32<<20
}

// liveHeap returns the heap bytes the last collection found live plus
// those allocated since (the input just read among them).
func liveHeap() uint64 { return runtimeMetric("/memory/classes/heap/objects:bytes") }

// runtimeMetric reads one uint64 metric of runtime/metrics; 0 if the
// runtime does not have it.
func runtimeMetric(name string) uint64 {
	s := []metrics.Sample{{Name: name}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// defaultMaxInput is the largest input read, as the service's body limit:
// stdin that never ends (yes | kompress compress) must end in an error,
// not in the OOM killer.
const defaultMaxInput = 32 << 20

// readInput reads a file, or stdin for "-", refusing more than limit bytes.
// It reads into buf's memory when buf is large enough (any earlier input
// read there is overwritten).
func readInput(stdin io.Reader, name string, limit int64, buf []byte) input {
	r := stdin
	var size int64
	if name != "-" {
		f, data, err := readRegular(name, limit, buf)
		if f == nil {
			return input{name: name, data: data, err: err}
		}
		defer f.Close()
		r = f
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			if fi.Size() > limit {
				return input{name: name, err: tooBig(name, limit)}
			}
			size = fi.Size()
		}
	}
	// A file's size is known: one buffer of that size, not a doubling
	// series whose garbage would double the peak memory of a big input.
	if cap(buf) < int(size)+bytes.MinRead {
		buf = make([]byte, 0, int(size)+bytes.MinRead)
	}
	b := bytes.NewBuffer(buf[:0])
	n, err := b.ReadFrom(io.LimitReader(r, limit+1))
	if err == nil && n > limit {
		err = tooBig(name, limit)
	}
	if err != nil {
		return input{name: name, data: b.Bytes()[:0], err: err}
	}
	return input{name: name, data: b.Bytes()}
}

func tooBig(name string, limit int64) error {
	if name == "-" {
		name = "stdin"
	}
	return fmt.Errorf("%s: larger than the input limit of %d bytes (raise it with --max-bytes)", name, limit)
}

// openStore opens the store named by url, the default bolt file when empty.
// A URL it cannot read is a usage error (exit 2).
func openStore(ctx context.Context, url string, opts store.Options) (store.Store, error) {
	if url == "" {
		url = envconfig.Store()
	}
	if url == "" {
		url = store.DefaultURL()
	}
	st, err := store.Open(ctx, url, opts)
	if errors.Is(err, store.ErrBadURL) {
		return nil, usageError{err}
	}
	return st, err
}

// progress prints "[i/n] name" on stderr when it is a terminal and there
// are several inputs; results go to stdout untouched.
type progress struct {
	w     io.Writer
	n     int
	shown bool
}

func newProgress(w io.Writer, n int) *progress {
	p := &progress{w: w, n: n}
	if f, ok := w.(*os.File); !ok || n < 2 || !term.IsTerminal(int(f.Fd())) {
		p.w = nil
	}
	return p
}

func (p *progress) step(i int, name string) {
	if p.w == nil {
		return
	}
	const width = 30
	done := width * i / p.n
	bar := make([]byte, width)
	for j := range bar {
		bar[j] = '.'
		if j < done {
			bar[j] = '#'
		}
	}
	if len(name) > 40 {
		name = "…" + name[len(name)-39:]
	}
	fmt.Fprintf(p.w, "\r\033[K[%s] %d/%d %s", bar, i+1, p.n, name)
	p.shown = true
}

func (p *progress) done() {
	if p.w != nil && p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
