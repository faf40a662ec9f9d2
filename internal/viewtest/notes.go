package viewtest

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"

	"github.com/kompress/kompress/internal/ansi"
)

var (
	notesNote = regexp.MustCompile(`^\s*\[… (\d+) ([^\]…]*) omitted …\]\s*$`)
	notesCut  = regexp.MustCompile(`^(.*) \[… \d+ bytes omitted …\]$`)
	// A note counting tests says how many lines they took when that is not
	// one a test: "[… 3 passing tests (6 lines) omitted …]".
	notesTestLines = regexp.MustCompile(` test.* \((\d+) lines\)$`)
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
		lines = append(lines, string(ansi.Visible(l)))
	}
	return lines
}

// Gap is a run of input lines a view does not show.
type Gap struct {
	From, To int    // 1-based input lines From..To
	Noted    int    // the lines the notes standing there count
	Units    string // the units those notes count
}

// Gaps aligns a view with its input: each view line that is an input
// line is matched with the next occurrence of it (preferring the place the
// notes before it point to), and the input lines skipped in between form a
// gap, with the notes printed since the last matched line. View lines that
// are no input lines (headings, summaries) are passed over.
func Gaps(in, out []byte) []Gap {
	orig := notesLines(in)
	var gaps []Gap
	next, pend, units := 0, 0, ""
	flush := func(j int) {
		if j > next || pend > 0 {
			gaps = append(gaps, Gap{next + 1, j, pend, units})
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
		gaps = append(gaps, Gap{next + 1, end, pend, units})
	}
	return gaps
}
