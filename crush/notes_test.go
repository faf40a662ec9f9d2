package crush

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The compressors whose views show input lines verbatim (or cut, with a
// byte note) in input order, with notes standing where lines were dropped.
// JSON and HTML rewrite their input and are only checked for empty views.
var notesCompressors = []struct {
	name       string
	f          func([]byte, Options) ([]byte, error)
	lineByLine bool
}{
	{"log", Log, true},
	// Search views may use ripgrep's heading form, which is no subsequence
	// of grep's flat lines; search_test.go checks their locations.
	{"search", Search, false},
	{"table", Table, true},
	{"diff", Diff, true},
	{"json", JSON, false},
	{"html", HTML, false},
}

var (
	notesNote = regexp.MustCompile(`^\s*\[… (\d+) ([^\]…]*) omitted …\]\s*$`)
	notesCut  = regexp.MustCompile(`^(.*) \[… \d+ bytes omitted …\]$`)
	// A note counting tests says how many lines they took when that is not
	// one a test: "[… 3 passing tests (6 lines) omitted …]".
	// So does one counting goroutines: "[… 28 goroutines with this stack,
	// ids 22–49 (448 lines) omitted …]".
	notesTestLines = regexp.MustCompile(`(?:^| )(?:test|goroutine).* \((\d+) lines\)$`)
)

// notesCount returns the input lines a note's count stands for.
func notesCount(n int, units string) int {
	if m := notesTestLines.FindStringSubmatch(units); m != nil {
		n, _ = strconv.Atoi(m[1])
	}
	return n
}

// notesLines splits a text into lines as a terminal shows them: no ANSI
// escapes, no "\r" overwrites.
func notesLines(b []byte) []string {
	b = bytes.TrimSuffix(b, []byte{'\n'})
	var lines []string
	for _, l := range bytes.Split(b, []byte{'\n'}) {
		lines = append(lines, string(logClean(l)))
	}
	return lines
}

// notesGap is a run of input lines a view does not show.
type notesGap struct {
	from, to int    // 1-based input lines from..to
	noted    int    // the lines the notes standing there count
	units    string // the units those notes count
}

// notesGaps aligns a view with its input: each view line that is an input
// line is matched with the next occurrence of it (preferring the place the
// notes before it point to), and the input lines skipped in between form a
// gap, with the notes printed since the last matched line. View lines that
// are no input lines (headings, summaries) are passed over.
func notesGaps(in, out []byte) []notesGap {
	orig := notesLines(in)
	var gaps []notesGap
	next, pend, units := 0, 0, ""
	flush := func(j int) {
		if j > next || pend > 0 {
			gaps = append(gaps, notesGap{next + 1, j, pend, units})
		}
		next, pend, units = j+1, 0, ""
	}
	for _, l := range notesLines(out) {
		if m := notesNote.FindStringSubmatch(l); m != nil {
			n, _ := strconv.Atoi(m[1])
			pend += notesCount(n, m[2])
			units += m[2] + ";"
			continue
		}
		match := func(j int) bool {
			if orig[j] == l {
				return true
			}
			c := notesCut.FindStringSubmatch(l)
			return c != nil && strings.HasPrefix(orig[j], c[1])
		}
		if strings.TrimSpace(l) == "" {
			// Blank lines also separate parts of a view; match only the
			// line expected next.
			if k := next + pend; k < len(orig) && match(k) {
				flush(k)
			}
			continue
		}
		j := -1
		if k := next + pend; pend > 0 && k < len(orig) && match(k) {
			j = k
		} else {
			for k := next; k < len(orig); k++ {
				if match(k) {
					j = k
					break
				}
			}
		}
		if j < 0 {
			continue
		}
		flush(j)
	}
	end := len(orig)
	if end > 0 && orig[end-1] == "" {
		end--
	}
	if end > next || pend > 0 {
		gaps = append(gaps, notesGap{next + 1, end, pend, units})
	}
	return gaps
}

// notesInput is the text whose lines a view shows: for go test -json,
// the decoded text GoTestJSON shows, otherwise the input itself.
func notesInput(in []byte) []byte {
	if text := GoTestText(in); text != nil {
		return text
	}
	return in
}

// notesSamples is every sample of every kind.
func notesSamples(t *testing.T) []sample {
	var all []sample
	for _, kind := range []string{"code", "diff", "html", "json", "log", "mixed", "prose", "search", "table"} {
		for _, s := range readSamples(t, kind) {
			s.name = kind + "/" + s.name
			all = append(all, s)
		}
	}
	return all
}

// TestOmissionNotes checks, for every sample and every compressor that
// accepts it, that no run of input lines is dropped without a note standing
// where it was, and that no view is empty or nearly so.
func TestOmissionNotes(t *testing.T) {
	for _, s := range notesSamples(t) {
		for _, c := range notesCompressors {
			out, err := c.f(s.in, Options{})
			if err != nil {
				continue
			}
			t.Run(c.name+"/"+s.name, func(t *testing.T) {
				inLines, outLines := 0, 0
				for _, l := range notesLines(s.in) {
					if strings.TrimSpace(l) != "" {
						inLines++
					}
				}
				for _, l := range notesLines(out) {
					if strings.TrimSpace(l) != "" && !notesNote.MatchString(l) {
						outLines++
					}
				}
				if inLines >= 10 && (outLines == 0 || len(out) < min(len(s.in)/200, 256)) {
					t.Errorf("near-empty view (%d lines, %d bytes) of %d lines:\n%s", outLines, len(out), inLines, out)
				}
				if !c.lineByLine {
					return
				}
				for _, g := range notesGaps(notesInput(s.in), out) {
					if g.to >= g.from && g.noted == 0 {
						t.Errorf("input lines %d–%d dropped without a note", g.from, g.to)
					}
				}
			})
		}
	}
}

// TestNotesCount checks, over every sample that the log, table and diff
// compressors accept, that their notes count every dropped input line
// exactly once, where it was dropped: no note says more or less than what
// it stands for, and none says "N of N" while lines are visible.
func TestNotesCount(t *testing.T) {
	for _, s := range notesSamples(t) {
		for _, c := range notesCompressors {
			if !c.lineByLine {
				continue
			}
			out, err := c.f(s.in, Options{})
			if err != nil {
				continue
			}
			t.Run(c.name+"/"+s.name, func(t *testing.T) {
				omitted, noted := 0, 0
				for _, g := range notesGaps(notesInput(s.in), out) {
					omitted += max(0, g.to-g.from+1)
					noted += g.noted
					if g.noted != g.to-g.from+1 {
						t.Errorf("input lines %d–%d (%d) noted as %d %s", g.from, g.to, g.to-g.from+1, g.noted, g.units)
					}
				}
				if omitted != noted {
					t.Errorf("notes count %d lines, %d omitted", noted, omitted)
				}
			})
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
	if out, err := Search(in, Options{}); err != ErrNoGain {
		t.Errorf("Search = %q, %v; want ErrNoGain", out, err)
	}
	// Context lines of a file that has matches are still context.
	ok := []byte(strings.Repeat("a-1-b.go-3-x\na-1-b.go:4:hit\na-1-b.go-5-y\n--\n", 30))
	if _, err := Search(ok, Options{}); err == ErrNoGain {
		if r := searchParse(ok); r == nil {
			t.Error("context lines of a file with matches not parsed")
		}
	}
}
