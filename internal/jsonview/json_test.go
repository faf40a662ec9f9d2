package jsonview

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/kompress/kompress/internal/jsonscan"
	"github.com/kompress/kompress/internal/viewtest"

	"github.com/kompress/kompress/internal/lossy"
)

var jsonCeilings = map[string]float64{
	"go-list-json":             0.33,
	"go-list-m-json":           0.15, // every module's Path named in the notes
	"eslint-json-jsyaml":       0.15,
	"eslint-json-cut":          0.3,
	"eslint-sarif-jsyaml":      0.25,
	"shellcheck-json1-usrbin":  0.12,
	"go-mod-edit-json":         0.65,
	"ip-addr-pretty":           0.58,
	"ip-addr":                  0,
	"jsonl-dependencies":       0.85,
	"jsonl-npm-time":           0.05,
	"lsblk":                    0,
	"minified-npm-view":        0.24,
	"npm-view-express":         0.2,
	"package-lock":             0.1,
	"go-test-json-fail":        0.35,
	"npm-ls-json":              0,
	"cargo-build-message-json": 0.45, // "rendered" stands for spans and children
	"graphql-repos-runs":       0.4,  // lists under "data" thinned to what the errors point at
	"npm-view-versions-deps":   0.6,  // dependencies repeating the row above are a note
}

func TestJSONSamples(t *testing.T) {
	viewtest.CheckSamples(t, "json", JSON, jsonCeilings, func(t *testing.T, name string, in, out []byte) {
		if _, _, err := jsonscan.ParseAll(in); err != nil {
			return // a cut-off stream: TestJSONCutOff
		}
		if _, _, err := jsonscan.ParseAll(out); err != nil {
			t.Errorf("output is not JSON: %v\n%s", err, out)
		}
		// Every field name that occurs anywhere stays visible.
		vals, _, _ := jsonscan.ParseAll(in)
		for _, k := range jsonFieldNames(vals) {
			if !bytes.Contains(out, []byte(k)) {
				t.Errorf("key %q vanished", k)
			}
		}
	})
}

// jsonFieldNames lists the keys of all objects except those keyed by data:
// big maps whose values share a type (npm's "time"), and objects whose keys
// vary from one instance to the next (package-lock's "dependencies").
func jsonFieldNames(vals []*jsonscan.Value) []string {
	type site struct {
		objects int
		keys    map[string]int
		order   []string
	}
	sites := map[string]*site{}
	var paths []string
	var walk func(v *jsonscan.Value, path string)
	walk = func(v *jsonscan.Value, path string) {
		if v.Kind == jsonscan.Object {
			data := len(v.Elems) > 24 && jsonHomogeneous(v)
			if !data {
				s := sites[path]
				if s == nil {
					s = &site{keys: map[string]int{}}
					sites[path] = s
					paths = append(paths, path)
				}
				s.objects++
				for _, k := range v.Keys {
					if s.keys[k.Name] == 0 {
						s.order = append(s.order, k.Name)
					}
					s.keys[k.Name]++
				}
			}
			for i, k := range v.Keys {
				if data {
					walk(v.Elems[i], path+".*")
				} else {
					walk(v.Elems[i], path+"."+k.Name)
				}
			}
			return
		}
		for _, e := range v.Elems {
			walk(e, path+"[]")
		}
	}
	for _, v := range vals {
		walk(v, "")
	}
	seen := map[string]bool{}
	var names []string
	for _, p := range paths {
		s := sites[p]
		if len(s.keys) > 12 && s.objects > 1 && len(s.keys)*2 > s.objects {
			mean := 0
			for _, n := range s.keys {
				mean += n
			}
			if mean*2 < len(s.keys)*s.objects {
				continue // keys vary per instance: data
			}
		}
		for _, k := range s.order {
			if !seen[k] {
				seen[k] = true
				names = append(names, k)
			}
		}
	}
	return names
}

