package fold

import "bytes"

// MaxSavings bounds what the built-in folds under the Byte and JSON
// equivalences (all but the colour fold) can save of content: cut content
// at line starts into sections in any way, fold each section on its own
// and keep the best fold of each; the bytes saved in all, headers and
// escapes not counted, are at most MaxSavings. It stops counting once the
// bound exceeds limit, and then returns a value above limit.
//
// A caller that needs a fold to save more than some share of content
// learns in one cheap reading of its lines that no cut (no routing) can
// do it, and need neither route nor fold. The bound sums, line by line,
// what each fold could save of the line, as the skip bounds of the line
// folds do (see searchGain, pathsGain):
//   - repeat: a line equal to the one before it, in a run of at least
//     minRepeat equal lines, saves at most itself and its newline;
//   - rg and paths: searchGain's and pathsGain's count of the line, which
//     depends on the line before it only;
//   - json: the white space outside strings of a line that a section
//     foldJSON takes can hold (see jsonLine), from a line opening an
//     object or array (and the blank lines before it) to the end of the
//     run of such lines: foldJSON keeps every token and drops at most the
//     white space.
//
// A cut only parts a line from the one before it, so what a section counts
// of its first line is at most what the whole counts of it (nothing for
// rg and paths, and a run of equal lines cut short is shorter), and every
// other line counts as in the whole: the sections' bounds sum to at most
// the whole's.
func MaxSavings(content []byte, limit int) int {
	var (
		total  int
		search searchGain
		paths  pathsGain
		prev   []byte // the last line, for runs of repeats
		n      int    // how many times prev came in a row
		// json: inRun is set while the lines since the last one jsonLine
		// refuses include one opening a value; blank is the white space of
		// the blank lines just before, which a section may begin with.
		inRun bool
		blank int
	)
	for rest := content; len(rest) > 0 && total <= limit; {
		var c, full []byte
		c, full, rest = nextLine(rest)
		if prev != nil && bytes.Equal(prev, c) {
			switch n++; {
			case n == minRepeat:
				total += (minRepeat - 1) * (len(c) + 1)
			case n > minRepeat:
				total += len(c) + 1
			}
		} else {
			prev, n = c, 1
		}
		if g := search.gain; search.add(c) {
			total += search.gain - g
		}
		if g := paths.gain; paths.add(c) {
			total += paths.gain - g
		}
		ok, ws, open := jsonLine(c)
		ws += len(full) - len(c)
		switch {
		case !ok:
			inRun, blank = false, 0
		case inRun:
			total += ws
		case open:
			inRun, total, blank = true, total+blank+ws, 0
		case ws == len(full):
			blank += ws
		default:
			// A value that is not an object or array: no section that
			// foldJSON takes starts here or at the blank lines before.
			blank = 0
		}
	}
	return total
}

// jsonLine reports whether line c can be a line of a text foldJSON takes,
// how many of its bytes are white space outside strings, and whether its
// first byte that is not white space opens an object or array. No JSON
// token holds a line break, so every line of a JSON text is a sequence of
// whole tokens and white space; jsonLine takes any such sequence, and more:
// a run of number bytes is taken whole, as any number would be, and a
// string's escapes are not checked.
func jsonLine(c []byte) (ok bool, ws int, open bool) {
	first := true
	for i := 0; i < len(c); {
		b := c[i]
		switch jsonClass[b] {
		case jsonSpace:
			ws++
			i++
			continue
		case jsonPunct:
			i++
		case jsonQuote:
			j := i + 1
			for j < len(c) && c[j] != '"' {
				if c[j] < ' ' {
					return false, 0, false
				}
				if c[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(c) {
				return false, 0, false
			}
			i = j + 1
		case jsonNumber:
			i++
			for i < len(c) && numberByte[c[i]] {
				i++
			}
		case jsonWord:
			w := "null"
			if b == 't' {
				w = "true"
			} else if b == 'f' {
				w = "false"
			}
			if !bytes.HasPrefix(c[i:], []byte(w)) {
				return false, 0, false
			}
			i += len(w)
		default:
			return false, 0, false
		}
		if first {
			open, first = b == '{' || b == '[', false
		}
	}
	return true, ws, open
}

// Classes of bytes for jsonLine.
const (
	jsonOther = iota
	jsonSpace
	jsonPunct  // { } [ ] : ,
	jsonQuote  // "
	jsonNumber // - and digits: the bytes a number starts with
	jsonWord   // t f n: the first bytes of true, false and null
)

var jsonClass = func() (t [256]uint8) {
	for _, b := range []byte(" \t\r") {
		t[b] = jsonSpace
	}
	for _, b := range []byte("{}[]:,") {
		t[b] = jsonPunct
	}
	t['"'] = jsonQuote
	for _, b := range []byte("-0123456789") {
		t[b] = jsonNumber
	}
	for _, b := range []byte("tfn") {
		t[b] = jsonWord
	}
	return t
}()

// numberByte marks the bytes a JSON number holds.
var numberByte = func() (t [256]bool) {
	for _, b := range []byte("-+.eE0123456789") {
		t[b] = true
	}
	return t
}()
