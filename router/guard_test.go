package router

import (
	"bytes"
	"testing"

	"github.com/kompress/kompress/internal/toolline"
)

// checkGuards fails when a first-byte guard that lets the router skip a
// detector would skip a line the detector takes: each guard must be a
// necessary condition of its detector, so that skipping changes no vote.
func checkGuards(t *testing.T, line []byte) {
	t.Helper()
	if len(line) == 0 {
		return
	}
	if _, w := classifyDiff(line); w > 0 && !diffFirst[line[0]] {
		t.Fatalf("classifyDiff takes %q, diffFirst skips it", line)
	}
	if tableRow(line) && !tableFirst[line[0]] {
		t.Fatalf("tableRow takes %q, tableFirst skips it", line)
	}
	if _, w := countLine(line); w > 0 && !(len(line) >= 3 && isDigit(line[len(line)-1])) {
		t.Fatalf("countLine takes %q, its guard skips it", line)
	}
	if nmLine(line) && !(len(line) >= 12 && hexFirst[line[0]]) {
		t.Fatalf("nmLine takes %q, hexFirst skips it", line)
	}
	if toolline.BlameLine(line) && !(line[0] == '^' || hexFirst[line[0]] && line[0] != ' ') {
		t.Fatalf("BlameLine takes %q, its guard skips it", line)
	}
	if toolline.CommitLine(line) && !(len(line) > 6 && (line[0] == 'c' || line[0] == 'F')) {
		t.Fatalf("CommitLine takes %q, its guard skips it", line)
	}
	if _, ok := reportSection(line); ok && !reportFirst[line[0]] {
		t.Fatalf("reportSection takes %q, reportFirst skips it", line)
	}
	if erlangReportHeader(line) && !(len(line) >= 12 && line[0] == '=') {
		t.Fatalf("erlangReportHeader takes %q, its guard skips it", line)
	}
	if tt := trimBlank(line); len(tt) > 0 {
		if toolline.GDBRegister(tt) && !isLower(tt[0]) {
			t.Fatalf("GDBRegister takes %q, its guard skips it", tt)
		}
		c := tt[0]
		if c == '[' && len(tt) > 1 {
			c = tt[1]
		}
		if toolline.SkipTimestamp(tt) && !stampFirst[c] {
			t.Fatalf("SkipTimestamp takes %q, stampFirst skips it", tt)
		}
		if toolline.LevelPrefix(tt) && !levelFirst[c] {
			t.Fatalf("LevelPrefix takes %q, levelFirst skips it", tt)
		}
	}
}

// sampleLines returns the distinct lines of the samples.
func sampleLines(tb testing.TB) [][]byte {
	seen := map[string]bool{}
	var out [][]byte
	for _, s := range samples(tb) {
		for line := range bytes.Lines(s.data) {
			line = bytes.TrimRight(line, "\r\n")
			if !seen[string(line)] {
				seen[string(line)] = true
				out = append(out, line)
			}
		}
	}
	return out
}

// TestGuards checks the guards on every distinct line of the samples, and
// on some of them with every byte value put first, alone or after a '['.
func TestGuards(t *testing.T) {
	for i, line := range sampleLines(t) {
		checkGuards(t, line)
		if i%32 != 0 {
			continue
		}
		for c := range 256 {
			checkGuards(t, append([]byte{byte(c)}, line...))
			checkGuards(t, append([]byte{'[', byte(c)}, line...))
		}
	}
}

func FuzzGuards(f *testing.F) {
	for i, line := range sampleLines(f) {
		if i%16 == 0 && len(line) < 200 {
			f.Add(line)
		}
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		if bytes.IndexByte(line, '\n') < 0 {
			checkGuards(t, line)
		}
	})
}
