package logview

import (
	"bytes"
	"sort"
	"strconv"

	"github.com/kompress/kompress/internal/toolline"
)

// Lint findings below error level (eslint's stylish warning rows,
// shellcheck's warning, info and style notes with their source, caret and
// "Did you mean:" lines) come by the hundred in code that works. They are
// not failure lines: the view drops them and counts them per rule, with
// their locations while the level allows, in one note where a file's rows
// or a run of findings end.

// markLint marks the lint lines of d: lint is set on every line a
// finding takes, the finding on the one line that counts it.
func (d *logDoc) markLint() {
	ls := d.lines
	var file []byte // shellcheck's file of the current heading
	head := -1      // the unindented line over the current rows, eslint's file header
	styleSeen := false
	example := false // a ChkTeX or Perl::Critic finding has been left as an example
	for i := 0; i < len(ls); i++ {
		t := ls[i].text
		switch {
		case len(t) == 0:
			head = -1
		case t[0] != ' ' && t[0] != '\t':
			head = i
		}
		if sev, ok := toolline.LintRow(logTrimBlank(t)); ok && sev == "warning" && !ls[i].must {
			if head >= 0 && ls[head].class == logPlain {
				// The only line that names the file of the rows under it,
				// and the note that counts them stands under it; the list
				// of files is the answer, as in logMarkFileFindings.
				ls[head].must = true
			}
			loc, rule := logLintRow(t)
			ls[i].lint, ls[i].find = true, d.addFinding(logFinding{rule: rule, loc: loc})
			continue
		}
		if sev, loc, rule, ok := toolline.CompactRow(t); ok && string(sev) == "warning" && !ls[i].must {
			if rule == nil {
				rule = []byte("warning")
			}
			ls[i].lint, ls[i].class = true, logPlain
			ls[i].find = d.addFinding(logFinding{rule: rule, loc: loc, file: logLintFile(loc)})
			continue
		}
		if len(t) > 0 && t[0] == 'l' && !ls[i].must {
			if level, ok := toolline.TidyRow(t); ok && string(level) != "Error" {
				// HTML Tidy's warnings and infos, "line 3 column 32 - Warning:
				// discarding unexpected </td>": findings, counted by message
				// with their places ("3:32").
				ls[i].lint, ls[i].class = true, logPlain
				ls[i].find = d.addFinding(logFinding{rule: t[bytes.Index(t, []byte(" - "))+3:], loc: logTidyPlace(t)})
				continue
			}
		}
		// Perl::Critic's policy violations and ChkTeX's warnings, advice
		// on style: the first stays, as an example of the report, the
		// others are counted by policy or message with their places.
		if end, loc, rule := logAdviceFinding(ls, i); end > i {
			if !example {
				example = true
				i = end - 1
				continue
			}
			var file []byte // one-line rows name their file: a note per file, as for compact rows
			if end == i+1 {
				file = logLintFile(loc)
			}
			for j := i; j < end; j++ {
				ls[j].lint, ls[j].class = true, logPlain
			}
			ls[i].find = d.addFinding(logFinding{rule: rule, loc: loc, file: file})
			i = end - 1
			continue
		}
		if loc, word, ok := logSpellIssue(t); ok && !ls[i].must {
			ls[i].lint, ls[i].class = true, logPlain
			ls[i].find = d.addFinding(logFinding{rule: word, loc: loc})
			continue
		}
		// A style finding (RuboCop's, pycodestyle's, pydocstyle's): the
		// first stays, as an example of the report with its excerpt; the
		// others are counted.
		end, loc, rule := logStyleFinding(ls, i)
		if end == i {
			end, loc, rule = logPydocstyleFinding(ls, i)
		}
		if end > i {
			if !styleSeen {
				styleSeen = true
				i = end - 1
				continue
			}
			for j := i; j < end; j++ {
				ls[j].lint, ls[j].class = true, logPlain
			}
			ls[i].find = d.addFinding(logFinding{rule: rule, loc: loc})
			i = end - 1
			continue
		}
		// A finding of several lines: one run, one note, over files.
		if end, loc, rule := logBlockFinding(ls, i); end > i {
			for j := i; j < end; j++ {
				ls[j].lint, ls[j].class = true, logPlain
			}
			ls[i].find = d.addFinding(logFinding{rule: rule, loc: loc})
			i = end - 1
			continue
		}
		f, n, ok := toolline.ShellcheckHeader(t)
		if !ok || ls[i].must {
			continue
		}
		file = f
		end = logShellcheckBlock(ls, i)
		findings := 0
		for j := i; j < end; j++ {
			if ls[j].must {
				findings = -1 // an error finding: the block stays
				break
			}
			if code, _, ok := toolline.ShellcheckNote(ls[j].text); ok {
				ls[j].find = d.addFinding(logFinding{rule: code, loc: []byte(string(file) + ":" + strconv.Itoa(n))})
				findings++
			}
		}
		if findings <= 0 {
			for j := i; j < end; j++ {
				ls[j].find = 0
			}
			i = end - 1
			continue
		}
		for j := i; j < end; j++ {
			ls[j].lint = true
			ls[j].class = logPlain
		}
		i = end - 1
	}
}

