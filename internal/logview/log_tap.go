package logview

import "bytes"

// logTapHide hides the lines of passing tests in the output of TAP
// producers (node --test, tap, prove) and of node's spec reporter, marking
// each test's result line so render can count the tests of every run of
// hidden lines where it was. In TAP a passing test is
// its "# Subtest: name" line, "ok N - name" and its YAML block; in the spec
// reporter a "✔ name (3ms)" line. Failing tests keep their whole diagnostic
// (see logTapBlock and logIndentBlock); TODO tests stay in view.
func logTapHide(d *logDoc) {
	ls := d.lines
	tap, spec := false, false
	suites := make(map[string]bool)
	for i := range ls {
		t := ls[i].text
		tap = tap || bytes.HasPrefix(t, []byte("TAP version ")) || logTapPlan(t)
		spec = spec || bytes.HasPrefix(t, []byte("ℹ tests "))
		if name, ok := bytes.CutPrefix(bytes.TrimLeft(t, " "), []byte("▶ ")); ok {
			suites[string(name)] = true
		}
	}
	if !tap && !spec {
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
		default:
			i++
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