func TestJSONGolden(t *testing.T) {
	for _, name := range []string{"json/npm-view-express", "json/go-list-m-json", "json/jsonl-npm-time", "log/go-test-json-fail", "log/x-gotest-json-panic"} {
		kind, name, _ := strings.Cut(name, "/")
		t.Run(name, func(t *testing.T) {
			out, err := JSON(viewtest.Read(t, kind, name), lossy.Options{})
			if err != nil {
				t.Fatal(err)
			}
			viewtest.Golden(t, "json", name, out)
			if kind == "log" {
				jsonFailureLinesKept(t, viewtest.Read(t, kind, name), out)
			}
		})
	}
}

// jsonFailureLinesKept checks that the JSON Lines of go test -json that
// report a failure survive verbatim.
func jsonFailureLinesKept(t *testing.T, in, out []byte) {
	t.Helper()
	n := 0
	for _, l := range bytes.Split(in, []byte("\n")) {
		if bytes.Contains(l, []byte("--- FAIL")) || bytes.Contains(l, []byte(`"Action":"fail"`)) ||
			bytes.Contains(l, []byte("panic:")) || bytes.Contains(l, []byte("want ")) {
			n++
			if !bytes.Contains(out, l) {
				t.Errorf("failure line dropped: %s", l)
			}
		}
	}
	if n < 3 {
		t.Fatalf("sample has %d failure lines, want >= 3", n)
	}
}

