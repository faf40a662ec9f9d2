package jsonview

import (
	"bytes"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kompress/kompress/internal/failure"
	"github.com/kompress/kompress/internal/jsonscan"

	"github.com/kompress/kompress/internal/lossy"

	"github.com/kompress/kompress/internal/queryterm"
	"github.com/kompress/kompress/internal/toolline"
	"github.com/kompress/kompress/router"
)

// JSON crushes a JSON document, JSON Lines or concatenated JSON values.
//
// It first tries a lossless columnar form: every array of objects that
// share one key set is rewritten as
//
//	{"$columns": ["id", "name"], "$rows": [[1, "a"], [2, "b"]]}
//
// with each row's values in column order; objects with another key set stay
// objects inside "$rows". That form is returned when it saves at least 15%
// and is small enough to read whole (under 8 KiB, or within
// lossy.Options.TargetRatio when set).
//
// Otherwise it returns a lossy view that is still valid JSON (JSON Lines
// stay one value per line): long arrays keep their first and last elements,
// elements that report a failure (error/exception keys, status or level
// values such as failed/error/fatal, HTTP status >= 400, non-zero exit
// codes, ok/success false), numeric outliers (far from the median by MAD)
// and elements matching lossy.Options.Query; big homogeneous maps (npm's "time")
// keep their first and last entries and query matches. Dropped runs become
// strings such as "[… 120 rows omitted …]" (members named like that in
// maps), a "[schema of N rows: …]" string first in each thinned array lists
// every key that occurs in its elements with type and count, and long
// strings end in "… [truncated from N bytes]". Failure elements are copied
// byte for byte from the input so their lines survive verbatim.
//
// Failure elements include linters' findings: eslint messages with
// severity 2, shellcheck and SARIF results with level "error", and objects
// with a non-zero errorCount. When the dropped elements of an array are
// records with a short, mostly distinct identity member (name, id, path,
// filePath, Path, ...), each note names them, "[… 3 rows omitted; name: a,
// b, c …]", if that costs at most an eighth of the dropped bytes.
//
// A stream cut off inside a value (an output limit, head -c) is viewed up
// to its last complete member; the open containers print no closers and
// the unparsed rest follows verbatim. Other malformed input, nesting
// deeper than jsonscan.TreeMaxDepth (256) levels and output that would not
// save 10% give lossy.ErrNoGain. So does input over jsonscan.TreeMaxBytes: the view parses
// the whole document into a tree of about 100 bytes per value, which
// would hold many times the input in memory.
func JSON(in []byte, o lossy.Options) ([]byte, error) {
	if len(in) > jsonscan.TreeMaxBytes {
		return nil, lossy.ErrNoGain
	}
	if cells, head, foot, end, ok := toolline.PsqlCells(in); ok && len(bytes.TrimSpace(in[end:])) == 0 {
		// psql's frame around JSON (EXPLAIN (FORMAT JSON)): the view of
		// the cells between the frame's header and footer, or the cells
		// themselves, whose padding to the column's width is most of
		// the frame's bytes.
		view, err := JSON(cells, o)
		if err != nil {
			view = cells
		}
		out := append(append(append([]byte{}, in[:head]...), view...), in[foot:]...)
		if len(out) > len(in)*9/10 {
			return nil, lossy.ErrNoGain
		}
		return out, nil
	}
	vals, lines, tail, parsed, err := jsonParseCut(in)
	judged := in // the text whose failure lines are found: parsed up to its cut
	if err != nil {
		// curl -v's progress rows written into the body: the view shows
		// the body without them (the original is stored whole).
		clean, cuts := toolline.CurlUninterleave(in)
		if cuts == nil {
			return nil, lossy.ErrNoGain
		}
		if vals, lines, err = jsonscan.ParseAll(clean); err != nil {
			return nil, lossy.ErrNoGain
		}
		in, parsed, judged = clean, clean, clean
	}
	c := &jsonCrusher{in: parsed, terms: queryterm.Split(o.Query), lines: lines, tail: tail, limit: math.MaxInt, text: o.Text}
	c.markFailures(o.FailureLines(router.JSON, judged), judged, len(judged)-len(tail))
	root := vals[0]
	// JSON Lines rows print as they are unless the view cuts into them,
	// and then on one line each: the notes pay there too.
	c.spread = lines || bytes.IndexByte(root.Raw, '\n') >= 0
	if len(vals) > 1 {
		c.multi = true
		root = &jsonscan.Value{Kind: jsonscan.Array, Elems: vals, Raw: in, Clen: len(in)}
	}

	if !c.multi && tail == nil {
		c.gql = newJSONGraphQL(root)
	}

	if tail == nil && c.gql == nil {
		// The lossless columnar form is returned only when it is this
		// small; the render stops once past that.
		limit := min(len(in)*85/100, jsonLosslessMax)
		if o.TargetRatio > 0 && o.TargetRatio < 1 {
			limit = min(len(in)*85/100, int(o.TargetRatio*float64(len(in))))
		}
		c.limit = limit
		out := c.render(root, jsonLevel{})
		c.limit = math.MaxInt
		if c.columnar && len(out) <= limit {
			return out, nil
		}
	}
	var out []byte
	for i, lv := range jsonLevels {
		out = c.render(root, lv)
		if o.TargetRatio <= 0 || o.TargetRatio >= 1 || i == len(jsonLevels)-1 ||
			float64(len(out)) <= o.TargetRatio*float64(len(in)) {
			break
		}
	}
	// A view that dropped nothing is only a reformat: the lossless folds
	// do that better.
	if len(out) > len(in)*9/10 || (!c.dropped && !c.columnar) {
		return nil, lossy.ErrNoGain
	}
	return out, nil
}

const (
	jsonLosslessMax = 8 << 10 // largest lossless columnar result returned by default
	jsonInlineWidth = 100     // containers this short print on one line
	jsonRawMax      = 4 << 10 // failure elements up to this size are copied verbatim
	jsonSchemaMax   = 120     // key paths listed in one schema note
	jsonSchemaKeys  = 12      // more child keys than this make an object a data map
	jsonOutlierZ    = 6.0     // robust z-score above which a number is an outlier
)

// jsonLevel sets how hard the lossy view cuts; the zero value is lossless.
type jsonLevel struct {
	lossy      bool
	arrayMax   int // arrays longer than this are thinned
	head, tail int
	mapMax     int // homogeneous maps with more members are thinned
	mapHead    int
	mapTail    int
	strMax     int // strings longer than this (source bytes) are truncated
	strKeep    int
	queryMax   int // most query-matching elements kept per container
	outlierMax int // most outliers kept per array
}

