package fold

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// byteFolds are the folds whose recovery must be byte-exact.
var byteFolds = map[string]func([]byte, func([]byte) bool) []byte{
	"rg":     foldSearch,
	"repeat": foldRepeat,
	"paths":  foldPaths,
}

// mustRoundTrip checks that text expands back to want exactly.
func mustRoundTrip(t *testing.T, want, text []byte) {
	t.Helper()
	got, err := Expand(text)
	if err != nil {
		t.Fatalf("Expand: %v\nfolded:\n%s", err, text)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("round trip differs\nfolded:\n%s\ngot:\n%q\nwant:\n%q", text, got, want)
	}
}

func TestHeader(t *testing.T) {
	tests := []struct {
		line string
		ok   bool
		h    header
	}{
		{"[fold rg 12 lines]", true, header{"rg", 12, ""}},
		{"[fold repeat 1 line x40]", true, header{"repeat", 1, "x40"}},
		{"[fold json 3 lines indent=2]", true, header{"json", 3, "indent=2"}},
		{"[fold my-ext.v2 7 lines a b]", true, header{"my-ext.v2", 7, "a b"}},
		{"[fold rg 0 lines]", false, header{}},
		{"[fold rg 012 lines]", false, header{}},
		{"[fold rg 12 lines]\r", false, header{}},
		{"[fold rg 12 lines] ", false, header{}},
		{"[fold rg 12]", false, header{}},
		{"[fold Rg 12 lines]", false, header{}},
		{"[fold rg 12 lines  x]", false, header{}},
		{"[fold rg 99999999999 lines]", false, header{}},
		{" [fold rg 12 lines]", false, header{}},
		{"[fold rg 2 lines x]y]", false, header{}},
	}
	for _, tt := range tests {
		h, ok := parseHeader([]byte(tt.line))
		if ok != tt.ok || ok && h != tt.h {
			t.Errorf("parseHeader(%q) = %+v, %v; want %+v, %v", tt.line, h, ok, tt.h, tt.ok)
		}
		if ok {
			if got := string(appendHeader(nil, h.name, h.lines, h.args)); strings.TrimSuffix(got, "\n") != tt.line && h.lines != 1 {
				t.Errorf("appendHeader round trip: %q, want %q", got, tt.line)
			}
			if n := headerLen(h.name, h.lines, h.args); n != len(appendHeader(nil, h.name, h.lines, h.args)) {
				t.Errorf("headerLen(%+v) = %d, want %d", h, n, len(appendHeader(nil, h.name, h.lines, h.args)))
			}
		}
	}
}

func TestExpandLiteralAndEscape(t *testing.T) {
	tests := []string{
		"",
		"plain text\nno blocks\n",
		"[fold rg 2 lines]\nlooks like a block\nbut is text\n",
		"x\n[fold raw 1 line]\n",
		"[fold nosuch 1 line]",
		"inline [fold rg 2 lines] is not at a line start\n",
		"[fold rg 2 lines]\r\nCRLF header-alike is literal\r\n",
	}
	for _, in := range tests {
		esc := Escape([]byte(in))
		mustRoundTrip(t, []byte(in), esc)
	}
}

func TestExpandErrors(t *testing.T) {
	tests := []string{
		"[fold rg 3 lines]\na.go\n1:x\n",         // body too short
		"[fold rg 1 line]",                       // header without body
		"[fold nosuch 1 line]\nbody\n",           // unknown fold
		"[fold rg 2 lines]\na.go\nnot-a-hit\n",   // a body line that is neither
		"[fold rg 2 lines]\n\n1:x\n",             // empty path
		"[fold repeat 1 line x1]\nline\n",        // a repeat of one
		"[fold repeat 1 line x99999999999]\nl\n", // absurd count
		"[fold json 1 line]\n{\"a\":\n",          // invalid JSON
		"[fold json 1 line indent=0]\n{}\n",      // bad layout
		"[fold json 1 line]\n{} {}\n",            // two values on a line
		"[fold paths 2 lines]\n a\nb\n",          // odd indent
		"[fold paths 2 lines]\na/\n    b\n",      // skips a level
		"[fold raw 1 line x]\nb\n",               // raw takes no args
	}
	for _, in := range tests {
		if got, err := Expand([]byte(in)); err == nil {
			t.Errorf("Expand(%q) = %q, want an error", in, got)
		}
	}
}

