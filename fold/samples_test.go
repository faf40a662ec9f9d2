package fold

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/golden/fold")

// samples returns the real tool-output samples, kind/name.txt → content.
func samples(t testing.TB) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob("../testdata/samples/*/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Skip("no samples under testdata/samples")
	}
	m := make(map[string][]byte, len(files))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m[filepath.Base(filepath.Dir(f))+"/"+filepath.Base(f)] = b
	}
	return m
}

// TestBuiltinsVerifyOnSamples runs every built-in fold on every sample:
// whatever a fold proposes must expand to the original under the
// equivalence it declares, and must be strictly smaller.
func TestBuiltinsVerifyOnSamples(t *testing.T) {
	for name, b := range samples(t) {
		for _, p := range builtins {
			prop, err := p.Propose(context.Background(), b, Info{})
			if err != nil {
				t.Errorf("%s on %s: %v", p.Name(), name, err)
				continue
			}
			if prop == nil {
				continue
			}
			if len(prop.Text) >= len(b) {
				t.Errorf("%s on %s: %d bytes, not smaller than %d", p.Name(), name, len(prop.Text), len(b))
			}
			if err := Verify(b, prop.Text, prop.Equivalence); err != nil {
				t.Errorf("%s on %s: %v", p.Name(), name, err)
			}
		}
	}
}

// TestGateOnSamples pins which fold wins on real output and how much it
// saves at least; a regression in a fold shows up here.
func TestGateOnSamples(t *testing.T) {
	all := samples(t)
	tests := []struct {
		sample   string
		label    string
		eq       Equivalence
		maxRatio float64 // folded/original must not exceed this
	}{
		{"search/grep-rn-C2.txt", "rg", Byte, 0.65},
		{"search/grep-rn-errnil-big.txt", "rg", Byte, 0.6},
		{"search/x-grep-C2-panic.txt", "rg", Byte, 0.6},
		{"search/grep-rn-errorf.txt", "rg", Byte, 0.8},
		{"search/rg-n.txt", "rg", Byte, 0.85},
		{"search/x-rg-todo-compile.txt", "rg", Byte, 0.8},
		{"search/find-big.txt", "paths", Byte, 0.7},
		{"search/x-rg-l-mutex.txt", "paths", Byte, 0.75},
		{"search/rg-l.txt", "paths", Byte, 0.9},
		{"search/rg-heading.txt", "", Byte, 1},       // already in heading form
		{"json/npm-ls-json.txt", "json", Byte, 0.45}, // npm prints JSON.stringify(x, null, 2)
		{"json/package-lock.txt", "json", Byte, 0.8},
		{"json/go-list-json.txt", "json", Byte, 0.9}, // go's json.MarshalIndent, tabs
		{"json/ip-addr-pretty.txt", "json", JSON, 0.6},
		{"json/minified-npm-view.txt", "", Byte, 1},
		{"json/jsonl-npm-time.txt", "", Byte, 1},
		{"log/dpkg-log.txt", "", Byte, 1}, // timestamps are not search hits
		{"log/x-python-logging-traceback.txt", "", Byte, 1},
		{"log/go-test-json-fail.txt", "", Byte, 1},
		{"code/go-http-client.txt", "", Byte, 1},
		{"prose/debian-changelog.txt", "", Byte, 1},
	}
	g := &Gate{}
	for _, tt := range tests {
		t.Run(tt.sample, func(t *testing.T) {
			b, ok := all[tt.sample]
			if !ok {
				t.Skipf("sample %s missing", tt.sample)
			}
			o := g.Fold(context.Background(), b, Info{})
			if o.Label != tt.label || o.Equivalence != tt.eq {
				t.Fatalf("won by %q (%s), want %q (%s); skipped %v", o.Label, o.Equivalence, tt.label, tt.eq, o.Skipped)
			}
			if r := float64(len(o.Text)) / float64(len(b)); r > tt.maxRatio {
				t.Errorf("ratio %.3f, want at most %.2f", r, tt.maxRatio)
			}
			if err := Verify(b, o.Text, o.Equivalence); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestGolden pins the exact folded text of a few samples, so changes to
// the format are deliberate: go test ./fold -run Golden -update.
func TestGolden(t *testing.T) {
	all := samples(t)
	for _, name := range []string{
		"search/grep-rn-C2.txt",
		"search/rg-n.txt",
		"search/rg-panic-cobra.txt",
		"search/grep-missing-path.txt",
		"search/rg-l.txt",
		"search/find-paths.txt",
		"search/rg-C1-color.txt",
		"json/npm-ls-json.txt",
		"json/lsblk.txt",
		"json/go-mod-edit-json.txt",
		"log/npm-e404-ansi.txt",
		"diff/diff-ru-uuid.txt",
	} {
		t.Run(name, func(t *testing.T) {
			b, ok := all[name]
			if !ok {
				t.Skipf("sample %s missing", name)
			}
			o := (&Gate{Accept: []Equivalence{Byte, JSON, Visible}}).Fold(context.Background(), b, Info{})
			got := []byte("# label: " + o.Label + ", equivalence: " + string(o.Equivalence) + "\n")
			got = append(got, o.Text...)
			path := filepath.Join("..", "testdata", "golden", "fold", strings.ReplaceAll(name, "/", "-"))
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("folded text differs from %s (run with -update if intended)", path)
			}
		})
	}
}
