package proxy

import (
	"context"
	"fmt"
	"net/http"
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
	body := conversationBody(40)
	ctx := context.Background()
	out, _ := px.rewrite(ctx, anthropic, body)
	b.SetBytes(int64(len(body)))
	b.ResetTimer()
	for b.Loop() {
		px.rewrite(ctx, anthropic, body)
	}
	b.ReportMetric(float64(len(out))/float64(len(body)), "ratio")
}

// conversationBody is an Anthropic request with n different compressible
// tool results.
func conversationBody(n int) []byte {
	var msgs []string
	for i := range n {
		out := strings.ReplaceAll(logText(), "items", fmt.Sprintf("items%d", i))
		msgs = append(msgs,
			fmt.Sprintf(`{"role":"assistant","content":[{"type":"tool_use","id":"t%d","name":"Bash","input":{}}]}`, i),
			fmt.Sprintf(`{"role":"user","content":[{"type":"tool_result","tool_use_id":"t%d","content":%s}]}`, i, q(out)))
	}
	return []byte(`{"model":"m","tools":[{"name":"Bash"}],"messages":[` + strings.Join(msgs, ",") + `]}`)
}

// BenchmarkEncodedRequest is BenchmarkRewrite for a body the client sent
// zstd-encoded (as Codex does): decode, rewrite (results cached), encode.
func BenchmarkEncodedRequest(b *testing.B) {
	t := &testing.T{}
	px, err := New(Options{Upstream: "http://h.invalid", Engine: testEngine(t), RetrieveTool: true})
	if err != nil {
		b.Fatal(err)
	}
	body := conversationBody(40)
	enc := encodeTest(t, "zstd", body)
	h := http.Header{"Content-Encoding": {"zstd"}}
	ctx := context.Background()
	out, _, _, _ := px.prepare(ctx, h, anthropic, enc)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		px.prepare(ctx, h, anthropic, enc)
	}
	b.ReportMetric(float64(len(out))/float64(len(enc)), "ratio")
}
