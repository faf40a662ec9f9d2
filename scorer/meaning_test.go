package scorer

import (
	"context"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/kompress/kompress/internal/failure"
)

// meaningWords are the words that change what a sentence says: conditions,
// alternatives, possibility and comparison. Dropping "if" turns a
// condition into a statement.
var meaningWords = map[string][]string{
	"conditional": {"if", "unless", "when", "whether", "until", "otherwise"},
	"disjunction": {"or", "nor", "either"},
	"modal":       {"can", "could", "will", "would", "may", "might", "shall"},
	"quantifier":  {"more", "less", "than", "all", "none", "every", "any", "most", "few", "only", "no"},
}

// meaningRetention counts, over the prose samples, how often each meaning
// word occurs and how often compression with o keeps it.
func meaningRetention(t *testing.T, o CompressOptions) (seen, kept map[string]int) {
	t.Helper()
	class := map[string]string{}
	for c, ws := range meaningWords {
		for _, w := range ws {
			class[w] = c
		}
	}
	seen, kept = map[string]int{}, map[string]int{}
	for _, ps := range samples(t) {
		_, words, keep, _, err := compress(context.Background(), Heuristic(), ps.Text, o)
		if err != nil {
			t.Fatal(err)
		}
		lines := layout(ps.Text, words, "", failure.Lines)
		for _, l := range lines {
			if l.verbatim {
				continue // kept whole whatever the scorer says
			}
			for i := l.w0; i < l.w1; i++ {
				w := strings.ToLower(wordKey(ps.Text[words[i].Start:words[i].End]))
				if _, ok := class[w]; !ok {
					continue
				}
				seen[w]++
				if keep[i] {
					kept[w]++
				}
			}
		}
	}
	return seen, kept
}

// TestMeaningWords checks that the heuristic keeps the meaning words of the
// prose samples, at its default threshold and at half the tokens.
func TestMeaningWords(t *testing.T) {
	for _, o := range []CompressOptions{{}, {TargetRatio: 0.5}} {
		seen, kept := meaningRetention(t, o)
		var names []string
		for w := range seen {
			names = append(names, w)
		}
		sort.Strings(names)
		var line []string
		for c, ws := range meaningWords {
			n, k := 0, 0
			for _, w := range ws {
				n += seen[w]
				k += kept[w]
			}
			t.Logf("target %.1f %-12s kept %4d of %4d", o.TargetRatio, c, k, n)
			if n > 0 && float64(k) < 0.9*float64(n) {
				t.Errorf("target %.1f: %s words kept %d of %d, want 90%%", o.TargetRatio, c, k, n)
			}
		}
		for _, w := range names {
			line = append(line, w+" "+strconv.Itoa(kept[w])+"/"+strconv.Itoa(seen[w]))
		}
		t.Logf("target %.1f: %s", o.TargetRatio, strings.Join(line, ", "))
	}
}
