package jsonview

import (
	"bytes"

	"github.com/kompress/kompress/internal/jsonscan"
)

// Records in a list often repeat a big member of the record before them
// word for word: npm view's versions list the same dependencies release
// after release, rustc repeats an error code's explanation. The lossy view
// prints such a member as a note, "[… same as in the row above …]", where
// the row above is printed just before it, so the reader loses nothing.

// jsonSameMin is the size from which a repeated member is worth a note
// (the note costs about ten tokens).
const jsonSameMin = 64

const jsonSameNote = "[… same as in the row above …]"

// rowAbove returns the element printed just before items[i] of array v
// when it is the element before it in v and an object, nil otherwise. The
// columnar form uses it too: the note loses nothing a reader cannot read
// one row up. Only a spread (pretty-printed) input gets the notes: the
// view of a minified one spends about as many tokens on its own layout
// (new lines, ", ") as a note saves, which its byte count does not show
// (ip -j -s link: 82% of the bytes, 104% of the tokens).
func (c *jsonCrusher) rowAbove(v *jsonscan.Value, items []jsonItem, i int) *jsonscan.Value {
	if !c.spread || i == 0 || items[i-1].note != "" || items[i].note != "" || items[i-1].idx != items[i].idx-1 {
		return nil
	}
	if above := v.Elems[items[i-1].idx]; above.Kind == jsonscan.Object {
		return above
	}
	return nil
}

// sameAbove prints the note for x, reporting true, when x repeats the
// same member of the row above byte for byte and is big enough.
func (c *jsonCrusher) sameAbove(x, above *jsonscan.Value) bool {
	if x.Clen < jsonSameMin || x.Open || !bytes.Equal(x.Raw, above.Raw) {
		return false
	}
	c.dropped = true
	c.out = append(c.out, `"`+jsonSameNote+`"`...)
	return true
}
