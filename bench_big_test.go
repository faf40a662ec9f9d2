package kompress

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kompress/kompress/wire"
)

// bigSize is about the size QA measures the CLI with.
const bigSize = 1 << 20

// bigInputs are ~1 MB inputs of the shapes QA found slow (prose, one large
// HTML page, a pass-through TOML manifest), built from testdata/samples by
// repetition, and the largest samples of other kinds as they are.
func bigInputs(b *testing.B) []sample {
	b.Helper()
	read := func(p string) []byte {
		d, err := os.ReadFile(filepath.Join("testdata/samples", p))
		if err != nil {
			b.Skip(err)
		}
		return d
	}

	var prose []byte
	files, _ := filepath.Glob("testdata/samples/prose/*.txt")
	for _, f := range files {
		prose = append(prose, read(strings.TrimPrefix(f, "testdata/samples/"))...)
	}
	prose = repeatTo(prose, bigSize)

	// One page with a long body: the body of a man page repeated.
	page := read("html/man-tar-html.txt")
	i, j := bytes.Index(page, []byte("<body")), bytes.LastIndex(page, []byte("</body>"))
	i += bytes.IndexByte(page[i:], '>') + 1
	html := append(bytes.Clone(page[:i]), repeatTo(page[i:j], bigSize)...)
	html = append(html, page[j:]...)

	out := []sample{
		{kind: "big", name: "prose", data: prose},
		{kind: "big", name: "html", data: html},
		{kind: "big", name: "toml", data: tomlManifest(bigSize)},
	}
	for _, p := range []string{
		"html/go-spec-head.txt",
		"diff/diff-ru-xnet-http2.txt",
		"log/x-gobuild-x.txt",
		"table/dpkg-l.txt",
		"search/grep-rn-errnil-big.txt",
		"json/go-list-m-json.txt",
		"code/c-zlib-h.txt",
	} {
		out = append(out, sample{kind: filepath.Dir(p), name: strings.TrimSuffix(filepath.Base(p), ".txt"), data: read(p)})
	}
	// KOMPRESS_BENCH_DIR adds every file of a directory (QA's inputs, say).
	if dir := os.Getenv("KOMPRESS_BENCH_DIR"); dir != "" {
		files, _ := filepath.Glob(filepath.Join(dir, "*"))
		for _, f := range files {
			if d, err := os.ReadFile(f); err == nil {
				out = append(out, sample{kind: "dir", name: filepath.Base(f), data: d})
			}
		}
	}
	return out
}

// repeatTo repeats b until it is at least n bytes long.
func repeatTo(b []byte, n int) []byte {
	out := make([]byte, 0, n+len(b))
	for len(out) < n {
		out = append(out, b...)
	}
	return out
}

// tomlManifest is a Rust channel manifest like the one QA passed through:
// nothing to fold or drop, so it measures the cost of deciding that.
func tomlManifest(n int) []byte {
	var b bytes.Buffer
	b.WriteString("manifest-version = \"2\"\ndate = \"2026-04-16\"\n")
	targets := []string{"aarch64-apple-darwin", "aarch64-unknown-linux-gnu", "x86_64-pc-windows-msvc", "x86_64-unknown-linux-gnu", "riscv64gc-unknown-linux-gnu"}
	for k := 0; b.Len() < n; k++ {
		pkg := fmt.Sprintf("pkg%d", k)
		fmt.Fprintf(&b, "\n[pkg.%s]\nversion = \"0.%d.0 (f2d3ce0bd 2026-03-21)\"\n", pkg, k)
		for t, target := range targets {
			h := fmt.Sprintf("%016x%016x%016x%016x", uint64(k)*0x9E3779B97F4A7C15, uint64(t+1)*0xC2B2AE3D27D4EB4F, uint64(k*t+7)*0x165667B19E3779F9, uint64(k+t)*0x27D4EB2F165667C5)
			fmt.Fprintf(&b, "\n[pkg.%s.target.%s]\navailable = true\n", pkg, target)
			fmt.Fprintf(&b, "url = \"https://static.rust-lang.org/dist/2026-04-16/%s-1.95.0-%s.tar.gz\"\nhash = \"%s\"\n", pkg, target, h)
			fmt.Fprintf(&b, "xz_url = \"https://static.rust-lang.org/dist/2026-04-16/%s-1.95.0-%s.tar.xz\"\nxz_hash = \"%s\"\n", pkg, target, h[32:]+h[:32])
		}
	}
	return b.Bytes()
}

// BenchmarkBig measures the whole default path (route, fold, compress,
// check, store, count tokens) on large inputs.
func BenchmarkBig(b *testing.B) {
	st := memStore(b)
	e := New(Options{Store: st, Scorer: "heuristic"})
	e.Warm(context.Background())
	for _, s := range bigInputs(b) {
		b.Run(s.kind+"-"+s.name, func(b *testing.B) {
			ctx := context.Background()
			req := wire.CompressRequest{Content: string(s.data)}
			res, err := e.Compress(ctx, "bench", req)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(s.data)))
			for b.Loop() {
				if _, err := e.Compress(ctx, "bench", req); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(res.CompressedBytes)/float64(res.OriginalBytes), "ratio")
			b.Logf("%s: %d bytes, kind %s, strategy %s", s.name, len(s.data), res.Kind, res.Strategy)
		})
	}
}
