package jsonscan

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"
)

// samples are the JSON tool outputs of testdata/samples/json.
func samples(tb testing.TB) [][]byte {
	tb.Helper()
	paths, err := filepath.Glob("../../testdata/samples/json/*.txt")
	if err != nil || len(paths) == 0 {
		tb.Fatalf("no samples: %v", err)
	}
	var out [][]byte
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

var seeds = []string{
	`{}`, `[]`, `{"a":1}`, `[1,2,3]`, `{"a":[true,false,null],"b":{"c":"d"}}`,
	`[1.5e3,-0,0.25,1E+2]`, `["\u00e9\n\"\\/"]`, `{"a":1}` + "\n" + `{"a":2}` + "\n",
	`[1,]`, `{"a"}`, `{"a":}`, `[01]`, `[1.]`, `[1e]`, `[-]`, `["\q"]`, `["\u12"]`, `["\u12g4"]`,
	"[\"a\x01\"]", `[tru]`, `[truex]`, `[nul`, `{"a":1`, `[1`, `["ab`, `["a\`, `[1 2]`,
	"[\"\xff\"]", `{"a":1}{"b":2}`, `[1]x`, `truefalse`, `1-2`, `"a""b"`, `  `, ``,
	`[[[[[[[[[[]]]]]]]]]]`, `{"k\u0041":"v"}`,
}

// depth is the deepest nesting of brackets in b outside strings, which is
// what the depth limits count.
func depth(b []byte) int {
	d, most, in := 0, 0, false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case in && c == '\\':
			i++
		case c == '"':
			in = !in
		case in:
		case c == '{' || c == '[':
			d++
			most = max(most, d)
		case c == '}' || c == ']':
			d--
		}
	}
	return most
}

func TestScan(t *testing.T) {
	tests := []struct {
		in   string
		end  int
		want Status
	}{
		{`{"a":1} tail`, 7, OK},
		{`[1,2]`, 5, OK},
		{`[1,`, 3, Truncated},
		{`{"a":"b`, 7, Truncated},
		{`["\u12`, 6, Truncated},
		{`[tr`, 3, Truncated},
		{`[1.`, 3, Truncated},
		{`[1,]`, 3, Bad},
		{`["\q"]`, 3, Bad},
		{`["\u12g4"]`, 6, Bad},
		{`[trux]`, 4, Bad},
		{`{"a" 1}`, 5, Bad},
		{`[01]`, 2, Bad},
		{`1`, 0, Bad}, // only containers start a routed value
	}
	for _, tt := range tests {
		end, st := Scan([]byte(tt.in), 0)
		if end != tt.end || st != tt.want {
			t.Errorf("Scan(%q) = %d, %d; want %d, %d", tt.in, end, st, tt.end, tt.want)
		}
	}
}

func TestScannerErrors(t *testing.T) {
	for _, in := range []string{``, ` `, `[1,]`, `{"a"}`, `[01]`, `1-2`, `truefalse`, "[\"\xff\"]", `["\q"]`, `[1`} {
		s := NewScanner([]byte(in))
		var err error
		for err == nil {
			var kind byte
			if kind, _, err = s.Next(); kind == TokEOF && err == nil {
				break
			}
		}
		if !errors.Is(err, ErrSyntax) {
			t.Errorf("%q: error %v, want ErrSyntax", in, err)
		}
	}
}

func TestParseAll(t *testing.T) {
	vals, lines, err := ParseAll([]byte("{\"a\\u0041\":[1, \"x\"]}\n{\"b\":null}\n"))
	if err != nil || !lines || len(vals) != 2 {
		t.Fatalf("ParseAll = %v, %v, %v", vals, lines, err)
	}
	v := vals[0]
	if v.Kind != Object || v.Keys[0].Name != "aA" || string(v.Keys[0].Raw) != `"a\u0041"` {
		t.Errorf("key %+v", v.Keys)
	}
	arr := v.Elems[0]
	if arr.Kind != Array || len(arr.Elems) != 2 || string(arr.Raw) != `[1, "x"]` || arr.Start != 11 {
		t.Errorf("array %+v", arr)
	}
	if arr.Clen != len(`[1, "x"]`) || v.Clen != len(`{"a\u0041": [1, "x"]}`) {
		t.Errorf("Clen %d %d", arr.Clen, v.Clen)
	}
	if vals[1].Elems[0].Kind != Null || vals[1].Start != 21 {
		t.Errorf("second value %+v", vals[1])
	}
	deep := strings.Repeat("[", TreeMaxDepth) + strings.Repeat("]", TreeMaxDepth)
	if _, _, err := ParseAll([]byte(deep)); err != nil {
		t.Errorf("%d levels: %v", TreeMaxDepth, err)
	}
	if _, _, err := ParseAll([]byte("[" + deep + "]")); err == nil {
		t.Errorf("%d levels accepted", TreeMaxDepth+1)
	}
}

// FuzzScan checks the recogniser against encoding/json: what it calls a
// complete value is valid JSON, and valid JSON is a complete value.
func FuzzScan(f *testing.F) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) == 0 || b[0] != '{' && b[0] != '[' || depth(b) >= MaxDepth {
			return
		}
		end, st := Scan(b, 0)
		switch st {
		case OK:
			if !json.Valid(b[:end]) {
				t.Fatalf("Scan(%q) = OK at %d, encoding/json disagrees", b, end)
			}
		case Truncated:
			if end != len(b) {
				t.Fatalf("Scan(%q) = Truncated at %d of %d", b, end, len(b))
			}
		}
		if json.Valid(b) && utf8.Valid(b) && (st != OK || len(bytes.TrimRight(b[end:], " \t\r\n")) != 0) {
			t.Fatalf("Scan(%q) = %d, %d for valid JSON", b, end, st)
		}
	})
}

