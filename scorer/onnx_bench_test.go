//go:build cgo

package scorer

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/kompress/kompress/internal/modelgen"
	"github.com/kompress/kompress/internal/sample"
	"github.com/kompress/kompress/tokenize"
)

// benchText returns about n bytes of words drawn from the test corpus.
func benchText(n int) string {
	words := strings.Fields(modelgen.Corpus)
	r := rand.New(rand.NewPCG(5, 6))
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(words[r.IntN(len(words))])
		if r.IntN(12) == 0 {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// BenchmarkONNXWindow measures one model run over full 512-token windows
// (the test model's graph is tiny, so this is the runtime's and our
// per-run overhead, not a transformer's cost).
func BenchmarkONNXWindow(b *testing.B) {
	m := loadModel(b, modelgen.BPEFinal)
	m.MaxLength = 512
	r := rand.New(rand.NewPCG(7, 8))
	for _, cfg := range []struct {
		threads int
		spin    bool
	}{{1, false}, {2, false}, {2, true}} {
		for _, batch := range []int{1, 8} {
			threads := cfg.threads
			b.Run(fmt.Sprintf("threads=%d/spin=%v/batch=%d", threads, cfg.spin, batch), func(b *testing.B) {
				s := newONNX(b, m, ONNXOptions{BatchSize: batch, Threads: threads, spin: cfg.spin})
				wins := make([]window, batch)
				for i := range wins {
					w := window{tokens: make([]int32, 510), words: make([]int32, 510)}
					for k := range w.tokens {
						w.tokens[k], w.words[k] = int32(r.IntN(300)), int32(k)
					}
					wins[i] = w
				}
				scores := make([]float32, 510)
				cpu := sample.CPUTime()
				for b.Loop() {
					if _, err := s.run(context.Background(), wins, scores); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*batch), "µs/window")
				b.ReportMetric(float64((sample.CPUTime()-cpu).Microseconds())/float64(b.N*batch), "cpu-µs/window")
			})
		}
	}
}

// BenchmarkONNXScore measures Score end to end (tokenize, window, run, map
// back) on 64 KB of text, with one or two goroutines scoring at once.
func BenchmarkONNXScore(b *testing.B) {
	text := benchText(64 << 10)
	words := tokenize.Words(text)
	b.Run("heuristic", func(b *testing.B) {
		h := Heuristic()
		for b.Loop() {
			if _, err := h.Score(context.Background(), text, words); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(text)*b.N)/b.Elapsed().Seconds()/1e6, "MB/s")
	})
	for _, name := range []string{modelgen.BPEFinal, modelgen.WordPieceLogits} {
		m := loadModel(b, name)
		m.MaxLength, m.WordsPerChunk = 512, 300
		for _, cfg := range []struct {
			threads int
			spin    bool
		}{{1, false}, {2, false}, {2, true}} {
			s := newONNX(b, m, ONNXOptions{Threads: cfg.threads, spin: cfg.spin})
			for _, g := range []int{1, 2} {
				b.Run(fmt.Sprintf("%s/threads=%d/spin=%v/goroutines=%d", name, cfg.threads, cfg.spin, g), func(b *testing.B) {
					cpu := sample.CPUTime()
					for b.Loop() {
						var wg sync.WaitGroup
						for range g {
							wg.Go(func() {
								if _, err := s.Score(context.Background(), text, words); err != nil {
									b.Error(err)
								}
							})
						}
						wg.Wait()
					}
					b.ReportMetric(float64(len(text)*g*b.N)/b.Elapsed().Seconds()/1e6, "MB/s")
					b.ReportMetric(float64(len(text)*g*b.N)/(sample.CPUTime()-cpu).Seconds()/1e6, "MB/cpu-s")
				})
			}
		}
	}
}
