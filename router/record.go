package router

import "bytes"

// Field records: apt-cache show, dpkg -s, apt-cache policy and depends,
// systemctl show, HTTP and mail headers. Word by word they read as prose,
// but every token of a "Depends:" line or a checksum matters, so blocks of
// them are Log: the log compressor keeps lines verbatim and in order.

// recordMinFields is how many field lines a block needs to be a record.
const recordMinFields = 3

// records relabels as Log the blocks of lines (runs between blank lines)
// that are records: at least recordMinFields field lines (see fieldLine),
// at least a quarter of the block, and every other line an indented
// continuation (a Description's body, apt-cache policy's version table), a
// bare name heading the fields below it ("bash:", "python3") or already a
// log line. A block holding lines claimed by structure (JSON, a diff, a
// git commit header) is left alone.
func records(b []byte, lines []lineInfo) {
	for i := 0; i < len(lines); {
		if lines[i].blank {
			i++
			continue
		}
		j, fields, padded, ok, valueCol := i, 0, 0, true, -1
		for ; j < len(lines) && !lines[j].blank; j++ {
			if !ok {
				continue // find the block's end
			}
			li := &lines[j]
			line := li.text(b)
			switch {
			case li.weight == wForced || li.config:
				ok = false // YAML's "PORT: 6379" under "env:" is configuration
			case li.kind == kTable && line[0] == 'A' && clockRow(line):
				ok = false // sar's "Average:   lo   0.00   0.00 …" rows are a table's
			case li.feat&(fColon|fCfg) != 0 && fieldLine(line): // a field has a ':' or '='
				fields++
			case li.feat&fColon != 0 && paddedField(line, &valueCol):
				fields++
				if valueCol >= 0 {
					padded++
				}
			case line[0] == ' ' || li.kind == kLog || bareName(line):
			case j == i && titleLine(line):
				// a heading over the fields: "The Meson build system",
				// time -v's "Command exited with non-zero status 3"
			default:
				ok = false
			}
		}
		// One padded field alone is a report's summary line ("Multiple
		// R-squared:  0.005887"), not a column of keys.
		if ok && fields >= recordMinFields && fields*4 >= j-i && padded != 1 {
			for k := i; k < j; k++ {
				lines[k].kind, lines[k].weight = kLog, wStrong
			}
		}
		i = j
	}
}

// fieldLine reports whether a line is one field of a record: "Key: value",
// "Key:" or "Key=value" with a capitalised key of letters, digits and
// "-_." ("Pre-Depends: libc6", "Installed-Size: 7164",
// "ExecMainPID=812"), git config's "core.bare=false" and sysctl's
// "net.ipv4.ip_forward = 0", maybe indented (apt-cache policy, depends;
// " |Depends:" marks an alternative; time -v's tab), a key of a few words
// ("Source dir: /src", "User time (seconds): 0.20", see wordsKey), or a
// "Version table:" sub-heading that ends in a colon. Values ending like
// code ("Name: x," in a Go literal) are not fields.
func fieldLine(line []byte) bool {
	t := trimBlank(line)
	if len(t) < len(line) && len(t) > 0 && t[0] == '|' {
		t = t[1:]
	}
	if len(t) < 2 || !isUpper(t[0]) && !isLower(t[0]) && t[0] != '_' {
		return false // '_' opens environment names: env's "_=/usr/bin/env"
	}
	if len(t) == len(line) && gitConfigLine(t) {
		return true
	}
	i := 1
	for i < len(t) && i <= 80 && (isWordByte(t[i]) || t[i] == '-' || t[i] == '.') {
		i++
	}
	if i >= len(t) {
		return false
	}
	switch {
	case t[i] == '=':
		return len(t) == len(line) && (isUpper(t[0]) || t[0] == '_') // systemctl show, env: unindented
	case t[0] == '_':
		return false
	case isLower(t[0]):
		return false
	case t[i] == ' ' || t[i] == '(':
		if i = wordsKey(t); i < 0 || i+2 < len(t) && t[i+2] == ' ' {
			return false // a padded value ("Data file:        cg.out") is a column, as in a table
		}
	case t[i] != ':':
		return false
	}
	v := t[i+1:]
	if len(v) == 0 {
		return true
	}
	if v[0] != ' ' {
		return false // "Foo:bar", "C:\x", a URL scheme
	}
	switch v[len(v)-1] {
	case ',', '{', '(', ';', '[':
		return false
	}
	return true
}

