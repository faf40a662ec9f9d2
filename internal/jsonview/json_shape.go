package jsonview

import "github.com/kompress/kompress/internal/jsonscan"

// jsonShape is what the columnar form prints of each row: the values of
// keys, in that order, leaving out the members named in skip.
type jsonShape struct {
	keys []jsonscan.Key
	skip map[string]bool // nil but for linters' findings: jsonFindingDetail
}

// rowShape returns the shape of the columnar form for array v printed as
// items, and whether it applies: the shared key set of its objects
// (jsonColumns) or, in a lossy view, of its linter findings once their
// detail members are left out (jsonFindingShape).
func (c *jsonCrusher) rowShape(v *jsonscan.Value, items []jsonItem) (jsonShape, bool) {
	if c.lv.lossy {
		if keys := jsonFindingShape(v, items); keys != nil {
			return jsonShape{keys: keys, skip: jsonFindingDetail}, true
		}
	}
	if cols := jsonColumns(v, items); cols != nil {
		return jsonShape{keys: cols.Keys}, true
	}
	return jsonShape{}, false
}

// isRow reports whether element e prints as a row of shape: it has
// exactly shape's keys beside the skipped ones, and, unless shape is for
// findings, is no failure (failures print whole).
func (c *jsonCrusher) isRow(e *jsonscan.Value, shape jsonShape) bool {
	if !jsonKeysAre(e, shape.keys, shape.skip) {
		return false
	}
	return shape.skip != nil || len(e.Raw) > jsonRawMax || !jsonFailureOwn(e)
}

// jsonKeysAre reports whether object e has, besides the members named in
// skip, exactly the keys in keys, each once.
func jsonKeysAre(e *jsonscan.Value, keys []jsonscan.Key, skip map[string]bool) bool {
	if e.Kind != jsonscan.Object || !jsonUniqueKeys(e) {
		return false
	}
	n := 0
	for _, k := range e.Keys {
		if skip[k.Name] {
			continue
		}
		n++
		if !jsonHasKey(keys, k.Name) {
			return false
		}
	}
	return n == len(keys)
}

func jsonHasKey(keys []jsonscan.Key, name string) bool {
	for _, k := range keys {
		if k.Name == name {
			return true
		}
	}
	return false
}

// jsonFindingShape returns the keys that linter findings (eslint's
// messages, shellcheck's comments) share once their detail members
// (jsonFindingDetail) are left out, as finding does for a failure: where
// eight in ten printed elements, three at least, are findings with the
// first one's other keys, and some carry detail members (else the plain
// columnar form serves). nil otherwise.
func jsonFindingShape(v *jsonscan.Value, items []jsonItem) []jsonscan.Key {
	var keys []jsonscan.Key
	fit, elems, detail := 0, 0, false
	for _, it := range items {
		if it.note != "" {
			continue
		}
		elems++
		e := v.Elems[it.idx]
		if e.Kind != jsonscan.Object || jsonMember(e, "message") < 0 {
			continue
		}
		if keys == nil {
			for _, k := range e.Keys {
				if !jsonFindingDetail[k.Name] {
					keys = append(keys, k)
				}
			}
			if len(keys) < 2 || !jsonUniqueKeys(e) {
				return nil
			}
		}
		if jsonKeysAre(e, keys, jsonFindingDetail) {
			fit++
			detail = detail || len(e.Keys) > len(keys)
		}
	}
	if !detail || fit < 3 || fit*10 < elems*8 {
		return nil
	}
	return keys
}
