package fold

import "bytes"

// MaxSavings bounds what the built-in folds under the Byte and JSON
// equivalences (all but the colour fold) can save of content: cut content
// at line starts into sections in any way, fold each section on its own
// and keep the best fold of each; the bytes saved in all, headers and
// escapes not counted, are at most MaxSavings. An answer at or below limit
// is such a bound; one above it only says that the count passed limit, at
// which point counting stopped.
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
		// the blank lines before the next line, which a section may begin
		// with.
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
		if len(c) == 0 || c[0] <= ' ' {
			// Blank or indented: neither a search line nor a path (as in
			// survey), the most common line of code and many logs.
			search, paths = searchGain{}, pathsGain{}
		} else {
			if g := search.gain; search.add(c) {
				total += search.gain - g
			}
			if g := paths.gain; paths.add(c) {
				total += paths.gain - g
			}
		}
		if !inRun {
			// Outside a run only a line opening a value starts one: any
			// other line but a blank one (refused or not) ends the blank
			// lines a section may begin with, and need not be read.
			switch i := firstSolid(c); {
			case i == len(c):
				blank += len(full)
				continue
			case c[i] != '{' && c[i] != '[':
				blank = 0
				continue
			}
		}
		ws, ok := 0, false
		if len(c) > longJSONLine {
			// A long line is most often minified JSON, with little white
			// space: all of it bounds the white space outside its
			// strings, and is counted faster than the line is lexed.
			for _, b := range []byte(" \t\r") {
				ws += bytes.Count(c, []byte{b})
			}
			ok = total+blank+ws+len(full)-len(c) <= limit
		}
		if !ok {
			ws, ok = jsonLine(c)
		}
		if ok {
			inRun, total, blank = true, total+blank+ws+len(full)-len(c), 0
		} else {
			inRun, blank = false, 0
		}
	}
	return total
}

// longJSONLine is the length from which MaxSavings counts all the white
// space of a line a JSON run may hold, and lexes the line only when that
// count would take the bound past its limit.
const longJSONLine = 512

// firstSolid returns the index of the first byte of c that is not JSON
// white space, or len(c).
func firstSolid(c []byte) int {
	i := 0
	for i < len(c) && jsonClass[c[i]] == jsonSpace {
		i++
	}
	return i
}

// jsonLine returns how many bytes of line c are white space outside
// strings, and whether c can be a line of a text foldJSON takes. No JSON
// token holds a line break, so every line of a JSON text is a sequence of
// whole tokens and white space; jsonLine takes any such sequence, and more:
// a run of number bytes is taken whole, as any number would be, and a
// string's escapes are not checked.
func jsonLine(c []byte) (ws int, ok bool) {
	for i := 0; i < len(c); {
		b := c[i]
		switch jsonClass[b] {
		case jsonSpace:
			ws++
			i++
		case jsonPunct:
			i++
		case jsonQuote:
			j := i + 1
			for j < len(c) && !stringStop[c[j]] {
				j++
			}
			for j < len(c) && c[j] == '\\' {
				j += 2 // the escaped byte, whatever it is
				for j < len(c) && !stringStop[c[j]] {
					j++
				}
			}
			if j >= len(c) || c[j] != '"' {
				return 0, false // cut off, or a control byte
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
				return 0, false
			}
			i += len(w)
		default:
			return 0, false
		}
	}
	return ws, true
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

// stringStop marks the bytes that end a run of a string's plain bytes:
// its closing quote, a backslash and the control bytes no string holds.
var stringStop = func() (t [256]bool) {
	for b := range ' ' {
		t[b] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// numberByte marks the bytes a JSON number holds.
var numberByte = func() (t [256]bool) {
	for _, b := range []byte("-+.eE0123456789") {
		t[b] = true
	}
	return t
}()
