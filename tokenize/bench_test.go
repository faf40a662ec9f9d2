package tokenize

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kompress/kompress/internal/sample"
)

// SampleProse returns about n bytes of deterministic English-like prose with
// a Zipf-distributed vocabulary, so words repeat as in real text.
func sampleProse(n int) string {
	vocab := strings.Fields(`the of and to a in is that for it as was with be by on not he this are or
	his from at which but have an they you were her she there been one all we their has would when if
	so what no more can out other will time up do about into than could only must should never model
	compression tokenizer window chunk score keep drop sentence paragraph context retrieval original
	configuration failure error warning request response server client latency throughput benchmark
	quickly carefully although however therefore because meanwhile instead otherwise whether`)
	r := rand.New(rand.NewPCG(1, 2))
	z := rand.NewZipf(r, 1.1, 2, uint64(len(vocab)-1))
	var b strings.Builder
	for b.Len() < n {
		words := 8 + r.IntN(14)
		for i := range words {
			w := vocab[z.Uint64()]
			if i == 0 {
				w = strings.ToUpper(w[:1]) + w[1:]
			}
			b.WriteString(w)
			if i == words-1 {
				b.WriteString(". ")
			} else if r.IntN(9) == 0 {
				b.WriteString(", ")
			} else {
				b.WriteByte(' ')
			}
		}
		if r.IntN(5) == 0 {
			b.WriteString("\n")
		}
	}
	return b.String()
}

// sampleLogs returns about n bytes of log lines with timestamps, ids and
// durations that rarely repeat.
func sampleLogs(n int) string { return sampleLogsSeed(n, 3) }

func sampleLogsSeed(n int, seed uint64) string {
	r := rand.New(rand.NewPCG(seed, 4))
	levels := []string{"INFO", "INFO", "INFO", "WARN", "ERROR", "DEBUG"}
	msgs := []string{"request completed", "cache miss for key", "connection refused by", "retrying upload of",
		"worker started on", "checkpoint written to", "slow query on table", "user logged in from"}
	var b strings.Builder
	for b.Len() < n {
		fmt.Fprintf(&b, "2024-05-%02d %02d:%02d:%02d.%03d %s [%s] %s %s id=%08x took=%dms\n",
			1+r.IntN(28), r.IntN(24), r.IntN(60), r.IntN(60), r.IntN(1000), levels[r.IntN(len(levels))],
			fmt.Sprintf("svc-%d", r.IntN(12)), msgs[r.IntN(len(msgs))],
			fmt.Sprintf("/var/lib/app/shard-%d/obj_%d.dat", r.IntN(64), r.IntN(100000)), r.Uint32(), r.IntN(5000))
	}
	return b.String()
}

func BenchmarkEncode(b *testing.B) {
	const size = 64 << 10
	samples := []struct{ name, text string }{{"prose", sampleProse(size)}, {"logs", sampleLogs(size)}}
	for _, tc := range tokenizers {
		tok := load(b, tc.name)
		for _, s := range samples {
			b.Run(fmt.Sprintf("sugarme/%s/%s", tc.name, s.name), func(b *testing.B) {
				cpu := sample.CPUTime()
				for b.Loop() {
					if _, err := tok.reference(s.text, true); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(len(s.text))*float64(b.N)/b.Elapsed().Seconds()/1e6, "MB/s")
				b.ReportMetric(float64(len(s.text))*float64(b.N)/(sample.CPUTime()-cpu).Seconds()/1e6, "MB/cpu-s")
			})
			// cold: every iteration starts with an empty cache, as the
			// first text a process sees does.
			for _, cold := range []bool{true, false} {
				name := map[bool]string{true: "cold", false: "warm"}[cold]
				b.Run(fmt.Sprintf("ours-%s/%s/%s", name, tc.name, s.name), func(b *testing.B) {
					words := Words(s.text)
					cpu := sample.CPUTime()
					for b.Loop() {
						if cold {
							tok.cache.init(cacheWords)
							if tok.bpe != nil {
								tok.bpe.pieces.reset()
							}
							if tok.wp != nil {
								tok.wp.pieces.reset()
							}
						}
						if _, err := tok.Encode(s.text, words); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(len(s.text))*float64(b.N)/b.Elapsed().Seconds()/1e6, "MB/s")
					b.ReportMetric(float64(len(s.text))*float64(b.N)/(sample.CPUTime()-cpu).Seconds()/1e6, "MB/cpu-s")
				})
			}
		}
	}
}

// BenchmarkEncodeStream encodes a stream of distinct log chunks through one
// long-lived tokenizer: the steady state of a server, where caches are
// warm with common words but every chunk brings new ids and timestamps.
// Chunks repeat only past 40 iterations: run it with -benchtime 40x.
func BenchmarkEncodeStream(b *testing.B) {
	const size = 64 << 10
	chunks := make([]string, 8+2*40)
	for i := range chunks {
		chunks[i] = sampleLogsSeed(size, uint64(100+i))
	}
	for k, tc := range tokenizers {
		tok := load(b, tc.name)
		for _, c := range chunks[:8] { // warm up on other chunks
			if _, err := tok.Encode(c, Words(c)); err != nil {
				b.Fatal(err)
			}
		}
		b.Run(tc.name+"/logs", func(b *testing.B) {
			cpu, n, i := sample.CPUTime(), 0, 0
			for b.Loop() {
				c := chunks[8+k*40+i%40]
				i++
				if _, err := tok.Encode(c, Words(c)); err != nil {
					b.Fatal(err)
				}
				n += len(c)
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds()/1e6, "MB/s")
			b.ReportMetric(float64(n)/(sample.CPUTime()-cpu).Seconds()/1e6, "MB/cpu-s")
		})
	}
}
