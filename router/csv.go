package router

import "bytes"

// CSV and TSV: rows of cells separated by commas or tabs, with RFC 4180
// quoting ("a, b" and "say ""hi""" are one cell; a quoted cell may hold
// line breaks). Cells with spaces read as prose word by word, and dropping a
// word changes a value, so blocks of records with the same number of
// delimiters are Table whatever their cells hold.

const (
	csvMinRecords = 3  // records a block needs, header included
	csvMaxLines   = 16 // lines one quoted cell may span
)

// csvRecord describes one record that csvScan read.
type csvRecord struct {
	next    int  // index of the line after the record
	delim   byte // ',' or '\t'
	n       int  // delimiters outside quotes
	spaced  bool // a space outside quotes (cells of words, or ", " lists)
	commaSp bool // a comma outside quotes followed by a space: prose, code
}

// csvTables relabels as Table the blocks of at least csvMinRecords
// consecutive records with the same delimiter and count: two or more commas
// (one when no cell outside quotes has a space), or one or more tabs. A
// block holding a line with a strong vote for another structured kind (a
// log line, a search hit, code) or a line claimed by structure is left
// alone, as are indented lines, which are code or continuations.
func csvTables(b []byte, lines []lineInfo) {
	for i := 0; i < len(lines); {
		if lines[i].feat&(fComma|fTab) == 0 || !csvLine(lines[i]) {
			i++ // no delimiter, or a line no record holds: csvScan would reject it
			continue
		}
		r, ok := csvScan(b, lines, i, 0)
		if !ok {
			i++
			continue
		}
		first, count, spaced, j := i, 1, r.spaced, r.next
		for j < len(lines) {
			s, ok := csvScan(b, lines, j, r.delim)
			if !ok || s.n != r.n {
				break
			}
			count++
			spaced = spaced || s.spaced
			j = s.next
		}
		if count >= csvMinRecords && (r.delim == '\t' || r.n >= 2 || !spaced) {
			for k := first; k < j; k++ {
				if !lines[k].blank {
					lines[k].kind, lines[k].weight = kTable, wStrong
				}
			}
		}
		i = j
	}
}

// csvScan reads the record starting at lines[i]. With delim 0 it picks the
// delimiter: tab when the first line has one outside quotes, else comma.
func csvScan(b []byte, lines []lineInfo, i int, delim byte) (r csvRecord, ok bool) {
	li := lines[i]
	if !csvLine(li) || b[li.start] == ' ' || b[li.start] == '\t' {
		return r, false
	}
	// Most lines fail fast: no delimiter, or prose's ", " with no quotes.
	first := b[li.start:li.end]
	if delim != '\t' {
		c := bytes.IndexByte(first, ',')
		if c >= 0 {
			// ", " outside quotes: only a quote before it or a tab saves the line.
			if sp := bytes.Index(first[c:], []byte(", ")); sp >= 0 && bytes.IndexByte(first[:c+sp], '"') < 0 &&
				(delim == ',' || bytes.IndexByte(first, '\t') < 0) {
				return r, false
			}
		} else if delim == ',' || bytes.IndexByte(first, '\t') < 0 {
			return r, false
		}
	} else if bytes.IndexByte(first, '\t') < 0 {
		return r, false
	}
	var commas, tabs int
	cellStart, quoted := true, false
	k := i
	for {
		line := b[lines[k].start:lines[k].end]
		for p := 0; p < len(line); p++ {
			c := line[p]
			if !quoted && !cellStart && !csvSpecial[c] {
				continue
			}
			if quoted {
				if c != '"' {
					continue
				}
				if p+1 < len(line) && line[p+1] == '"' {
					p++ // an escaped quote
					continue
				}
				quoted = false
				if p+1 < len(line) && line[p+1] != ',' && line[p+1] != '\t' && line[p+1] != '\r' {
					return r, false // text after a closing quote: not RFC 4180
				}
				continue
			}
			switch c {
			case '"':
				if cellStart {
					quoted = true
				}
			case ',':
				commas++
				if p+1 < len(line) && line[p+1] == ' ' {
					r.commaSp = true
				}
				cellStart = true
				continue
			case '\t':
				tabs++
				cellStart = true
				continue
			case ' ':
				r.spaced = true
			case '\x1b':
				return r, false
			}
			cellStart = false
		}
		k++
		if !quoted {
			break
		}
		// A quoted cell goes on past the line break.
		if k >= len(lines) || k-i >= csvMaxLines || !csvLine(lines[k]) && !lines[k].blank {
			return r, false
		}
	}
	if delim == 0 {
		delim = ','
		if tabs > 0 {
			delim = '\t'
		}
	}
	r.next, r.delim = k, delim
	if delim == '\t' {
		r.n = tabs
	} else {
		r.n = commas
	}
	if r.n == 0 || delim == ',' && r.commaSp {
		return r, false
	}
	return r, true
}

// csvLine reports whether a line may be part of a CSV record: not blank,
// not claimed by structure, and with no strong vote for a kind whose lines
// commas cannot make a table.
func csvLine(li lineInfo) bool {
	if li.blank || li.weight == wForced {
		return false
	}
	if li.weight < wStrong {
		return true
	}
	switch li.kind {
	case kTable, kProse, kNone:
		return true
	}
	return false
}

// csvSpecial marks the bytes csvScan must look at outside quotes.
var csvSpecial = [256]bool{'"': true, ',': true, '\t': true, ' ': true, '\x1b': true}

// columnRule votes Table for a rule of dashes under column names, as
// sqlite3 -column and pip list print ("id  author        year" over "--
// ------------  ----"), and for the names above it (head): alone the
// names read as words, and after SQL statements the vote of their
// neighbours would leave them and the rule with the code, the table
// without its header. classifyLines asks it of lines that start with '-'.
func columnRule(b []byte, head, li *lineInfo, rule []byte) {
	n := dashGroups(rule)
	if n < 2 || head.blank || head.weight == wForced || len(bytes.Fields(head.text(b))) != n {
		return
	}
	li.kind, li.weight = kTable, wStrong
	head.kind, head.weight = kTable, wStrong
}

// dashGroups returns the number of runs of dashes in a line of only
// dashes and spaces, or 0 for any other line.
func dashGroups(t []byte) int {
	n := 0
	for i, c := range t {
		switch {
		case c == '-':
			if i == 0 || t[i-1] == ' ' {
				n++
			}
		case c != ' ':
			return 0
		}
	}
	return n
}
