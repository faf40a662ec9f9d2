package fold

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
)

// addSeeds seeds a fuzz target with the samples of the given kinds and
// some hand-made edge cases.
func addSeeds(f *testing.F, kinds ...string) {
	for _, k := range kinds {
		files, _ := filepath.Glob(filepath.Join("..", "testdata", "samples", k, "*.txt"))
		for _, file := range files {
			if b, err := os.ReadFile(file); err == nil && len(b) < 64<<10 {
				f.Add(b)
			}
		}
	}
	for _, s := range []string{
		"", "\n", "\n\n\n", "a", "[fold rg 1 line]\n", "[fold raw 1 line]",
		"a.go:1:x\na.go:2:y\na.go:3:z\n--\nb-1-c.go-4-w\nb-1-c.go:5:v",
		"x\nx\nx\nx\nx\nx\nx\nx", "./a\n./a/b\n./a/b/c\n/d\n/d/e\n",
		"{\n  \"a\": [],\n  \"b\": {}\n}\n", "\x1b[31mred\x1b[0m\n",
		"a.go:1:x\r\na.go:2:y\r\na.go:3:z\r\n",
	} {
		f.Add([]byte(s))
	}
}

// checkByteFold checks Expand(fold(x)) == x for a byte-exact fold.
func checkByteFold(t *testing.T, name string, fold func([]byte, func([]byte) bool) []byte, in []byte) {
	out := fold(in, nil)
	if out == nil {
		return
	}
	if len(out) >= len(in) {
		t.Fatalf("%s: folded %d bytes into %d", name, len(in), len(out))
	}
	got, err := Expand(out)
	if err != nil {
		t.Fatalf("%s: Expand: %v\nin: %q\nout: %q", name, err, in, out)
	}
	if !bytes.Equal(got, in) {
		t.Fatalf("%s: round trip differs\nin:  %q\nout: %q\ngot: %q", name, in, out, got)
	}
}

func FuzzSearchFold(f *testing.F) {
	addSeeds(f, "search", "log")
	f.Fuzz(func(t *testing.T, in []byte) { checkByteFold(t, "rg", foldSearch, in) })
}

func FuzzRepeatFold(f *testing.F) {
	addSeeds(f, "log")
	f.Fuzz(func(t *testing.T, in []byte) { checkByteFold(t, "repeat", foldRepeat, in) })
}

func FuzzPathsFold(f *testing.F) {
	addSeeds(f, "search")
	f.Fuzz(func(t *testing.T, in []byte) { checkByteFold(t, "paths", foldPaths, in) })
}

// FuzzJSONFold: the JSON fold's text is equal to the input under the
// equivalence it declares, and byte-exact when it says so.
func FuzzJSONFold(f *testing.F) {
	addSeeds(f, "json")
	f.Fuzz(func(t *testing.T, in []byte) {
		out, eq := foldJSON(in)
		if out == nil {
			return
		}
		got, err := Expand(out)
		if err != nil {
			t.Fatalf("Expand: %v\nin: %q\nout: %q", err, in, out)
		}
		if err := jsonEqual(in, got); err != nil {
			t.Fatalf("not JSON-equal: %v\nin: %q\nout: %q", err, in, out)
		}
		if eq == Byte && !bytes.Equal(in, got) {
			t.Fatalf("declared byte-exact, differs\nin:  %q\ngot: %q", in, got)
		}
	})
}

// FuzzExpand: Expand never panics, and Escape makes any text literal.
func FuzzExpand(f *testing.F) {
	addSeeds(f, "search")
	f.Add([]byte("[fold repeat 1 line x3]\nab"))
	f.Add([]byte("[fold paths 3 lines]\na/\n  b\n    c\n"))
	f.Add([]byte("[fold json 1 line indent=2]\n{\"a\":[1,{}]}"))
	f.Add([]byte("[fold repeat 1 line x134217728]\nA\n"))
	f.Add([]byte("x [kompress: 1 of 2 lines omitted; full output: retrieve id=0123456789ab]\n[fold raw 1 line]\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		// Bounded: a fuzzed header may ask for gigabytes.
		if out, err := ExpandLimit(in, 1<<22); err == nil && len(out) > 1<<22 {
			t.Fatalf("ExpandLimit wrote %d bytes past its limit", len(out))
		}
		esc := Escape(in)
		got, err := Expand(esc)
		if err != nil || !bytes.Equal(got, in) {
			t.Fatalf("Expand(Escape(x)) = %q, %v; want %q", got, err, in)
		}
		// No marker lookalike is left where expand reads markers.
		pieces, err := Pieces(esc)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pieces {
			if !p.Block && bytes.Contains(esc[p.Start:p.End], markerPrefix) {
				t.Fatalf("Escape left a marker lookalike outside blocks: %q", esc)
			}
		}
	})
}