// logBlockFinding returns the end, location and rule of a cppcheck, rustc,
// biome, oxlint (miette) or revive (friendly) finding below error level that starts at ls[i]; end is i when
// none does.
func logBlockFinding(ls []logLine, i int) (end int, loc, rule []byte) {
	for _, find := range [...]func([]logLine, int) (int, []byte, []byte){logCppcheckFinding, logRustWarning, logBiomeWarning, logMietteWarning, logReviveWarning} {
		if end, loc, rule = find(ls, i); end > i {
			return end, loc, rule
		}
	}
	return i, nil, nil
}

// logShellcheckBlock returns the end of the finding headed at ls[head]: its
// source line, notes, suggested fix and the blank lines after them.
func logShellcheckBlock(ls []logLine, head int) int {
	j := head + 1
	for j < len(ls) && j < head+64 {
		t := ls[j].text
		if _, _, ok := toolline.ShellcheckHeader(t); ok {
			break
		}
		if bytes.HasPrefix(t, []byte("For more information:")) {
			break
		}
		j++
	}
	return j
}

// logLintRow returns the location ("12:5") and the rule ("no-unused-vars")
// of an eslint stylish row; the rule is its last field, after two spaces.
func logLintRow(t []byte) (loc, rule []byte) {
	t = bytes.TrimSpace(t)
	loc = t
	if k := bytes.IndexAny(t, " \t"); k > 0 {
		loc = t[:k]
	}
	if k := bytes.LastIndex(t, []byte("  ")); k > 0 {
		if r := bytes.TrimSpace(t[k:]); bytes.IndexAny(r, " \t") < 0 && len(r) > 0 {
			return loc, r
		}
	}
	return loc, []byte("warning")
}

// logLintNote gathers dropped lint findings until the note is written.
type logLintNote struct {
	rules []logLintRule
	index map[string]int
	n     int    // findings
	lines int    // lines they took
	file  []byte // of the last finding of a compact report, whose rows name their file
}

type logLintRule struct {
	name string
	locs [][]byte
}

// add counts a dropped lint line and the finding it counts, if any.
func (n *logLintNote) add(f *logFinding) {
	n.lines++
	if f == nil {
		n.file = nil
		return
	}
	n.file = f.file
	rule := f.rule
	if rule == nil {
		return
	}
	if n.index == nil {
		n.index = make(map[string]int)
	}
	k, ok := n.index[string(rule)]
	if !ok {
		k = len(n.rules)
		n.index[string(rule)] = k
		n.rules = append(n.rules, logLintRule{name: string(rule)})
	}
	n.rules[k].locs = append(n.rules[k].locs, f.loc)
	n.n++
}

