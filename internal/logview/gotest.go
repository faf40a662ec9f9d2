package logview

import (
	"bytes"
	"math"
	"strconv"

	"github.com/kompress/kompress/internal/lossy"

	"github.com/kompress/kompress/internal/testevent"
	"github.com/kompress/kompress/router"
)

// gotestTest is one test seen in go test output and how it ended.
type gotestTest struct {
	name   string
	status byte // 'P' passed, 'F' failed, 'S' skipped, 0 unfinished
	lines  int32
}

// GoTestJSON renders `go test -json` output (test2json events, one JSON
// object a line) as the readable text of `go test -v`, then compresses it
// like Log: the output of failing and unfinished tests, build failures,
// panics and package results are kept, passing and skipped tests become
// counts per package. Each package's lines are shown together, in the
// order packages first appear, rather than interleaved as the events were.
//
// The view shows decoded text, not the JSON lines, so failure lines must be
// checked against GoTestText(in) rather than the input itself.
//
// It returns lossy.ErrNoGain when in is not a go test -json stream, its text
// is 2 GiB or more, or the view would not be at least 10% smaller.
func GoTestJSON(in []byte, o lossy.Options) ([]byte, error) {
	if len(in) == 0 || bytes.IndexByte(in, 0) >= 0 || !testevent.IsStream(in) {
		return nil, lossy.ErrNoGain
	}
	d := gotestDecode(in, o)
	if d == nil {
		return nil, lossy.ErrNoGain
	}
	return d.compress(in, o)
}

// GoTestText returns the text a `go test -json` stream stands for: the
// Output of every event, grouped by package as GoTestJSON shows it, and the
// input lines that are not events. The failure lines of this text are the
// ones GoTestJSON keeps verbatim. It returns nil when in is not such a
// stream.
func GoTestText(in []byte) []byte {
	if len(in) == 0 || !testevent.IsStream(in) {
		return nil
	}
	return gotestSplit(in).text()
}

// gotestAttributeVerbose finds the test each line of `go test -v` output
// belongs to, and hides the lines of tests that passed or were skipped.
func gotestAttributeVerbose(d *logDoc) {
	verbose := false
	for i := range d.lines {
		if bytes.HasPrefix(d.lines[i].text, []byte("=== RUN ")) {
			verbose = true
			break
		}
	}
	if !verbose {
		return
	}
	idx := make(map[string]int32)
	test := func(name []byte) int32 {
		if k, ok := idx[string(name)]; ok {
			return k
		}
		k := int32(len(d.tests))
		idx[string(name)] = k
		d.tests = append(d.tests, gotestTest{name: string(name)})
		return k
	}
	cur := int32(-1)
	for i := range d.lines {
		l := &d.lines[i]
		t := l.text
		if name, ok := gotestControl(t); ok {
			cur = test(name)
		} else if name, st, ok := gotestResult(t); ok {
			cur = test(name)
			d.tests[cur].status = st
		} else if logGoPackageLine(t) || bytes.Equal(t, []byte("PASS")) || bytes.Equal(t, []byte("FAIL")) {
			cur = -1
		}
		l.test = cur
	}
	gotestHide(d)
}

// gotestControl parses "=== RUN   TestX" and its PAUSE, CONT and NAME kin.
func gotestControl(t []byte) ([]byte, bool) {
	if !bytes.HasPrefix(t, []byte("=== ")) {
		return nil, false
	}
	for _, p := range []string{"RUN", "PAUSE", "CONT", "NAME"} {
		if r, ok := bytes.CutPrefix(t[4:], []byte(p)); ok && len(r) > 0 && r[0] == ' ' {
			name := bytes.TrimSpace(r)
			return name, len(name) > 0
		}
	}
	return nil, false
}

