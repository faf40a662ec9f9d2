package logview

import (
	"bytes"
	"slices"
	"strconv"
)

// logTapHide hides the lines of passing tests in the output of TAP
// producers (node --test, tap, prove) and of node's spec reporter, marking
// each test's result line so render can count the tests of every run of
// hidden lines where it was. In TAP a passing test is
// its "# Subtest: name" line, "ok N - name" and its YAML block; in the spec
// reporter a "✔ name (3ms)" line. Failing tests keep their whole diagnostic
// (see logTapBlock and logIndentBlock); TODO tests stay in view.
func logTapHide(d *logDoc) {
	ls := d.lines
	tap, spec, catch, jest, unit, pytest := false, false, false, false, false, false
	suites := make(map[string]bool)
	for i := range ls {
		t := ls[i].text
		catch = catch || logCatchPassed(t)
		tap = tap || bytes.HasPrefix(t, []byte("TAP version ")) || logTapPlan(t)
		spec = spec || bytes.HasPrefix(t, []byte("ℹ tests "))
		jest = jest || bytes.HasPrefix(t, []byte("Tests: "))
		unit = unit || bytes.HasPrefix(t, []byte("Ran ")) && bytes.Contains(t, []byte(" tests in "))
		pytest = pytest || len(t) > 0 && t[0] == '=' && bytes.Contains(t, []byte(" test session starts "))
		if name, ok := bytes.CutPrefix(bytes.TrimLeft(t, " "), []byte("▶ ")); ok {
			suites[string(name)] = true
		}
	}
	if catch {
		logCatchHide(ls)
	}
	if spec {
		logMarkSpecRecap(ls)
	}
	if !tap && !spec && !jest && !unit && !pytest {
		return
	}
	// hide hides ls[from:end], the lines of one test whose result line is
	// ls[at].
	hide := func(from, at, end int, suite, skip bool) {
		kind := byte('P')
		if skip {
			kind = 'S'
		}
		for k := from; k < end; k++ {
			ls[k].hidden, ls[k].passed = true, kind
		}
		// A suite's own "ok" line is no test of its own.
		ls[at].ends = !suite
	}
	for i := 0; i < len(ls); {
		t := bytes.TrimLeft(ls[i].text, " ")
		todo := logTapDirective(t, "TODO")
		switch {
		case tap && bytes.HasPrefix(t, []byte("ok ")) && !todo:
			_, end := logTapYAML(ls, i)
			from := i
			if i > 0 && logTapSubtest(ls, i-1) && logIndent(ls[i-1].text) == logIndent(ls[i].text) {
				from = i - 1
			}
			suite := false
			for k := i + 1; k < end; k++ {
				suite = suite || bytes.Contains(ls[k].text, []byte("type: 'suite'"))
			}
			hide(from, i, end, suite, logTapDirective(t, "SKIP"))
			i = end
		case spec && bytes.HasPrefix(t, []byte("✔ ")) && !todo:
			name := t[len("✔ "):]
			if e := bytes.LastIndex(name, []byte(" (")); e > 0 {
				name = name[:e]
			}
			hide(i, i, i+1, suites[string(name)], false)
			i++
		case spec && bytes.HasPrefix(t, []byte("﹣ ")) && bytes.Contains(t, []byte(" # SKIP")):
			hide(i, i, i+1, false, true)
			i++
		case jest && (bytes.HasPrefix(t, []byte("✓ ")) || bytes.HasPrefix(t, []byte("○ skipped "))) && !ls[i].must:
			// jest's "✓ total (7 ms)" and "○ skipped name" under its suite.
			hide(i, i, i+1, false, bytes.HasPrefix(t, []byte("○ ")))
			i++
		case unit && logUnittestPassed(t) && !ls[i].must:
			// unittest -v's "test_add (tests.t.TestAdd.test_add) ... ok".
			hide(i, i, i+1, false, !bytes.HasSuffix(t, []byte(" ... ok")))
			i++
		case pytest && !ls[i].must:
			if logPytestPassed(t) {
				// pytest -v's "tests/t.py::test_add PASSED   [ 50%]"; a
				// skipped test's line, with its reason, stays.
				hide(i, i, i+1, false, false)
			} else if logPytestNodeID(t) {
				// pytest-xdist announces each test by its node id alone
				// before a worker reports it: hidden with the results
				// (a failed test's own report line names it).
				ls[i].hidden, ls[i].passed = true, 'P'
			}
			i++
		default:
			i++
		}
	}
}

// logPytestNodeID matches a line that is a pytest node id alone (maybe
// with a trailing blank), "test_inventory.py::test_take_some[3] ".
func logPytestNodeID(t []byte) bool {
	t = bytes.TrimRight(t, " ")
	c := bytes.Index(t, []byte("::"))
	return c > 0 && bytes.IndexByte(t, ' ') < 0 && bytes.Contains(t[:c], []byte(".py"))
}