// appendTo writes the note, "[… 6 lint findings omitted above: curly ×3 at
// 6:23, 7:32, 7:45; quotes ×2 at 1:16, 6:35; no-console at 6:23 …]", with
// at most locs locations per rule, and resets n. The lines it counts are
// above it, since the last note or failure-free section start, between
// the kept lines there.
func (n *logLintNote) appendTo(out []byte, locs int) []byte {
	if n.lines == 0 {
		return out
	}
	out = append(out, "[… "...)
	out = strconv.AppendInt(out, int64(n.n), 10)
	out = append(out, ' ')
	out = append(out, logUnit(n.n, "lint finding")...)
	if n.lines != n.n {
		out = append(out, " ("...)
		out = strconv.AppendInt(out, int64(n.lines), 10)
		out = append(out, " lines)"...)
	}
	out = append(out, " omitted above: "...)
	sort.SliceStable(n.rules, func(a, b int) bool { return len(n.rules[a].locs) > len(n.rules[b].locs) })
	for k, r := range n.rules {
		if k > 0 {
			out = append(out, "; "...)
		}
		out = append(out, r.name...)
		if len(r.locs) > 1 {
			out = append(out, " ×"...)
			out = strconv.AppendInt(out, int64(len(r.locs)), 10)
		}
		if locs == 0 {
			continue
		}
		out = append(out, " at "...)
		var last []byte
		for j, loc := range r.locs[:min(len(r.locs), locs)] {
			if bytes.Equal(loc, last) {
				continue // two findings at one place
			}
			if j > 0 {
				out = append(out, ", "...)
			}
			out = append(out, logLintLoc(loc, last)...)
			last = loc
		}
		if more := len(r.locs) - locs; more > 0 {
			out = append(out, ", +"...)
			out = strconv.AppendInt(out, int64(more), 10)
			out = append(out, " more"...)
			out = appendLintFiles(out, r.locs[locs:])
		}
	}
	out = append(out, " …]\n"...)
	*n = logLintNote{}
	return out
}

// lintFilesShown bounds the files a note names for the locations past
// its quota.
const lintFilesShown = 8

// appendLintFiles names the files of locs, the locations past a note's
// quota, with their counts, so that no file with findings goes unnamed:
// " (stack.c ×40, race.c ×30, cfg.c ×26)". Locations without a file (a
// bare "12:5") name none.
func appendLintFiles(out []byte, locs [][]byte) []byte {
	type file struct {
		name []byte
		n    int
	}
	var files []file
	for _, loc := range locs {
		f := logLintFile(loc)
		if len(f) == 0 {
			continue
		}
		found := false
		for k := range files {
			if bytes.Equal(files[k].name, f) {
				files[k].n++
				found = true
				break
			}
		}
		if !found {
			files = append(files, file{f, 1})
		}
	}
	if len(files) == 0 {
		return out
	}
	out = append(out, " ("...)
	for k, f := range files[:min(len(files), lintFilesShown)] {
		if k > 0 {
			out = append(out, ", "...)
		}
		out = append(out, f.name...)
		if f.n > 1 {
			out = append(out, " ×"...)
			out = strconv.AppendInt(out, int64(f.n), 10)
		}
	}
	if len(files) > lintFilesShown {
		out = append(out, ", +"...)
		out = strconv.AppendInt(out, int64(len(files)-lintFilesShown), 10)
		out = append(out, " files"...)
	}
	return append(out, ')')
}

// logLintLoc drops a file that loc shares with the location before it:
// "deploy.sh:4, 6, 7", "src/a.js:1:16, 6:35".
func logLintLoc(loc, last []byte) []byte {
	f := logLintFile(loc)
	if len(f) > 0 && bytes.Equal(f, logLintFile(last)) {
		return loc[len(f)+1:]
	}
	return loc
}

// logLintFile returns the file of a location, up to the first ':' that a
// digit follows, or nil when loc starts with its line number.
func logLintFile(loc []byte) []byte {
	for k := 1; k+1 < len(loc); k++ {
		if loc[k] == ':' && loc[k+1] >= '0' && loc[k+1] <= '9' {
			if logDigits(loc[:k]) {
				return nil
			}
			return loc[:k]
		}
	}
	return nil
}

func logDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