// gotestResult parses "--- PASS: TestX (0.00s)", indented for subtests.
func gotestResult(t []byte) (name []byte, status byte, ok bool) {
	t = logTrimBlank(t)
	if !bytes.HasPrefix(t, []byte("--- ")) || len(t) < 10 || t[8] != ':' {
		return nil, 0, false
	}
	switch string(t[4:8]) {
	case "PASS":
		status = 'P'
	case "FAIL":
		status = 'F'
	case "SKIP":
		status = 'S'
	default:
		return nil, 0, false
	}
	r := bytes.TrimLeft(t[9:], " ")
	if e := bytes.Index(r, []byte(" (")); e > 0 {
		r = r[:e]
	}
	r = bytes.TrimSpace(r)
	return r, status, len(r) > 0
}

// gotestHide hides the lines of passing and skipped tests, marking each
// test's result line so render can count the tests of every hidden run
// where it was. Lines of failing and unfinished tests are numbered so plan
// can bound them.
func gotestHide(d *logDoc) {
	for i := range d.lines {
		l := &d.lines[i]
		if l.test < 0 {
			continue
		}
		t := &d.tests[l.test]
		switch t.status {
		case 'P', 'S':
			l.hidden = true
			l.passed = t.status
			if name, _, ok := gotestResult(l.text); ok && string(name) == t.name {
				l.ends = true
			}
		default:
			l.tpos = t.lines
			t.lines++
		}
	}
}

// gotestNote is the note for a run of hidden lines of passing and skipped
// tests (kinds names which), in which passed and skipped tests end. It
// counts tests, and lines too when they differ; a run in which no test ends
// (the "=== RUN" lines of tests that end further on) counts its lines.
func gotestNote(passed, skipped, lines int, kinds string) string {
	if passed+skipped == 0 {
		return lossy.Omitted(lines, logUnit(lines, "line")+" of "+kinds)
	}
	n, unit := passed, gotestUnit(passed, "passing test")
	if passed == 0 {
		n, unit = skipped, gotestUnit(skipped, "skipped test")
	} else if skipped > 0 {
		unit += " and " + strconv.Itoa(skipped) + " " + gotestUnit(skipped, "skipped test")
	}
	if lines != passed+skipped {
		unit += " (" + strconv.Itoa(lines) + " lines)"
	}
	return lossy.Omitted(n, unit)
}

func gotestUnit(n int, unit string) string {
	if n == 1 {
		return unit
	}
	return unit + "s"
}

// gotestSection collects the decoded lines of one package.
type gotestSection struct {
	buf     []byte
	lines   []gotestOut
	partial map[string]int // start in buf of an unfinished line, by test
}

type gotestOut struct {
	start, end int
	test       string
}

// gotestStream is a test2json stream decoded: the output lines of each
// package, in the order packages first appear, and how each test ended.
type gotestStream struct {
	sections []*gotestSection
	status   map[string]byte // by package "\x00" test
}

// gotestSplit decodes a test2json stream into its packages' output lines.
func gotestSplit(in []byte) gotestStream {
	var order []string
	sections := make(map[string]*gotestSection)
	section := func(key string) *gotestSection {
		s, ok := sections[key]
		if !ok {
			s = &gotestSection{partial: make(map[string]int)}
			sections[key] = s
			order = append(order, key)
		}
		return s
	}
	status := make(map[string]byte)
	var ev testevent.Event
	for len(in) > 0 {
		var line []byte
		line, in, _ = bytes.Cut(in, []byte{'\n'})
		trimmed := bytes.TrimSpace(line)
		if len(trimmed) == 0 {
			continue
		}
		ev = testevent.Event{}
		if !testevent.Parse(trimmed, &ev) || len(ev.Action) == 0 {
			s := section("\x00raw")
			s.add(bytes.TrimSuffix(line, []byte{'\r'}), "")
			continue
		}
		if len(ev.Package) > 0 {
			section(string(ev.Package)) // packages show in the order they start
		}
		switch string(ev.Action) {
		case "output":
			key := ""
			if len(ev.Test) > 0 {
				key = string(ev.Package) + "\x00" + string(ev.Test)
			}
			section(string(ev.Package)).write(ev.Output, key)
		case "build-output":
			pkg := ev.ImportPath
			if sp := bytes.IndexByte(pkg, ' '); sp > 0 {
				pkg = pkg[:sp]
			}
			section(string(pkg)).write(ev.Output, "")
		case "pass", "fail", "skip":
			if len(ev.Test) > 0 {
				status[string(ev.Package)+"\x00"+string(ev.Test)] = ev.Action[0] - 'a' + 'A'
			}
		}
	}
	st := gotestStream{sections: make([]*gotestSection, len(order)), status: status}
	for i, key := range order {
		st.sections[i] = sections[key]
		st.sections[i].flush()
	}
	return st
}

