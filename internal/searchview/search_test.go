package searchview

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/kompress/kompress/internal/viewtest"

	"github.com/kompress/kompress/internal/lossy"

	"github.com/kompress/kompress/internal/failure"
	"github.com/kompress/kompress/internal/toolline"
	"github.com/kompress/kompress/router"
)

// searchCeilings are the ratios measured on our own samples, with a little
// headroom.
var searchCeilings = map[string]float64{
	"x-grep-C2-panic":      0.27,
	"x-grep-rn-deadline":   0.23,
	"x-rg-heading-funcnew": 0.07,
	"x-rg-l-mutex":         0.29,
	"x-rg-minified":        0.24,
	"x-rg-todo-compile":    0.12, // omitted hits' line numbers listed
	"grep-rn-errnil-big":   0.11, // omitted hits' line numbers listed
	"find-big":             0.03,
}

// searchLocations returns, for every hit line of a view, its file and line
// number, reading both the flat and the heading form; it fails the test on
// a line that is neither a hit, a heading, a separator nor a note.
func searchLocations(t *testing.T, out []byte) []string {
	t.Helper()
	var locs []string
	heading := ""
	// As grep's own readers must, resolve "a-1-b.go-400-x" by the paths of
	// the matches shown.
	known := make(map[string]bool)
	for _, l := range strings.Split(string(out), "\n") {
		if h, ok := toolline.ParseHit([]byte(l)); ok && !h.Context {
			known[string(h.Path)] = true
		}
	}
	for _, l := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		switch {
		case l == "":
			heading = ""
		case l == "--", strings.HasPrefix(l, "[… "), strings.HasPrefix(l, "  "):
			// separators, notes and the indented list of omitted files
		case heading != "":
			h, ok := toolline.ParseHeadingHit([]byte(l))
			if !ok {
				t.Fatalf("line %q under heading %q is not a hit", l, heading)
			}
			locs = append(locs, heading+":"+strconv.Itoa(h.Line))
		default:
			if h, ok := toolline.ParseHit([]byte(l)); ok {
				if h.Context && !known[string(h.Path)] {
					h = searchContextOf([]byte(l), known, h)
				}
				locs = append(locs, string(h.Path)+":"+strconv.Itoa(h.Line))
				continue
			}
			heading = l
		}
	}
	return locs
}

// searchInputLocations lists every hit location of the input.
func searchInputLocations(in []byte) map[string]bool {
	r := searchParse(in, searchFailures(lossy.Options{}, in))
	locs := make(map[string]bool)
	if r == nil {
		return locs
	}
	for _, f := range r.files {
		for _, h := range f.hits {
			locs[string(f.path)+":"+strconv.Itoa(h.line)] = true
		}
	}
	return locs
}

