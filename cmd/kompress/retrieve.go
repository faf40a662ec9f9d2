package main

import (
	"log/slog"

	"github.com/spf13/cobra"

	"github.com/kompress/kompress/store"
)

func newRetrieveCmd(_ *slog.Logger) *cobra.Command {
	var storeURL, tenant, server string
	cmd := &cobra.Command{
		Use:   "retrieve ID",
		Short: "Print the original bytes stored under a marker's id",
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usagef("retrieve takes exactly one ID")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if _, err := store.NormalizeID(args[0]); err != nil {
				return usagef("%q is not a kompress id: %v", args[0], err)
			}
			if url := serverURL(server); url != "" {
				if storeURL != "" {
					return usagef("--server and --store exclude each other: the server owns its store")
				}
				c, err := newServerClient(url)
				if err != nil {
					return err
				}
				orig, err := c.Retrieve(cmd.Context(), args[0])
				if err != nil {
					return err
				}
				_, err = cmd.OutOrStdout().Write(orig)
				return err
			}
			// Reading must not create a store: a mistyped path is an error.
			st, err := openOwnStore(cmd.Context(), storeURL, store.Options{MustExist: true})
			if err != nil {
				return err
			}
			defer st.Close()
			orig, err := st.Get(cmd.Context(), tenant, args[0])
			if err != nil {
				return err
			}
			_, err = cmd.OutOrStdout().Write(orig)
			return err
		},
	}
	cmd.Flags().StringVar(&storeURL, "store", "", "original store URL (default bolt under the user state dir)")
	cmd.Flags().StringVar(&server, "server", "", serverHelp)
	cmd.Flags().StringVar(&tenant, "tenant", "", "tenant namespace the original was stored under")
	return cmd
}