// jsonLevels are tried in order until lossy.Options.TargetRatio is met; the first
// is the default.
var jsonLevels = []jsonLevel{
	{true, 16, 3, 2, 32, 4, 3, 512, 160, 20, 3},
	{true, 8, 2, 1, 12, 2, 2, 200, 80, 10, 2},
	{true, 3, 1, 1, 4, 1, 1, 100, 40, 4, 1},
}

type jsonCrusher struct {
	in       []byte
	terms    [][]byte
	multi    bool // root is a virtual array of top-level values
	lines    bool // and they sat one per line (JSON Lines)
	lv       jsonLevel
	out      []byte
	columnar bool   // the last render used the columnar form
	dropped  bool   // the last render omitted or truncated something
	tail     []byte // input past the last complete value of a cut-off stream
	marks    *jsonMarks
	limit    int // a render past this many bytes is not used: it may stop there
	// shown holds the key paths, under their member's name, that notes for
	// compiler diagnostics have listed in this render: a note lists the
	// schema only when it has a path not listed before.
	shown map[string]bool
	// schemas holds the schema notes of thinned arrays printed in this
	// render, without their counts (schemaOnce).
	schemas map[string]bool
	gql     *jsonGraphQL // set for a GraphQL response with errors
	above   jsonAbove    // see rowAbove; taken by the object printed next
	// spread is set when the input lays its values over many lines
	// (pretty-printed): only then do the repeat notes of rowAbove pay.
	spread bool
	// fails marks where the failure lines of the strings that hold text
	// lie (failure.Lines for JSON): such a string is never cut, and the
	// elements holding one are failures.
	fails *jsonMarks
	text  func(text []byte, sections []router.Section) []byte // lossy.Options.Text
	texts map[int][]byte                                      // textView's views by offset, nil for none
	key   string                                              // the name of the member printed next, "" in an array
}

// markFailures sets c.marks and c.fails for the failure lines of the
// input's strings, subslices of from, whose first same bytes c.in holds
// at the same offsets (a cut stream is parsed from a copy closed at its
// cut; the rest of it is printed verbatim).
func (c *jsonCrusher) markFailures(lines [][]byte, from []byte, same int) {
	spans := jsonSpansOf(from, lines)
	spans = slices.DeleteFunc(spans, func(s jsonSpan) bool { return s.end > same })
	c.fails = jsonMarksOf(c.in, slices.Clone(spans))
	c.fails.judge = func(raw []byte) bool { return len(failure.Lines(router.JSON, raw)) > 0 }
	c.marks = newJSONMarks(c.in, spans...)
}

// full reports whether the render is past c.limit: what it prints next
// would not be used.
func (c *jsonCrusher) full() bool { return len(c.out) > c.limit }

func (c *jsonCrusher) render(root *jsonscan.Value, lv jsonLevel) []byte {
	c.lv, c.out, c.columnar, c.dropped = lv, make([]byte, 0, len(c.in)/2), false, false
	clear(c.shown)
	clear(c.schemas)
	if c.multi {
		c.topLevel(root)
	} else {
		c.value(root, 0, false)
	}
	if c.tail != nil {
		// The open containers printed no closers: the input goes on here.
		return append(c.out, c.tail...)
	}
	c.out = append(c.out, '\n')
	return c.out
}

// topLevel prints the values of JSON Lines or a concatenation, one per line
// (or one per block), with notes as JSON strings of their own.
func (c *jsonCrusher) topLevel(root *jsonscan.Value) {
	if !c.lv.lossy && c.tail == nil {
		if cols := jsonColumns(root, nil); cols != nil {
			c.value(root, 0, false)
			return
		}
	}
	items := c.arrayItems(root)
	for i, it := range items {
		if c.full() {
			return
		}
		if i > 0 {
			c.out = append(c.out, '\n')
		}
		if it.note != "" {
			c.out = strconv.AppendQuote(c.out, it.note)
			continue
		}
		e := root.Elems[it.idx]
		if c.lines && !e.Open && !jsonHasLong(e, c.lv.strMax) && !jsonHoldsRendered(e, 2) {
			// JSON Lines rows print as they were: compact and verbatim.
			c.raw(e)
			continue
		}
		c.above, c.key = c.rowAbove(root, items, i), ""
		c.value(e, 0, c.lines)
		c.above = jsonAbove{}
	}
}

// jsonHasLong reports whether the lossy view would truncate a string in v.
func jsonHasLong(v *jsonscan.Value, strMax int) bool {
	if strMax == 0 || len(v.Raw) <= strMax {
		return false
	}
	if v.Kind == jsonscan.String {
		return true
	}
	for _, e := range v.Elems {
		if jsonHasLong(e, strMax) {
			return true
		}
	}
	return false
}

// jsonItem is one printed element of a container: an index into elems, or
// a note standing for what was dropped.
type jsonItem struct {
	idx  int
	note string
}

func (c *jsonCrusher) value(v *jsonscan.Value, ind int, inline bool) {
	if (v.Kind == jsonscan.Array || v.Kind == jsonscan.Object) && !v.Open {
		if len(v.Raw) <= jsonRawMax && (jsonFailureOwn(v) || c.marks.failureText(v.Raw)) &&
			!(c.lv.lossy && jsonHoldsRendered(v, 2)) {
			if c.lv.lossy && v.Kind == jsonscan.Object && c.finding(v) {
				return
			}
			c.rawViewed(v)
			return
		}
	}
	switch v.Kind {
	case jsonscan.String:
		c.str(v)
	case jsonscan.Array:
		c.array(v, ind, inline || v.Clen <= jsonInlineWidth && !v.Open)
	case jsonscan.Object:
		c.object(v, ind, inline || v.Clen <= jsonInlineWidth && !v.Open)
	default:
		c.out = append(c.out, v.Raw...)
	}
}

// jsonFindingDetail are members of a linter's finding that a reader of
// the view can do without (where a range ends, the AST node, the fix to
// apply); the schema note still names them.
var jsonFindingDetail = map[string]bool{
	"endLine": true, "endColumn": true, "nodeType": true, "messageId": true, "fix": true,
	"suggestions": true, "endOffset": true,
}

// finding prints a failure element that is a finding (it has a message
// and some jsonFindingDetail member) on one line without those members,
// its other values verbatim; it reports false, printing nothing, for
// other elements.
func (c *jsonCrusher) finding(v *jsonscan.Value) bool {
	detail, message := false, false
	for _, k := range v.Keys {
		detail = detail || jsonFindingDetail[k.Name]
		message = message || k.Name == "message"
	}
	if !detail || !message {
		return false
	}
	c.dropped = true
	c.out = append(c.out, '{')
	n := 0
	for i, k := range v.Keys {
		if jsonFindingDetail[k.Name] {
			continue
		}
		if n > 0 {
			c.out = append(c.out, ", "...)
		}
		n++
		c.out = append(c.out, k.Raw...)
		c.out = append(c.out, ": "...)
		c.out = append(c.out, v.Elems[i].Raw...)
	}
	c.out = append(c.out, '}')
	return true
}

