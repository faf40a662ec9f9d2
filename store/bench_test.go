package store_test

import (
	"context"
	"encoding/binary"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kompress/kompress/internal/sample"
	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/store/storetest"
)

// benchStores opens each backend for a benchmark; Redis only when
// redis-server is installed.
func benchStores(b *testing.B) []struct {
	name string
	open func(b *testing.B) store.Store
} {
	return []struct {
		name string
		open func(b *testing.B) store.Store
	}{
		{"memory", func(b *testing.B) store.Store { return storetest.Memory(b) }},
		{"bolt", func(b *testing.B) store.Store { return storetest.Bolt(b) }},
		// Full after 1,024 originals of benchSize: every Put evicts.
		{"bolt-full", func(b *testing.B) store.Store {
			return storetest.Open(b, "bolt:"+b.TempDir()+"/ccr.db", store.Options{MaxBytes: 1024 * benchSize})
		}},
		{"redis", func(b *testing.B) store.Store {
			url, _ := storetest.StartRedis(b)
			return storetest.Open(b, url, store.Options{})
		}},
	}
}

const benchSize = 4 << 10 // a typical tool output

func BenchmarkPut(b *testing.B) {
	for _, bs := range benchStores(b) {
		b.Run(bs.name, func(b *testing.B) {
			s := bs.open(b)
			ctx := context.Background()
			data := make([]byte, benchSize)
			b.SetBytes(benchSize)
			n := 0
			for b.Loop() {
				binary.LittleEndian.PutUint64(data, uint64(n)) // a new original each time
				n++
				if _, err := s.Put(ctx, "", data); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "ops/s")
		})
	}
}

func BenchmarkGet(b *testing.B) {
	for _, bs := range benchStores(b) {
		b.Run(bs.name, func(b *testing.B) {
			s := bs.open(b)
			ctx := context.Background()
			ids := make([]string, 256)
			data := make([]byte, benchSize)
			for i := range ids {
				binary.LittleEndian.PutUint64(data, uint64(i))
				id, err := s.Put(ctx, "", data)
				if err != nil {
					b.Fatal(err)
				}
				ids[i] = id
			}
			b.SetBytes(benchSize)
			n := 0
			for b.Loop() {
				if _, err := s.Get(ctx, "", ids[n%len(ids)]); err != nil {
					b.Fatal(err)
				}
				n++
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "ops/s")
		})
	}
}

// BenchmarkPutParallel is Put under concurrent requests, as in the server.
func BenchmarkPutParallel(b *testing.B) {
	for _, bs := range benchStores(b) {
		b.Run(bs.name, func(b *testing.B) {
			s := bs.open(b)
			ctx := context.Background()
			var seq atomic.Uint64
			b.SetParallelism(8) // 16 goroutines on 2 cores
			b.SetBytes(benchSize)
			cpu := sample.CPUTime()
			b.RunParallel(func(pb *testing.PB) {
				data := make([]byte, benchSize)
				for pb.Next() {
					binary.LittleEndian.PutUint64(data, seq.Add(1))
					if _, err := s.Put(ctx, "", data); err != nil {
						b.Error(err)
						return
					}
				}
			})
			// CPU per Put counts the writer and the applier, which
			// ns/op on a loaded machine hides; for bolt through Close,
			// so what the applier left for it (up to applyDelay of
			// Puts) counts too. (The cleanup's Close is then a no-op.)
			b.ReportMetric(float64(seq.Load())/b.Elapsed().Seconds(), "ops/s")
			if strings.HasPrefix(bs.name, "bolt") {
				b.StopTimer()
				if err := s.Close(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((sample.CPUTime()-cpu).Microseconds())/float64(seq.Load()), "cpu-µs/op")
		})
	}
}

// BenchmarkPutPaced is Put at a steady 800 a second from 16 goroutines,
// about what the server sustains on 2 cores (scripts/bench-cli.sh -H):
// the journal's groups and the applier's batches are then those of the
// server, not of a loop that Puts as fast as the disk syncs. It reports
// CPU per Put, the writer's and the applier's included, through Close;
// b.N Puts take b.N/800 seconds (run it with -benchtime 4000x).
func BenchmarkPutPaced(b *testing.B) {
	const rate, workers = 800, 16
	for _, bs := range benchStores(b) {
		if bs.name == "redis" {
			continue
		}
		b.Run(bs.name, func(b *testing.B) {
			s := bs.open(b)
			ctx := context.Background()
			tokens := make(chan uint64)
			var wg sync.WaitGroup
			for range workers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					data := make([]byte, benchSize)
					for n := range tokens {
						binary.LittleEndian.PutUint64(data, n)
						if _, err := s.Put(ctx, "", data); err != nil {
							b.Error(err)
						}
					}
				}()
			}
			cpu := sample.CPUTime()
			tick := time.NewTicker(time.Second / rate)
			n := uint64(0)
			for b.Loop() {
				<-tick.C
				n++
				tokens <- n
			}
			tick.Stop()
			close(tokens)
			wg.Wait()
			if err := s.Close(); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64((sample.CPUTime()-cpu).Microseconds())/float64(n), "cpu-µs/op")
		})
	}
}