// ends reports whether the kept line l ends the findings gathered in n: a
// blank or unindented line does, but for a row of a compact report of the
// same file.
func (n *logLintNote) ends(l *logLine) bool {
	t := l.text
	if len(bytes.TrimSpace(t)) == 0 {
		return true
	}
	if t[0] == ' ' || t[0] == '\t' {
		return false
	}
	if n.file == nil {
		return true
	}
	_, loc, _, ok := toolline.CompactRow(t)
	if !ok && t[len(t)-1] == ')' {
		// Perl::Critic's gravest rows, kept, among the file's others.
		_, loc, ok = toolline.PerlcriticRow(t)
	}
	return !ok || !bytes.Equal(logLintFile(loc), n.file)
}

// logCppcheckFinding reads a cppcheck finding below warning level at
// ls[i], "m.c:6:0: style: The function 'leak6' is never used.
// [unusedFunction]", with the source line and caret line it quotes: end
// is past them, loc "m.c:6:0" and rule "unusedFunction"; end is i when
// ls[i] is none or a line of it must stay.
func logCppcheckFinding(ls []logLine, i int) (end int, loc, rule []byte) {
	t := ls[i].text
	if ls[i].must || len(t) == 0 || t[len(t)-1] != ']' {
		return i, nil, nil // asked first: parsing a hit costs more
	}
	h, ok := toolline.ParseHit(t)
	if !ok || h.Context {
		return i, nil, nil
	}
	sev := false
	for _, p := range [...]string{" style: ", " information: ", " performance: ", " portability: "} {
		sev = sev || bytes.HasPrefix(h.Text, []byte(p))
	}
	open := bytes.LastIndexByte(t, '[')
	if !sev || open < 0 || bytes.IndexByte(t[open:], ' ') >= 0 {
		return i, nil, nil
	}
	rule = t[open+1 : len(t)-1]
	loc = t[:len(t)-len(h.Text)-1]
	end = i + 1
	if end+1 < len(ls) && !ls[end].must && !ls[end+1].must && logCaretOnly(ls[end+1].text) {
		end += 2 // the quoted source line and its caret
	}
	return end, loc, rule
}

// logTidyPlace returns the place of a TidyRow as "line:column", "3:32".
func logTidyPlace(t []byte) []byte {
	r := t[len("line "):]
	_, e := toolline.Number(r)
	c := r[e+len(" column "):]
	_, e2 := toolline.Number(c)
	return append(append(append([]byte(nil), r[:e]...), ':'), c[:e2]...)
}

// logPydocstyleFinding returns the end, location and code of a pydocstyle
// finding headed at ls[i]: its place, "pkg/a.py:15 in public class `C`:",
// and its code and message indented under it, "    D101: Missing
// docstring in public class". A docstring convention is no failure.
func logPydocstyleFinding(ls []logLine, i int) (end int, loc, rule []byte) {
	t := ls[i].text
	if ls[i].must || i+1 >= len(ls) || len(t) == 0 || t[len(t)-1] != ':' || ls[i+1].must {
		return i, nil, nil
	}
	loc, ok := toolline.PydocstylePlace(t)
	if !ok {
		return i, nil, nil
	}
	next := ls[i+1].text
	msg := logTrimBlank(next)
	code, ok := toolline.PydocstyleCode(msg)
	if !ok || len(next) == len(msg) {
		return i, nil, nil
	}
	// The code with its message, which says what D400 is, without the
	// instance's own detail: "D400: First line should end with a period".
	msg = msg[len(code)+2:]
	if k := bytes.Index(msg, []byte(" (")); k > 0 {
		msg = msg[:k]
	}
	rule = append(append(append([]byte(nil), code...), ": "...), msg...)
	return i + 2, loc, rule
}

// logStyleFinding returns the end, location and cop of a RuboCop offense
// below error level headed at ls[i], "app.rb:4:23: C: [Correctable]
// Layout/SpaceAroundEqualsInParameterDefault: Surrounding space missing…",
// or of a pycodestyle style finding, "inv.py:5:1: E302 expected 2 blank lines",
// with the quoted source line and the caret line under it when the
// formatter prints them; end is i when ls[i] heads none.
func logStyleFinding(ls []logLine, i int) (end int, loc, rule []byte) {
	if ls[i].must {
		return i, nil, nil
	}
	loc, rule, ok := toolline.StyleFindingLine(ls[i].text)
	if !ok {
		return i, nil, nil
	}
	end = i + 1
	if end+1 < len(ls) && !ls[end].must && !ls[end+1].must && logCaretOnly(ls[end+1].text) {
		end += 2 // the quoted source line and its caret
	}
	return end, loc, rule
}