// raw copies a value from the input byte for byte.
func (c *jsonCrusher) raw(v *jsonscan.Value) {
	c.out = append(c.out, v.Raw...)
}

// rawViewed copies a failure element from the input as raw does, but in a
// lossy view each string in it that holds a tool's text is its text's view
// (textView), as str prints it: a test's failure message keeps its failure
// lines, its stack loses the runner's frames.
func (c *jsonCrusher) rawViewed(v *jsonscan.Value) {
	if !c.lv.lossy || c.text == nil || !bytes.Contains(v.Raw, []byte(`\n`)) {
		c.raw(v)
		return
	}
	from := 0 // v.Raw[:from] is in c.out
	c.spliceTexts(v, v, "", &from)
	c.out = append(c.out, v.Raw[from:]...)
}

// spliceTexts appends root.Raw from *from up to each string under e that
// textView shows as its text, then that view, moving *from past it; name
// is the member e is the value of.
func (c *jsonCrusher) spliceTexts(root, e *jsonscan.Value, name string, from *int) {
	switch e.Kind {
	case jsonscan.String:
		if len(e.Raw) <= c.lv.strMax {
			return
		}
		if view, ok := c.textView(e, name); ok {
			at := e.Start - root.Start
			c.out = append(c.out, root.Raw[*from:at]...)
			c.out = append(c.out, view...)
			*from = at + len(e.Raw)
			c.dropped = true
		}
	case jsonscan.Array, jsonscan.Object:
		for i, x := range e.Elems {
			n := ""
			if e.Kind == jsonscan.Object {
				n = e.Keys[i].Name
			}
			c.spliceTexts(root, x, n, from)
		}
	}
}

func (c *jsonCrusher) str(v *jsonscan.Value) {
	if !c.lv.lossy || len(v.Raw) <= c.lv.strMax {
		c.out = append(c.out, v.Raw...)
		return
	}
	if view, ok := c.textView(v, c.key); ok {
		c.dropped = true
		c.out = append(c.out, view...)
		return
	}
	if c.fails.failureText(v.Raw) {
		c.out = append(c.out, v.Raw...) // a failure line is never cut
		return
	}
	// Cut on a character boundary outside escapes.
	r, i := v.Raw, 1
	for i < c.lv.strKeep && i < len(r)-1 {
		switch {
		case r[i] == '\\' && i+1 < len(r) && r[i+1] == 'u':
			i += 6
		case r[i] == '\\':
			i += 2
		default:
			_, n := utf8.DecodeRune(r[i:])
			i += n
		}
	}
	if i > len(r)-1 {
		i = len(r) - 1
	}
	c.dropped = true
	c.out = append(c.out, r[:i]...)
	c.out = append(c.out, "… [truncated from "...)
	c.out = strconv.AppendInt(c.out, int64(len(r)-2), 10)
	c.out = append(c.out, ` bytes]"`...)
}

func (c *jsonCrusher) newline(ind int) {
	c.out = append(c.out, '\n')
	for range ind {
		c.out = append(c.out, ' ', ' ')
	}
}

// member starts the i-th member of an array or object: a comma after the
// first, then a space inline, or else a new line indented to ind.
func (c *jsonCrusher) member(i, ind int, inline bool) {
	if i > 0 {
		c.out = append(c.out, ',')
		if inline {
			c.out = append(c.out, ' ')
		}
	}
	if !inline {
		c.newline(ind)
	}
}

func (c *jsonCrusher) array(v *jsonscan.Value, ind int, inline bool) {
	items := c.arrayItems(v)
	if shape, ok := c.rowShape(v, items); ok && !v.Open {
		c.columns(v, items, shape, ind, inline)
		return
	}
	c.out = append(c.out, '[')
	for i, it := range items {
		if c.full() {
			return
		}
		c.member(i, ind+1, inline)
		if it.note != "" {
			c.out = strconv.AppendQuote(c.out, it.note)
		} else {
			c.above, c.key = c.rowAbove(v, items, i), ""
			c.value(v.Elems[it.idx], ind+1, inline)
			c.above = jsonAbove{}
		}
	}
	if v.Open {
		return
	}
	if !inline && len(items) > 0 {
		c.newline(ind)
	}
	c.out = append(c.out, ']')
}

// columns prints an array of objects in the columnar form: a row of
// values in the order of shape's keys for each element that fits shape.
// Other elements print as objects, and so do failures unless shape is for
// findings (skip set), where a failure row prints its values verbatim.
func (c *jsonCrusher) columns(v *jsonscan.Value, items []jsonItem, shape jsonShape, ind int, inline bool) {
	c.columnar = true
	c.out = append(c.out, '{')
	if !inline {
		c.newline(ind + 1)
	}
	c.out = append(c.out, `"$columns": [`...)
	for i, k := range shape.keys {
		if i > 0 {
			c.out = append(c.out, ", "...)
		}
		c.out = append(c.out, k.Raw...)
	}
	c.out = append(c.out, "],"...)
	if inline {
		c.out = append(c.out, ' ')
	} else {
		c.newline(ind + 1)
	}
	c.out = append(c.out, `"$rows": [`...)
	if shape.skip != nil && (len(items) == 0 || !strings.HasPrefix(items[0].note, "[schema")) {
		// The members the rows leave out stay named, as in a thinned array.
		note := "[" + c.schemaOnce(jsonSchemaText(v.Elems, "rows")) + "]"
		items = append([]jsonItem{{note: note}}, items...)
	}
	for i, it := range items {
		if c.full() {
			return
		}
		c.member(i, ind+2, inline)
		if it.note != "" {
			c.out = strconv.AppendQuote(c.out, it.note)
			continue
		}
		e := v.Elems[it.idx]
		if !c.isRow(e, shape) {
			c.value(e, ind+2, true)
			continue
		}
		verbatim := shape.skip != nil && len(e.Raw) <= jsonRawMax && jsonFailureOwn(e)
		above := c.rowAbove(v, items, i)
		if above.row != nil && !c.isRow(above.row, shape) {
			above = jsonAbove{} // printed as an object, not a row
		}
		if len(e.Keys) > len(shape.keys) {
			c.dropped = true // members shape leaves out
		}
		c.out = append(c.out, '[')
		for j, k := range shape.keys {
			if j > 0 {
				c.out = append(c.out, ", "...)
			}
			x := e.Elems[jsonMember(e, k.Name)]
			switch {
			case verbatim:
				c.rawViewed(x)
			case c.likeAbove(x, k.Name, above):
			default:
				c.key = k.Name
				c.value(x, ind+2, true)
			}
		}
		c.out = append(c.out, ']')
	}
	if !inline && len(items) > 0 {
		c.newline(ind + 1)
	}
	c.out = append(c.out, ']')
	if !inline {
		c.newline(ind)
	}
	c.out = append(c.out, '}')
}