func TestSearchFold(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string // folded text; "" means nothing is folded
	}{
		{
			name: "hits and context",
			in: "fold/block.go-11-// Expand undoes\nfold/block.go:12:func Expand(text []byte) {\nfold/block.go-13-\tif x {\n--\n" +
				"fold/gate.go:40:\tout, err := Expand(p.Text)\nfold/gate.go:41:\tif err != nil {\n",
			want: "[fold rg 9 lines]\nfold/block.go\n11-// Expand undoes\n12:func Expand(text []byte) {\n13-\tif x {\n--\n\nfold/gate.go\n40:\tout, err := Expand(p.Text)\n41:\tif err != nil {\n",
		},
		{
			name: "same file in separate runs, no final newline",
			in: "internal/server/x.go:1:one\ninternal/server/x.go:2:two\ninternal/client/y.go:3:three\ninternal/client/y.go:4:four\n" +
				"internal/server/x.go:9:nine\ninternal/server/x.go:10:ten",
			want: "[fold rg 11 lines]\ninternal/server/x.go\n1:one\n2:two\n\ninternal/client/y.go\n3:three\n4:four\n\ninternal/server/x.go\n9:nine\n10:ten",
		},
		{
			name: "vimgrep columns and CRLF",
			in:   "src/main.rs:10:5:let x = 1;\r\nsrc/main.rs:11:9:let y = 2;\r\nsrc/main.rs:12:1:}\r\n",
			want: "[fold rg 4 lines]\nsrc/main.rs\n10:5:let x = 1;\r\n11:9:let y = 2;\r\n12:1:}\r\n",
		},
		{
			name: "path with -N- and context before the hit",
			in:   "logs/app-2024-01.log-4-before\nlogs/app-2024-01.log:5:the hit\nlogs/app-2024-01.log-6-after\nlogs/app-2024-01.log:7:again\n",
			want: "[fold rg 5 lines]\nlogs/app-2024-01.log\n4-before\n5:the hit\n6-after\n7:again\n",
		},
		{
			name: "path with colon",
			in:   "C:dir/a:b.go:3:x := 1\nC:dir/a:b.go:4:y := 2\nC:dir/a:b.go:5:z := 3\n",
			want: "[fold rg 4 lines]\nC:dir/a:b.go\n3:x := 1\n4:y := 2\n5:z := 3\n",
		},
		{
			name: "timestamps are not paths",
			in: strings.Repeat("2024-01-05 12:34:56 INFO started worker\n", 3) +
				strings.Repeat(`{"Time":"2026-11-29T13:32:40.1Z","Action":"run"}`+"\n", 3),
		},
		{
			name: "single-file grep has no paths",
			in:   "12:foo:34:bar\n13:foo:35:baz\n14:foo:36:qux\n",
		},
		{
			name: "context without a hit is not search output",
			in:   "CVE-2025-27613 fixed\nCVE-2025-27614 fixed\nCVE-2025-27615 fixed\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := foldSearch([]byte(tt.in), nil)
			if string(got) != tt.want {
				t.Fatalf("foldSearch:\n%s\nwant:\n%s", got, tt.want)
			}
			if got != nil {
				mustRoundTrip(t, []byte(tt.in), got)
			}
		})
	}
}

func TestSearchFoldLiteralLinesAndHeaders(t *testing.T) {
	in := "rg: ./secret: Permission denied (os error 13)\n" +
		strings.Repeat("internal/server/handler.go:1:x\n", 4) +
		"[fold rg 1 line]\n" +
		strings.Repeat("internal/server/handler.go:2:x\n", 4)
	got := foldSearch([]byte(in), nil)
	if got == nil {
		t.Fatal("nothing folded")
	}
	if !bytes.Contains(got, []byte("[fold raw 1 line]\n[fold rg 1 line]\n")) {
		t.Errorf("header-like literal line not escaped:\n%s", got)
	}
	mustRoundTrip(t, []byte(in), got)
}

func TestSearchFoldKeep(t *testing.T) {
	in := "main.go:3:2: undefined: x\nmain.go:4:2: undefined: y\nmain.go:5:2: undefined: z\nmain.go:6:1: ok line\n"
	keep := func(l []byte) bool { return bytes.Contains(l, []byte("undefined")) }
	if got := foldSearch([]byte(in), keep); got != nil {
		t.Errorf("kept lines were folded:\n%s", got)
	}
}

