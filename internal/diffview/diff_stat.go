package diffview

import (
	"bytes"
	"strconv"

	"github.com/kompress/kompress/internal/ansi"
	"github.com/kompress/kompress/internal/lossy"
)

// A diffstat alone (git diff --stat over a range, git show --stat
// --format=) is a list of every changed file, its changed line count and
// a bar of + and -, all aligned in columns: over hundreds of files the
// padding, the bars and the directories repeated line after line are most
// of its tokens. The view lists the files by directory, one line per run
// of files in the same directory, each file with its count signed by its
// bar: +12 only added, -12 only deleted, ±12 both. Every file name and
// count stays; the bars' proportions and the alignment go. Other lines
// (the "N files changed" summary) stay verbatim.

const (
	diffStatMin     = 8  // stat lines a block needs to be regrouped
	diffStatPerLine = 16 // files listed on one line at most
)

// diffStatNote heads a regrouped block: "[… 166 diffstat lines omitted:
// …]" counts the input lines it stands for, like every other note.
func diffStatNote(n int) string {
	return "[… " + strconv.Itoa(n) + " diffstat lines omitted: listed below by directory, +N lines only added, -N only deleted, ±N both …]"
}

// diffStatLine is one file of a diffstat.
type diffStatLine struct {
	dir  string // "" at the top, or for a rename across directories
	item string // base name and signed count, "diff.go ±34"
}

// parseStatLine reads " path/to/file.go | 34 +++--" (or "| Bin 0 -> 12
// bytes"), reporting false for any other line.
func parseStatLine(text []byte) (diffStatLine, bool) {
	if len(text) < 4 || text[0] != ' ' || text[1] == ' ' {
		return diffStatLine{}, false
	}
	bar := bytes.LastIndex(text, []byte(" | "))
	if bar < 2 {
		return diffStatLine{}, false
	}
	name := string(bytes.TrimRight(text[1:bar], " "))
	rest := bytes.TrimLeft(text[bar+3:], " ")
	var count string
	switch {
	case bytes.HasPrefix(rest, []byte("Bin")):
		count = string(rest)
	default:
		n := 0
		for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
			n++
		}
		if n == 0 {
			return diffStatLine{}, false
		}
		graph := bytes.TrimLeft(rest[n:], " ")
		if len(bytes.Trim(graph, "+-")) > 0 {
			return diffStatLine{}, false
		}
		add, del := bytes.IndexByte(graph, '+') >= 0, bytes.IndexByte(graph, '-') >= 0
		count = string(rest[:n])
		switch {
		case add && del:
			count = "±" + count
		case add:
			count = "+" + count
		case del:
			count = "-" + count
		}
	}
	if name == "" {
		return diffStatLine{}, false
	}
	dir, base := "", name
	// "old => new" without braces renames across directories: its last
	// slash may be inside the new name, so it is not split.
	if i := bytes.LastIndexByte([]byte(name), '/'); i > 0 && (bytes.Contains([]byte(name), []byte("{")) || !bytes.Contains([]byte(name), []byte(" => "))) {
		dir, base = name[:i], name[i+1:]
	}
	return diffStatLine{dir: dir, item: base + " " + count}, true
}

// diffStat regroups the diffstat blocks of in, or returns lossy.ErrNoGain
// when it has none or the view would not save 10%.
func diffStat(in []byte) ([]byte, error) {
	var out []byte
	var block []diffStatLine
	var blockRaw [][]byte
	regrouped := false
	flush := func() {
		if len(block) < diffStatMin {
			for _, raw := range blockRaw {
				out = append(append(out, raw...), '\n')
			}
		} else {
			regrouped = true
			out = append(append(out, diffStatNote(len(block))...), '\n')
			out = appendStatGroups(out, block)
		}
		block, blockRaw = block[:0], blockRaw[:0]
	}
	for rest := in; len(rest) > 0; {
		var raw []byte
		raw, rest, _ = bytes.Cut(rest, []byte{'\n'})
		text := raw
		if bytes.IndexByte(raw, 0x1b) >= 0 {
			text = ansi.Strip(raw)
		}
		if s, ok := parseStatLine(text); ok {
			block, blockRaw = append(block, s), append(blockRaw, raw)
			continue
		}
		flush()
		out = append(append(out, raw...), '\n')
	}
	flush()
	if len(in) > 0 && in[len(in)-1] != '\n' && len(out) > 0 {
		out = out[:len(out)-1]
	}
	if !regrouped || len(out) > len(in)*9/10 {
		return nil, lossy.ErrNoGain
	}
	return out, nil
}

// appendStatGroups prints the files of a block, a line per run of files
// in one directory: "internal/diffview/ diff.go ±34, diff_test.go +50".
func appendStatGroups(out []byte, block []diffStatLine) []byte {
	for i := 0; i < len(block); {
		j := i
		for j < len(block) && j-i < diffStatPerLine && block[j].dir == block[i].dir {
			j++
		}
		if block[i].dir != "" {
			out = append(append(out, block[i].dir...), "/ "...)
		}
		for k := i; k < j; k++ {
			if k > i {
				out = append(out, ", "...)
			}
			out = append(out, block[k].item...)
		}
		out = append(out, '\n')
		i = j
	}
	return out
}