func (c *jsonCrusher) object(v *jsonscan.Value, ind int, inline bool) {
	items := c.objectItems(v)
	rendered := c.lv.lossy && jsonRendered(v)
	above := c.above
	c.above = jsonAbove{} // for v's members, not for objects inside them
	c.out = append(c.out, '{')
	for i, it := range items {
		if c.full() {
			return
		}
		c.member(i, ind+1, inline)
		if it.note != "" {
			c.out = strconv.AppendQuote(c.out, it.note)
			c.out = append(c.out, ": "...)
			c.out = strconv.AppendQuote(c.out, jsonKindsOf(v, items))
			continue
		}
		c.out = append(c.out, v.Keys[it.idx].Raw...)
		c.out = append(c.out, ": "...)
		e, name := v.Elems[it.idx], v.Keys[it.idx].Name
		if jsonKeyClass(name) == jsonKeyError && jsonNonEmpty(e) && len(e.Raw) <= jsonRawMax && !e.Open {
			c.rawViewed(e)
			continue
		}
		if name != "rendered" && c.likeAbove(e, name, above) {
			continue
		}
		if rendered && c.renderedMember(name, e, ind+1, inline) {
			continue
		}
		c.key = name
		c.value(e, ind+1, inline)
	}
	if v.Open {
		return
	}
	if !inline && len(items) > 0 {
		c.newline(ind)
	}
	c.out = append(c.out, '}')
}

// arrayItems picks the elements of an array to print.
func (c *jsonCrusher) arrayItems(v *jsonscan.Value) []jsonItem {
	n := len(v.Elems)
	limit, head, tail := c.lv.arrayMax, c.lv.head, c.lv.tail
	gql := c.gql != nil && c.gql.lists[v]
	if gql {
		limit, head, tail = min(limit, jsonGraphQLMax), min(head, 2), min(tail, 1)
	}
	if !c.lv.lossy || n <= limit {
		return jsonAll(n)
	}
	keep := c.keepMask(v, head, tail, false)
	if gql {
		c.gql.keepMore(v, keep)
	}
	for _, i := range jsonOutliers(v, c.lv.outlierMax) {
		keep[i] = true
	}
	items := make([]jsonItem, 0, 16)
	if s := jsonSchemaText(v.Elems, "rows"); s != "" {
		items = append(items, jsonItem{note: "[" + c.schemaOnce(s) + "]"})
	}
	unit := "items"
	if v.Elems[0].Kind >= jsonscan.Array {
		unit = "rows"
	}
	items = c.gaps(items, keep, unit)
	if key := jsonIdentity(v); key != "" {
		items = jsonNameGaps(v, items, keep, key)
	}
	return items
}

// jsonIdentityKeys name the member that identifies a record, best first.
var jsonIdentityKeys = []string{"name", "id", "path", "filePath", "file", "filename", "package",
	"ImportPath", "module", "key", "title", "uri", "url", "uuid"}

const (
	jsonIdentityLen   = 64      // longest average identity value worth listing
	jsonIdentityShare = 8       // identity notes cost at most 1/share of the dropped bytes
	jsonIdentityMax   = 4 << 10 // and at most this many bytes per array
)

// jsonIdentity returns the member name (as spelt in the input) that nine
// in ten elements carry as a short string or number, mostly distinct, so
// dropped rows can still be named; "" when there is none.
func jsonIdentity(v *jsonscan.Value) string {
	distinct := map[string]bool{}
	for _, want := range jsonIdentityKeys {
		n, size, name := 0, 0, ""
		clear(distinct)
		for j, e := range v.Elems {
			if (j-n)*10 > len(v.Elems) {
				// More than one in ten elements lack it: n cannot reach
				// nine in ten.
				n = 0
				break
			}
			if e.Kind != jsonscan.Object {
				continue
			}
			for i, k := range e.Keys {
				if jsonEqualFold(k.Name, want) && (e.Elems[i].Kind == jsonscan.String || e.Elems[i].Kind == jsonscan.Number) {
					if name == "" {
						name = k.Name
					}
					if k.Name == name {
						n++
						size += len(e.Elems[i].Raw)
						distinct[string(e.Elems[i].Raw)] = true
					}
					break
				}
			}
		}
		if n > 0 && n*10 >= len(v.Elems)*9 && size <= n*jsonIdentityLen && len(distinct)*2 >= n {
			return name
		}
	}
	return ""
}

// jsonEqualFold is strings.EqualFold(name, want), telling most names
// apart by their first byte alone: jsonIdentity asks it of every member of
// every element for each identity key.
func jsonEqualFold(name, want string) bool {
	if name == "" || want == "" {
		return name == want
	}
	if c, w := name[0], want[0]; c < utf8.RuneSelf && w < utf8.RuneSelf && asciiLower(c) != asciiLower(w) {
		return false
	}
	return strings.EqualFold(name, want)
}

func asciiLower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 32
	}
	return c
}

// jsonNameGaps rewrites each note for dropped rows to name them by their
// identity member, "[… 5 rows omitted; name: a, b ×2, 7–8 …]" (a repeated
// value counts its run, consecutive integers form a range), when the names
// together are cheap: at most 1/jsonIdentityShare of the dropped rows'
// bytes and jsonIdentityMax in all. Otherwise the notes stay as they are.
func jsonNameGaps(v *jsonscan.Value, items []jsonItem, keep []bool, key string) []jsonItem {
	var notes []string
	dropped, cost := 0, 0
	for i := 0; i < len(keep); {
		if keep[i] {
			i++
			continue
		}
		var names jsonNames
		j := i
		for ; j < len(keep) && !keep[j]; j++ {
			e := v.Elems[j]
			dropped += len(e.Raw)
			if k := jsonMember(e, key); k >= 0 {
				names.add(e.Elems[k])
			} else {
				names.addText("?")
			}
		}
		text := names.String()
		cost += len(text)
		note := lossy.Omitted(j-i, "rows") // "[… 1 row omitted …]" for one
		notes = append(notes, note[:len(note)-len(" …]")]+"; "+key+": "+text+" …]")
		i = j
	}
	if len(notes) == 0 || cost*jsonIdentityShare > dropped || cost > jsonIdentityMax {
		return items
	}
	k := 0
	for i := range items {
		if items[i].note != "" && !strings.HasPrefix(items[i].note, "[schema of ") {
			items[i].note = notes[k]
			k++
		}
	}
	return items
}

