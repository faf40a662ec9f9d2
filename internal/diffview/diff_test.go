package diffview

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/kompress/kompress/internal/viewtest"

	"github.com/kompress/kompress/internal/lossy"

	"github.com/kompress/kompress/internal/ansi"
)

var diffCeilings = map[string]float64{
	"diff-ru-uuid":        0,
	"diff-ru-xnet-http2":  0.6,
	"diff-ru-xnet-html":   0,
	"diff-u-uuid":         0,
	"diff-u-xsys-unix":    0.85,
	"git-diff-stat":       0.87,
	"git-diff-stat-range": 0.45, // a diffstat alone, listed by directory
	"git-diff-word-color": 0.87,
	"git-diff":            0,
	"git-log-p":           0,
	"git-show":            0,
}

// diffHeader reports whether a line (colours stripped) is structure that
// must survive: file and hunk headers, commit headers and messages.
func diffHeader(l []byte) bool {
	for _, p := range []string{"diff ", "index ", "--- ", "+++ ", "@@", "commit ", "Author:", "Date:", "rename ",
		"similarity ", "new file mode", "deleted file mode", "old mode", "new mode", "Binary files", "Only in"} {
		if bytes.HasPrefix(l, []byte(p)) {
			return true
		}
	}
	return false
}

func TestDiffSamples(t *testing.T) {
	viewtest.CheckSamples(t, "diff", Diff, diffCeilings, func(t *testing.T, name string, in, out []byte) {
		huge := bytes.Count(in, []byte("\n+"))+bytes.Count(in, []byte("\n-")) > diffHugeChanges
		for _, l := range viewtest.Lines(in) {
			s := ansi.Strip(l)
			if diffHeader(s) && !bytes.Contains(out, l) {
				t.Errorf("header dropped: %q", l)
			}
			if !huge && len(s) > 0 && (s[0] == '+' || s[0] == '-') && !bytes.Contains(out, l) {
				t.Errorf("changed line dropped: %q", l)
			}
		}
	})
}

func TestDiffGolden(t *testing.T) {
	for _, name := range []string{"diff-u-xsys-unix", "git-diff-word-color"} {
		t.Run(name, func(t *testing.T) {
			out, err := Diff(viewtest.Read(t, "diff", name), lossy.Options{})
			if err != nil {
				t.Fatal(err)
			}
			viewtest.Golden(t, "diff", name, out)
		})
	}
}

// diffContextHunk builds a git diff of a file with a change every 40 lines
// and 3 lines of context, as git prints it.
func diffContextHunk(file string, lines int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "diff --git a/%s b/%s\nindex 1111111..2222222 100644\n--- a/%s\n+++ b/%s\n", file, file, file, file)
	for start := 1; start+7 <= lines; start += 40 {
		fmt.Fprintf(&b, "@@ -%d,7 +%d,7 @@ func f%d() {\n", start, start, start)
		for i := range 3 {
			fmt.Fprintf(&b, " \tctx := load(%d) // unchanged context line\n", start+i)
		}
		fmt.Fprintf(&b, "-\told := compute(%d)\n+\tnew := compute(%d, true)\n", start+3, start+3)
		for i := range 3 {
			fmt.Fprintf(&b, " \tctx := load(%d) // unchanged context line\n", start+4+i)
		}
	}
	return []byte(b.String())
}

func TestDiffTrimsContext(t *testing.T) {
	in := diffContextHunk("pkg/f.go", 2000)
	out, err := Diff(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range viewtest.Lines(in) {
		if len(l) > 0 && l[0] != ' ' && !bytes.Contains(out, l) {
			t.Errorf("line dropped: %q", l)
		}
	}
	// One context line each side of the change stays.
	if !bytes.Contains(out, []byte(" \tctx := load(3) // unchanged context line\n-\told := compute(4)\n+\tnew := compute(4, true)\n \tctx := load(5)")) {
		t.Errorf("context around the change not kept:\n%.600s", out)
	}
	if bytes.Contains(out, []byte("load(1) ")) || !bytes.Contains(out, []byte(lossy.Omitted(2, "unchanged lines"))) {
		t.Errorf("outer context not trimmed:\n%.600s", out)
	}
	if r := float64(len(out)) / float64(len(in)); r > 0.75 {
		t.Errorf("ratio %.2f", r)
	}
}

func TestDiffQueryKeepsContext(t *testing.T) {
	in := diffContextHunk("pkg/f.go", 400)
	out, err := Diff(in, lossy.Options{Query: "load(41)"})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out, []byte("load(41)")) {
		t.Error("context line matching the query dropped")
	}
}