func TestRepeatFold(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{
			name: "run in the middle",
			in:   "start\n" + strings.Repeat("Downloading packages...\n", 5) + "done\n",
			want: "start\n[fold repeat 1 line x5]\nDownloading packages...\ndone\n",
		},
		{
			name: "run at the end without newline",
			in:   "start\n" + strings.Repeat("waiting for lock\n", 4) + "waiting for lock",
			want: "start\n[fold repeat 1 line x5]\nwaiting for lock",
		},
		{
			name: "CRLF",
			in:   strings.Repeat("progress 50%\r\n", 6),
			want: "[fold repeat 1 line x6]\nprogress 50%\r\n",
		},
		{
			name: "empty lines",
			in:   "a\n" + strings.Repeat("\n", 40) + "b\n",
			want: "a\n[fold repeat 1 line x40]\n\nb\n",
		},
		{name: "too short to pay", in: "ab\nab\nab\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := foldRepeat([]byte(tt.in), nil)
			if string(got) != tt.want {
				t.Fatalf("foldRepeat:\n%q\nwant:\n%q", got, tt.want)
			}
			if got != nil {
				mustRoundTrip(t, []byte(tt.in), got)
			}
		})
	}
}

func TestPathsFold(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{
			name: "rg -l",
			in: "src/github.com/kompress/fold/block.go\nsrc/github.com/kompress/fold/gate.go\nsrc/github.com/kompress/fold/json.go\n" +
				"src/github.com/kompress/router/kind.go\nsrc/github.com/kompress/router/split.go\nREADME.md\n",
			want: "[fold paths 9 lines]\nsrc/github.com/kompress/\n  fold/\n    block.go\n    gate.go\n    json.go\n  router/\n    kind.go\n    split.go\nREADME.md\n",
		},
		{
			name: "find lists directories before their files",
			in:   ".\n./alpha\n./alpha/beta.go\n./alpha/gamma.go\n./alpha/delta\n./alpha/delta/epsilon.go\n./alpha/delta/zeta.go\n./f.go\n",
			want: "[fold paths 8 lines]\n.\n  alpha\n    beta.go\n    gamma.go\n    delta\n      epsilon.go\n      zeta.go\n  f.go\n",
		},
		{
			name: "absolute paths, directory back again, CRLF",
			in: "/usr/lib/x86_64-linux-gnu/libx.so\r\n/usr/lib/x86_64-linux-gnu/liby.so\r\n/usr/lib/x86_64-linux-gnu/libz.so\r\n" +
				"/usr/share/doc/zlib/README\r\n/usr/lib/x86_64-linux-gnu/libw.so\r\n",
			want: "[fold paths 7 lines]\n/usr/\n  lib/x86_64-linux-gnu/\n    libx.so\r\n    liby.so\r\n    libz.so\r\n  share/doc/zlib/README\r\n  lib/x86_64-linux-gnu/libw.so\r\n",
		},
		{name: "prose is not a path list", in: "the quick brown fox\njumps over the lazy dog\nand/or runs away\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := foldPaths([]byte(tt.in), nil)
			if string(got) != tt.want {
				t.Fatalf("foldPaths:\n%q\nwant:\n%q", got, tt.want)
			}
			if got != nil {
				mustRoundTrip(t, []byte(tt.in), got)
			}
		})
	}
}

// TestRunsPastScratch: a run whose body outgrows the scratch buffer before
// the text exists is moved into the text, whether it then folds or not.
func TestRunsPastScratch(t *testing.T) {
	var same, distinct bytes.Buffer
	for i := 0; distinct.Len() < 2*scratchMax; i++ {
		fmt.Fprintf(&same, "src/internal/fold/gate.go:%d:\treturn x%d\n", i+1, i)
		fmt.Fprintf(&distinct, "src/internal/fold/gate%d.go:1:\treturn x\n", i)
	}
	tail := "not a hit\nsrc/a.go:1:x\nsrc/a.go:2:y\nsrc/a.go:3:z\nsrc/a.go:4:w\nsrc/a.go:5:v\n"
	if out := foldSearch(distinct.Bytes(), nil); out != nil {
		t.Errorf("distinct paths folded to %d bytes of %d", len(out), distinct.Len())
	}
	for name, in := range map[string][]byte{
		"one big run":             same.Bytes(),
		"big literal run, folded": append(bytes.Clone(distinct.Bytes()), tail...),
		"folded, big literal run": append([]byte(tail+"not a hit\n"), distinct.Bytes()...),
	} {
		out := foldSearch(in, nil)
		if out == nil || len(out) >= len(in) {
			t.Fatalf("%s: no fold", name)
		}
		if got, err := Expand(out); err != nil || !bytes.Equal(got, in) {
			t.Fatalf("%s: Expand gives %d bytes, %v; want the %d bytes in", name, len(got), err, len(in))
		}
	}
}
