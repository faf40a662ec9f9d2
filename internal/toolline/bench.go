package toolline

import "bytes"

// BenchResult reports a result line of go test -bench, "BenchmarkJoin64-2
// \t 2000\t 1035 ns/op\t 33 B/op\t 2 allocs/op": the benchmark's name, its
// iteration count and a time per op. The numbers are what the run was for.
func BenchResult(l []byte) bool {
	// Both words are in every result line: a row without them is not cut
	// into fields (table rows are, each, and allocated their fields).
	if !bytes.Contains(l, []byte("ns/op")) || !bytes.Contains(l, []byte("Benchmark")) {
		return false
	}
	f := bytes.Fields(l)
	if len(f) < 4 || !bytes.HasPrefix(f[0], []byte("Benchmark")) {
		return false
	}
	for _, c := range f[1] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return string(f[3]) == "ns/op"
}
