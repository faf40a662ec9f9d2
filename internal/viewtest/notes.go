package viewtest

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"

	"github.com/kompress/kompress/internal/ansi"
)

var (
	// A note may name what it stands for after the count: lint findings
	// ("omitted above: SC2086 ×6 at deploy.sh:4"), the first and last
	// key of a table's rows ("[… 725 rows omitted: apt … zip …]").
	notesNote = regexp.MustCompile(`^\s*\[… (\d+) ([^\]…]*) omitted(?:( above)?: .*)? …\]\s*$`)
	notesCut  = regexp.MustCompile(`^(.*) \[… \d+ bytes omitted …\]$`)
	// A note counting tests says how many lines they took when that is not
	// one a test: "[… 3 passing tests (6 lines) omitted …]".
	// So does one counting goroutines: "[… 28 goroutines with this stack,
	// ids 22–49 (448 lines) omitted …]", and one counting lint findings:
	// "[… 15 lint findings (84 lines) omitted above: SC2086 ×6 at
	// deploy.sh:4, 6 …]". Such a note counts lines dropped between the
	// kept lines above it, up to the last note.
	// So do Catch2's passing assertions, "[… 2 passing assertions (14
	// lines) omitted …]", and a table's rows of several lines each
	// (readelf -S without -W): "[… 8 rows (16 lines) omitted: …]".
	notesTestLines = regexp.MustCompile(`(?:^| )(?:test|goroutine|lint|assertion|row).* \((\d+) lines\)$`)
	// A warning shown once with the count of its copies, "[… 3 other
	// copies of this line omitted: 4 in all …]" ("… of this warning and
	// its excerpt …"), stands for no lines of its own: the copies are
	// counted where they were, by other notes.
	notesCopies = regexp.MustCompile(`^other copies of this (line|warning and its excerpt)$`)
	// Passing and skipped tests of one line each are counted apart:
	// "[… 10 passing tests and 1 skipped test omitted …]".
	notesSkipped = regexp.MustCompile(`^passing tests? and (\d+) skipped tests?$`)
)

// notesCount returns the input lines a note's count stands for.
func notesCount(n int, units string) int {
	if notesCopies.MatchString(units) {
		return 0
	}
	if m := notesTestLines.FindStringSubmatch(units); m != nil {
		n, _ = strconv.Atoi(m[1])
	} else if m := notesSkipped.FindStringSubmatch(units); m != nil {
		skipped, _ := strconv.Atoi(m[1])
		n += skipped
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
	type aboveNote struct{ next, n int }
	var above []aboveNote // notes counting lines above them
	aboveN := 0
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
			if m[3] != "" {
				above = append(above, aboveNote{next, notesCount(n, m[2])})
				aboveN += notesCount(n, m[2])
				continue
			}
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
			for k := next + pend; k <= next+pend+aboveN && k < len(orig); k++ {
				if match(k) {
					flush(k)
					break
				}
			}
			aboveN = 0
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
	// Each note counting lines above it fills the gaps before it, latest
	// first, as far as its count goes.
	for _, a := range above {
		left := a.n
		for k := len(gaps) - 1; k >= 0 && left > 0; k-- {
			g := &gaps[k]
			if g.From-1 > a.next {
				continue
			}
			add := min(left, g.To-g.From+1-g.Noted)
			if add > 0 {
				g.Noted += add
				g.Units += "lint;"
				left -= add
			}
		}
		if left > 0 && len(gaps) > 0 {
			gaps[0].Noted += left // counts more than was dropped: the test says so
		}
	}
	return gaps
}
