package diffview

import (
	"bytes"
	"path"
	"strconv"

	"github.com/kompress/kompress/internal/lossy"

	"github.com/kompress/kompress/internal/queryterm"

	"github.com/kompress/kompress/internal/ansi"
)

// Diff crushes unified diffs (git diff, git show, git log -p, diff -u,
// diff -ru, combined merge diffs, coloured or not). Everything outside
// hunks is kept verbatim: commit headers and messages, diffstat lines,
// "diff --git", index, ---/+++, mode, rename, copy and "Binary files"
// lines, "Only in" lines. Hunk headers are kept as they are, and so is
// every changed line, with unchanged context trimmed to one line on each
// side of a change; each trimmed run becomes "[… N unchanged lines omitted …]"
// (context lines matching lossy.Options.Query stay).
//
// Changed lines themselves are capped only for very large hunks (300
// changed lines, 1000 per file; 20 per file for lock files and minified
// files such as package-lock.json or go.sum), for diffs of more than 1500
// changed lines (80 per hunk, 200 per file), or harder when
// lossy.Options.TargetRatio asks for it; the middle of a long run of changes
// gives way first, shown as "[… N changed lines (+a −b) omitted …]" (or
// "[… N lines (+a −b changed, c unchanged) omitted …]" when unchanged lines
// go with them). Only
// under a TargetRatio do whole hunks past a file's budget give way, header
// included, as "[… N hunks (+a −b) omitted …]".
//
// Input without hunks is viewed as a diffstat (diffStat). Input that would
// not shrink by 10%, or has neither hunks nor a diffstat, gives
// lossy.ErrNoGain.
func Diff(in []byte, o lossy.Options) ([]byte, error) {
	if len(in) == 0 {
		return nil, lossy.ErrNoGain
	}
	d := &differ{in: in, terms: queryterm.Split(o.Query)}
	var out []byte
	for i, lv := range diffLevels {
		out = d.render(lv)
		if d.hunks == 0 {
			return diffStat(in)
		}
		if i == len(diffLevels)-1 {
			break
		}
		if o.TargetRatio > 0 && o.TargetRatio < 1 {
			if float64(len(out)) <= o.TargetRatio*float64(len(in)) {
				break
			}
		} else if i > 0 || d.changes <= diffHugeChanges {
			break
		}
	}
	if len(out) > len(in)*9/10 {
		return nil, lossy.ErrNoGain
	}
	return out, nil
}

// diffHugeChanges is the number of changed lines beyond which a diff is
// too big to read whole, and the second level's caps apply by default.
const diffHugeChanges = 1500

type diffLevel struct {
	context int // unchanged lines kept on each side of a change
	hunkCap int // changed lines kept per hunk
	fileCap int // changed lines kept per file
	lockCap int // changed lines kept per lock or minified file
	// dropHunks lets hunks past the file's budget vanish into one note,
	// headers included; otherwise their headers stay.
	dropHunks bool
}

var diffLevels = []diffLevel{
	{1, 300, 1000, 20, false},
	{1, 80, 200, 10, false},
	{0, 40, 100, 6, true},
	{0, 12, 30, 4, true},
}

type differ struct {
	in      []byte
	terms   [][]byte
	lv      diffLevel
	out     []byte
	hunks   int
	changes int // changed lines seen

	file    string // path of the file being diffed
	budget  int    // changed lines the current file may still show
	hunk    []diffLine
	oldLeft int // lines the hunk header announced and not yet seen
	newLeft int
	header  []byte // the open hunk's header line, printed by flush
	skipped int    // hunks dropped whole since the file's budget ran out
	skipAdd int
	skipDel int
	counted bool // the header's counts are trusted (not a combined diff)
	parents int  // prefix width: 1, or more for combined diffs
}

type diffLine struct {
	text []byte // the line without its '\n'
	kind byte   // ' ' context, '+' or '-' change, '\\' "no newline" note
}

