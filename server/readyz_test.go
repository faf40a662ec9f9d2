package server_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/kompress/kompress"
	"github.com/kompress/kompress/model"
	"github.com/kompress/kompress/server"
	"github.com/kompress/kompress/wire"

	"github.com/kompress/kompress/internal/envconfig"
)

// TestReadyzModelState checks that /readyz reports the engine's model
// state, and is 503 when mode onnx has no model.
func TestReadyzModelState(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-model")
	t.Setenv(envconfig.NameModel, missing)
	cases := []struct {
		opts   kompress.Options
		status int
		state  string
		scorer string
	}{
		{kompress.Options{Scorer: "heuristic"}, 200, "heuristic", "heuristic"},
		{kompress.Options{Scorer: "auto", ModelDir: missing}, 200, "fallback", "heuristic"},
		{kompress.Options{Scorer: "onnx", ModelDir: missing}, 503, "", ""},
	}
	if _, err := model.RuntimeLib(); err == nil {
		dir, _ := filepath.Abs(filepath.Join("..", "testdata", "models", "bpe-final"))
		cases = append(cases, struct {
			opts   kompress.Options
			status int
			state  string
			scorer string
		}{kompress.Options{Scorer: "auto", ModelDir: dir}, 200, "loaded", "onnx:test-bpe-final"})
	}
	for _, tc := range cases {
		eng := kompress.New(tc.opts)
		eng.Warm(context.Background())
		srv := server.New(server.Config{}, eng, nil)
		rec := httptest.NewRecorder()
		srv.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/readyz", nil))
		if rec.Code != tc.status {
			t.Errorf("%s %q: /readyz = %d %s, want %d", tc.opts.Scorer, tc.opts.ModelDir, rec.Code, rec.Body, tc.status)
			continue
		}
		if tc.status != 200 {
			continue
		}
		var body struct {
			Status string          `json:"status"`
			Model  wire.ModelState `json:"model"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		if body.Model.Mode != tc.opts.Scorer || body.Model.State != tc.state || body.Model.Scorer != tc.scorer {
			t.Errorf("%s: model %+v, want state %q scorer %q", tc.opts.Scorer, body.Model, tc.state, tc.scorer)
		}
	}
}
