package main

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kompress/kompress/internal/tool"
)

func newToolsCmd() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "tools",
		Short: "Print the kompress_retrieve tool declaration for an agent's tool list",
		Long: `Print the declaration of the kompress_retrieve tool, to add to the tools an
agent sends its model: --format anthropic (Messages API "tools" entry), openai
(Chat Completions function tool) or openai-responses (Responses API function
tool). The agent answers the model's calls with GET /v1/retrieve/{id} or
"kompress retrieve ID". kompress proxy --retrieve-tool does all of this itself.`,
		Args: maxArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			b, err := tool.Schema(format)
			if err != nil {
				return usagef("--format: %v", err)
			}
			var out bytes.Buffer
			if err := json.Indent(&out, b, "", "  "); err != nil {
				return err
			}
			out.WriteByte('\n')
			_, err = cmd.OutOrStdout().Write(out.Bytes())
			return err
		},
	}
	cmd.Flags().StringVar(&format, "format", "openai", "schema format: "+strings.Join(tool.Formats, ", "))
	return cmd
}
