package wire

import (
	"errors"
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	ratio := func(r float64) *float64 { return &r }
	tests := []struct {
		req  CompressRequest
		want string // "" when valid, else part of the error
	}{
		{CompressRequest{}, ""},
		{CompressRequest{TargetRatio: ratio(0.3), Scorer: ScorerHeuristic}, ""},
		{CompressRequest{Scorer: ScorerAuto}, ""},
		{CompressRequest{Scorer: ScorerONNX}, ""},
		{CompressRequest{TargetRatio: ratio(0)}, "target_ratio must be in (0, 1), got 0"},
		{CompressRequest{TargetRatio: ratio(1)}, "target_ratio must be in (0, 1), got 1"},
		{CompressRequest{Scorer: "gpt"}, `scorer must be auto, onnx or heuristic, got "gpt"`},
	}
	for _, tt := range tests {
		err := tt.req.Validate()
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%+v: %v", tt.req, err)
		case tt.want != "" && (!errors.Is(err, ErrBadRequest) || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%+v: error %v, want ErrBadRequest with %q", tt.req, err, tt.want)
		}
	}
}
