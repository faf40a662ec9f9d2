package marker_test

import (
	"bytes"
	"testing"

	"github.com/kompress/kompress/internal/marker"
)

// BenchmarkFind scans a 1 MiB log with lookalike prefixes and one marker
// every 100 lines.
func BenchmarkFind(b *testing.B) {
	var text bytes.Buffer
	for i := 0; text.Len() < 1<<20; i++ {
		switch i % 100 {
		case 0:
			text.WriteString(marker.Marker(id, i, i+100, "lines") + "\n")
		case 50:
			text.WriteString("[kompress: not a marker] 2024-01-01T00:00:00Z level=info\n")
		default:
			text.WriteString("2024-01-01T00:00:00Z level=info msg=\"request served\" status=200 bytes=1234\n")
		}
	}
	b.SetBytes(int64(text.Len()))
	for b.Loop() {
		if len(marker.Find(text.Bytes())) == 0 {
			b.Fatal("no markers found")
		}
	}
}