// logAdviceFinding returns the end, place and rule of a Perl::Critic
// violation, a ChkTeX warning (either form), a checkbashisms finding with
// the line it quotes, a mandoc warning or an hlint hint below error with
// its lines at ls[i]; end is i when ls[i] is none or must stay.
func logAdviceFinding(ls []logLine, i int) (end int, loc, rule []byte) {
	t := ls[i].text
	if len(t) == 0 || t[0] == ' ' || ls[i].must {
		return i, nil, nil
	}
	if t[len(t)-1] == ')' {
		if rule, loc, ok := toolline.PerlcriticRow(t); ok {
			return i + 1, loc, rule
		}
		if level, loc, check, ok := toolline.PuppetLintRow(t); ok && string(level) == "WARNING" {
			return i + 1, loc, check
		}
	}
	if loc, msg, ok := toolline.ChktexTerse(t); ok {
		return i + 1, loc, msg
	}
	if t[len(t)-1] != ':' {
		if sev, loc, hint, ok := toolline.HlintRow(t); ok && string(sev) != "Error" {
			// hlint's hint with its Found:, Perhaps: and Note: lines.
			end = i + 1
			for end < len(ls) && len(ls[end].text) > 0 && !ls[end].must {
				if _, _, _, next := toolline.HlintRow(ls[end].text); next {
					break
				}
				end++
			}
			if end < len(ls) && len(ls[end].text) == 0 {
				end++ // the blank line between hints: one note for the run
			}
			return end, loc, hint
		}
	}
	if t[0] == '[' {
		if sev, loc, rule, ok := toolline.GosecRow(t); ok && string(sev) == "LOW" {
			// gosec's low-severity issue with its excerpt and Autofix line.
			end = i + 1
			for end < len(ls) && !ls[end].must && (len(ls[end].text) == 0 || ls[end].text[0] == ' ' || bytes.HasPrefix(ls[end].text, []byte("Autofix:"))) {
				if len(ls[end].text) == 0 && end+1 < len(ls) && len(ls[end+1].text) > 0 && ls[end+1].text[0] == '[' {
					end++
					break
				}
				end++
			}
			return end, loc, rule
		}
	}
	if t[0] == 'm' {
		if level, loc, rule, ok := toolline.MandocRow(t); ok && (string(level) == "WARNING" || string(level) == "STYLE") {
			return i + 1, loc, rule
		}
	}
	if t[0] == 'p' {
		if loc, rule, ok := toolline.BashismRow(t); ok {
			end = i + 1
			if end < len(ls) && !ls[end].must {
				if _, _, next := toolline.BashismRow(ls[end].text); !next {
					end++ // the line it quotes
				}
			}
			return end, loc, rule
		}
	}
	return logChktexWarning(ls, i)
}

// logChktexWarning returns the end, place and message of a ChkTeX warning
// or message at ls[i], "Warning 26 in paper.tex line 9: You ought to remove
// spaces in front of punctuation.", with the quoted source line and the
// caret line under it; end is i when ls[i] is none or a line of it must
// stay. ChkTeX's warnings are style advice; its errors are failures.
func logChktexWarning(ls []logLine, i int) (end int, loc, rule []byte) {
	t := ls[i].text
	if len(t) == 0 || t[0] != 'W' && t[0] != 'M' || ls[i].must {
		return i, nil, nil
	}
	level, place, msg, ok := toolline.ChktexRow(t)
	if !ok || string(level) == "Error" {
		return i, nil, nil
	}
	end = i + 1
	if end+1 < len(ls) && !ls[end].must && !ls[end+1].must && logCaretOnly(ls[end+1].text) {
		end += 2
	}
	return end, place, msg
}

// logCaretOnly matches a caret line under quoted source: blanks, then "^"
// and maybe "~".
func logCaretOnly(t []byte) bool {
	t = logTrimBlank(t)
	return len(t) > 0 && t[0] == '^' && len(bytes.Trim(t, "^~ ")) == 0
}

