package router

import "bytes"

// Configuration files: YAML ("key: value" with nesting by indentation,
// "- item" lists, "---" between documents) and TOML and INI ("[section]",
// "key = value"). Word by word they read as prose, but every token is a
// value, so regions of them are Code, which gets lossless folds only.

// cfg sorts the lines of a configuration file.
const (
	cfgOther   uint8 = iota
	cfgComment       // "# ..." at any indent, "; ..." in INI
	cfgKey           // "key: value" or "- key: value"
	cfgOpener        // "key:" opening a nested block or block scalar ("key: |")
	cfgItem          // "- item"
	cfgDoc           // "---"
	cfgSection       // "[section]", "[[array.of.tables]]"
	cfgAssign        // "key = value", "key=value"
	cfgClose         // "]", "}", "]," closing a multi-line value
)

// configs relabels as Code the regions of lines that read as a YAML, TOML
// or INI file. A region is a run of configuration lines (see configLine),
// comments and blank lines, and of lines indented past the key above them
// (a block scalar's text, a nested value). It counts when it has at least
// three keys, mostly lower-case (YAML keys are; "Key: value" records are
// Log, see records), and structure that prose and logs lack: a key opening
// a more indented key or item, a "---" with several keys, or a [section]
// with assignments; and something at column 0, as a file has, where the
// YAML a TAP test report indents under a test line does not. A line claimed by structure, or voting strongly for Log,
// Search, Diff, HTML or JSON when not a continuation, ends a region.
func configs(b []byte, lines []lineInfo) {
	var (
		from      = -1 // first line of the region, or -1
		keys      int  // key lines, YAML and TOML
		yaml      int  // of which "key:" lines
		lower     int  // of which the key starts lower case
		assigns   int
		sections  int
		docs      int
		nests     int  // openers followed by a deeper key or item
		keyIndent = -1 // indent of the last key or item line, -1 for none
		opener    = -1 // indent of the last opener still waiting for its first child
		array     bool // inside a TOML value that opened "[" or "{"
		top       bool // a key, section or "---" at column 0
	)
	flush := func(to int) {
		if from >= 0 && top && keys >= 3 && lower*2 >= yaml &&
			(nests > 0 || docs > 0 && keys >= 5 || sections > 0 && assigns >= 2) {
			for k := from; k < to; k++ {
				if !lines[k].blank {
					lines[k].kind, lines[k].weight, lines[k].config = kCode, wStrong, true
				}
			}
		}
		from, keys, yaml, lower, assigns, sections, docs, nests, keyIndent, opener, array, top = -1, 0, 0, 0, 0, 0, 0, 0, -1, -1, false, false
	}
	for i := range lines {
		li := &lines[i]
		if li.blank {
			continue
		}
		if li.weight == wForced {
			flush(i)
			continue
		}
		line := li.text(b)
		if !array && li.weight >= wStrong && !csvLine(*li) && li.kind != kCode {
			sp := 0
			for sp < len(line) && line[sp] == ' ' {
				sp++
			}
			if keyIndent < 0 || sp <= keyIndent {
				flush(i) // a log line, a search hit: no configuration
				continue
			}
		}
		shape, indent, lc := configLine(line, li.feat)
		cont := keyIndent >= 0 && indent > keyIndent || array
		if array && shape == cfgClose {
			array = false
		}
		if cont && shape != cfgKey && shape != cfgOpener && shape != cfgItem {
			if from < 0 {
				from = i
			}
			continue // a block scalar's text, an array's element
		}
		if shape == cfgOther || !cont && li.weight >= wStrong && !csvLine(*li) && li.kind != kCode {
			flush(i)
			if shape == cfgOther {
				continue
			}
		}
		if from < 0 {
			from = i
		}
		if shape != cfgComment && indent == 0 {
			top = true
		}
		switch shape {
		case cfgKey, cfgOpener, cfgItem:
			if opener >= 0 && indent > opener {
				nests++
			}
			opener = -1
			if shape == cfgOpener {
				opener = indent
			}
			if shape != cfgItem {
				keys++
				yaml++
				if lc {
					lower++
				}
			}
			keyIndent = indent
		case cfgAssign:
			keys++
			assigns++
			t := bytes.TrimRight(line, " ")
			if c := t[len(t)-1]; c == '[' || c == '{' {
				array = true
			}
			keyIndent = indent
		case cfgSection:
			sections++
			keyIndent = -1
		case cfgDoc:
			docs++
			keyIndent = -1
		}
	}
	flush(len(lines))
}

