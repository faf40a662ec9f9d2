package viewtest

import (
	"strings"
	"testing"

	"github.com/kompress/kompress/internal/diffview"
	"github.com/kompress/kompress/internal/htmlview"
	"github.com/kompress/kompress/internal/jsonview"
	"github.com/kompress/kompress/internal/logview"
	"github.com/kompress/kompress/internal/lossy"
	"github.com/kompress/kompress/internal/searchview"
	"github.com/kompress/kompress/internal/tableview"
)

// The compressors whose views show input lines verbatim (or cut, with a
// byte note) in input order, with notes standing where lines were dropped.
// JSON and HTML rewrite their input and are only checked for empty views.
var notesCompressors = []struct {
	name       string
	f          func([]byte, lossy.Options) ([]byte, error)
	lineByLine bool
}{
	{"log", logview.Log, true},
	// Search views may use ripgrep's heading form, which is no subsequence
	// of grep's flat lines; search_test.go checks their locations.
	{"search", searchview.Search, false},
	{"table", tableview.Table, true},
	{"diff", diffview.Diff, true},
	{"json", jsonview.JSON, false},
	{"html", htmlview.HTML, false},
}

// notesInput is the text whose lines a view shows: for go test -json,
// the decoded text GoTestJSON shows, otherwise the input itself.
func notesInput(in []byte) []byte {
	if text := logview.GoTestText(in); text != nil {
		return text
	}
	return in
}

// notesSamples is every sample of every kind.
func notesSamples(t *testing.T) []Sample {
	var all []Sample
	for _, kind := range []string{"code", "diff", "html", "json", "log", "mixed", "prose", "search", "table"} {
		for _, s := range Samples(t, kind) {
			s.Name = kind + "/" + s.Name
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
			out, err := c.f(s.In, lossy.Options{})
			if err != nil {
				continue
			}
			t.Run(c.name+"/"+s.Name, func(t *testing.T) {
				inLines, outLines := 0, 0
				for _, l := range notesLines(s.In) {
					if strings.TrimSpace(l) != "" {
						inLines++
					}
				}
				for _, l := range notesLines(out) {
					if strings.TrimSpace(l) != "" && !notesNote.MatchString(l) {
						outLines++
					}
				}
				if inLines >= 10 && (outLines == 0 || len(out) < min(len(s.In)/200, 256)) {
					t.Errorf("near-empty view (%d lines, %d bytes) of %d lines:\n%s", outLines, len(out), inLines, out)
				}
				if !c.lineByLine {
					return
				}
				for _, g := range Gaps(notesInput(s.In), out) {
					if g.To >= g.From && g.Noted == 0 {
						t.Errorf("input lines %d–%d dropped without a note", g.From, g.To)
					}
				}
			})
		}
	}
}

// TestLogNotesCount checks that the notes of a log view count every
// dropped input line exactly once, where it was dropped.
func TestLogNotesCount(t *testing.T) {
	for _, s := range Samples(t, "log") {
		t.Run(s.Name, func(t *testing.T) {
			out, err := logview.Log(s.In, lossy.Options{})
			if err != nil {
				t.Skip(err)
			}
			omitted, noted := 0, 0
			for _, g := range Gaps(notesInput(s.In), out) {
				omitted += max(0, g.To-g.From+1)
				noted += g.Noted
				if g.Noted != g.To-g.From+1 {
					t.Errorf("input lines %d–%d (%d) noted as %d %s", g.From, g.To, g.To-g.From+1, g.Noted, g.Units)
				}
			}
			if omitted != noted {
				t.Errorf("notes count %d lines, %d omitted", noted, omitted)
			}
		})
	}
}
