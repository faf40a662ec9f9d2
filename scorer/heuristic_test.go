package scorer

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/kompress/kompress/internal/failure"
	"github.com/kompress/kompress/internal/sample"
	"github.com/kompress/kompress/mustkeep"
	"github.com/kompress/kompress/router"
	"github.com/kompress/kompress/tokenize"
)

func heuristicScores(t testing.TB, text string) ([]tokenize.Word, []float32) {
	t.Helper()
	words := tokenize.Words(text)
	scores, err := Heuristic().Score(context.Background(), text, words)
	if err != nil {
		t.Fatal(err)
	}
	if len(scores) != len(words) {
		t.Fatalf("%d scores for %d words", len(scores), len(words))
	}
	return words, scores
}

func scoreOf(t *testing.T, text string, words []tokenize.Word, scores []float32, word string) float32 {
	t.Helper()
	for i, w := range words {
		if text[w.Start:w.End] == word {
			return scores[i]
		}
	}
	t.Fatalf("word %q not in %q", word, text)
	return 0
}

func TestHeuristicName(t *testing.T) {
	if got := Heuristic().Name(); got != "heuristic" {
		t.Errorf("Name() = %q", got)
	}
}

func TestHeuristicSignals(t *testing.T) {
	text := strings.Repeat("The server stores the data in the cache for the client.\n", 6) +
		"The server must not write the data to /var/lib/kompress unless asked.\n" +
		"Administrators sometimes configure replication through Kubernetes operators.\n"
	words, scores := heuristicScores(t, text)
	for _, w := range []string{"must", "not", "/var/lib/kompress", "unless"} {
		if s := scoreOf(t, text, words, scores, w); s != 1 {
			t.Errorf("protected %q scored %v, want 1", w, s)
		}
	}
	for _, w := range []string{"the", "in", "for", "to"} {
		if s := scoreOf(t, text, words, scores, w); s >= 0.5 {
			t.Errorf("function word %q scored %v, want < 0.5", w, s)
		}
	}
	// A long word on one line outscores a short word repeated on every line.
	if rare, common := scoreOf(t, text, words, scores, "replication"), scoreOf(t, text, words, scores, "data"); rare <= common {
		t.Errorf("rare %v <= common %v", rare, common)
	}
	// A capitalised word inside a sentence (a name) beats its lower-case peer.
	if name, plain := scoreOf(t, text, words, scores, "Kubernetes"), scoreOf(t, text, words, scores, "configure"); name <= plain {
		t.Errorf("name %v <= plain %v", name, plain)
	}
}

func TestHeuristicRangeAndDeterminism(t *testing.T) {
	for _, ps := range samples(t) {
		name, text := ps.Name, ps.Text
		_, a := heuristicScores(t, text)
		_, b := heuristicScores(t, text)
		if !slices.Equal(a, b) {
			t.Errorf("%s: scores differ between runs", name)
		}
		for i, s := range a {
			if !(s >= 0 && s <= 1) {
				t.Fatalf("%s: score %d = %v out of [0, 1]", name, i, s)
			}
		}
	}
}

// TestHeuristicCalibration pins the calibration: above 0.5 lie about
// two thirds of the words of man pages and READMEs, outside code blocks:
// the content words and the protected ones (negations, modals, conditions,
// quantifiers), while articles, pronouns, prepositions and fillers fall
// below.
func TestHeuristicCalibration(t *testing.T) {
	total, high := 0, 0
	for _, ps := range samples(t) {
		name, text := ps.Name, ps.Text
		words, scores := heuristicScores(t, text)
		n, h := 0, 0
		for _, l := range layout(text, words, router.Prose, failure.Lines) {
			if l.verbatim {
				continue
			}
			for i := l.w0; i < l.w1; i++ {
				n++
				if scores[i] > 0.5 {
					h++
				}
			}
		}
		share := float64(h) / float64(n)
		t.Logf("%-28s %.2f of %d words above 0.5", name, share, n)
		if share < 0.45 || share > 0.85 {
			t.Errorf("%s: %.2f of words above 0.5, want 0.45..0.85", name, share)
		}
		total += n
		high += h
	}
	if share := float64(high) / float64(total); share < 0.55 || share > 0.75 {
		t.Errorf("overall %.2f of words above 0.5, want 0.55..0.75", share)
	}
}

func TestHeuristicBadInput(t *testing.T) {
	h := Heuristic()
	if _, err := h.Score(context.Background(), "abc", []tokenize.Word{{Start: 0, End: 4}}); !errors.Is(err, ErrSpans) {
		t.Errorf("span past end: err = %v", err)
	}
	if _, err := h.Score(context.Background(), "ab cd", []tokenize.Word{{Start: 3, End: 5}, {Start: 0, End: 2}}); !errors.Is(err, ErrSpans) {
		t.Errorf("spans out of order: err = %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := h.Score(ctx, "ab", tokenize.Words("ab")); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v", err)
	}
	for _, text := range []string{"", "\xff\xfe \x00\x01 \xc3", strings.Repeat("\xe2\x80", 100), "# \n#"} {
		if _, err := h.Score(context.Background(), text, tokenize.Words(text)); err != nil {
			t.Errorf("Score(%q): %v", text, err)
		}
	}
}

func BenchmarkHeuristicScore(b *testing.B) {
	var sb strings.Builder
	for _, ps := range samples(b) {
		sb.WriteString(ps.Text)
	}
	text := sb.String()
	words := tokenize.Words(text)
	h := Heuristic()
	b.SetBytes(int64(len(text)))
	cpu := sample.CPUTime().Seconds()
	for b.Loop() {
		if _, err := h.Score(context.Background(), text, words); err != nil {
			b.Fatal(err)
		}
	}
	if d := sample.CPUTime().Seconds() - cpu; d > 0 {
		b.ReportMetric(float64(len(text))*float64(b.N)/1e6/d, "MB/cpu-s")
	}
}

// FuzzIsNumberWord: skipping words without a digit changes no answer of
// mustkeep's number class.
func FuzzIsNumberWord(f *testing.F) {
	for _, w := range []string{"42", "$1.06", "42,", "-3.5", "£5", "€12", "#123", "64-bit", "2nd", "one", ".5", "1e-9"} {
		f.Add(w)
	}
	f.Fuzz(func(t *testing.T, w string) {
		want := w != "" && !strings.ContainsAny(w[len(w)-1:], ",.;:)!?") && mustkeep.Class(w) == mustkeep.Number
		if got := isNumberWord(w); got != want {
			t.Fatalf("isNumberWord(%q) = %v, want %v", w, got, want)
		}
	})
}