// text joins the decoded lines of st, as GoTestText returns them.
func (st gotestStream) text() []byte {
	n := 0
	for _, s := range st.sections {
		n += len(s.buf) + len(s.lines)
	}
	out := make([]byte, 0, n)
	for _, s := range st.sections {
		for _, o := range s.lines {
			out = append(out, s.buf[o.start:o.end]...)
			out = append(out, '\n')
		}
	}
	return out
}

// gotestDecode turns a test2json stream into a logDoc of text lines
// attributed to their tests, grouped by package, with the failure lines of
// its text (see GoTestText) marked as o finds them; nil when that text is
// too long for 32-bit offsets.
func gotestDecode(in []byte, o lossy.Options) *logDoc {
	st := gotestSplit(in)
	// The lines are read in the decoded text, which their failure lines
	// are found in too.
	d := &logDoc{src: st.text()}
	if len(d.src) > math.MaxInt32 {
		return nil
	}
	status := st.status
	idx := make(map[string]int32)
	at := 0
	for _, s := range st.sections {
		for _, ln := range s.lines {
			l := logNewLine(d.src, at, at+ln.end-ln.start)
			at += ln.end - ln.start + 1
			if ln.test != "" {
				k, ok := idx[ln.test]
				if !ok {
					k = int32(len(d.tests))
					idx[ln.test] = k
					name := ln.test[bytes.IndexByte([]byte(ln.test), 0)+1:]
					d.tests = append(d.tests, gotestTest{name: name, status: status[ln.test]})
				}
				l.test = k
			}
			d.lines = append(d.lines, l)
		}
	}
	logMarkBlocks(d.lines)
	d.markMust(o.FailureLines(router.Log, d.src))
	gotestHide(d)
	return d
}

// write appends decoded output to the section, splitting it into lines; a
// line may arrive over several events of the same test.
func (s *gotestSection) write(out []byte, test string) {
	for len(out) > 0 {
		start, ok := s.partial[test]
		if !ok {
			start = len(s.buf)
		}
		i := bytes.IndexByte(out, '\n')
		if i < 0 {
			s.buf = append(s.buf, out...)
			s.partial[test] = start
			return
		}
		s.buf = append(s.buf, out[:i]...)
		delete(s.partial, test)
		end := len(s.buf)
		if end > start && s.buf[end-1] == '\r' {
			end--
		}
		s.lines = append(s.lines, gotestOut{start: start, end: end, test: test})
		out = out[i+1:]
	}
}

func (s *gotestSection) add(line []byte, test string) {
	start := len(s.buf)
	s.buf = append(s.buf, line...)
	s.lines = append(s.lines, gotestOut{start: start, end: len(s.buf), test: test})
}

// flush ends the lines still open at the end of the stream, in a fixed
// order so the view is deterministic.
func (s *gotestSection) flush() {
	if len(s.partial) == 0 {
		return
	}
	type open struct {
		start int
		test  string
	}
	var opens []open
	for test, start := range s.partial {
		opens = append(opens, open{start, test})
	}
	for i := 1; i < len(opens); i++ {
		for j := i; j > 0 && opens[j].start < opens[j-1].start; j-- {
			opens[j], opens[j-1] = opens[j-1], opens[j]
		}
	}
	// Partial lines interleave in buf only when tests write concurrently
	// without newlines; each one runs to the next one's start.
	for k, o := range opens {
		end := len(s.buf)
		if k+1 < len(opens) {
			end = opens[k+1].start
		}
		s.lines = append(s.lines, gotestOut{start: o.start, end: end, test: o.test})
	}
	s.partial = nil
}
