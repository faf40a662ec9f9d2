package main

import (
	"log/slog"

	"github.com/spf13/cobra"

	"github.com/kompress/kompress"
	"github.com/kompress/kompress/internal/mcp"
	"github.com/kompress/kompress/store"
)

func newMCPCmd(log *slog.Logger) *cobra.Command {
	var server, storeURL string
	cmd := &cobra.Command{
		Use:   "mcp [--server URL | --store URL]",
		Short: "Serve the kompress_retrieve and kompress_compress tools over MCP (stdio)",
		Long: `Run a Model Context Protocol server on stdin/stdout with the tools
kompress_retrieve (id, optional start_line, end_line, pattern) and
kompress_compress. With --server (or KOMPRESS_SERVER) it reads through a
running kompress serve or proxy, which owns the store; with --store it opens
one itself. Register it with Claude Code:

  claude mcp add kompress -- kompress mcp --server http://127.0.0.1:8378`,
		Args: maxArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			url := serverURL(server)
			if url != "" && storeURL != "" {
				return usagef("--server and --store exclude each other: the server owns its store")
			}
			s := &mcp.Server{Name: "kompress", Version: versionString()}
			if url != "" {
				c, err := newServerClient(url)
				if err != nil {
					return err
				}
				s.Backend = c
			} else {
				st, err := openOwnStore(cmd.Context(), storeURL, store.Options{})
				if err != nil {
					return err
				}
				defer st.Close()
				s.Backend = mcp.EngineBackend{Engine: kompress.New(kompress.Options{Store: st, Logger: log})}
			}
			return s.Serve(cmd.Context(), cmd.InOrStdin(), cmd.OutOrStdout())
		},
	}
	cmd.Flags().StringVar(&server, "server", "", serverHelp)
	cmd.Flags().StringVar(&storeURL, "store", "", "open this store instead of using a server")
	return cmd
}