// logPytestPassed matches pytest -v's progress line for a passing test:
// "tests/t.py::test_add[1-2] PASSED        [ 50%]", and pytest-xdist's
// "[gw0] [ 50%] PASSED tests/t.py::test_add". Only the node id's "::" and
// the status word in its place make one; FAILED, ERROR, SKIPPED, XFAIL
// and XPASS lines stay in view.
func logPytestPassed(t []byte) bool {
	if bytes.HasPrefix(t, []byte("[gw")) {
		_, r, ok := bytes.Cut(t, []byte("%] PASSED "))
		return ok && logPytestNodeID(r)
	}
	sp := bytes.IndexByte(t, ' ')
	if sp <= 0 || !logPytestNodeID(t[:sp]) {
		return false
	}
	r, ok := bytes.CutPrefix(t[sp+1:], []byte("PASSED"))
	if !ok {
		return false
	}
	r = bytes.TrimLeft(r, " ")
	// nothing more, or the progress column: "[ 50%]", "[100%]"
	return len(r) == 0 || len(r) >= 4 && r[0] == '[' && bytes.HasSuffix(r, []byte("%]")) && logDigits(bytes.TrimLeft(r[1:len(r)-2], " "))
}

// logUnittestPassed matches unittest -v's line for a passing or skipped
// test, "name (module.Class.name) ... ok", "… ... skipped 'why'".
func logUnittestPassed(t []byte) bool {
	k := bytes.Index(t, []byte(") ... "))
	if k <= 0 || bytes.IndexByte(t[:k], '(') <= 0 {
		return false
	}
	r := t[k+len(") ... "):]
	return bytes.Equal(r, []byte("ok")) || bytes.HasPrefix(r, []byte("skipped "))
}

// logCatchPassed matches the head of a passing assertion that Catch2's
// console reporter prints with -s: "c2.cpp:9: PASSED:".
func logCatchPassed(t []byte) bool {
	r, ok := bytes.CutSuffix(t, []byte(": PASSED:"))
	if !ok {
		return false
	}
	c := bytes.LastIndexByte(r, ':')
	return c > 0 && logDigits(r[c+1:])
}

// logCatchHide hides Catch2's passing assertions (-s), each from its
// "c2.cpp:9: PASSED:" to the blank line after its expansion and message,
// so that render counts them where they were; failed assertions and the
// test case headings stay.
func logCatchHide(ls []logLine) {
	for i := 0; i < len(ls); i++ {
		if bytes.HasSuffix(ls[i].text, []byte(": FAILED:")) {
			logCatchHeading(ls, i)
			continue
		}
		if !logCatchPassed(ls[i].text) || ls[i].must {
			continue
		}
		end := i + 1
		for end < len(ls) && len(bytes.TrimSpace(ls[end].text)) > 0 && end < i+40 {
			end++
		}
		if end < len(ls) {
			end++ // the blank line after it
		}
		for k := i; k < end; k++ {
			ls[k].hidden, ls[k].passed = true, 'A'
		}
		ls[i].ends = true
		i = end - 1
	}
}

// logCatchHeading keeps the heading of the test case above a failed
// assertion at ls[at]: its rules of dashes, name and sections, location
// and rule of dots, as summaries are kept, so that the failure names its
// test.
func logCatchHeading(ls []logLine, at int) {
	rule := func(t []byte, c byte) bool {
		return len(t) >= 20 && len(bytes.Trim(t, string(c))) == 0
	}
	dots := at - 1
	for dots >= 0 && at-dots < 40 && !rule(ls[dots].text, '.') {
		dots--
	}
	if dots < 3 || !rule(ls[dots-2].text, '-') {
		return
	}
	top := dots - 3
	for top >= 0 && dots-top < 12 && !rule(ls[top].text, '-') {
		top--
	}
	if top < 0 || !rule(ls[top].text, '-') {
		return
	}
	for k := top; k <= dots; k++ {
		if !ls[k].hidden {
			ls[k].class = logSummary
		}
	}
}

// logTapDirective reports a TAP directive on a result line, " # SKIP" or
// " # TODO", in any case: bats writes "ok 5 name # skip reason".
func logTapDirective(t []byte, word string) bool {
	for off := 0; ; {
		i := bytes.Index(t[off:], []byte(" # "))
		if i < 0 {
			return false
		}
		r := t[off+i+3:]
		if len(r) >= len(word) && bytes.EqualFold(r[:len(word)], []byte(word)) && (len(r) == len(word) || r[len(word)] == ' ') {
			return true
		}
		off += i + 1
	}
}

// logTapSubtest matches node's "# Subtest: name" line.
func logTapSubtest(ls []logLine, i int) bool {
	return bytes.HasPrefix(bytes.TrimLeft(ls[i].text, " "), []byte("# Subtest: "))
}

