package kompress

import (
	"iter"
	"os"
	"path/filepath"
	"testing"

	"github.com/kompress/kompress/wire"
)

// TestTargetRatioTokens checks that --target-ratio is a share of the
// result's tokens on prose and HTML: the compressed text (marker included)
// holds that share of the original's tokens within a few points, or, where
// what must stay (must-keep words, code blocks, a word per line, HTML
// conversion) already exceeds it, no more than that floor.
func TestTargetRatioTokens(t *testing.T) {
	ratio := targetRatio(t)
	for _, kind := range []string{"prose", "html"} {
		for f, text := range sampleTexts(t, kind) {
			floor, _ := ratio(text, 0.01)
			for _, target := range []float64{0.5, 0.3} {
				got, strategy := ratio(text, target)
				t.Logf("%s/%-30s target %.1f: tokens %.3f (floor %.3f) %s", kind, filepath.Base(f), target, got, floor, strategy)
				if strategy == "passthrough-low-saving" {
					continue // markup that is not HTML: nothing to compress
				}
				if got > max(target, floor)+0.03 || got < min(target, floor)-0.03 {
					t.Errorf("%s/%s: target %.1f gave %.3f of the tokens (floor %.3f)", kind, filepath.Base(f), target, got, floor)
				}
			}
		}
	}
}

// TestTargetRatioViews checks --target-ratio on the log and table views:
// the result holds about that share of the original's tokens, no more than
// a few points over it (unless what must stay, its floor at a ratio of
// 0.01, is more) and not far below it (unless the view shows all it can,
// its ceiling at 0.9, and that is less). Below is looser: a view grows by
// whole lines and levels (one step of a log of long apt lines is 9 points).
func TestTargetRatioViews(t *testing.T) {
	ratio := targetRatio(t)
	for _, kind := range []string{"log", "table"} {
		for f, text := range sampleTexts(t, kind) {
			floor, _ := ratio(text, 0.01)
			ceiling, _ := ratio(text, 0.9)
			for _, target := range []float64{0.5, 0.3, 0.2} {
				got, strategy := ratio(text, target)
				t.Logf("%s/%-34s target %.1f: tokens %.3f (floor %.3f, ceiling %.3f) %s", kind, filepath.Base(f), target, got, floor, ceiling, strategy)
				if got > max(target, floor)+0.04 || got < min(target, ceiling)-0.1 {
					t.Errorf("%s/%s: target %.1f gave %.3f of the tokens (floor %.3f, ceiling %.3f)", kind, filepath.Base(f), target, got, floor, ceiling)
				}
			}
		}
	}
}

// targetRatio returns a function that compresses text at target with the
// heuristic scorer and gives the share of the tokens kept, and the
// strategy.
func targetRatio(t *testing.T) func(text string, target float64) (float64, string) {
	e := New(Options{Store: memStore(t), Scorer: "heuristic"})
	return func(text string, target float64) (float64, string) {
		res := compress(t, e, wire.CompressRequest{Content: text, TargetRatio: &target})
		return float64(res.CompressedTokens) / float64(res.OriginalTokens), res.Strategy
	}
}

// sampleTexts yields the path and text of each sample of kind.
func sampleTexts(t *testing.T, kind string) iter.Seq2[string, string] {
	files, _ := filepath.Glob(filepath.Join("testdata", "samples", kind, "*.txt"))
	if len(files) == 0 {
		t.Fatalf("no %s samples", kind)
	}
	return func(yield func(string, string) bool) {
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if !yield(f, string(b)) {
				return
			}
		}
	}
}
