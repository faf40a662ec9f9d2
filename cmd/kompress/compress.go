package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"unsafe"

	"github.com/spf13/cobra"
	"golang.org/x/term"

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
				if !wire.ValidTargetRatio(o.targetRatio) {
					return usagef("--target-ratio must be in (0, 1), got %v", o.targetRatio)
				}
				target = &o.targetRatio
			}
			if err := o.validate(); err != nil {
				return err
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
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	progress := newProgress(cmd.ErrOrStderr(), len(args))
	defer progress.done()

	failed := 0
	for i, name := range args {
		progress.step(i, name)
		in := readInput(cmd.InOrStdin(), name)
		if in.err != nil {
			fmt.Fprintf(cmd.ErrOrStderr(), "kompress: %v\n", in.err)
			failed++
			continue
		}
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
			line := struct {
				Source string `json:"source,omitempty"`
				wire.Result
			}{name, res}
			if err := enc.Encode(line); err != nil {
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

func readInput(stdin io.Reader, name string) input {
	var data []byte
	var err error
	if name == "-" {
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(name)
	}
	return input{name: name, data: data, err: err}
}

// openStore opens the store named by url, the default bolt file when empty.
func openStore(ctx context.Context, url string) (store.Store, error) {
	if url == "" {
		url = os.Getenv("KOMPRESS_STORE")
	}
	if url == "" {
		url = store.DefaultURL()
	}
	return store.Open(ctx, url, store.Options{})
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