func TestSearchSamples(t *testing.T) {
	for _, s := range viewtest.Samples(t, "search") {
		t.Run(s.Name, func(t *testing.T) {
			out, err := Search(s.In, lossy.Options{})
			if errors.Is(err, lossy.ErrNoGain) {
				if c, ok := searchCeilings[s.Name]; ok {
					t.Fatalf("lossy.ErrNoGain, want a ratio under %.2f", c)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			again, _ := Search(s.In, lossy.Options{})
			if !bytes.Equal(out, again) {
				t.Fatal("output differs between runs")
			}
			ratio := float64(len(out)) / float64(len(s.In))
			if c, ok := searchCeilings[s.Name]; ok && ratio > c {
				t.Errorf("ratio %.3f, want at most %.2f", ratio, c)
			}
			r := searchParse(s.In, searchFailures(lossy.Options{}, s.In))
			if r.counts {
				// A -c view shows input lines ("path:N") and notes only.
				in := make(map[string]bool)
				for _, l := range strings.Split(string(s.In), "\n") {
					in[l] = true
				}
				for _, l := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
					if !strings.HasPrefix(l, "[") && !in[l] {
						t.Errorf("view shows %q, which is no line of the input", l)
					}
				}
			}
			if r.list || r.counts {
				return
			}
			// Every hit shown names a real location of the input: nothing
			// fused across files, no line number invented.
			in := searchInputLocations(s.In)
			for _, loc := range searchLocations(t, out) {
				if r.numbered && !in[loc] {
					t.Errorf("view shows %s, which is no hit of the input", loc)
				}
			}
			if m := failure.Missing(router.Search, s.In, out); len(m) > 0 {
				t.Errorf("failure lines missing: %q", m)
			}
			// Messages such as "grep: x: No such file or directory" stay.
			for _, m := range r.others {
				if !bytes.Contains(out, append(append([]byte{}, m...), '\n')) {
					t.Errorf("message %q lost", m)
				}
			}
		})
	}
}

// searchGoldenNames are samples without the x- prefix that have golden views.
var searchGoldenNames = map[string]bool{"rg-json-func-new": true}

func TestSearchGolden(t *testing.T) {
	for _, s := range viewtest.Samples(t, "search") {
		if !strings.HasPrefix(s.Name, "x-") && !searchGoldenNames[s.Name] {
			continue
		}
		t.Run(s.Name, func(t *testing.T) {
			out, err := Search(s.In, lossy.Options{})
			if err != nil {
				out = []byte("error: " + err.Error() + "\n")
			}
			viewtest.Golden(t, "search", s.Name, out)
		})
	}
}

// TestSearchListDirectories checks the note for the omitted paths of a
// names-only listing (unzip -Z1 of a jar): it names the directories that
// hold most of them, each with its count, so that a reader knows where a
// name it looks for would be.
func TestSearchListDirectories(t *testing.T) {
	in := viewtest.Read(t, "search", "unzip-Z1-junit4")
	out, err := Search(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`\[… (\d+) more files omitted in (.*), \+(\d+) more directories …\]`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("no note naming directories:\n%s", out)
	}
	count := map[string]int{}
	for _, l := range strings.Split(string(in), "\n") {
		if l != "" {
			count[l[:strings.LastIndex(strings.TrimSuffix(l, "/"), "/")+1]]++
		}
	}
	for _, d := range strings.Split(string(m[2]), ", ") {
		dir, n, _ := strings.Cut(d, " ×")
		k, _ := strconv.Atoi(n)
		if k < 2 || k > count[dir] {
			t.Errorf("%s: %d omitted, the listing has %d there", dir, k, count[dir])
		}
	}
	if !bytes.Contains(m[2], []byte("org/junit/runners/ ×")) {
		t.Errorf("the fullest directory is not named: %s", m[0])
	}
}

// searchFixture builds flat grep -n output: files f0..f(nf-1), each with nh
// hits; hit k of file 3 mentions "needle".
func searchFixture(nf, nh int) []byte {
	var b strings.Builder
	for f := range nf {
		for k := range nh {
			b.WriteString("src/pkg" + strconv.Itoa(f) + "/file.go:" + strconv.Itoa(10*k+1) + ":\tif err := call(ctx, x" + strconv.Itoa(k) + "); err != nil {")
			if f == 3 && k == 17 {
				b.WriteString(" // needle in haystack")
			}
			b.WriteString("\n")
		}
	}
	return []byte(b.String())
}

func TestSearchCapsAndCounts(t *testing.T) {
	in := searchFixture(60, 20)
	out, err := Search(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out, []byte("more hits omitted")) && !bytes.Contains(out, []byte("more hits at lines ")) {
		t.Error("no per-file count of omitted hits")
	}
	if !bytes.Contains(out, []byte(" more files omitted …]")) || !bytes.Contains(out, []byte("\n  src/pkg59/file.go (20 hits)\n")) && !bytes.Contains(out, []byte("further file names omitted")) {
		t.Errorf("no count of omitted files:\n%s", out)
	}
	// The counts add up: shown + omitted == input hits.
	shown := len(searchLocations(t, out))
	omitted := 0
	for _, l := range strings.Split(string(out), "\n") {
		if rest, ok := strings.CutPrefix(l, "[… "); ok && !strings.HasSuffix(l, "file names omitted …]") {
			n, _ := strconv.Atoi(rest[:strings.IndexByte(rest, ' ')])
			omitted += n
		}
	}
	if shown+omitted != 60*20 {
		t.Errorf("shown %d + omitted %d != %d hits", shown, omitted, 60*20)
	}
}

func TestSearchQuery(t *testing.T) {
	in := searchFixture(60, 20)
	out, err := Search(in, lossy.Options{Query: "where is the Needle"})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out, []byte("171:\tif err := call(ctx, x17); err != nil { // needle in haystack")) {
		t.Errorf("query-ranked hit not shown:\n%s", out)
	}
	// The file with the match is ranked first.
	if !bytes.HasPrefix(out, []byte("src/pkg3/file.go")) {
		t.Errorf("file matching the query not first:\n%.200s", out)
	}
}