// jsonNames lists identity values in order, a run of one value as "a ×3"
// and consecutive integers as "7–12".
type jsonNames struct {
	b        strings.Builder
	prev     string
	run      int
	num      bool  // prev is an integer
	from, to int64 // the range of integers being built
}

func (n *jsonNames) add(v *jsonscan.Value) {
	if v.Kind == jsonscan.Number {
		if x, err := strconv.ParseInt(string(v.Raw), 10, 64); err == nil {
			if n.num && x == n.to+1 {
				n.to = x
				return
			}
			n.flush()
			n.num, n.from, n.to = true, x, x
			return
		}
	}
	r := v.Raw
	if v.Kind == jsonscan.String {
		r = r[1 : len(r)-1]
	}
	n.addText(string(r))
}

func (n *jsonNames) addText(s string) {
	if !n.num && n.run > 0 && s == n.prev {
		n.run++
		return
	}
	n.flush()
	n.prev, n.run = s, 1
}

func (n *jsonNames) flush() {
	if n.run == 0 && !n.num {
		return
	}
	if n.b.Len() > 0 {
		n.b.WriteString(", ")
	}
	switch {
	case n.num:
		n.b.WriteString(strconv.FormatInt(n.from, 10))
		if n.to > n.from {
			n.b.WriteString("–" + strconv.FormatInt(n.to, 10))
		}
	default:
		n.b.WriteString(n.prev)
		if n.run > 1 {
			n.b.WriteString(" ×" + strconv.Itoa(n.run))
		}
	}
	n.num, n.run = false, 0
}

func (n *jsonNames) String() string {
	n.flush()
	return n.b.String()
}

// objectItems picks the members of an object to print: all of them unless
// it is a big map whose values share one type (keys are data there, as in
// npm's "time" or "versions").
func (c *jsonCrusher) objectItems(v *jsonscan.Value) []jsonItem {
	n := len(v.Elems)
	if !c.lv.lossy || n <= c.lv.mapMax || !jsonHomogeneous(v) || (len(v.Raw) <= jsonRawMax*4 && jsonFailureOwn(v)) {
		return jsonAll(n)
	}
	keep := c.keepMask(v, c.lv.mapHead, c.lv.mapTail, true)
	return c.gaps(nil, keep, "entries")
}

// keepMask marks the elements of array or object v that a lossy view
// keeps whatever else it drops: the first head and last tail, failures
// (and, in an object, members named for errors) and query matches.
func (c *jsonCrusher) keepMask(v *jsonscan.Value, head, tail int, object bool) []bool {
	n := len(v.Elems)
	keep := make([]bool, n)
	for i := 0; i < head && i < n; i++ {
		keep[i] = true
	}
	for i := max(0, n-tail); i < n; i++ {
		keep[i] = true
	}
	for i, e := range v.Elems {
		if object && jsonKeyClass(v.Keys[i].Name) == jsonKeyError || jsonFailure(e, 0) || c.marks.failureText(e.Raw) {
			keep[i] = true
		}
	}
	for _, i := range c.queryMatches(v, object) {
		keep[i] = true
	}
	return keep
}

func jsonAll(n int) []jsonItem {
	items := make([]jsonItem, n)
	for i := range items {
		items[i].idx = i
	}
	return items
}

// gaps turns a keep mask into items, one note per run of dropped
// elements.
func (c *jsonCrusher) gaps(items []jsonItem, keep []bool, unit string) []jsonItem {
	gap := 0
	for i, k := range keep {
		if !k {
			gap++
			continue
		}
		if gap > 0 {
			c.dropped = true
			items = append(items, jsonItem{note: lossy.Omitted(gap, unit)})
			gap = 0
		}
		items = append(items, jsonItem{idx: i})
	}
	if gap > 0 {
		c.dropped = true
		items = append(items, jsonItem{note: lossy.Omitted(gap, unit)})
	}
	return items
}

// queryMatches returns the indices of the elements (or members, matching
// key or value) that contain the most query terms, best first, at most
// queryMax of them.
func (c *jsonCrusher) queryMatches(v *jsonscan.Value, byKey bool) []int {
	if len(c.terms) == 0 || c.lv.queryMax == 0 {
		return nil
	}
	type hit struct{ i, score int }
	var hits []hit
	for i, e := range v.Elems {
		s := 0
		for _, t := range c.terms {
			if queryterm.ContainsFold(e.Raw, t) || (byKey && queryterm.ContainsFold(v.Keys[i].Raw, t)) {
				s++
			}
		}
		if s > 0 {
			hits = append(hits, hit{i, s})
		}
	}
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].score > hits[b].score })
	idx := make([]int, 0, min(len(hits), c.lv.queryMax))
	for _, h := range hits[:min(len(hits), c.lv.queryMax)] {
		idx = append(idx, h.i)
	}
	return idx
}

// jsonColumns returns the object whose key set the printed elements share,
// when the columnar form applies: at least three objects with two or more
// keys, and most printed elements sharing that set.
func jsonColumns(v *jsonscan.Value, items []jsonItem) *jsonscan.Value {
	if items == nil {
		items = jsonAll(len(v.Elems))
	}
	var first *jsonscan.Value
	same, elems := 0, 0
	for _, it := range items {
		if it.note != "" {
			continue
		}
		elems++
		e := v.Elems[it.idx]
		if e.Kind != jsonscan.Object {
			continue
		}
		if first == nil {
			if len(e.Keys) < 2 || !jsonUniqueKeys(e) {
				return nil
			}
			first = e
		}
		if jsonSameKeys(e, first) {
			same++
		}
	}
	if first == nil || same < 3 || same*10 < elems*8 {
		return nil
	}
	return first
}

// jsonUniqueKeys reports whether no key repeats, so a row of values maps
// back to exactly one object.
func jsonUniqueKeys(v *jsonscan.Value) bool {
	for i := range v.Keys {
		for j := range i {
			if v.Keys[i].Name == v.Keys[j].Name {
				return false
			}
		}
	}
	return true
}

// jsonSameKeys reports whether e has exactly the keys of cols, in any order.
func jsonSameKeys(e, cols *jsonscan.Value) bool {
	if e.Kind != jsonscan.Object || len(e.Keys) != len(cols.Keys) {
		return false
	}
	for i, k := range e.Keys {
		if i < len(cols.Keys) && cols.Keys[i].Name == k.Name {
			continue
		}
		if jsonMember(cols, k.Name) < 0 {
			return false
		}
	}
	return jsonUniqueKeys(e)
}