func (d *differ) render(lv diffLevel) []byte {
	d.lv, d.out, d.hunks, d.changes, d.file, d.hunk = lv, make([]byte, 0, len(d.in)/2), 0, 0, "", d.hunk[:0]
	d.parents, d.skipped, d.skipAdd, d.skipDel = 0, 0, 0, 0
	d.budget = lv.fileCap
	in := d.in
	for len(in) > 0 {
		var line []byte
		line, in, _ = bytes.Cut(in, []byte{'\n'})
		d.line(line)
	}
	d.flush()
	d.noteSkipped()
	if n := len(d.in); n > 0 && d.in[n-1] != '\n' && len(d.out) > 0 {
		d.out = d.out[:len(d.out)-1]
	}
	return d.out
}

func (d *differ) line(raw []byte) {
	text := raw
	if bytes.IndexByte(raw, 0x1b) >= 0 {
		text = ansi.Strip(raw)
	}
	if d.parents > 0 {
		if kind, ok := d.inHunk(text); ok {
			d.hunk = append(d.hunk, diffLine{raw, kind})
			return
		}
		d.flush()
	}
	if bytes.HasPrefix(text, []byte("@@")) {
		d.start(text)
		d.header = raw
		return
	}
	d.noteSkipped()
	switch {
	case bytes.HasPrefix(text, []byte("diff ")):
		d.setFile(string(text[bytes.LastIndexByte(text, ' ')+1:]))
	case bytes.HasPrefix(text, []byte("+++ ")):
		name := text[4:]
		if i := bytes.IndexByte(name, '\t'); i >= 0 {
			name = name[:i]
		}
		if string(name) != "/dev/null" {
			d.setFile(string(name))
		}
	}
	d.out = append(append(d.out, raw...), '\n')
}

func (d *differ) setFile(name string) {
	if name == d.file {
		return
	}
	d.file = name
	d.budget = d.lv.fileCap
	if diffGenerated(name) {
		d.budget = d.lv.lockCap
	}
}

// diffGenerated reports whether a file is machine-written, so its changes
// say little line by line.
func diffGenerated(name string) bool {
	switch path.Base(name) {
	case "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml", "go.sum",
		"Cargo.lock", "poetry.lock", "Pipfile.lock", "composer.lock", "Gemfile.lock", "uv.lock", "bun.lock":
		return true
	}
	ext := path.Ext(name)
	return (ext == ".js" || ext == ".css" || ext == ".map") && bytes.Contains([]byte(name), []byte(".min."))
}

// start opens a hunk at its header line, "@@ -a,b +c,d @@" or the combined
// "@@@ -a,b -c,d +e,f @@@"; the caller prints the line.
func (d *differ) start(text []byte) {
	at := 0
	for at < len(text) && text[at] == '@' {
		at++
	}
	d.parents = max(at-1, 1)
	d.counted = at == 2
	d.hunks++
	if d.counted {
		f := bytes.Fields(text)
		if len(f) < 3 || len(f[1]) < 2 || len(f[2]) < 2 || f[1][0] != '-' || f[2][0] != '+' {
			d.counted = false
		} else {
			var ok1, ok2 bool
			d.oldLeft, ok1 = diffCount(f[1][1:])
			d.newLeft, ok2 = diffCount(f[2][1:])
			d.counted = ok1 && ok2
		}
	}
}

// diffCount parses "a,b" or "a" into b (1 when absent).
func diffCount(r []byte) (int, bool) {
	if i := bytes.IndexByte(r, ','); i >= 0 {
		n, err := strconv.Atoi(string(r[i+1:]))
		return n, err == nil && n >= 0
	}
	_, err := strconv.Atoi(string(r))
	return 1, err == nil
}

// inHunk classifies a line of the open hunk, or reports that the hunk has
// ended.
func (d *differ) inHunk(text []byte) (byte, bool) {
	if d.counted {
		if d.oldLeft <= 0 && d.newLeft <= 0 {
			if len(text) > 0 && text[0] == '\\' {
				return '\\', true
			}
			return 0, false
		}
		switch {
		case len(text) == 0 || text[0] == ' ':
			d.oldLeft--
			d.newLeft--
			return ' ', true
		case text[0] == '-':
			d.oldLeft--
			return '-', true
		case text[0] == '+':
			d.newLeft--
			return '+', true
		case text[0] == '\\':
			return '\\', true
		}
		return 0, false
	}
	if len(text) > 0 && text[0] == '\\' {
		return '\\', true
	}
	if len(text) < d.parents {
		if len(text) == 0 {
			return ' ', true
		}
		return 0, false
	}
	kind := byte(' ')
	for _, c := range text[:d.parents] {
		switch c {
		case ' ':
		case '+', '-':
			kind = c
		default:
			return 0, false
		}
	}
	return kind, true
}

