package proxy

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// BenchmarkRewrite measures a long conversation's second pass through the
// proxy (results cached, as every turn after the first finds them): parse,
// look up each tool result, splice.
func BenchmarkRewrite(b *testing.B) {
	t := &testing.T{}
	eng := testEngine(t)
	px, err := New(Options{Upstream: "http://h.invalid", Engine: eng, RetrieveTool: true})
	if err != nil {
		b.Fatal(err)
	}
	var msgs []string
	for i := range 40 {
		out := strings.ReplaceAll(logText(), "items", fmt.Sprintf("items%d", i))
		msgs = append(msgs,
			fmt.Sprintf(`{"role":"assistant","content":[{"type":"tool_use","id":"t%d","name":"Bash","input":{}}]}`, i),
			fmt.Sprintf(`{"role":"user","content":[{"type":"tool_result","tool_use_id":"t%d","content":%s}]}`, i, q(out)))
	}
	body := []byte(`{"model":"m","tools":[{"name":"Bash"}],"messages":[` + strings.Join(msgs, ",") + `]}`)
	ctx := context.Background()
	out, _ := px.rewrite(ctx, anthropic, body)
	b.SetBytes(int64(len(body)))
	b.ResetTimer()
	for b.Loop() {
		px.rewrite(ctx, anthropic, body)
	}
	b.ReportMetric(float64(len(out))/float64(len(body)), "ratio")
}