func TestJSONFailureFields(t *testing.T) {
	var b strings.Builder
	b.WriteString("[\n")
	for i := range 600 {
		if i > 0 {
			b.WriteString(",\n")
		}
		switch i {
		case 57:
			fmt.Fprintf(&b, `  {"id": %d, "job": "build-%d", "status": "failed", "duration": 12}`, i, i)
		case 91:
			fmt.Fprintf(&b, `  {"id": %d, "job": "build-%d", "status": "ok", "duration": 11, "error": "disk full"}`, i, i)
		case 130:
			fmt.Fprintf(&b, `  {"id": %d, "job": "build-%d", "status": "ok", "duration": 11, "exitCode": 137}`, i, i)
		case 150:
			fmt.Fprintf(&b, `  {"id": %d, "job": "build-%d", "status": "ok", "duration": 4800}`, i, i)
		default:
			fmt.Fprintf(&b, `  {"id": %d, "job": "build-%d", "status": "ok", "duration": %d}`, i, i, 10+i%5)
		}
	}
	b.WriteString("\n]\n")
	in := []byte(b.String())
	out, err := JSON(in, lossy.Options{Query: "build-77"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`{"id": 57, "job": "build-57", "status": "failed", "duration": 12}`, // failure status, verbatim
		`"error": "disk full"`,     // error field
		`"exitCode": 137`,          // non-zero exit
		`4800`,                     // outlier
		`"build-77"`,               // query match
		`"build-0"`, `"build-599"`, // first and last
		"error str ×1", "exitCode num ×1", // the schema note names rare keys
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if len(out) > len(in)/4 {
		t.Errorf("output %d bytes of %d, want <= 25%%", len(out), len(in))
	}
	if strings.Contains(string(out), `"build-100"`) {
		t.Error("an ordinary middle row survived")
	}
}

func TestJSONColumnarLossless(t *testing.T) {
	in, out := sampleView(t, "jsonl-dependencies")
	var table struct {
		Columns []string `json:"$columns"`
		Rows    []any    `json:"$rows"`
	}
	d := json.NewDecoder(bytes.NewReader(out))
	d.UseNumber()
	if err := d.Decode(&table); err != nil || len(table.Columns) == 0 {
		t.Fatalf("not the columnar form (%v):\n%.300s", err, out)
	}
	var got []any
	for _, r := range table.Rows {
		row, ok := r.([]any)
		if !ok {
			got = append(got, r)
			continue
		}
		obj := map[string]any{}
		for i, c := range table.Columns {
			obj[c] = row[i]
		}
		got = append(got, obj)
	}
	var want []any
	d = json.NewDecoder(bytes.NewReader(in))
	d.UseNumber()
	for d.More() {
		var v any
		if err := d.Decode(&v); err != nil {
			t.Fatal(err)
		}
		want = append(want, v)
	}
	if !reflect.DeepEqual(got, want) {
		t.Error("columnar form does not decode to the input")
	}
}

func TestJSONQueryKeepsMatches(t *testing.T) {
	in := viewtest.Read(t, "json", "npm-view-express")
	out, err := JSON(in, lossy.Options{Query: "4.17.1"})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out, []byte(`"4.17.1"`)) {
		t.Error("query match dropped")
	}
	plain, _ := JSON(in, lossy.Options{})
	if bytes.Contains(plain, []byte(`"4.17.1"`)) {
		t.Error("4.17.1 kept without the query; the test proves nothing")
	}
}

func TestJSONTargetRatio(t *testing.T) {
	in := viewtest.Read(t, "json", "go-list-json")
	def, err := JSON(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tight, err := JSON(in, lossy.Options{TargetRatio: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	if len(tight) >= len(def) {
		t.Errorf("TargetRatio 0.1 gave %d bytes, default %d", len(tight), len(def))
	}
}

func TestJSONTruncatesLongStrings(t *testing.T) {
	in := []byte(`{"name": "x", "readme": "` + strings.Repeat("Lorem ipsum dolor sit amet. ", 200) + `", "list": [` +
		strings.TrimSuffix(strings.Repeat(`"item",`, 50), ",") + `]}`)
	out, err := JSON(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out, []byte("[truncated from 5600 bytes]")) {
		t.Errorf("no truncation note:\n%s", out)
	}
}

func TestJSONBadInput(t *testing.T) {
	for name, in := range map[string][]byte{
		"empty":      nil,
		"spaces":     []byte("  \n "),
		"malformed":  []byte(`{"a": [1, 2,, 3]}`),
		"truncated":  []byte(`[{"a": 1}, {"a": 2`),
		"deep-array": bytes.Repeat([]byte("["), 100000),
		"deep-obj":   []byte(strings.Repeat(`{"a":`, 100000) + "1" + strings.Repeat("}", 100000)),
		"nul":        []byte("{\"a\": \"x\x00\"}"),
		"bad-utf8":   []byte("[\"\xff\xfe\"]"),
		"text":       []byte("hello world"),
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := JSON(in, lossy.Options{}); !errors.Is(err, lossy.ErrNoGain) {
				t.Errorf("err = %v, want lossy.ErrNoGain", err)
			}
		})
	}
}

func FuzzJSON(f *testing.F) {
	for _, s := range viewtest.Samples(f, "json") {
		if len(s.In) < 4096 {
			f.Add(s.In)
		}
	}
	f.Add([]byte(`[{"a":1,"b":"x"},{"a":2,"b":"y"},{"a":3,"b":"z"},{"a":4,"b":"w"}]`))
	f.Add([]byte("{\"a\":1}\n{\"a\":2}\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		out, err := JSON(in, lossy.Options{Query: "a"})
		again, _ := JSON(in, lossy.Options{Query: "a"})
		if !bytes.Equal(out, again) {
			t.Fatal("not deterministic")
		}
		if err == nil && len(out) == 0 {
			t.Fatal("empty output without error")
		}
	})
}

func BenchmarkJSON(b *testing.B) { viewtest.Bench(b, "json", JSON) }

// TestJSONFindingsKeepErrors: linters' JSON reports keep every error
// finding byte for byte, whatever else is thinned: eslint's messages with
// severity 2, shellcheck's and SARIF's level "error".
func TestJSONFindingsKeepErrors(t *testing.T) {
	for _, name := range []string{"eslint-json-jsyaml", "shellcheck-json1-usrbin", "eslint-sarif-jsyaml", "eslint-json-big"} {
		t.Run(name, func(t *testing.T) {
			in := viewtest.Read(t, "json", name)
			out, err := JSON(in, lossy.Options{})
			if err != nil {
				t.Fatal(err)
			}
			vals, _, err := jsonscan.ParseAll(in)
			if err != nil {
				t.Fatal(err)
			}
			errs := 0
			var walk func(v *jsonscan.Value)
			walk = func(v *jsonscan.Value) {
				if v.Kind == jsonscan.Object {
					sev, lvl := jsonMember(v, "severity"), jsonMember(v, "level")
					if sev >= 0 && string(v.Elems[sev].Raw) == "2" || lvl >= 0 && string(v.Elems[lvl].Raw) == `"error"` {
						errs++
						// Verbatim, or on one line without the members that
						// say where a range ends, the AST node or the fix, as
						// an object or as a row of the findings' columns.
						var short, row []string
						for i, k := range v.Keys {
							if !map[string]bool{"endLine": true, "endColumn": true, "nodeType": true, "messageId": true, "fix": true, "suggestions": true, "endOffset": true}[k.Name] {
								short = append(short, string(k.Raw)+": "+string(v.Elems[i].Raw))
								row = append(row, string(v.Elems[i].Raw))
							}
						}
						if !bytes.Contains(out, v.Raw) && !bytes.Contains(out, []byte("{"+strings.Join(short, ", ")+"}")) &&
							!bytes.Contains(out, []byte("["+strings.Join(row, ", ")+"]")) {
							t.Errorf("error finding dropped: %.200s", v.Raw)
						}
						return
					}
				}
				for _, e := range v.Elems {
					walk(e)
				}
			}
			for _, v := range vals {
				walk(v)
			}
			if errs < 5 {
				t.Fatalf("%d error findings in the sample, want >= 5", errs)
			}
			// eslint-json-big: 585 of its 855 messages are errors.
			if bound := map[string]int{"eslint-json-big": 70}[name]; len(out)*100 > len(in)*max(bound, 25) {
				t.Errorf("output %d of %d bytes", len(out), len(in))
			}
		})
	}
}

// TestJSONNamesDroppedRows: an array of records that loses rows names each
// dropped one by its identity member when that is cheap (go list -m's
// Path), and says nothing more when it is not.
func TestJSONNamesDroppedRows(t *testing.T) {
	in, out := sampleView(t, "go-list-m-json")
	vals, _, _ := jsonscan.ParseAll(in)
	for _, v := range vals {
		p := v.Elems[jsonMember(v, "Path")]
		if name := p.Raw[1 : len(p.Raw)-1]; !bytes.Contains(out, name) {
			t.Errorf("module %s not named", name)
		}
	}
	var b strings.Builder
	b.WriteString("[")
	for i := range 300 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"id": %d, "kind": "row", "payload": "%s"}`, 1000+i, strings.Repeat("x", 40))
	}
	b.WriteString("]")
	out, err := JSON([]byte(b.String()), lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "[… 295 rows omitted; id: 1003–1297 …]") {
		t.Errorf("consecutive ids not shown as a range:\n%s", out)
	}
}

// TestJSONCutOff: a stream cut off mid-value is thinned as far as it
// parses, and the unparsed rest follows verbatim.
func TestJSONCutOff(t *testing.T) {
	full := viewtest.Read(t, "json", "eslint-json-jsyaml")
	for _, n := range []int{60000, 100000, 140000} {
		in := full[:n]
		out, err := JSON(in, lossy.Options{})
		if err != nil {
			t.Fatalf("cut at %d: %v", n, err)
		}
		cut, _ := jsonCut(in)
		if cut <= 0 || !bytes.HasSuffix(out, in[cut:]) {
			t.Errorf("cut at %d: the unparsed tail (from %d) is not kept verbatim", n, cut)
		}
		if len(out) >= len(in)*9/10 {
			t.Errorf("cut at %d: output %d bytes", n, len(out))
		}
		if !bytes.Contains(out, []byte(`"filePath":`)) && !bytes.Contains(out, []byte(`"$columns": ["filePath"`)) {
			t.Errorf("cut at %d: no file path in view", n)
		}
	}
	for _, in := range []string{`{"a": 1, "b": tru}`, `]`, `{"a": [1, 2}`, `"abc`} {
		if _, err := JSON([]byte(in), lossy.Options{}); !errors.Is(err, lossy.ErrNoGain) {
			t.Errorf("%q: err %v, want lossy.ErrNoGain", in, err)
		}
	}
}

// TestJSONTreeMax: a document the view would thin is left to the lossless
// folds once it is bigger than jsonscan.TreeMaxBytes, so its tree never exists.
func TestJSONTreeMax(t *testing.T) {
	doc := func(size int) []byte {
		b := []byte("[")
		for i := 0; len(b) < size; i++ {
			if i > 0 {
				b = append(b, ',')
			}
			b = fmt.Appendf(b, `{"id":%d,"name":"item%d","status":"ok"}`, i, i)
		}
		return append(b, ']')
	}
	if out, err := JSON(doc(64<<10), lossy.Options{}); err != nil || len(out) == 0 {
		t.Fatalf("small document: %d bytes, err %v; want a view", len(out), err)
	}
	if _, err := JSON(doc(jsonscan.TreeMaxBytes), lossy.Options{}); !errors.Is(err, lossy.ErrNoGain) {
		t.Errorf("document over jsonscan.TreeMaxBytes: err = %v, want lossy.ErrNoGain", err)
	}
}

// TestJSONPsqlFrame: JSON that psql prints in a one-column frame
// (EXPLAIN (FORMAT JSON)) is viewed without the frame's padding, between
// its header and footer, and what is between them is JSON.
func TestJSONPsqlFrame(t *testing.T) {
	in, out := sampleView(t, "psql-explain-format-json")
	lines := bytes.Split(bytes.TrimRight(out, "\n"), []byte("\n"))
	if len(lines) < 4 || !bytes.Contains(lines[0], []byte("QUERY PLAN")) || string(lines[len(lines)-1]) != "(1 row)" {
		t.Fatalf("frame's header or footer lost:\n%s", out)
	}
	if _, _, err := jsonscan.ParseAll(bytes.Join(lines[2:len(lines)-1], []byte("\n"))); err != nil {
		t.Errorf("the cells are not JSON: %v", err)
	}
	if len(out)*2 > len(in) {
		t.Errorf("view is %d of %d bytes; the padding alone is most of them", len(out), len(in))
	}
}

// sampleView is the default view of the json sample name, and the sample.
func sampleView(t *testing.T, name string) (in, out []byte) {
	t.Helper()
	in = viewtest.Read(t, "json", name)
	out, err := JSON(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return in, out
}

// FuzzJSONKeyClass checks jsonKeyClass's quick refusal against the map
// lookup it stands before: every name gets the class of its lower-case
// ASCII form.
func FuzzJSONKeyClass(f *testing.F) {
	for name := range jsonKeyClasses {
		f.Add(name)
		f.Add(strings.ToUpper(name))
		f.Add(strings.ToUpper(name[:1]) + name[1:])
	}
	for _, name := range []string{"", "message", "ruleId", "filePath", "Ok", "x", "errorCountTotal", "ÉRROR"} {
		f.Add(name)
	}
	f.Fuzz(func(t *testing.T, name string) {
		want := jsonKeyOther
		if len(name) <= 16 {
			want = jsonKeyClasses[string(jsonLower(nil, name))]
		}
		if got := jsonKeyClass(name); got != want {
			t.Fatalf("jsonKeyClass(%q) = %d, want %d", name, got, want)
		}
	})
}