// noteSkipped prints the note for hunks dropped whole.
func (d *differ) noteSkipped() {
	if d.skipped == 0 {
		return
	}
	unit := "hunks (+" + strconv.Itoa(d.skipAdd) + " −" + strconv.Itoa(d.skipDel) + ")"
	d.out = append(append(d.out, lossy.Omitted(d.skipped, unit)...), '\n')
	d.skipped, d.skipAdd, d.skipDel = 0, 0, 0
}

// flush prints the open hunk's header and kept lines.
func (d *differ) flush() {
	h := d.hunk
	if d.parents == 0 {
		return
	}
	d.parents = 0
	defer func() { d.hunk = d.hunk[:0] }()

	n := len(h)
	keep := make([]bool, n)
	changes := 0
	for _, l := range h {
		if l.kind == '+' || l.kind == '-' {
			changes++
		}
	}
	d.changes += changes
	allowed := min(d.lv.hunkCap, max(d.budget, 0))
	if allowed == 0 && changes > 0 && d.lv.dropHunks {
		// The file has shown all it may: the rest of its hunks become one
		// note.
		d.skipped++
		for _, l := range h {
			switch l.kind {
			case '+':
				d.skipAdd++
			case '-':
				d.skipDel++
			}
		}
		return
	}
	d.out = append(append(d.out, d.header...), '\n')
	headN := allowed - allowed/4
	tailFrom := changes - allowed/4
	k := 0
	for i, l := range h {
		switch l.kind {
		case '+', '-':
			if changes <= allowed || k < headN || k >= tailFrom {
				keep[i] = true
			}
			k++
		case '\\':
			keep[i] = i > 0 && keep[i-1]
		}
	}
	d.budget -= min(changes, allowed)
	// Context next to a kept change, and context matching the query.
	ctx := d.lv.context
	last := -1 << 30
	for i, l := range h {
		if (l.kind == '+' || l.kind == '-') && keep[i] {
			last = i
		}
		if l.kind == ' ' && i-last <= ctx {
			keep[i] = true
		}
	}
	last = 1 << 30
	for i := n - 1; i >= 0; i-- {
		l := h[i]
		if (l.kind == '+' || l.kind == '-') && keep[i] {
			last = i
		}
		if l.kind == ' ' && last-i <= ctx {
			keep[i] = true
		}
		if l.kind == ' ' && !keep[i] && len(d.terms) > 0 {
			for _, t := range d.terms {
				if queryterm.ContainsFold(l.text, t) {
					keep[i] = true
					break
				}
			}
		}
	}
	for i := 0; i < n; {
		if keep[i] {
			d.out = append(append(d.out, h[i].text...), '\n')
			i++
			continue
		}
		j, ctxN, plus, minus, size := i, 0, 0, 0, 0
		for ; j < n && !keep[j]; j++ {
			size += len(h[j].text) + 1
			switch h[j].kind {
			case ' ':
				ctxN++
			case '+':
				plus++
			case '-':
				minus++
			}
		}
		if plus+minus > 0 {
			// The count is of what the unit names: changed lines alone, or
			// all lines with the changed and unchanged ones itemised.
			unit := "changed lines (+" + strconv.Itoa(plus) + " −" + strconv.Itoa(minus) + ")"
			if ctxN > 0 {
				unit = "lines (+" + strconv.Itoa(plus) + " −" + strconv.Itoa(minus) + " changed, " + strconv.Itoa(ctxN) + " unchanged)"
			}
			d.out = append(append(d.out, lossy.Omitted(plus+minus+ctxN, unit)...), '\n')
		} else if note := lossy.Omitted(ctxN, "unchanged lines"); size > len(note)+1 {
			d.out = append(append(d.out, note...), '\n')
		} else {
			// The note would not be shorter than the lines.
			for _, l := range h[i:j] {
				d.out = append(append(d.out, l.text...), '\n')
			}
		}
		i = j
	}
}