// logTapPlan matches a TAP plan line, "1..29".
func logTapPlan(t []byte) bool {
	r, ok := bytes.CutPrefix(t, []byte("1.."))
	if !ok || len(r) == 0 {
		return false
	}
	for _, c := range r {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// appendCutBlock writes the note for ls[a:b], the lines of a diagnostic
// or test block past its level's cap. When they are records of a TAP
// YAML block ("- message: …", "severity: …", "line: …", "ruleId: …", as
// eslint -f tap prints a file's messages), one note keeps every record's
// message, rule, severity and place, those alike together: "[… 27 lines
// omitted: no-empty (error) at 11:37, 19:37: Empty block statement.;
// no-var (warning) at 13:8: Unexpected var, use let or const instead.
// …]". A reader needs every message of a file that failed, not the
// first sixty lines of them. The lines of a record begun above the cut
// are shown as they are.
func (d *logDoc) appendCutBlock(out []byte, a, b int, p logParams) []byte {
	ls := d.lines
	first := -1
	for k := a; k < b; k++ {
		if _, ok := logYAMLField(ls[k].text, "- message"); ok {
			first = k
			break
		}
	}
	if first < 0 {
		first = b
	}
	yaml := false
	for k := a; k < first && !yaml; k++ {
		_, yaml = logYAMLField(ls[k].text, "ruleId")
	}
	if first-a > 8 || first == b && !yaml {
		return logAppendNote(out, b-a, "more lines of this block")
	}
	for k := a; k < first; k++ {
		out = d.appendLine(out, &ls[k], p)
	}
	type group struct {
		rule, sev, msg []byte
		locs           [][]byte
	}
	var groups []group
	index := map[string]int{}
	for k := first; k < b; {
		msg, _ := logYAMLField(ls[k].text, "- message")
		var sev, line, col, rule []byte
		e := k + 1
		for ; e < b; e++ {
			t := ls[e].text
			if _, ok := logYAMLField(t, "- message"); ok {
				break
			}
			for _, f := range [...]struct {
				key string
				v   *[]byte
			}{{"severity", &sev}, {"line", &line}, {"column", &col}, {"ruleId", &rule}} {
				if v, ok := logYAMLField(t, f.key); ok {
					*f.v = v
				}
			}
		}
		if string(rule) == "''" {
			rule = nil
		}
		key := string(rule) + "\x00" + string(sev) + "\x00" + string(msg)
		g, ok := index[key]
		if !ok {
			g = len(groups)
			index[key] = g
			groups = append(groups, group{rule: rule, sev: sev, msg: msg})
		}
		loc := line
		if len(col) > 0 {
			loc = append(append(append([]byte(nil), line...), ':'), col...)
		}
		groups[g].locs = append(groups[g].locs, loc)
		k = e
	}
	if len(groups) == 0 {
		return out
	}
	out = logRoom(out, 64)
	out = append(out, "[… "...)
	out = strconv.AppendInt(out, int64(b-first), 10)
	out = append(out, " lines omitted: "...)
	for k, g := range groups {
		if k > 0 {
			out = append(out, "; "...)
		}
		if len(g.rule) > 0 {
			out = append(out, g.rule...)
			out = append(out, ' ')
		}
		if len(g.sev) > 0 {
			out = append(out, '(')
			out = append(out, g.sev...)
			out = append(out, ") "...)
		}
		out = append(out, "at "...)
		for j, l := range g.locs {
			if j > 0 {
				out = append(out, ", "...)
			}
			out = append(out, l...)
		}
		out = append(out, ": "...)
		out = append(out, g.msg...)
	}
	out = append(out, " …]\n"...)
	return out
}

// logYAMLField returns the value of a "key: value" line of a YAML block.
func logYAMLField(t []byte, key string) ([]byte, bool) {
	t = logTrimBlank(t)
	if len(t) < len(key)+2 || string(t[:len(key)]) != key || t[len(key)] != ':' || t[len(key)+1] != ' ' {
		return nil, false
	}
	return bytes.TrimSpace(t[len(key)+2:]), true
}

// logMarkSpecRecap marks the lines of node's spec reporter's closing
// "✖ failing tests:" list that repeat, byte for byte but for their indent
// (a subtest's is less there), a line of the report above it (the
// failures' frames, error properties, diff lines):
// the failure lines among them stay, as every failure line does, and the
// "test at file:line" lines that locate each failure are its own.
func logMarkSpecRecap(ls []logLine) {
	r := slices.IndexFunc(ls, func(l logLine) bool { return bytes.Equal(l.text, []byte("✖ failing tests:")) })
	if r < 0 {
		return
	}
	above := make(map[string]bool, r)
	for _, l := range ls[:r] {
		above[string(logTrimBlank(l.text))] = true
	}
	for k := r + 1; k < len(ls); k++ {
		if l := &ls[k]; !l.must && len(bytes.TrimSpace(l.text)) > 0 && above[string(logTrimBlank(l.text))] {
			l.cut = logDropRepeat
		}
	}
}
