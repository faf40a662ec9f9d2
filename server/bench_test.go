package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/kompress/kompress/internal/loadgen"
	"github.com/kompress/kompress/server"
	"github.com/kompress/kompress/wire"
)

// halfEngine answers with the first half of the content as a lossy
// result: what a result of a 4 KB log costs to send, without the engine.
type halfEngine struct{ fakeEngine }

func (*halfEngine) Compress(_ context.Context, _ string, req wire.CompressRequest) (wire.Result, error) {
	text := req.Content[:len(req.Content)/2]
	return wire.Result{Text: text, Strategy: "lossy:log", Kind: "log", CCRID: "0123456789ab", Scorer: "heuristic",
		OriginalBytes: len(req.Content), CompressedBytes: len(text), OriginalTokens: 1000, CompressedTokens: 500,
		Tokenizer: "o200k_base", Steps: []wire.Step{{Kind: "log", Strategy: "log", OriginalBytes: len(req.Content), CompressedBytes: len(text)}}}, nil
}

// BenchmarkServerOverhead is the server's own cost of a compress request
// of a 4 KB log as kompress-load sends it, the engine aside: routing,
// middleware, metrics, the request log (JSON, discarded), decoding and
// encoding, in process (no sockets). "scoring": the request goes through
// a model-scoring slot and its backstop; "no-model": the engine has no
// model to score with (auto found none), so it does not.
func BenchmarkServerOverhead(b *testing.B) {
	body, _ := json.Marshal(wire.CompressRequest{Content: loadgen.Log(7, 4096), Tool: "Bash"})
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	for _, bc := range []struct {
		name string
		eng  server.Engine
	}{
		{"scoring", &halfEngine{}},
		{"no-model", modelless{&halfEngine{}}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			h := server.New(server.Config{}, bc.eng, log).Handler()
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for b.Loop() {
				req := httptest.NewRequest(http.MethodPost, "/v1/compress", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				w := httptest.NewRecorder()
				h.ServeHTTP(w, req)
				if w.Code != http.StatusOK {
					b.Fatalf("status %d: %s", w.Code, w.Body)
				}
			}
		})
	}
}
