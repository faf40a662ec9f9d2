package router

// repeatMinLines is how many consecutive lines must open alike for
// repeatedRuns.
const repeatMinLines = 8

// repeatedRuns relabels as Log the runs of lines a program prints from one
// format ("big: row 7 checksum 538453d7", "big order 12 from cust963:
// 478.95"): repeatMinLines or more consecutive lines at the left margin
// whose first two words, digits masked, are the same, voted Prose or not
// at all. Prose does not open line after line with the same two words,
// and read as prose such lines lose words.
func repeatedRuns(b []byte, lines []lineInfo) {
	for i := 0; i < len(lines); {
		key, ok := repeatKey(lines[i], b)
		j := i + 1
		for ok && j < len(lines) {
			if k, ok2 := repeatKey(lines[j], b); !ok2 || k != key {
				break
			}
			j++
		}
		if ok && j-i >= repeatMinLines {
			for k := i; k < j; k++ {
				lines[k].kind, lines[k].weight = kLog, wStrong
			}
		}
		i = j
	}
}

// repeatKey hashes a line's first two words with digits masked, for a line
// that opens with a letter and has no vote but a weak Prose one.
func repeatKey(li lineInfo, b []byte) (uint64, bool) {
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
	return h, words == 2
}
