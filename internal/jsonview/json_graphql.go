package jsonview

import (
	"strconv"

	"github.com/kompress/kompress/internal/jsonscan"
)

// A GraphQL response with errors (the spec's "Response": an object with
// "data" and an "errors" list of objects with a "message") answers most of
// the query and says where it failed: each error's "path" names the field
// that resolved to null ("users", 5, "name"). The model needs the errors,
// the rows they point at and enough rows to see the data's shape, so the
// view thins the lists under "data" harder than other arrays: beyond
// jsonGraphQLMax elements it keeps the first two and the last, the rows an
// error's path points at, failures, query matches, and rows holding a null
// when most rows hold none (a field error nulls its field or its row).

const (
	jsonGraphQLMax = 4 // lists under "data" longer than this are thinned
	jsonRareKinds  = 4 // a member with more distinct values than this is not a flag
)

// jsonGraphQL is what the view knows of a GraphQL response with errors.
type jsonGraphQL struct {
	lists map[*jsonscan.Value]bool  // the arrays under "data"
	pins  map[*jsonscan.Value][]int // elements of those arrays an error's path points at
}

// newJSONGraphQL returns the lists and pins of root when it is a GraphQL
// response with errors, nil otherwise.
func newJSONGraphQL(root *jsonscan.Value) *jsonGraphQL {
	if root.Kind != jsonscan.Object {
		return nil
	}
	di, ei := jsonMember(root, "data"), jsonMember(root, "errors")
	if di < 0 || ei < 0 || root.Elems[di].Kind != jsonscan.Object {
		return nil
	}
	errs := root.Elems[ei]
	if errs.Kind != jsonscan.Array || len(errs.Elems) == 0 {
		return nil
	}
	for _, e := range errs.Elems {
		if e.Kind != jsonscan.Object || jsonMember(e, "message") < 0 {
			return nil
		}
	}
	g := &jsonGraphQL{lists: map[*jsonscan.Value]bool{}, pins: map[*jsonscan.Value][]int{}}
	g.addLists(root.Elems[di], 0)
	for _, e := range errs.Elems {
		if p := jsonMember(e, "path"); p >= 0 && e.Elems[p].Kind == jsonscan.Array {
			g.pin(root.Elems[di], e.Elems[p].Elems)
		}
	}
	return g
}

func (g *jsonGraphQL) addLists(v *jsonscan.Value, depth int) {
	if depth > jsonscan.TreeMaxDepth {
		return
	}
	if v.Kind == jsonscan.Array {
		g.lists[v] = true
	}
	for _, e := range v.Elems {
		g.addLists(e, depth+1)
	}
}

// pin follows an error's path from data, marking each list element it
// passes through; it stops where the path leaves the document.
func (g *jsonGraphQL) pin(v *jsonscan.Value, path []*jsonscan.Value) {
	for _, step := range path {
		switch {
		case v.Kind == jsonscan.Object && step.Kind == jsonscan.String:
			name, err := strconv.Unquote(string(step.Raw))
			i := jsonMember(v, name)
			if err != nil || i < 0 {
				return
			}
			v = v.Elems[i]
		case v.Kind == jsonscan.Array && step.Kind == jsonscan.Number:
			i, err := strconv.Atoi(string(step.Raw))
			if err != nil || i < 0 || i >= len(v.Elems) {
				return
			}
			g.pins[v] = append(g.pins[v], i)
			v = v.Elems[i]
		default:
			return
		}
	}
}

// keepMore marks in keep the elements of list v that the view keeps
// beyond the usual ones: those an error's path points at, those holding
// a null when fewer than half of them do, and rows with a rare value.
func (g *jsonGraphQL) keepMore(v *jsonscan.Value, keep []bool) {
	for _, i := range g.pins[v] {
		keep[i] = true
	}
	jsonRareValues(v, keep)
	nulls := make([]bool, len(v.Elems))
	n := 0
	for i, e := range v.Elems {
		if jsonHasNull(e, 0) {
			nulls[i] = true
			n++
		}
	}
	if 2*n >= len(v.Elems) {
		return
	}
	for i, null := range nulls {
		keep[i] = keep[i] || null
	}
}

// jsonHasNull reports whether v is null or holds one, up to four levels
// down.
func jsonHasNull(v *jsonscan.Value, depth int) bool {
	if v.Kind == jsonscan.Null {
		return true
	}
	if depth > 3 {
		return false
	}
	for _, e := range v.Elems {
		if jsonHasNull(e, depth+1) {
			return true
		}
	}
	return false
}

// jsonRareValues marks in keep the object rows of v with a rare value in
// a member that takes few values: the one archived repository among
// thirteen that are not, a "cancelled" among "shipped". A member with
// more than jsonRareKinds distinct values is data (names, ids), not a
// flag, and numbers are left to jsonOutliers.
func jsonRareValues(v *jsonscan.Value, keep []bool) {
	if len(v.Elems) < 8 {
		return
	}
	type member struct {
		counts map[string]int
		many   bool // more than jsonRareKinds values: not a flag
	}
	var names []string
	members := map[string]*member{}
	for _, e := range v.Elems {
		if e.Kind != jsonscan.Object {
			continue
		}
		for j, k := range e.Keys {
			x := e.Elems[j]
			if x.Kind != jsonscan.String && x.Kind != jsonscan.Bool {
				continue
			}
			m := members[k.Name]
			if m == nil {
				m = &member{counts: map[string]int{}}
				members[k.Name] = m
				names = append(names, k.Name)
			}
			if m.many {
				continue
			}
			m.counts[string(x.Raw)]++
			m.many = len(m.counts) > jsonRareKinds
		}
	}
	for i, e := range v.Elems {
		if e.Kind != jsonscan.Object {
			continue
		}
		for j, k := range e.Keys {
			m := members[k.Name]
			if m != nil && !m.many && len(m.counts) > 1 && m.counts[string(e.Elems[j].Raw)]*8 <= len(v.Elems) {
				keep[i] = true
			}
		}
	}
}
