package jsonview

import (
	"bytes"
	"strings"

	"github.com/kompress/kompress/internal/jsonscan"
)

// Records in a list often repeat a big member of the record before them:
// npm view's versions list the same dependencies release after release,
// cargo names the same target on every line. The lossy view prints such a
// member as a note where the row above is printed just before it, so the
// reader loses nothing: "[… same as in the row above …]" for a member
// repeated byte for byte, and for a map of strings that changed in a few
// entries, "[… as in the row above but body-parser: 1.19.1; without
// nanoid …]". A reader never has to apply two such changes in a row: the
// second form is used only where the row above printed its member whole.

const (
	// jsonSameMin is the size from which a repeated member is worth a
	// note (the note costs about ten tokens).
	jsonSameMin = 64
	// jsonDeltaMin is how many entries a map needs for its changes to be
	// a note; at most a quarter of them may have changed.
	jsonDeltaMin = 8
)

const jsonSameNote = "[… same as in the row above …]"

// jsonAbove holds the rows printed just above the one being printed.
type jsonAbove struct {
	row  *jsonscan.Value // the row just above, nil when there is none
	prev *jsonscan.Value // the row above that one
}

// rowAbove returns the rows printed just before items[i] of array v, when
// they are the elements before it in v and objects. The columnar form uses
// them too. Only a spread (pretty-printed) input, or JSON Lines, gets the
// notes: the view of a minified document spends about as many tokens on
// its own layout (new lines, ", ") as a note saves, which its byte count
// does not show (ip -j -s link: 82% of the bytes, 104% of the tokens).
func (c *jsonCrusher) rowAbove(v *jsonscan.Value, items []jsonItem, i int) jsonAbove {
	at := func(k int) *jsonscan.Value {
		if k < 0 || items[k].note != "" || items[k].idx != items[i].idx-(i-k) || v.Elems[items[k].idx].Kind != jsonscan.Object {
			return nil
		}
		return v.Elems[items[k].idx]
	}
	if !c.spread || items[i].note != "" {
		return jsonAbove{}
	}
	a := jsonAbove{row: at(i - 1)}
	if a.row != nil {
		a.prev = at(i - 2)
	}
	return a
}

// likeAbove prints member name = x of a row as a note, reporting true,
// when it repeats the row above or changed little from it.
func (c *jsonCrusher) likeAbove(x *jsonscan.Value, name string, a jsonAbove) bool {
	up := jsonMemberValue(a.row, name)
	if up == nil || x.Open || jsonFindingDetail[name] {
		return false // (a finding above prints without its detail members)
	}
	if x.Clen >= jsonSameMin && bytes.Equal(x.Raw, up.Raw) {
		c.dropped = true
		c.out = append(c.out, `"`+jsonSameNote+`"`...)
		return true
	}
	note, ok := jsonDelta(x, up)
	if !ok {
		return false
	}
	if pp := jsonMemberValue(a.prev, name); pp != nil {
		if _, noted := jsonDelta(up, pp); noted || up.Clen >= jsonSameMin && bytes.Equal(up.Raw, pp.Raw) {
			return false // the row above shows a note, not the member
		}
	}
	c.dropped = true
	c.out = append(c.out, '"')
	c.out = append(c.out, note...)
	c.out = append(c.out, '"')
	return true
}

// jsonMemberValue returns the member name of object v, nil when v is nil
// or has none.
func jsonMemberValue(v *jsonscan.Value, name string) *jsonscan.Value {
	if v == nil {
		return nil
	}
	if j := jsonMember(v, name); j >= 0 {
		return v.Elems[j]
	}
	return nil
}

// jsonDelta describes map x as changes to map up, "[… as in the row above
// but a: 2; without c …]", when both hold only plain strings (no space,
// comma, semicolon, quote or escape: they read unquoted), x has at least
// jsonDeltaMin entries, and one to a quarter of them changed.
func jsonDelta(x, up *jsonscan.Value) (string, bool) {
	if x.Kind != jsonscan.Object || up.Kind != jsonscan.Object || len(x.Elems) < jsonDeltaMin ||
		!jsonPlainStrings(x) || !jsonPlainStrings(up) || !jsonUniqueKeys(x) || !jsonUniqueKeys(up) {
		return "", false
	}
	var set, gone []string
	for i, k := range x.Keys {
		if u := jsonMemberValue(up, k.Name); u == nil || !bytes.Equal(u.Raw, x.Elems[i].Raw) {
			raw := x.Elems[i].Raw
			set = append(set, k.Name+": "+string(raw[1:len(raw)-1]))
		}
	}
	for _, k := range up.Keys {
		if jsonMember(x, k.Name) < 0 {
			gone = append(gone, k.Name)
		}
	}
	if n := len(set) + len(gone); n == 0 || n*4 > len(x.Elems) {
		return "", false
	}
	var b strings.Builder
	b.WriteString("[… as in the row above")
	if len(set) > 0 {
		b.WriteString(" but ")
		b.WriteString(strings.Join(set, ", "))
	}
	if len(gone) > 0 {
		if len(set) > 0 {
			b.WriteByte(';')
		}
		b.WriteString(" without ")
		b.WriteString(strings.Join(gone, ", "))
	}
	b.WriteString(" …]")
	return b.String(), true
}

// jsonPlainStrings reports whether every member of v is a string that
// reads the same unquoted, and every key too.
func jsonPlainStrings(v *jsonscan.Value) bool {
	for i, e := range v.Elems {
		if e.Kind != jsonscan.String || bytes.ContainsAny(e.Raw[1:len(e.Raw)-1], " ,;\"\\") ||
			strings.ContainsAny(v.Keys[i].Name, " ,;:\"\\") {
			return false
		}
	}
	return true
}

// schemaOnce returns schema note s of a thinned array, or, when an earlier
// array of this render had the same key paths and types (eslint's
// messages, file after file), "schema of 19 rows: keys as in the schema
// above": the keys stay visible once, and the counts that differ say
// little.
func (c *jsonCrusher) schemaOnce(s string) string {
	head, body, ok := strings.Cut(s, ": ")
	if !ok {
		return s
	}
	shape := jsonSchemaShape(body)
	if c.schemas[shape] {
		return head + ": keys as in the schema above"
	}
	if c.schemas == nil {
		c.schemas = map[string]bool{}
	}
	c.schemas[shape] = true
	return s
}

// jsonSchemaShape is a schema body without its counts (" ×12").
func jsonSchemaShape(body string) string {
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		if strings.HasPrefix(body[i:], " ×") {
			j := i + len(" ×")
			for j < len(body) && body[j] >= '0' && body[j] <= '9' {
				j++
			}
			if j > i+len(" ×") {
				i = j - 1
				continue
			}
		}
		b.WriteByte(body[i])
	}
	return b.String()
}