// FuzzScanner checks the token view against encoding/json: one value is
// accepted exactly when encoding/json accepts it (and it is UTF-8), and
// the tokens are the input without its white space.
func FuzzScanner(f *testing.F) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if depth(b) >= MaxDepth {
			return
		}
		s := NewScanner(b)
		var toks []byte
		var err error
		for {
			var kind byte
			var lit []byte
			kind, lit, err = s.Next()
			if err != nil || kind == TokEOF {
				break
			}
			toks = append(toks, lit...)
		}
		valid := json.Valid(b) && utf8.Valid(b)
		switch {
		case err == nil && s.Values() == 1 && !valid:
			t.Fatalf("Scanner accepts %q, encoding/json does not", b)
		case valid && err != nil:
			t.Fatalf("Scanner refuses %q: %v", b, err)
		case valid:
			var want bytes.Buffer
			if err := json.Compact(&want, b); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(toks, want.Bytes()) {
				t.Fatalf("tokens of %q: %q, want %q", b, toks, want.Bytes())
			}
		}
	})
}

// FuzzParseAll checks the tree view against encoding/json: one value is
// parsed exactly when encoding/json accepts it (and it is UTF-8), with the
// value's source text and decoded keys.
func FuzzParseAll(f *testing.F) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if depth(b) >= TreeMaxDepth {
			return
		}
		vals, _, err := ParseAll(b)
		valid := json.Valid(b) && utf8.Valid(b)
		switch {
		case err == nil && len(vals) == 1 && !valid:
			t.Fatalf("ParseAll accepts %q, encoding/json does not", b)
		case valid && (err != nil || len(vals) != 1):
			t.Fatalf("ParseAll(%q) = %d values, %v", b, len(vals), err)
		case valid:
			if got, want := string(vals[0].Raw), strings.Trim(string(b), " \t\r\n"); got != want {
				t.Fatalf("Raw %q, want %q", got, want)
			}
			checkKeys(t, vals[0])
		}
	})
}

func checkKeys(t *testing.T, v *Value) {
	for i, k := range v.Keys {
		var want string
		if err := json.Unmarshal(k.Raw, &want); err != nil || k.Name != want {
			t.Fatalf("key %s decoded %q, want %q (%v)", k.Raw, k.Name, want, err)
		}
		checkKeys(t, v.Elems[i])
	}
	if v.Kind == Array {
		for _, e := range v.Elems {
			checkKeys(t, e)
		}
	}
}

// benchSamples returns the samples and counts their bytes for MB/s.
func benchSamples(b *testing.B) [][]byte {
	in := samples(b)
	var total int64
	for _, s := range in {
		total += int64(len(s))
	}
	b.SetBytes(total)
	return in
}

func BenchmarkScan(b *testing.B) {
	in := benchSamples(b)
	for b.Loop() {
		for _, s := range in {
			i := bytes.IndexAny(s, "{[")
			for i >= 0 && i < len(s) {
				end, st := Scan(s, i)
				if st != OK {
					break
				}
				i = end + bytes.IndexAny(s[end:], "{[")
				if i < end {
					break
				}
			}
		}
	}
}

func BenchmarkScanner(b *testing.B) {
	in := benchSamples(b)
	for b.Loop() {
		for _, s := range in {
			sc := NewScanner(s)
			for {
				kind, _, err := sc.Next()
				if err != nil || kind == TokEOF {
					break
				}
			}
		}
	}
}

func BenchmarkParseAll(b *testing.B) {
	in := benchSamples(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range in {
			ParseAll(s)
		}
	}
}

// TestParseAllSlabs checks what the tree's slabs promise: names without
// escapes are the input's bytes between the quotes, escaped ones decoded
// copies, and a container's Elems and Keys are capped, so appending to
// one never writes into the next container's.
func TestParseAllSlabs(t *testing.T) {
	in := []byte(`[{"a":1,"b\u0041":[2,3]},{"":4},[],{}]`)
	vals, _, err := ParseAll(in)
	if err != nil {
		t.Fatal(err)
	}
	root := vals[0]
	first, second := root.Elems[0], root.Elems[1]
	inside := func(s string) bool {
		p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
		base := uintptr(unsafe.Pointer(&in[0]))
		return p >= base && p < base+uintptr(len(in))
	}
	if k := first.Keys[0]; k.Name != "a" || !inside(k.Name) {
		t.Errorf("key %q does not share the input", k.Name)
	}
	if k := first.Keys[1]; k.Name != "bA" || inside(k.Name) {
		t.Errorf("escaped key %q: want a decoded copy", k.Name)
	}
	if k := second.Keys[0]; k.Name != "" || string(k.Raw) != `""` {
		t.Errorf("empty key %+v", k)
	}
	_ = append(first.Elems, root)
	_ = append(first.Keys, Key{Name: "x"})
	_ = append(first.Elems[1].Elems, root)
	if second.Elems[0].Kind != Number || second.Keys[0].Name != "" || string(first.Elems[1].Elems[1].Raw) != "3" {
		t.Errorf("appending to one container's members wrote into another's")
	}
	for _, e := range root.Elems[2:] {
		if len(e.Elems) != 0 || len(e.Keys) != 0 {
			t.Errorf("empty container %s has members", e.Raw)
		}
	}
}
