package main

import (
	"errors"
	"fmt"
	"io"
	"log/slog"

	"github.com/spf13/cobra"

	"github.com/kompress/kompress"
	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/wire"
)

type expandOptions struct {
	server   string
	store    string
	noStore  bool
	maxBytes int64
}

func newExpandCmd(log *slog.Logger) *cobra.Command {
	var o expandOptions
	cmd := &cobra.Command{
		Use:   "expand [FILE|-]",
		Short: "Undo lossless folds exactly and replace markers by their originals",
		Long: `Expand reads compressed text (stdin when no file or "-") and prints it with
every lossless fold undone. With access to the store it also replaces each
marker by its original; a lossy result (view plus final marker) expands to
its original as a whole. Markers whose id is not found stay as they are.`,
		Args: maxArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			name := "-"
			if len(args) == 1 {
				name = args[0]
			}
			if o.maxBytes <= 0 {
				return usagef("--max-bytes must be positive, got %d", o.maxBytes)
			}
			in := readInput(cmd.InOrStdin(), name, o.maxBytes, nil)
			if in.err != nil {
				return in.err
			}
			if url := serverURL(o.server); url != "" && !o.noStore {
				c, err := newServerClient(url)
				if err != nil {
					return err
				}
				res, err := c.Expand(cmd.Context(), string(in.data))
				if err != nil {
					return err
				}
				return o.print(cmd, res)
			}
			var st store.Store
			if !o.noStore {
				s, err := openOwnStore(cmd.Context(), o.store, store.Options{})
				if errors.Is(err, store.ErrLocked) || errors.As(err, new(usageError)) {
					return err
				}
				if err != nil {
					fmt.Fprintf(cmd.ErrOrStderr(), "kompress: warning: %v; markers left as they are\n", err)
				} else {
					st = s
					defer st.Close()
				}
			}
			eng := kompress.New(kompress.Options{Store: st, Logger: log})
			res, err := eng.Expand(cmd.Context(), "", string(in.data))
			if err != nil {
				return err
			}
			return o.print(cmd, res)
		},
	}
	cmd.Flags().StringVar(&o.server, "server", "", serverHelp)
	cmd.Flags().StringVar(&o.store, "store", "", "original store URL (default bolt under the user state dir)")
	cmd.Flags().BoolVar(&o.noStore, "no-store", false, "only undo lossless folds")
	cmd.Flags().Int64Var(&o.maxBytes, "max-bytes", defaultMaxInput, "largest input read, in bytes")
	return cmd
}

func (o *expandOptions) print(cmd *cobra.Command, res wire.ExpandResult) error {
	for _, id := range res.Missing {
		fmt.Fprintf(cmd.ErrOrStderr(), "kompress: warning: no original for marker id %s\n", id)
	}
	_, err := io.WriteString(cmd.OutOrStdout(), res.Text)
	return err
}