func TestDiffCaps(t *testing.T) {
	var b strings.Builder
	b.WriteString("diff --git a/package-lock.json b/package-lock.json\nindex 1..2 100644\n--- a/package-lock.json\n+++ b/package-lock.json\n@@ -1,500 +1,500 @@\n")
	for i := range 500 {
		fmt.Fprintf(&b, "-    \"integrity\": \"sha512-old%d\",\n+    \"integrity\": \"sha512-new%d\",\n", i, i)
	}
	b.Write(diffContextHunk("main.go", 200))
	in := []byte(b.String())
	out, err := Diff(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out, []byte("changed lines (+490 −490) omitted")) {
		t.Errorf("lock file not capped:\n%.2000s", out)
	}
	if !bytes.Contains(out, []byte("+\tnew := compute(164, true)")) {
		t.Error("source change after the lock file dropped")
	}

	// TargetRatio caps ordinary files too.
	in = diffContextHunk("big.go", 40000)
	def, err := Diff(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tight, err := Diff(in, lossy.Options{TargetRatio: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	if len(tight) >= len(def)/2 || !bytes.Contains(tight, []byte(" hunks (+")) {
		t.Errorf("TargetRatio 0.1: %d bytes, default %d", len(tight), len(def))
	}
}

func TestDiffBadInput(t *testing.T) {
	for name, in := range map[string][]byte{
		"empty":     nil,
		"no-hunks":  []byte(strings.Repeat("diff --git a/x b/x\nBinary files a/x and b/x differ\n", 30)),
		"bad-count": []byte("@@ -1,99999999999999999999 +1 @@\n" + strings.Repeat(" x\n", 100) + "+y\n"),
		"only-at":   []byte(strings.Repeat("@@\n", 100)),
		"nul":       []byte("@@ -1,3 +1,3 @@\n \x00\n-\xff\n+a\n"),
	} {
		t.Run(name, func(t *testing.T) {
			out, err := Diff(in, lossy.Options{})
			if err != nil && !errors.Is(err, lossy.ErrNoGain) {
				t.Errorf("err = %v", err)
			}
			if err == nil && len(out) >= len(in) {
				t.Errorf("output %d >= input %d", len(out), len(in))
			}
		})
	}
}

func FuzzDiff(f *testing.F) {
	for _, s := range viewtest.Samples(f, "diff") {
		if len(s.In) < 4096 {
			f.Add(s.In)
		}
	}
	f.Add(diffContextHunk("a.go", 100))
	f.Fuzz(func(t *testing.T, in []byte) {
		out, err := Diff(in, lossy.Options{Query: "x"})
		again, _ := Diff(in, lossy.Options{Query: "x"})
		if !bytes.Equal(out, again) {
			t.Fatal("not deterministic")
		}
		if err == nil && len(out) >= len(in) {
			t.Fatal("no gain without lossy.ErrNoGain")
		}
	})
}

func BenchmarkDiff(b *testing.B) { viewtest.Bench(b, "diff", Diff) }

// TestDiffNoteCounts: a capped hunk whose dropped run mixes changed and
// unchanged lines says how many of each, and its count is their sum; a
// run of changed lines alone counts only those.
func TestDiffNoteCounts(t *testing.T) {
	var b strings.Builder
	b.WriteString("diff --git a/f.txt b/f.txt\n--- a/f.txt\n+++ b/f.txt\n@@ -1,900 +1,900 @@\n")
	for i := range 300 {
		fmt.Fprintf(&b, " keep %d\n-old %d\n+new %d\n", i, i, i)
	}
	out, err := Diff([]byte(b.String()), lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	note := regexp.MustCompile(`\[… (\d+) lines \(\+(\d+) −(\d+) changed, (\d+) unchanged\) omitted …\]`)
	m := note.FindSubmatch(out)
	if m == nil {
		t.Fatalf("no note for a mixed run:\n%.3000s", out)
	}
	n, _ := strconv.Atoi(string(m[1]))
	plus, _ := strconv.Atoi(string(m[2]))
	minus, _ := strconv.Atoi(string(m[3]))
	same, _ := strconv.Atoi(string(m[4]))
	if n != plus+minus+same || plus != minus || same == 0 {
		t.Errorf("note %s does not add up", m[0])
	}
	shown := bytes.Count(out, []byte("\n+new ")) + bytes.Count(out, []byte("\n-old "))
	if shown+plus+minus != 600 {
		t.Errorf("%d changed lines shown and %d noted, want 600 in all", shown, plus+minus)
	}
}