func TestSearchForms(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string // lines the view must hold
	}{
		{
			"windows paths",
			strings.Repeat(`C:\src\app\main.go:12:	x := 1`+"\n", 1) + searchRepeat(`C:\src\app\util-2-x.go:N:	y := s[1:2:3]`, 40),
			[]string{`C:\src\app\main.go:12:	x := 1`, `[… 35 more hits in C:\src\app\util-2-x.go `},
		},
		{
			"context lines",
			// The query brings line 401 into view, with its context line.
			searchRepeat("a-1-b.go:N:match here", 30) + "--\n" + "a-1-b.go-400-context line\na-1-b.go:401:last match\n",
			[]string{"a-1-b.go", "400-context line", "401:last match"},
		},
		{
			"no line numbers",
			searchRepeat("lib/x.py:import os", 40) + searchRepeat("lib/y.py:import sys", 40),
			[]string{"lib/x.py:import os", "lib/y.py:import sys"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := Search([]byte(tt.in), lossy.Options{Query: "last"})
			if err != nil {
				t.Fatal(err)
			}
			var locs []string
			if in := []byte(tt.in); searchParse(in, searchFailures(lossy.Options{}, in)).numbered {
				locs = searchLocations(t, out)
			}
			in := searchInputLocations([]byte(tt.in))
			for _, loc := range locs {
				if !in[loc] {
					t.Errorf("view shows %s, which is no hit of the input", loc)
				}
			}
			for _, w := range tt.want {
				if !bytes.Contains(out, []byte(w)) {
					t.Errorf("view lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

// searchRepeat writes n copies of line, with "N" replaced by 1..n.
func searchRepeat(line string, n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		b.WriteString(strings.ReplaceAll(line, ":N:", ":"+strconv.Itoa(i)+":"))
		b.WriteString("\n")
	}
	return b.String()
}

func TestSearchLongLines(t *testing.T) {
	in := viewtest.Read(t, "search", "x-rg-minified")
	out, err := Search(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(out), "\n") {
		if len(l) > 600 {
			t.Errorf("line of %d bytes left uncut: %.100s", len(l), l)
		}
		if strings.Contains(l, "bytes omitted") && !strings.Contains(strings.ToLower(l), "isarray") {
			t.Errorf("cut line lost the match: %.200s", l)
		}
	}
}

func TestSearchBadInput(t *testing.T) {
	for name, in := range map[string][]byte{
		"empty": nil,
		"nul":   []byte("a.go:1:x\x00y\n"),
		"prose": []byte(strings.Repeat("This is not search output at all, just words.\n", 50)),
	} {
		if _, err := Search(in, lossy.Options{}); !errors.Is(err, lossy.ErrNoGain) {
			t.Errorf("%s: err = %v, want lossy.ErrNoGain", name, err)
		}
	}
}

func FuzzSearch(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "samples", "search", "*.txt"))
	for _, file := range files {
		if in, err := os.ReadFile(file); err == nil && len(in) < 8<<10 {
			f.Add(in, "")
		}
	}
	f.Add([]byte("a:1:x\na-2-y\n--\nb:3:z\n"), "x z")
	f.Add([]byte("dir/a.go\n12:x\n13-y\n\ndir/b.go\n1:z\n"), "")
	f.Fuzz(func(t *testing.T, in []byte, q string) {
		out, err := Search(in, lossy.Options{Query: q})
		if err != nil {
			if !errors.Is(err, lossy.ErrNoGain) {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		again, _ := Search(in, lossy.Options{Query: q})
		if !bytes.Equal(out, again) {
			t.Fatal("not deterministic")
		}
		if len(out) > len(in) {
			t.Fatalf("view %d bytes longer than input %d", len(out), len(in))
		}
	})
}

func BenchmarkSearch(b *testing.B) {
	for _, name := range []string{"x-rg-todo-compile", "x-grep-rn-deadline", "x-grep-C2-panic", "x-rg-heading-funcnew", "x-rg-minified"} {
		in := viewtest.Read(b, "search", name)
		b.Run(name, func(b *testing.B) {
			var out []byte
			for b.Loop() {
				out, _ = Search(in, lossy.Options{Query: "deadline context"})
			}
			b.ReportMetric(float64(len(in))*float64(b.N)/b.Elapsed().Seconds()/1e6, "MB/s")
			b.ReportMetric(float64(len(out))/float64(len(in)), "ratio")
		})
	}
}

func TestSearchCounts(t *testing.T) {
	var b strings.Builder
	for k := range 200 {
		b.WriteString("src/pkg" + strconv.Itoa(k) + "/file.go:" + strconv.Itoa(k%7+1) + "\n")
	}
	b.WriteString("src/big/needle.go:500\n")
	in := []byte(b.String())
	for _, tc := range []struct {
		query, first string
	}{
		{"", "src/big/needle.go:500"},
		{"pkg17", "src/pkg17/file.go:4"},
	} {
		t.Run(tc.query, func(t *testing.T) {
			out, err := Search(in, lossy.Options{Query: tc.query})
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(string(out), "\n")
			if lines[0] != tc.first {
				t.Errorf("first line %q, want %q", lines[0], tc.first)
			}
			total := 500
			for k := range 200 {
				total += k%7 + 1
			}
			if want := "[" + strconv.Itoa(total) + " hits in 201 files in all]"; !strings.Contains(string(out), want+"\n") {
				t.Errorf("view lacks total %q:\n%s", want, out)
			}
			if !strings.Contains(string(out), "more files omitted …]") {
				t.Errorf("view lacks the count of omitted files:\n%s", out)
			}
		})
	}
}

func TestSearchKeepsFailureLines(t *testing.T) {
	var b strings.Builder
	for k := range 300 {
		b.WriteString("/etc/dir" + strconv.Itoa(k) + "/x.conf\n")
		if k%50 == 7 {
			b.WriteString("find: ‘/proc/" + strconv.Itoa(k) + "/fd’: Permission denied\n")
		}
	}
	in := []byte(b.String())
	out, err := Search(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m := failure.Missing(router.Search, in, out); len(m) > 0 {
		t.Errorf("failure lines missing: %q\n%s", m, out)
	}
}

// TestSearchHitLines: when a view lists the line numbers of a file's
// omitted hits, each note's count is the number of lines it lists, and
// the hits shown plus the lines listed are every match of the file.
func TestSearchHitLines(t *testing.T) {
	note := regexp.MustCompile(`^\[… (\d+) more hits?(?: in (\S+))? at lines? ([0-9, ]+) omitted …\]$`)
	plainNote := regexp.MustCompile(`^\[… \d+ more hits?(?: in (\S+))? omitted …\]$`)
	for _, name := range []string{"grep-rn-errnil-big", "x-grep-rn-deadline", "x-grep-C2-panic"} {
		t.Run(name, func(t *testing.T) {
			in := viewtest.Read(t, "search", name)
			out, err := Search(in, lossy.Options{})
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]bool{} // path:line of every match
			for _, l := range strings.Split(string(in), "\n") {
				if h, ok := toolline.ParseHit([]byte(l)); ok && !h.Context {
					want[string(h.Path)+":"+strconv.Itoa(h.Line)] = true
				}
			}
			got := map[string]bool{}
			for _, loc := range searchLocations(t, out) {
				got[loc] = true
			}
			lists, heading := 0, ""
			counted := map[string]bool{}
			for _, l := range strings.Split(string(out), "\n") {
				if l != "" && l != "--" && !strings.HasPrefix(l, "[… ") && !strings.ContainsAny(l[:1], "0123456789 ") && !strings.Contains(l, ":") {
					heading = l
				}
				if plain := plainNote.FindStringSubmatch(l); plain != nil {
					// Counted, not listed: the lines did not fit.
					path := plain[1]
					if path == "" {
						path = heading
					}
					counted[path] = true
				}
				m := note.FindStringSubmatch(l)
				if m == nil {
					continue
				}
				lists++
				path := m[2]
				if path == "" {
					path = heading
				}
				nums := strings.Split(m[3], ", ")
				if n, _ := strconv.Atoi(m[1]); n != len(nums) {
					t.Errorf("%q counts %d hits but lists %d lines", l, n, len(nums))
				}
				for _, n := range nums {
					got[path+":"+n] = true
				}
			}
			if lists == 0 {
				t.Fatalf("no note lists line numbers:\n%s", out)
			}
			shownFiles := map[string]bool{}
			for loc := range got {
				shownFiles[loc[:strings.LastIndexByte(loc, ':')]] = true
			}
			for loc := range want {
				// Files past the cap are counted by a note of their own.
				if path := loc[:strings.LastIndexByte(loc, ':')]; shownFiles[path] && !counted[path] && !got[loc] {
					t.Errorf("match %s neither shown nor listed", loc)
				}
			}
		})
	}
}

// TestSearchContextN: grep -C 2 output keeps two context lines on each
// side of every match shown.
func TestSearchContextN(t *testing.T) {
	in := viewtest.Read(t, "search", "x-grep-C2-panic")
	out, err := Search(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"233-\t\treturn Delim(k), nil\n234-\tdefault:\n235:\t\tpanic(\"unreachable\")\n236-\t}\n237-}\n"} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("view lacks %q:\n%s", want, out)
		}
	}
}

// TestNotesSearchNotSearch checks that Search refuses table rows whose
// first column looks like "name-N-text" context lines instead of dropping
// them without a note (QA: kubectl-like listing routed to Search).
func TestNotesSearchNotSearch(t *testing.T) {
	var b strings.Builder
	b.WriteString("NAME                      READY   STATUS    RESTARTS  AGE\n")
	for i := 1; i <= 40; i++ {
		b.WriteString("kworker-" + strconv.Itoa(i) + "-7f9c" + strconv.Itoa(i) + "          1/1     Running   0         01:09:33\n")
	}
	in := []byte(b.String())
	if out, err := Search(in, lossy.Options{}); err != lossy.ErrNoGain {
		t.Errorf("Search = %q, %v; want lossy.ErrNoGain", out, err)
	}
	// Context lines of a file that has matches are still context.
	ok := []byte(strings.Repeat("a-1-b.go-3-x\na-1-b.go:4:hit\na-1-b.go-5-y\n--\n", 30))
	if _, err := Search(ok, lossy.Options{}); err == lossy.ErrNoGain {
		if r := searchParse(ok, searchFailures(lossy.Options{}, ok)); r == nil {
			t.Error("context lines of a file with matches not parsed")
		}
	}
}