func jsonMember(v *jsonscan.Value, name string) int {
	for i, k := range v.Keys {
		if k.Name == name {
			return i
		}
	}
	return -1
}

// jsonHomogeneous reports whether nine in ten member values share a type.
func jsonHomogeneous(v *jsonscan.Value) bool {
	var n [6]int
	for _, e := range v.Elems {
		n[e.Kind]++
	}
	return slices.Max(n[:])*10 >= len(v.Elems)*9
}

// jsonKindsOf describes the value types of the dropped members of a map.
func jsonKindsOf(v *jsonscan.Value, items []jsonItem) string {
	shown := make([]bool, len(v.Elems))
	for _, it := range items {
		if it.note == "" {
			shown[it.idx] = true
		}
	}
	var n [6]int
	for i, e := range v.Elems {
		if !shown[i] {
			n[e.Kind]++
		}
	}
	var parts []string
	for k, cnt := range n {
		if cnt > 0 {
			parts = append(parts, jsonscan.Kind(k).String()+" ×"+strconv.Itoa(cnt))
		}
	}
	note := "values: " + strings.Join(parts, ", ")
	if len(parts) == 1 {
		note = "values: " + jsonscan.Kind(slices.Index(n[:], slices.Max(n[:]))).String()
	}
	// Fields of dropped object values stay visible.
	var objs []*jsonscan.Value
	for i, e := range v.Elems {
		if !shown[i] && e.Kind == jsonscan.Object {
			objs = append(objs, e)
		}
	}
	if s := jsonSchemaText(objs, "values"); s != "" {
		note += "; " + s
	}
	return note
}

const (
	jsonKeyOther = iota
	jsonKeyError
	jsonKeyStatus
	jsonKeyExit
	jsonKeyOK
)

var jsonKeyClasses = map[string]int{
	"error": jsonKeyError, "errors": jsonKeyError, "err": jsonKeyError, "exception": jsonKeyError,
	"exc": jsonKeyError, "stack": jsonKeyError, "stacktrace": jsonKeyError, "stack_trace": jsonKeyError,
	"traceback": jsonKeyError, "fault": jsonKeyError, "failure": jsonKeyError, "failures": jsonKeyError,
	"panic": jsonKeyError, "fatal": jsonKeyError, "errormessage": jsonKeyError, "error_message": jsonKeyError,
	// Counts of errors (eslint's errorCount): non-zero is a failure.
	"errorcount": jsonKeyError, "error_count": jsonKeyError, "fatalerrorcount": jsonKeyError,
	"failurecount": jsonKeyError, "failure_count": jsonKeyError, "failedcount": jsonKeyError,

	"status": jsonKeyStatus, "state": jsonKeyStatus, "level": jsonKeyStatus, "lvl": jsonKeyStatus,
	"severity": jsonKeyStatus, "result": jsonKeyStatus, "outcome": jsonKeyStatus, "conclusion": jsonKeyStatus,
	"health": jsonKeyStatus, "phase": jsonKeyStatus, "loglevel": jsonKeyStatus, "log_level": jsonKeyStatus,
	"action": jsonKeyStatus, "statuscode": jsonKeyStatus, "status_code": jsonKeyStatus,

	"exitcode": jsonKeyExit, "exit_code": jsonKeyExit, "exitstatus": jsonKeyExit, "exit_status": jsonKeyExit,
	"returncode": jsonKeyExit, "return_code": jsonKeyExit,

	"ok": jsonKeyOK, "success": jsonKeyOK, "passed": jsonKeyOK, "succeeded": jsonKeyOK,
}

// jsonFailWords are status values that mean something went wrong.
var jsonFailWords = map[string]bool{
	"fail": true, "failed": true, "failure": true, "failing": true, "error": true, "errored": true,
	"err": true, "fatal": true, "panic": true, "critical": true, "crit": true, "emerg": true,
	"emergency": true, "alert": true, "crashed": true, "crashloopbackoff": true, "timeout": true,
	"timedout": true, "timed_out": true, "aborted": true, "broken": true, "unhealthy": true,
	"exception": true, "rejected": true, "imagepullbackoff": true, "errimagepull": true, "oomkilled": true,
}

// jsonKeyClass classifies a member name, ignoring case, without allocating
// for short names. The view asks it of every member at every level, and
// most names are of no class: those whose first letter and length no
// class name has are told so without lowering them for the map.
func jsonKeyClass(name string) int {
	if len(name) > 16 || len(name) == 0 || jsonKeyShapes[asciiLower(name[0])]&(1<<len(name)) == 0 {
		return jsonKeyOther
	}
	var buf [16]byte
	b := jsonLower(buf[:0], name)
	return jsonKeyClasses[string(b)]
}

// jsonKeyShapes has, for each first byte of a name in jsonKeyClasses, bit
// n set when such a name is n bytes long.
var jsonKeyShapes = func() (t [256]uint32) {
	for name := range jsonKeyClasses {
		t[name[0]] |= 1 << len(name)
	}
	return t
}()

func jsonLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 32
		}
		dst = append(dst, c)
	}
	return dst
}

// jsonNonEmpty reports whether a value carries something: not null, false,
// zero, or an empty string, array or object.
func jsonNonEmpty(v *jsonscan.Value) bool {
	switch v.Kind {
	case jsonscan.Null:
		return false
	case jsonscan.Bool:
		return v.Raw[0] == 't'
	case jsonscan.Number:
		f, err := strconv.ParseFloat(string(v.Raw), 64)
		return err != nil || f != 0
	case jsonscan.String:
		return len(v.Raw) > 2
	}
	return len(v.Elems) > 0
}

// jsonFailure reports whether an object (or one nested up to three levels
// down, in objects or arrays) reports a failure through its keys and
// values.
func jsonFailure(v *jsonscan.Value, depth int) bool {
	return jsonFailureIn(v, depth, true)
}

// jsonFailureOwn is jsonFailure without looking into arrays: whether the
// element itself, not a list it holds (eslint's messages), reports the
// failure. Such elements print verbatim; a list is thinned to its
// failures instead.
func jsonFailureOwn(v *jsonscan.Value) bool {
	return jsonFailureIn(v, 0, false)
}

