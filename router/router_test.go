package router

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/golden/router")

const samplesDir = "../testdata/samples"

type sample struct {
	name string // kind/name
	want Kind
	data []byte
}

// samples loads every testdata/samples/<kind>/<name>.txt; the directory is
// the expected kind.
func samples(tb testing.TB) []sample {
	tb.Helper()
	paths, err := filepath.Glob(filepath.Join(samplesDir, "*", "*.txt"))
	if err != nil {
		tb.Fatal(err)
	}
	if len(paths) == 0 {
		tb.Fatal("no samples under " + samplesDir)
	}
	var out []sample
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		kind := filepath.Base(filepath.Dir(p))
		out = append(out, sample{name: kind + "/" + strings.TrimSuffix(filepath.Base(p), ".txt"), want: Kind(kind), data: data})
	}
	return out
}

func TestDetectSamples(t *testing.T) {
	for _, s := range samples(t) {
		t.Run(s.name, func(t *testing.T) {
			if got := Detect(s.data); got != s.want {
				t.Errorf("Detect = %s, want %s; sections:\n%s", got, s.want, describe(s.data, Split(s.data)))
			}
		})
	}
}

// describe prints sections with their first line, for failure messages and
// golden files.
func describe(b []byte, secs []Section) string {
	var sb strings.Builder
	for _, s := range secs {
		first := b[s.Start:s.End]
		if i := bytes.IndexByte(first, '\n'); i >= 0 {
			first = first[:i]
		}
		if len(first) > 60 {
			first = first[:60]
		}
		lines := bytes.Count(b[s.Start:s.End], []byte{'\n'})
		sb.WriteString(string(s.Kind) + " " + itoa(s.Start) + "-" + itoa(s.End) + " (" + itoa(lines) + " lines) " + strings.ToValidUTF8(string(StripANSI(first)), "?") + "\n")
	}
	return sb.String()
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var buf [20]byte
	i := len(buf)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		buf[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		buf[i] = '-'
	}
	return string(buf[i:])
}
