package kompress

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"unsafe"

	"github.com/kompress/kompress/internal/ansi"
	"github.com/kompress/kompress/router"
	"github.com/kompress/kompress/wire"
)

// within reports whether b lies in the memory of text.
func within(b, text []byte) bool {
	if len(b) == 0 || len(text) == 0 {
		return false
	}
	p, lo := uintptr(unsafe.Pointer(unsafe.SliceData(b))), uintptr(unsafe.Pointer(unsafe.SliceData(text)))
	return p >= lo && p+uintptr(len(b)) <= lo+uintptr(len(text))
}

// TestUnstripLines: failure lines judged in a stripped copy come back with
// the same bytes, from the raw text where it holds them without an escape
// inside, copied otherwise, and never in the stripped copy's memory.
func TestUnstripLines(t *testing.T) {
	raw := []byte("ok line\n\x1b[31mFAIL\x1b[0m: TestA\nerror: plain failure\n\x1b]8;;x\x07\x1b[1mpanic: boom\x1b[0m\nlast error\n")
	plain := ansi.Strip(raw)
	var lines [][]byte
	for line := range bytes.Lines(plain) {
		lines = append(lines, bytes.TrimSuffix(line, []byte("\n")))
	}
	lines = append(lines[1:], plain[3:7]) // out of order: "line"
	got := unstripLines(lines, plain, raw)
	inRaw := 0
	for i, l := range got {
		if !bytes.Equal(l, lines[i]) {
			t.Errorf("line %d = %q, want %q", i, l, lines[i])
		}
		if within(l, plain) {
			t.Errorf("line %d %q is in the stripped copy", i, l)
		}
		if within(l, raw) {
			inRaw++
		}
	}
	// "error: plain failure", "panic: boom" (after the escapes) and "last
	// error" lie in raw whole; "FAIL: TestA" has an escape inside.
	if inRaw != 3 {
		t.Errorf("%d lines from raw, want 3", inRaw)
	}
}

// TestFoldSectionsUnbuilt: mixed input's folded sections are joined only
// when the whole saves enough to be returned; otherwise only the length
// comes back, the length the joined text would have had.
func TestFoldSectionsUnbuilt(t *testing.T) {
	files, _ := filepath.Glob("testdata/samples/mixed/*.txt")
	ctx := context.Background()
	built, unbuilt := 0, 0
	for _, f := range files {
		in, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		req := wire.CompressRequest{Content: string(in)}
		foldAt := func(min float64) ([]byte, int, []wire.Step) {
			e := New(Options{MinSavings: min, Encoding: "none"})
			r := &request{in: in, req: req, res: &wire.Result{}}
			r.route()
			text, n, _, steps := e.foldSections(ctx, &e.gate, r)
			return text, n, steps
		}
		all, n, steps := foldAt(1e-9) // every saving is enough: always joined
		if len(router.Split(in)) < 2 || len(steps) == 0 || n >= len(in) {
			continue
		}
		if len(all) != n {
			t.Fatalf("%s: joined text of %d bytes, length %d", f, len(all), n)
		}
		text, n2, _ := foldAt(0.99)
		if n2 != n || text != nil {
			t.Errorf("%s: saving %d of %d bytes, short of 99%%: text of %d bytes, length %d; want none, length %d", f, len(in)-n, len(in), len(text), n2, n)
		}
		unbuilt++
		if 1-float64(n)/float64(len(in)) >= DefaultMinSavings {
			text, _, _ := foldAt(DefaultMinSavings)
			if !bytes.Equal(text, all) {
				t.Errorf("%s: saves enough, but the text is not the joined folds", f)
			}
			built++
		}
	}
	if built == 0 || unbuilt == 0 {
		t.Fatalf("samples exercised %d built and %d unbuilt joins; want both", built, unbuilt)
	}
}
