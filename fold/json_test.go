package fold

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/kompress/kompress/internal/jsonscan"
)

func TestJSONEqual(t *testing.T) {
	tests := []struct {
		a, b string
		eq   bool
	}{
		{`{"a": true}`, `{"a":true}`, true},
		{`{"a": true}`, `{"a":1}`, false},
		{`[1.0]`, `[1]`, false},
		{`[1e2]`, `[100]`, false},
		{`[-0]`, `[0]`, false},
		{`[123456789012345678901234567890]`, `[123456789012345678901234567890]`, true},
		{`[123456789012345678901234567890]`, `[123456789012345678901234567891]`, false},
		{`{"a":1,"b":2}`, `{"b":2,"a":1}`, false}, // key order is significant
		{`{"a":1,"a":2}`, `{"a":1,"a":2}`, true},  // duplicates kept
		{`{"a":1,"a":2}`, `{"a":2}`, false},
		{`["\u0041\n"]`, `["A\u000a"]`, true},
		{`["\ud83d\ude00"]`, `["😀"]`, true},
		{`["\ud800"]`, `["\ufffd"]`, false}, // a lone surrogate is itself only
		{`"1"`, `1`, false},
		{`null`, `""`, false},
		{"{}\n[]\n", "{} []", true}, // value sequences
		{"{}\n[]\n", "{}", false},
		{`{"a":[]}`, `{"a":{}}`, false},
	}
	for _, tt := range tests {
		err := jsonEqual([]byte(tt.a), []byte(tt.b))
		if (err == nil) != tt.eq {
			t.Errorf("jsonEqual(%s, %s) = %v, want equal=%v", tt.a, tt.b, err, tt.eq)
		}
	}
}

func TestJSONScannerRejects(t *testing.T) {
	for _, in := range []string{
		``, ` `, `{`, `[1,]`, `{"a"}`, `{"a":1,}`, `[01]`, `[1.]`, `[.5]`, `[1e]`, `[+1]`,
		`["a` + "\x01" + `"]`, `["\x"]`, `["\u12"]`, `[tru]`, `[truex]`, `[1]]`, `{"a":1}}`,
		"[\"\xff\"]", `[NaN]`, `[1 2]`, `{1:2}`, strings.Repeat("[", jsonscan.MaxDepth+1),
	} {
		if err := jsonEqual([]byte(in), []byte(in)); err == nil {
			t.Errorf("scanner accepted %q", in)
		}
	}
}

// TestJSONScannerAgreesWithStdlib checks validity against encoding/json on
// the samples' kind of input.
func TestJSONScannerAgreesWithStdlib(t *testing.T) {
	for _, in := range []string{
		`{"a":[1,2,{"b":null}],"c":"\u00e9\t","d":-1.5e+10}`, `[]`, `{}`, `"s"`, `0`, `-0.0e-0`,
		`{"a":1,}`, `[1,2`, `{"a" 1}`, `[1e400]`, `["\ud800"]`,
	} {
		std := json.Valid([]byte(in))
		ours := jsonEqual([]byte(in), []byte(in)) == nil
		if std != ours {
			t.Errorf("%s: encoding/json valid=%v, scanner valid=%v", in, std, ours)
		}
	}
}

// indentLike prints v as the named tool does.
func TestJSONFoldLayouts(t *testing.T) {
	doc := map[string]any{
		"name": "kompress", "tags": []any{}, "meta": map[string]any{}, "n": 1.5,
		"deps": []any{map[string]any{"path": "github.com/spf13/cobra", "version": "v1.10.2"}, "x", true, nil},
	}
	indent := func(prefix, ind string) string {
		b, err := json.MarshalIndent(doc, prefix, ind)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	tests := []struct {
		name, in string
		eq       Equivalence
		arg      string
	}{
		{"MarshalIndent 2", indent("", "  ") + "\n", Byte, "indent=2"},
		{"MarshalIndent 4, no final newline", indent("", "    "), Byte, "indent=4"},
		{"tabs", indent("", "\t") + "\n", Byte, "indent=tab"},
		{"concatenated jq output", indent("", "  ") + "\n" + indent("", "  ") + "\n", Byte, "indent=2"},
		{"python json.dumps", strings.Repeat(`{"a": [1, 2, {}], "b": {"c": null, "d": "x, y: z"}, "e": []}`+"\n", 4), Byte, "spaced"},
		{"jq 1.5 style empty array with space is not standard", strings.Replace(indent("", "  "), "[]", "[ ]", 1) + "\n", JSON, ""},
		{"ip -j -p", "[ {\n        \"ifindex\": 1,\n        \"flags\": [ \"LOOPBACK\",\"UP\" ],\n        \"mtu\": 65536\n    } ]\n", JSON, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, eq := foldJSON([]byte(tt.in))
			if text == nil {
				t.Fatal("not folded")
			}
			if eq != tt.eq {
				t.Fatalf("equivalence %q, want %q\n%s", eq, tt.eq, text)
			}
			if tt.eq == Byte {
				if !bytes.HasPrefix(text, []byte("[fold json ")) || !bytes.Contains(text[:bytes.IndexByte(text, '\n')], []byte(" "+tt.arg+"]")) {
					t.Errorf("header does not record %s: %q", tt.arg, text[:bytes.IndexByte(text, '\n')])
				}
			}
			if err := Verify([]byte(tt.in), text, tt.eq); err != nil {
				t.Fatalf("Verify: %v\n%s", err, text)
			}
		})
	}
}

func TestJSONFoldRefuses(t *testing.T) {
	for _, in := range []string{
		`{"already":"minified","x":[1,2,3]}` + "\n",
		"not json at all, but long enough to matter if it were",
		`{"a": 1} trailing garbage`,
		`"a scalar string is not worth a fold"`,
	} {
		if text, eq := foldJSON([]byte(in)); text != nil {
			t.Errorf("foldJSON(%q) = %q, %s; want nil", in, text, eq)
		}
	}
}

func TestJSONFoldGluedValues(t *testing.T) {
	in := []byte(strings.Repeat(`{"a":1}`, 50))
	text, eq := foldJSON(in)
	if text != nil {
		if err := Verify(in, text, eq); err != nil {
			t.Fatal(err)
		}
	}
	in = []byte(strings.Repeat("{\n  \"a\": 1\n}", 50))
	text, eq = foldJSON(in)
	if text == nil || eq != JSON {
		t.Fatalf("got %q %s", text, eq)
	}
	if err := Verify(in, text, eq); err != nil {
		t.Fatal(err)
	}
}
