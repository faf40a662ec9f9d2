package toolline

import "bytes"

// HunkHeader parses "@@ -a[,b] +c[,d] @@".
func HunkHeader(line []byte) (oldN, newN int, ok bool) {
	rest := line[4:]
	_, e := Number(rest)
	if e == 0 {
		return 0, 0, false
	}
	rest = rest[e:]
	oldN = 1
	if len(rest) > 0 && rest[0] == ',' {
		n, e := Number(rest[1:])
		if e == 0 {
			return 0, 0, false
		}
		oldN, rest = n, rest[1+e:]
	}
	if !hasPrefix(rest, " +") {
		return 0, 0, false
	}
	rest = rest[2:]
	_, e = Number(rest)
	if e == 0 {
		return 0, 0, false
	}
	rest = rest[e:]
	newN = 1
	if len(rest) > 0 && rest[0] == ',' {
		n, e := Number(rest[1:])
		if e == 0 {
			return 0, 0, false
		}
		newN, rest = n, rest[1+e:]
	}
	if !hasPrefix(rest, " @@") {
		return 0, 0, false
	}
	return oldN, newN, true
}

// HunkLine consumes one body line of a hunk, reporting whether it belongs.
func HunkLine(line []byte, oldLeft, newLeft *int) bool {
	c := byte(' ') // an empty line is context whose trailing space was lost
	if len(line) > 0 {
		c = line[0]
	}
	switch {
	case c == ' ' && *oldLeft > 0 && *newLeft > 0:
		*oldLeft--
		*newLeft--
	case c == '-' && *oldLeft > 0:
		*oldLeft--
	case c == '+' && *newLeft > 0:
		*newLeft--
	case c == '\\':
	default:
		return false
	}
	return true
}

// CommitLine reports "commit <hash>" (git log, git show) and the mbox
// line "From <hash> Mon Sep 17 00:00:00 2001" that opens each patch of git
// format-patch.
func CommitLine(line []byte) bool {
	if hasPrefix(line, "From ") && bytes.HasSuffix(line, []byte(" Mon Sep 17 00:00:00 2001")) {
		return true
	}
	if !hasPrefix(line, "commit ") {
		return false
	}
	n := 0
	for _, c := range line[7:] {
		if !isHex(c) {
			break
		}
		n++
	}
	return n >= 7 && (len(line) == 7+n || line[7+n] == ' ')
}

// CommitHeaderField reports a line of a commit's header in git log, git show
// or format-patch output ("Author:", "Date:", "Subject:", the "---" before the
// --stat); "diff --git" ends the header and is not a field.
func CommitHeaderField(line []byte) bool {
	if string(line) == "---" {
		return true // format-patch: the message ends, the --stat follows
	}
	for _, p := range [...]string{"Author:", "Date:", "Merge:", "AuthorDate:", "Commit:", "CommitDate:", "From:", "Subject:", "diff --git "} {
		if hasPrefix(line, p) {
			return p != "diff --git " // a diff ends the header but is Diff anyway
		}
	}
	return false
}
