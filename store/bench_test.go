package store_test

import (
	"context"
	"encoding/binary"
	"sync/atomic"
	"testing"

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
			// ns/op on a loaded machine hides.
			b.ReportMetric(float64(seq.Load())/b.Elapsed().Seconds(), "ops/s")
			b.ReportMetric(float64((sample.CPUTime()-cpu).Microseconds())/float64(seq.Load()), "cpu-µs/op")
		})
	}
}