// logRustWarning returns the end of a rustc or clippy warning headed at
// ls[i] ("warning: unused variable: `x`", its " --> src/lib.rs:38:9" and
// the snippet, notes and help up to and with the blank line after them),
// its location and its lint ("clippy::ptr_arg", "unused_variables", else
// the message); end is i when ls[i] heads none or a line in it must stay.
func logRustWarning(ls []logLine, i int) (end int, loc, rule []byte) {
	t := ls[i].text
	if !bytes.HasPrefix(t, []byte("warning: ")) || i+1 >= len(ls) || ls[i].must {
		return i, nil, nil
	}
	arrow := bytes.TrimLeft(ls[i+1].text, " ")
	if !bytes.HasPrefix(arrow, []byte("--> ")) {
		return i, nil, nil
	}
	loc = bytes.TrimSpace(arrow[4:])
	rule = t[len("warning: "):]
	named := false
	j := i + 1
	for ; j < len(ls) && j < i+80 && len(bytes.TrimSpace(ls[j].text)) > 0; j++ {
		if ls[j].must {
			return i, nil, nil
		}
		if named {
			continue
		}
		l := ls[j].text
		if k := bytes.Index(l, []byte("rust-clippy/")); k >= 0 {
			if h := bytes.Index(l[k:], []byte("index.html#")); h >= 0 {
				rule, named = append([]byte("clippy::"), bytes.TrimSpace(l[k+h+len("index.html#"):])...), true
				continue
			}
		}
		for _, p := range [...]string{"#[warn(", "#[deny("} {
			if k := bytes.Index(l, []byte(p)); k >= 0 {
				if e := bytes.IndexByte(l[k:], ')'); e > len(p) {
					rule, named = l[k+len(p):k+e], true
				}
			}
		}
	}
	if j < len(ls) {
		j++ // the blank line after it
	}
	return j, loc, rule
}

// logBiomeWarning returns the end, location and rule of a biome warning
// headed at ls[i]: "src/a.js:8:34 lint/correctness/noUnusedVariables
// FIXABLE ━━━", then its indented message ("  ! This variable x is
// unused.", the marker of a warning; an error's is "×"), code frame and
// advice, up to the next line that starts in the first column. A block
// holding a failure line is no finding.
func logBiomeWarning(ls []logLine, i int) (end int, loc, rule []byte) {
	t := ls[i].text
	sp := bytes.IndexByte(t, ' ')
	if sp <= 0 || ls[i].must || !bytes.Contains(t, []byte("━━")) {
		return i, nil, nil
	}
	loc, rest := t[:sp], t[sp+1:]
	if at := bytes.Split(loc, []byte(":")); len(at) != 3 || !logDigits(at[1]) || !logDigits(at[2]) {
		return i, nil, nil // not "file:line:col"
	}
	if k := bytes.IndexByte(rest, ' '); k > 0 {
		rule = rest[:k]
	}
	if bytes.IndexByte(rule, '/') <= 0 {
		return i, nil, nil
	}
	warned := false
	j := i + 1
	for ; j < len(ls) && j < i+80; j++ {
		l := ls[j].text
		if len(l) > 0 && l[0] != ' ' && l[0] != '\t' {
			break
		}
		if ls[j].must {
			return i, nil, nil
		}
		if !warned && len(bytes.TrimSpace(l)) > 0 {
			if !bytes.HasPrefix(bytes.TrimLeft(l, " "), []byte("! ")) {
				return i, nil, nil // the first line says what it is: only a warning is a finding
			}
			warned = true
		}
	}
	if !warned {
		return i, nil, nil
	}
	return j, loc, rule
}

