package jsonview

import (
	"strconv"

	"github.com/kompress/kompress/internal/jsonscan"
)

// Compiler diagnostics in JSON (rustc --error-format=json, cargo
// --message-format=json) carry the whole diagnostic twice: as structured
// "spans" and "children" for tools, and as "rendered", the text the
// compiler prints to a terminal (message, code, every span's file:line:col,
// source line and label, every child's help and note). The view keeps
// "rendered" verbatim and lets a note stand for the structured copy; the
// schema of what the note drops is listed once per view so no key
// silently vanishes.

// jsonRenderedCopies are the members of a diagnostic that "rendered"
// shows again.
var jsonRenderedCopies = map[string]string{"spans": "spans", "children": "children"}

// jsonRendered reports whether object v is a compiler diagnostic: a
// non-empty "rendered" string beside a "spans" or "children" array.
func jsonRendered(v *jsonscan.Value) bool {
	text, copies := false, false
	for i, k := range v.Keys {
		e := v.Elems[i]
		switch {
		case k.Name == "rendered":
			text = e.Kind == jsonscan.String && len(e.Raw) > 2
		case jsonRenderedCopies[k.Name] != "":
			copies = copies || e.Kind == jsonscan.Array && len(e.Elems) > 0
		}
	}
	return text && copies
}

// jsonHoldsRendered reports whether v, or an object member of it up to
// depth levels down (cargo wraps rustc's diagnostic in "message"), is a
// compiler diagnostic. Such an element is printed member by member rather
// than copied whole, so the duplicate can go.
func jsonHoldsRendered(v *jsonscan.Value, depth int) bool {
	if v.Kind != jsonscan.Object {
		return false
	}
	if jsonRendered(v) {
		return true
	}
	if depth == 0 {
		return false
	}
	for _, e := range v.Elems {
		if jsonHoldsRendered(e, depth-1) {
			return true
		}
	}
	return false
}

// renderedMember prints member name = e of a compiler diagnostic when the
// diagnostic's own rules apply to it, reporting whether it did: "rendered"
// verbatim (it is the failure report), a non-empty copy array as one note,
// and the "code" object member by member, never copied whole: its
// "explanation" is the error code's documentation (rustc --explain), which
// the failure rules would otherwise copy in full for the "error:" of its
// examples.
func (c *jsonCrusher) renderedMember(name string, e *jsonscan.Value, ind int, inline bool) bool {
	switch {
	case name == "rendered":
		c.raw(e)
		return true
	case name == "code" && e.Kind == jsonscan.Object && !e.Open:
		c.object(e, ind, inline || e.Clen <= jsonInlineWidth)
		return true
	}
	unit := jsonRenderedCopies[name]
	if unit == "" || e.Kind != jsonscan.Array || len(e.Elems) == 0 || e.Open {
		return false
	}
	c.dropped = true
	note := "[… " + strconv.Itoa(len(e.Elems)) + " " + unit + " omitted, shown in rendered"
	if c.newPaths(name, e.Elems) {
		if s := jsonSchemaText(e.Elems, unit); s != "" {
			note += "; " + s
		}
	}
	c.out = append(c.out, '[')
	c.out = strconv.AppendQuote(c.out, note+" …]")
	c.out = append(c.out, ']')
	return true
}

// newPaths reports whether the objects among elems have a key path that no
// schema note for member name has listed yet in this render, and marks
// their paths listed.
func (c *jsonCrusher) newPaths(name string, elems []*jsonscan.Value) bool {
	s := jsonSchema{fields: map[string]*jsonField{}}
	for _, e := range elems {
		if e.Kind == jsonscan.Object {
			s.add(nil, e, 0)
		}
	}
	if c.shown == nil {
		c.shown = map[string]bool{}
	}
	fresh := false
	for _, p := range s.paths {
		if k := name + "." + p; !c.shown[k] {
			c.shown[k], fresh = true, true
		}
	}
	return fresh
}