// FuzzGateNeverAcceptsUnverified: a provider returns a fuzzed text and a
// fuzzed recovery, with each equivalence; whatever the gate returns must
// verify against the content under the equivalence it reports.
func FuzzGateNeverAcceptsUnverified(f *testing.F) {
	f.Add([]byte(jsonDoc), []byte(`{"name":"kompress","enabled":1}`), []byte(`{"name":"kompress","enabled":1}`), uint8(1))
	f.Add([]byte("a\na\na\na\na\na\n"), []byte("a\n"), []byte("a\na\na\na\na\na\n"), uint8(0))
	f.Add([]byte("x\x1b[1mbold\x1b[0m\n"), []byte("xbold\n"), []byte("xbold\n"), uint8(2))
	f.Fuzz(func(t *testing.T, content, text, recovered []byte, e uint8) {
		eq := []Equivalence{Byte, JSON, Visible, "other"}[e%4]
		liar := fakeProvider{"liar", func(context.Context, []byte) (*Proposal, error) {
			return &Proposal{Text: text, Recover: func() ([]byte, error) { return recovered, nil }, Equivalence: eq}, nil
		}}
		g := &Gate{Providers: []Provider{liar}, Accept: []Equivalence{Byte, JSON, Visible}}
		o := g.Fold(context.Background(), content, Info{})
		if o.Label == "" {
			if !bytes.Equal(o.Text, content) {
				t.Fatal("no winner but text changed")
			}
			return
		}
		if err := Verify(content, o.Text, o.Equivalence); err != nil {
			t.Fatalf("gate accepted %q (%s) that does not verify: %v", o.Label, o.Equivalence, err)
		}
		if len(o.Text) >= len(content) {
			t.Fatalf("gate accepted a text that is not smaller")
		}
	})
}

// FuzzSkipsAgree: passing over the spans no run can fold changes nothing:
// the search and paths folds give the text they give judging every line,
// with and without lines to keep; and a fold the survey rules out saves
// nothing.
func FuzzSkipsAgree(f *testing.F) {
	addSeeds(f, "search", "log", "prose")
	f.Add([]byte("a/b/c/d/e/f/g/h1\na/b/c/d/e/f/g/h2\nx\na/b/c/d/e/f/g/h3\na/b/c/d/e/f/g/h4\n"))
	f.Add([]byte("src/x.go:1:a\n--\nsrc/x.go-2-b\nsrc/x.go:3:c\nnot a hit\nsrc/x.go:4:d\n"))
	f.Add([]byte("a line\nsrc/fold/a.go\nsrc/fold/b.go\nsrc/fold/c.go\nsrc/fold/d.go\nsrc/fold/e.go\n"))
	f.Add([]byte("a line\nsrc/a.go:1:x\nsrc/a.go:2:y\nsrc/a.go:3:z\nsrc/a.go:4:w\n"))
	f.Add([]byte("a line\nthe same\nthe same\nthe same\nthe same\nthe same\nthe same\nthe same\n"))
	keeps := []func([]byte) bool{nil, func(line []byte) bool { return len(line)%5 == 2 }}
	f.Fuzz(func(t *testing.T, in []byte) {
		may := survey(in)
		for _, keep := range keeps {
			for _, c := range [...]struct {
				name string
				fold func([]byte, func([]byte) bool) []byte
				bit  uint8
			}{{"rg", foldSearch, maySearch}, {"repeat", foldRepeat, mayRepeat}, {"paths", foldPaths, mayPaths}} {
				if out := c.fold(in, keep); out != nil && may&c.bit == 0 {
					t.Fatalf("%s: the survey ruled out a fold that saves %d bytes\nin: %q", c.name, len(in)-len(out), in)
				}
			}
			if a, b := foldSearch(in, keep), foldSearchSkip(in, keep, -1); !bytes.Equal(a, b) {
				t.Fatalf("rg: skipping changed the text\nin:   %q\nskip: %q\nall:  %q", in, a, b)
			}
			if a, b := foldPaths(in, keep), foldPathsSkip(in, keep, -1); !bytes.Equal(a, b) {
				t.Fatalf("paths: skipping changed the text\nin:   %q\nskip: %q\nall:  %q", in, a, b)
			}
		}
	})
}

// FuzzVisibleEqual: the piece-by-piece check of a Visible fold never
// accepts what the full comparison refuses, and it accepts the colour
// fold of coloured text, which the gate then verifies without holding the
// recovery.
func FuzzVisibleEqual(f *testing.F) {
	addSeeds(f, "log")
	f.Add([]byte("\x1b[31mred\x1b[0m\n\x1b[31mred\x1b[0m\n\x1b[31mred\x1b[0m\n\x1b[31mred\x1b[0m\n"))
	f.Add([]byte("a\x1b[3\n1m\nb\x1b"))
	f.Fuzz(func(t *testing.T, in []byte) {
		text, eq := foldANSI(in, nil)
		if text == nil {
			return
		}
		if eq != Visible {
			t.Fatalf("foldANSI returned %s", eq)
		}
		got, err := Expand(text)
		full := err == nil && compare(in, got, Visible) == nil
		if visibleEqual(text, in) != full {
			t.Fatalf("visibleEqual = %v, full comparison %v (%v)\nin:   %q\ntext: %q", !full, full, err, in, text)
		}
		// Any other text: never accepted unless the full comparison does.
		other := append(bytes.Clone(text[:len(text)/2]), in[len(in)/2:]...)
		if visibleEqual(other, in) {
			got, err := Expand(other)
			if err != nil || compare(in, got, Visible) != nil {
				t.Fatalf("visibleEqual accepted %q for %q: %v", other, in, err)
			}
		}
	})
}
