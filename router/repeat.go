package router

// repeatMinLines is how many consecutive lines must open alike for
// repeatedRuns; progMinLines how many must carry one program's name.
const (
	repeatMinLines = 8
	progMinLines   = 4
)

// repeatedRuns relabels as Log the runs of lines a program prints from one
// format ("big: row 7 checksum 538453d7", "big order 12 from cust963:
// 478.95", "running job-7"): repeatMinLines or more consecutive lines at
// the left margin whose first two words, digits masked, are the same,
// voted Prose or not at all. Prose does not open line after line with the
// same two words, and read as prose such lines lose words. Runs of
// progMinLines lines that open with one program's name ("gpg: key
// D987EEEF41BE28BA: public key imported", "gpg: Good signature from …")
// are Log too: a YAML mapping never repeats a key, and a tool that names
// itself on every line is reporting.
func repeatedRuns(b []byte, lines []lineInfo) {
	// One pass follows both kinds of run: a run ends at the first line
	// whose key differs, and is relabelled then. A program's run must be
	// at least half of the non-blank lines of its block (the lines
	// between blank lines around it): a few "find: ‘/x’: Permission
	// denied" lines inside find's list are that list's, not a report.
	var rep, prog struct {
		key  uint64
		from int
		ok   bool
	}
	blockFrom, blockLines := 0, -1 // the current block's first line; its non-blank lines, -1 until counted
	for i := 0; i <= len(lines); i++ {
		var k1, k2 uint64
		var ok1, ok2 bool
		if i < len(lines) {
			li := &lines[i]
			k1, ok1 = repeatKey(li, b)
			if li.feat&fColon != 0 && isLower(b[li.start]) { // progKey's first test, inline
				k2, ok2 = progKey(li, b)
			}
		}
		if !ok1 || !rep.ok || k1 != rep.key {
			if rep.ok && i-rep.from >= repeatMinLines {
				relabelLog(lines[rep.from:i])
			}
			rep.key, rep.from, rep.ok = k1, i, ok1
		}
		if !ok2 || !prog.ok || k2 != prog.key {
			if n := i - prog.from; prog.ok && n >= progMinLines {
				if blockLines < 0 {
					blockLines = i - blockFrom
					for j := i; j < len(lines) && !lines[j].blank; j++ {
						blockLines++
					}
				}
				if 2*n >= blockLines {
					relabelLog(lines[prog.from:i])
				}
			}
			prog.key, prog.from, prog.ok = k2, i, ok2
		}
		if i < len(lines) && lines[i].blank {
			blockFrom, blockLines = i+1, -1
		}
	}
}

// relabelLog votes Log, strongly, for every line of run.
func relabelLog(run []lineInfo) {
	for k := range run {
		run[k].kind, run[k].weight = kLog, wStrong
	}
}

// progKey hashes the program name opening a line, "gpg: …": a lower-case
// word of up to 24 letters, digits and "-_." at the left margin, then ':'
// and a blank, on a line no tool's form claimed (a strong Prose vote is
// only a shape: "gpg: marginals needed: 3  completes needed: 1") and no
// config holds.
func progKey(li *lineInfo, b []byte) (uint64, bool) {
	if li.feat&fColon == 0 || li.blank || li.weight >= wStrong && li.kind != kProse || li.config || !isLower(b[li.start]) {
		return 0, false
	}
	t := li.text(b)
	if len(t) < 4 || !isLower(t[0]) {
		return 0, false
	}
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	for i := 0; i < len(t)-1 && i <= 24; i++ {
		c := t[i]
		switch {
		case c == ':':
			return h, t[i+1] == ' '
		case !isLower(c) && !isDigit(c) && c != '-' && c != '_' && c != '.':
			return 0, false
		}
		h = (h ^ uint64(c)) * prime
	}
	return 0, false
}

// repeatKey hashes a line's first two words with digits masked, for a line
// that opens with a letter and has no vote but a weak Prose one.
func repeatKey(li *lineInfo, b []byte) (uint64, bool) {
	if li.blank || li.weight >= wStrong || li.kind != kProse && li.kind != kNone {
		return 0, false
	}
	t := li.text(b)
	if len(t) == 0 || !isLower(t[0]) && !isUpper(t[0]) {
		return 0, false
	}
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	words := 0
	for i := 0; i < len(t) && words < 2; i++ {
		c := t[i]
		switch {
		case c == ' ' || c == '\t':
			words++
			for i+1 < len(t) && (t[i+1] == ' ' || t[i+1] == '\t') {
				i++
			}
			c = ' '
		case isDigit(c):
			c = '#'
		}
		h = (h ^ uint64(c)) * prime
	}
	return h, words == 2 || words == 1 && t[len(t)-1] != ' ' && t[len(t)-1] != '\t' // or a line of two words: "running job-7"
}