// configLine sorts one line (see the cfg constants) and reports its indent
// and whether its key starts with a lower-case letter. f is features(line)
// or fAll.
func configLine(line []byte, f feat) (shape uint8, indent int, lower bool) {
	for indent < len(line) && line[indent] == ' ' {
		indent++
	}
	if f&(fColon|fDash|fCfg) == 0 {
		return cfgOther, indent, false // no key, item, comment, section or closer
	}
	tabbed := indent < len(line) && line[indent] == '\t'
	t := trimBlank(line)
	if len(t) == 0 {
		return cfgOther, indent, false
	}
	switch {
	case t[0] == '#' || t[0] == ';' && len(t) == len(line):
		return cfgComment, indent, false
	case string(bytes.TrimRight(t, " ")) == "---":
		return cfgDoc, indent, false
	case t[0] == '[':
		if sectionLine(t) {
			return cfgSection, indent, false
		}
		return cfgOther, indent, false
	case t[0] == ']' || t[0] == '}':
		for _, c := range t {
			if c != ']' && c != '}' && c != ',' && c != ' ' {
				return cfgOther, indent, false
			}
		}
		return cfgClose, indent, false
	}
	item := false
	if t[0] == '-' && (len(t) == 1 || t[1] == ' ') {
		item = true
		t = trimBlank(t[1:])
		indent = len(line) - len(t) // a key in an item nests under the item's text
		if len(t) == 0 {
			return cfgItem, indent, false
		}
	}
	if q := t[0]; q == '"' || q == '\'' {
		// A quoted YAML key: "area/docs": or 'x y':
		e := bytes.IndexByte(t[1:], q) + 1
		if e > 1 && e+1 < len(t) && t[e+1] == ':' && !tabbed && (e+2 == len(t) || t[e+2] == ' ') {
			lower = isLower(t[1])
			if v := trimBlank(t[e+2:]); len(v) == 0 || v[0] == '#' || v[0] == '|' || v[0] == '>' {
				return cfgOpener, indent, lower
			}
			return cfgKey, indent, lower
		}
		return itemOr(item), indent, false
	}
	// A key: a letter, '_' or '$', then letters, digits and "_-.$/".
	c := t[0]
	if !(isUpper(c) || isLower(c) || c == '_' || c == '$') {
		return itemOr(item), indent, false
	}
	k := 1
	for k < len(t) && (isWordByte(t[k]) || t[k] == '-' || t[k] == '.' || t[k] == '$' || t[k] == '/') {
		k++
	}
	lower = isLower(c) || c == '_' || c == '$'
	if k < len(t) && t[k] == ':' && !tabbed {
		v := t[k+1:]
		if len(v) > 0 && v[0] != ' ' {
			return itemOr(item), indent, false // "http://x", "a:b"
		}
		v = trimBlank(v)
		if len(v) == 0 || v[0] == '#' || v[0] == '|' || v[0] == '>' || v[0] == '&' && bytes.IndexByte(v, ' ') < 0 {
			return cfgOpener, indent, lower
		}
		return cfgKey, indent, lower
	}
	if item {
		return cfgItem, indent, false
	}
	j := k
	for j < len(t) && t[j] == ' ' {
		j++
	}
	if j < len(t) && t[j] == '=' && (j+1 == len(t) || t[j+1] != '=') && bytes.IndexByte(t[:k], '/') < 0 {
		return cfgAssign, indent, lower
	}
	return cfgOther, indent, false
}

func itemOr(item bool) uint8 {
	if item {
		return cfgItem
	}
	return cfgOther
}

// sectionLine reports whether t is "[name]" or "[[name]]", maybe with a
// trailing comment: a TOML table or an INI section.
func sectionLine(t []byte) bool {
	if i := bytes.IndexByte(t, '#'); i > 0 {
		t = t[:i]
	}
	t = bytes.TrimRight(t, " \t")
	if len(t) < 3 || t[len(t)-1] != ']' {
		return false
	}
	name := t[1 : len(t)-1]
	if name[0] == '[' {
		if len(name) < 3 || name[len(name)-1] != ']' {
			return false
		}
		name = name[1 : len(name)-1]
	}
	for _, c := range name {
		if !(isWordByte(c) || c == '.' || c == '-' || c == '"' || c == ' ') {
			return false
		}
	}
	return len(bytes.TrimSpace(name)) > 0
}