// wordsKey returns the index of the colon ending a key of up to eight
// words, the first capitalised, single spaces between them, each of
// letters, digits and "-_." or a parenthesised note that may hold colons:
// "C compiler for the host machine: cc", "Elapsed (wall clock) time
// (h:mm:ss or m:ss): 0:00.02", "Version table:". It returns -1 for
// anything else. The colon must end the line or be followed by one space,
// which fieldLine checks.
func wordsKey(t []byte) int {
	words := 1
	for i := 1; i < len(t) && i <= 80; i++ {
		switch c := t[i]; {
		case c == ':':
			return i
		case c == ' ':
			if words++; words > 8 || i+1 >= len(t) || t[i+1] == ' ' || t[i+1] == ':' {
				return -1
			}
		case c == '(':
			e := bytes.IndexByte(t[i:min(len(t), i+40)], ')')
			if e < 0 {
				return -1
			}
			i += e
		case !isWordByte(c) && c != '-' && c != '.':
			return -1
		}
	}
	return -1
}

// paddedField reports a field whose key is padded into a column, as
// listings of one thing's properties print them: lscpu's and lslogins'
// "Model name:         AMD EPYC" (the values of a block all start at one
// column, *col, -1 until the first sets it; a field may have no value) and
// /proc/cpuinfo's and /proc/crypto's "cpu MHz\t\t: 2596.128", "min keysize
// : 16" (blanks before the colon). The keys are a few words; a heading
// over a report's columns ("Data file:        cg.out" above cg_annotate's
// rows) sits in a block with other lines, which is no record.
func paddedField(line []byte, col *int) bool {
	if len(line) < 3 || !isUpper(line[0]) && !isLower(line[0]) {
		return false
	}
	words, i := 1, 1
	for ; i < len(line) && i <= 60; i++ {
		c := line[i]
		if c == ':' || c == '\t' || c == ' ' && (i+1 == len(line) || line[i+1] == ' ' || line[i+1] == '\t' || line[i+1] == ':') {
			break
		}
		switch {
		case c == ' ':
			if words++; words > 8 {
				return false
			}
		case c == '(':
			if e := bytes.IndexByte(line[i:min(len(line), i+40)], ')'); e > 0 {
				i += e
				continue
			}
			return false
		case !isWordByte(c) && c != '-' && c != '.' && c != '/':
			return false
		}
	}
	if i >= len(line) || i > 60 {
		return false
	}
	if line[i] != ':' { // "key<blanks>: value"
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		return i < len(line) && line[i] == ':' && (i+1 == len(line) || line[i+1] == ' ')
	}
	v := i + 1
	for v < len(line) && line[v] == ' ' {
		v++
	}
	switch {
	case v == len(line):
		return true // no value: "Last terminal:                 "
	case v-i < 3:
		return false // one blank: a plain field, or prose
	case *col < 0:
		*col = v
	}
	return *col == v
}

// titleLine reports a short line of words with no colon, opening with a
// capital: the heading some tools print over their fields.
func titleLine(line []byte) bool {
	if len(line) > 60 || !isUpper(line[0]) || bytes.IndexByte(line, ':') >= 0 {
		return false
	}
	for _, c := range line {
		if !isWordByte(c) && c != ' ' && c != '-' {
			return false
		}
	}
	return true
}

// bareName reports whether a line is a lone name, maybe ending in ':',
// heading the fields below it: apt-cache policy's "bash:", apt-cache
// depends' "python3", "<debconf-2.0>". A line opening with '-' or '=' is a
// ruler, not a name.
func bareName(line []byte) bool {
	if len(line) == 0 || len(line) > 80 {
		return false
	}
	if line[0] == '-' || line[0] == '=' {
		return false // a ruler ("-----") names nothing
	}
	for _, c := range line {
		if c == ' ' || c == '\t' || c == '{' || c == '}' || c == '(' || c == ')' || c == ';' || c == '=' || c == '"' {
			return false
		}
	}
	return true
}

// gitConfigLine reports whether a line is git config -l's
// "section[.subsection].key=value" or sysctl's "section.key = value": a
// lower-case dotted name, whose subsection may hold any byte but blanks,
// quotes and '='.
func gitConfigLine(t []byte) bool {
	eq := bytes.IndexByte(t, '=')
	if eq < 3 || eq > 256 || !isLower(t[0]) {
		return false
	}
	name := t[:eq]
	if name[eq-1] == ' ' && eq+1 < len(t) && t[eq+1] == ' ' {
		name = name[:eq-1] // sysctl's "vm.swappiness = 60"
	}
	d := bytes.IndexByte(name, '.')
	if d <= 0 || d == len(name)-1 || bytes.ContainsAny(name, " \t\"'") {
		return false
	}
	for _, c := range name[:d] {
		if !isWordByte(c) && c != '-' {
			return false
		}
	}
	return true
}