func jsonFailureIn(v *jsonscan.Value, depth int, arrays bool) bool {
	if depth > 3 {
		return false
	}
	if v.Kind == jsonscan.Array {
		return arrays && slices.ContainsFunc(v.Elems, func(e *jsonscan.Value) bool { return jsonFailureIn(e, depth+1, arrays) })
	}
	if v.Kind != jsonscan.Object {
		return false
	}
	for i, k := range v.Keys {
		e := v.Elems[i]
		switch jsonKeyClass(k.Name) {
		case jsonKeyError:
			if jsonNonEmpty(e) {
				return true
			}
		case jsonKeyStatus:
			switch e.Kind {
			case jsonscan.String:
				if len(e.Raw) <= 26 {
					var buf [24]byte
					if jsonFailWords[string(jsonLower(buf[:0], string(e.Raw[1:len(e.Raw)-1])))] {
						return true
					}
				}
			case jsonscan.Number:
				// eslint's messages: severity 2 is an error, 1 a warning.
				if k.Name == "severity" && string(e.Raw) == "2" && jsonMember(v, "ruleId") >= 0 {
					return true
				}
				if strings.Contains(strings.ToLower(k.Name), "status") {
					if f, err := strconv.ParseFloat(string(e.Raw), 64); err == nil && f >= 400 && f < 600 {
						return true
					}
				}
			}
		case jsonKeyExit:
			if e.Kind == jsonscan.Number && jsonNonEmpty(e) {
				return true
			}
		case jsonKeyOK:
			if e.Kind == jsonscan.Bool && e.Raw[0] == 'f' {
				return true
			}
		}
		if (e.Kind == jsonscan.Object || e.Kind == jsonscan.Array) && jsonFailureIn(e, depth+1, arrays) {
			return true
		}
	}
	return false
}

// jsonOutliers returns up to max indices of array elements with a numeric
// member far from that member's median, measured in median absolute
// deviations, most extreme first.
func jsonOutliers(v *jsonscan.Value, max int) []int {
	if max == 0 || len(v.Elems) < 8 {
		return nil
	}
	type obs struct {
		i int
		x float64
	}
	var names []string
	byName := map[string][]obs{}
	for i, e := range v.Elems {
		if e.Kind != jsonscan.Object {
			continue
		}
		for j, k := range e.Keys {
			if e.Elems[j].Kind != jsonscan.Number {
				continue
			}
			x, err := strconv.ParseFloat(string(e.Elems[j].Raw), 64)
			if err != nil || math.IsInf(x, 0) {
				continue
			}
			if _, ok := byName[k.Name]; !ok {
				names = append(names, k.Name)
			}
			byName[k.Name] = append(byName[k.Name], obs{i, x})
		}
	}
	score := map[int]float64{}
	xs := make([]float64, 0, len(v.Elems))
	for _, name := range names {
		ob := byName[name]
		if len(ob) < 8 {
			continue
		}
		xs = xs[:0]
		for _, o := range ob {
			xs = append(xs, o.x)
		}
		med := jsonMedian(xs)
		for i := range xs {
			xs[i] = math.Abs(xs[i] - med)
		}
		mad := jsonMedian(xs) * 1.4826
		for _, o := range ob {
			d := math.Abs(o.x - med)
			var z float64
			switch {
			case mad > 0:
				z = d / mad
			case d > 0:
				// Almost all values equal: any other value stands out.
				z = jsonOutlierZ + d/(math.Abs(med)+1)
			}
			if z > jsonOutlierZ && z > score[o.i] {
				score[o.i] = z
			}
		}
	}
	idx := make([]int, 0, len(score))
	for i := range score {
		idx = append(idx, i)
	}
	sort.Slice(idx, func(a, b int) bool {
		if score[idx[a]] != score[idx[b]] {
			return score[idx[a]] > score[idx[b]]
		}
		return idx[a] < idx[b]
	})
	return idx[:min(len(idx), max)]
}

// jsonMedian sorts xs and returns its median.
func jsonMedian(xs []float64) float64 {
	slices.Sort(xs)
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}

// jsonSchema counts, per key path, how many elements have it and with which
// types.
type jsonSchema struct {
	paths  []string
	fields map[string]*jsonField
	more   int // paths not listed once jsonSchemaMax is reached
}

type jsonField struct {
	kinds uint8 // bit per jsonscan.Kind
	count int
}

// add counts the members of v under their paths, prefix followed by the
// member name. prefix is a buffer the paths are built in: a path is a
// string of its own only once it is new.
func (s *jsonSchema) add(prefix []byte, v *jsonscan.Value, depth int) {
	if depth > 8 {
		return
	}
	for i, k := range v.Keys {
		e := v.Elems[i]
		path := append(prefix, k.Name...)
		f := s.fields[string(path)]
		if f == nil {
			if len(s.paths) >= 4*jsonSchemaMax {
				s.more++
				continue
			}
			f = &jsonField{}
			name := string(path)
			s.fields[name] = f
			s.paths = append(s.paths, name)
		}
		f.kinds |= 1 << e.Kind
		f.count++
		switch {
		case e.Kind == jsonscan.Object && len(e.Elems) > 24 && jsonHomogeneous(e):
			// A map keyed by data: its keys are values, not fields.
		case e.Kind == jsonscan.Object:
			s.add(append(path, '.'), e, depth+1)
		case e.Kind == jsonscan.Array:
			for _, x := range e.Elems {
				if x.Kind == jsonscan.Object {
					s.add(append(path, "[]."...), x, depth+1)
				}
			}
		}
	}
}

// jsonSchemaText lists every key path in the objects among elems, e.g.
// "schema of 120 rows: id num, name str, error str|null ×3"; counts show
// where a path is missing from some objects.
func jsonSchemaText(elems []*jsonscan.Value, unit string) string {
	s := jsonSchema{fields: map[string]*jsonField{}}
	buf := make([]byte, 0, 128)
	objects := 0
	for _, e := range elems {
		if e.Kind == jsonscan.Object {
			objects++
			s.add(buf[:0], e, 0)
		}
	}
	if objects == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("schema of ")
	b.WriteString(strconv.Itoa(len(elems)))
	b.WriteString(" " + unit + ": ")
	// Objects keyed by data (dependencies by package name) show as one
	// entry with a key count instead of a path per key.
	children := map[string]int{}
	for _, p := range s.paths {
		if par := jsonSchemaParent(p); par != "" {
			children[par]++
		}
	}
	shown := 0
	for _, p := range s.paths {
		hidden := false
		for par := jsonSchemaParent(p); par != ""; par = jsonSchemaParent(par) {
			hidden = hidden || children[par] > jsonSchemaKeys
		}
		if hidden {
			continue
		}
		if shown == jsonSchemaMax {
			s.more++
			continue
		}
		if shown > 0 {
			b.WriteString(", ")
		}
		shown++
		f := s.fields[p]
		b.WriteString(p)
		b.WriteByte(' ')
		sep := ""
		for k := jsonscan.Null; k <= jsonscan.Object; k++ {
			if f.kinds&(1<<k) != 0 {
				b.WriteString(sep)
				b.WriteString(k.String())
				sep = "|"
			}
		}
		if n := children[p]; n > jsonSchemaKeys {
			b.WriteString(" {" + strconv.Itoa(n) + " keys}")
		}
		if f.count != objects {
			b.WriteString(" ×")
			b.WriteString(strconv.Itoa(f.count))
		}
	}
	if s.more > 0 {
		b.WriteString(", and ")
		b.WriteString(strconv.Itoa(s.more))
		b.WriteString(" more key paths")
	}
	return b.String()
}