// logMietteWarning returns the end, location and rule of a warning as
// oxlint draws it (miette): "  ! eslint(no-unused-vars): Variable 'x' is
// never used.", "   ,-[src/a.js:2:5]", the quoted source down to
// "   `----", then its "  help: ..." lines and the blank line after. An
// error's marker is "x" or "×"; a block holding a failure line is no
// finding.
func logMietteWarning(ls []logLine, i int) (end int, loc, rule []byte) {
	t := bytes.TrimLeft(ls[i].text, " ")
	if !bytes.HasPrefix(t, []byte("! ")) || i+1 >= len(ls) || ls[i].must {
		return i, nil, nil
	}
	k := bytes.Index(t, []byte("): "))
	if k < 0 || bytes.IndexByte(t[2:k], '(') <= 0 || bytes.IndexByte(t[2:k], ' ') >= 0 {
		return i, nil, nil
	}
	rule = t[2 : k+1]
	open := bytes.TrimSpace(ls[i+1].text)
	if !bytes.HasPrefix(open, []byte(",-[")) || !bytes.HasSuffix(open, []byte("]")) {
		return i, nil, nil
	}
	loc = open[3 : len(open)-1]
	j, closed := i+1, false
	for ; j < len(ls) && j < i+80; j++ {
		if ls[j].must {
			return i, nil, nil
		}
		l := bytes.TrimSpace(ls[j].text)
		if closed && !bytes.HasPrefix(l, []byte("help: ")) {
			break
		}
		if bytes.HasPrefix(l, []byte("`----")) {
			closed = true
		}
	}
	if !closed {
		return i, nil, nil
	}
	if j < len(ls) && len(bytes.TrimSpace(ls[j].text)) == 0 {
		j++ // the blank line after it
	}
	return j, loc, rule
}

// logReviveWarning returns the end, location and rule of a warning of
// revive's friendly formatter: "  ⚠  https://revive.run/r#exported
// exported function Start should have comment or be unexported", then
// its location alone, "  api/api.go:28:1", and the blank line after. The
// rule is the link's fragment (or the field itself, when no link). An
// error's marker is "✘".
func logReviveWarning(ls []logLine, i int) (end int, loc, rule []byte) {
	t := logTrimBlank(ls[i].text)
	if !bytes.HasPrefix(t, []byte("⚠  ")) || i+1 >= len(ls) || ls[i].must || ls[i+1].must {
		return i, nil, nil
	}
	rule = logTrimBlank(t[len("⚠  "):])
	if k := bytes.Index(rule, []byte("  ")); k > 0 {
		rule = rule[:k]
	}
	if k := bytes.LastIndexByte(rule, '#'); k >= 0 && bytes.Contains(rule, []byte("://")) {
		rule = rule[k+1:]
	}
	loc = bytes.TrimSpace(ls[i+1].text)
	f := logLintFile(loc)
	if len(rule) == 0 || bytes.IndexByte(rule, ' ') >= 0 || len(f) == 0 || bytes.IndexByte(loc, ' ') >= 0 || !logDigits(loc[len(loc)-1:]) {
		return i, nil, nil
	}
	end = i + 2
	if end < len(ls) && len(bytes.TrimSpace(ls[end].text)) == 0 {
		end++ // the blank line after it
	}
	return end, loc, rule
}

// logSpellIssue reads cspell's issue, "README.md:20:20 - Unknown word
// (gittutorial)": loc "README.md:20:20", and the rule the note counts it
// under, "Unknown word (gittutorial)", so that each word is listed once
// with its count and places.
func logSpellIssue(t []byte) (loc, rule []byte, ok bool) {
	if len(t) == 0 || t[len(t)-1] != ')' {
		return nil, nil, false // told before the line is searched
	}
	k := bytes.Index(t, []byte(" - "))
	if k <= 0 {
		return nil, nil, false
	}
	r := t[k+3:]
	if !bytes.HasPrefix(r, []byte("Unknown word (")) && !bytes.HasPrefix(r, []byte("Forbidden word (")) {
		return nil, nil, false
	}
	loc = t[:k]
	f := logLintFile(loc)
	if len(f) == 0 || bytes.IndexByte(loc, ' ') >= 0 {
		return nil, nil, false
	}
	lc := bytes.Split(loc[len(f)+1:], []byte(":"))
	if len(lc) != 2 || !logDigits(lc[0]) || !logDigits(lc[1]) {
		return nil, nil, false // not "file:line:col"
	}
	return loc, r, true
}
