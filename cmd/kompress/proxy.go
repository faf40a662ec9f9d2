package main

import (
	"log/slog"

	"github.com/spf13/cobra"

	"github.com/kompress/kompress"
	"github.com/kompress/kompress/internal/envconfig"
	"github.com/kompress/kompress/proxy"
	"github.com/kompress/kompress/server"
)

type proxyOptions struct {
	addr         string
	upstream     string
	tenant       string
	retrieveTool bool
	losslessOnly bool
	engineFlags
}

func newProxyCmd(_ *slog.Logger) *cobra.Command {
	var o proxyOptions
	cmd := &cobra.Command{
		Use:   "proxy --upstream URL",
		Short: "Sit between an agent and its model API, compressing tool results",
		Long: `Proxy POST /v1/messages (Anthropic), /v1/chat/completions and /v1/responses
(OpenAI) to --upstream, compressing the tool results in each request and
streaming the response back unchanged; paths match by their end, so a
gateway's prefix before them works, and token counts (/v1/messages/count_tokens,
/v1/responses/input_tokens) count the compressed request. Every header the
client sent is forwarded (API keys included; they are never logged). Other
paths are forwarded untouched, and the kompress HTTP API (/v1/compress,
/v1/retrieve/{id}, /v1/expand, /healthz, /readyz, /metrics) is served too.

Point the agent at it, for example:
  kompress proxy --upstream https://api.anthropic.com --retrieve-tool &
  ANTHROPIC_BASE_URL=http://127.0.0.1:8378 claude

With --retrieve-tool, requests that declare tools and carry a kompress marker
get a kompress_retrieve tool, whose calls the proxy answers from the store.

Environment:
` + envconfig.Help(),
		Args: maxArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := o.validate(); err != nil {
				return err
			}
			if o.upstream == "" {
				return usagef("--upstream is required, e.g. https://api.anthropic.com or https://api.openai.com")
			}
			return runService(cmd, o.engineFlags, o.addr, "proxying", func(eng *kompress.Engine, srv *server.Server, log *slog.Logger) ([]any, error) {
				px, err := proxy.New(proxy.Options{
					Upstream:     o.upstream,
					Engine:       eng,
					Tenant:       o.tenant,
					RetrieveTool: o.retrieveTool,
					LosslessOnly: o.losslessOnly,
					Logger:       log,
				})
				if err != nil {
					return nil, usagef("%v", err)
				}
				srv.Fallback(px)
				return []any{"upstream", envconfig.RedactURL(o.upstream), "retrieve_tool", o.retrieveTool}, nil
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.addr, "addr", "127.0.0.1:8378", "listen address; port 0 picks a free one")
	f.StringVar(&o.upstream, "upstream", "", "model API base URL, e.g. https://api.anthropic.com")
	f.StringVar(&o.tenant, "tenant", "", "store namespace of the originals the proxy keeps (with KOMPRESS_API_KEYS: the tenant whose key reads them back)")
	f.BoolVar(&o.retrieveTool, "retrieve-tool", false, "offer kompress_retrieve to the model and answer its calls")
	f.BoolVar(&o.losslessOnly, "lossless-only", false, "only verified lossless folds on tool results")
	o.register(f, "default prose scorer")
	return cmd
}