// jsonFailureMarks are texts that make a string value a failure report
// (test failures, panics, tracebacks, error lines).
var jsonFailureMarks = [][]byte{
	[]byte("--- FAIL"), []byte("FAIL\\t"), []byte("FAIL:"), []byte("panic:"), []byte("Traceback"),
	[]byte("Exception"), []byte("Error:"), []byte("error:"), []byte("ERROR"), []byte("FATAL"),
	[]byte("fatal:"), []byte("✗"), []byte("✘"), []byte("✖"),
}

// jsonFailureText reports whether raw JSON text carries a failure report:
// one of jsonFailureMarks, or a "file.ext:12:" location as compilers and
// test frameworks print before a diagnostic.
func jsonFailureText(raw []byte) bool {
	for _, m := range jsonFailureMarks {
		if bytes.Contains(raw, m) {
			return true
		}
	}
	for i := 0; i < len(raw); {
		j := bytes.IndexByte(raw[i:], ':')
		if j < 0 {
			return false
		}
		if _, ok := jsonLocationAt(raw, i+j); ok {
			return true
		}
		i += j + 1
	}
	return false
}

// jsonLocationAt reports whether the colon at b[c] starts the line number
// of a "file.ext:12:" location, and where the location starts: one byte
// before the extension's dot. The location ends after the second colon.
func jsonLocationAt(b []byte, c int) (start int, ok bool) {
	k := c + 1
	for k < len(b) && b[k] >= '0' && b[k] <= '9' {
		k++
	}
	if k == c+1 || k >= len(b) || b[k] != ':' {
		return 0, false
	}
	// A file extension before the colon: ".go", ".py", ".ts".
	e := c - 1
	for e >= 0 && e > c-7 && (b[e] >= 'a' && b[e] <= 'z' || b[e] >= 'A' && b[e] <= 'Z') {
		e--
	}
	if e >= 1 && e < c-1 && b[e] == '.' && b[e-1] != '.' && b[e-1] != ' ' && b[e-1] != '"' {
		return e - 1, true
	}
	return 0, false
}

// jsonSchemaParent returns the path of the object holding a schema path:
// "a.b" for "a.b.c" and "a.b[].c", "" at the top.
func jsonSchemaParent(p string) string {
	i := strings.LastIndexByte(p, '.')
	if i < 0 {
		return ""
	}
	return strings.TrimSuffix(p[:i], "[]")
}

// jsonParseCut parses the input like jsonParseAll; when it is a stream cut
// off inside a value (a tool's output limit, head -c), it parses up to the
// end of the last complete member instead, marks the values left open, and
// returns the rest of the input as tail, to be printed verbatim. parsed is
// what the values lie in: in, or a copy of it closed at the cut.
func jsonParseCut(in []byte) (vals []*jsonscan.Value, lines bool, tail, parsed []byte, err error) {
	if vals, lines, err = jsonscan.ParseAll(in); err == nil {
		return vals, lines, nil, in, nil
	}
	cut, closers := jsonCut(in)
	if cut <= 0 {
		return nil, false, nil, nil, err
	}
	parsed = append(in[:cut:cut], closers...)
	if vals, lines, err = jsonscan.ParseAll(parsed); err != nil {
		return nil, false, nil, nil, err
	}
	jsonMarkOpen(vals[len(vals)-1], cut)
	return vals, lines, in[cut:], parsed, nil
}

// jsonCut finds where a JSON stream cut off inside a value can be closed:
// the end of the last complete member of the open containers (or just
// after the innermost opening bracket), and the closers those containers
// need. It returns 0 when the input does not end inside a container.
func jsonCut(in []byte) (cut int, closers []byte) {
	var stack []byte
	var at []byte // closers at the last cut point
	for i := 0; i < len(in); i++ {
		switch c := in[i]; c {
		case '"':
			for i++; i < len(in) && in[i] != '"'; i++ {
				if in[i] == '\\' {
					i++
				}
			}
			if i >= len(in) {
				break
			}
			if len(stack) > 0 && !jsonKeyNext(in, i+1) {
				cut, at = i+1, append(at[:0], stack...)
			}
		case '{', '[':
			stack = append(stack, c+2) // '}' and ']' are two past their openers
			cut, at = i+1, append(at[:0], stack...)
		case '}', ']':
			if len(stack) == 0 || stack[len(stack)-1] != c {
				return 0, nil
			}
			stack = stack[:len(stack)-1]
			if len(stack) > 0 {
				cut, at = i+1, append(at[:0], stack...)
			}
		case ',', ':', ' ', '\t', '\n', '\r':
		default:
			// A scalar: complete when a delimiter follows it.
			j := i
			for j < len(in) && !bytes.ContainsRune([]byte(",:]} \t\n\r"), rune(in[j])) {
				j++
			}
			if j < len(in) && len(stack) > 0 {
				cut, at = j, append(at[:0], stack...)
			}
			i = j - 1
		}
	}
	if len(stack) == 0 {
		return 0, nil
	}
	for i := len(at) - 1; i >= 0; i-- {
		closers = append(closers, at[i])
	}
	return cut, closers
}

// jsonKeyNext reports whether a ':' follows at in[i:] past spaces: the
// string just read was a key, not a complete member.
func jsonKeyNext(in []byte, i int) bool {
	for i < len(in) && (in[i] == ' ' || in[i] == '\t' || in[i] == '\n' || in[i] == '\r') {
		i++
	}
	return i < len(in) && in[i] == ':'
}

// jsonMarkOpen marks the values that a cut at offset cut leaves open:
// v and, down its last members, every container that reaches past cut.
func jsonMarkOpen(v *jsonscan.Value, cut int) {
	for v != nil && v.Start+len(v.Raw) > cut && (v.Kind == jsonscan.Array || v.Kind == jsonscan.Object) {
		v.Open = true
		if len(v.Elems) == 0 {
			return
		}
		v = v.Elems[len(v.Elems)-1]
	}
}
