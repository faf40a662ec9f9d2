package tool

import (
	"encoding/json"
	"testing"
)

func TestSelect(t *testing.T) {
	orig := []byte("alpha\nbeta\r\ngamma error\ndelta")
	tests := []struct {
		name string
		args Args
		want string
		err  bool
	}{
		{"whole", Args{}, string(orig), false},
		{"one line keeps its ending", Args{StartLine: 2, EndLine: 2}, "beta\r\n", false},
		{"last line without newline", Args{StartLine: 4}, "delta", false},
		{"end past the end is clamped", Args{StartLine: 3, EndLine: 99}, "gamma error\ndelta", false},
		{"only end", Args{EndLine: 1}, "alpha\n", false},
		{"regexp", Args{Pattern: "^(a|d)"}, "1:alpha\n4:delta\n", false},
		{"substring when not a regexp", Args{Pattern: "error("}, "no line of 1-4 matches \"error(\"\n", false},
		{"pattern within range", Args{Pattern: "a$", StartLine: 2}, "4:delta\n", false},
		{"start past the end", Args{StartLine: 5}, "", true},
		{"start after end", Args{StartLine: 3, EndLine: 2}, "", true},
	}
	for _, tt := range tests {
		got, err := Select(orig, tt.args)
		if (err != nil) != tt.err || string(got) != tt.want {
			t.Errorf("%s: got %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
}

func TestParseArgs(t *testing.T) {
	a, err := ParseArgs([]byte(`{"id":"ab12cd34ef56","start_line":"3","end_line":7,"pattern":"x"}`))
	if err != nil || a != (Args{ID: "ab12cd34ef56", StartLine: 3, EndLine: 7, Pattern: "x"}) {
		t.Errorf("got %+v, %v", a, err)
	}
	for _, bad := range []string{``, `{}`, `{"id":""}`, `{"id":"x","start_line":0}`, `{"id":"x","end_line":"two"}`, `[1]`} {
		if _, err := ParseArgs([]byte(bad)); err == nil {
			t.Errorf("ParseArgs(%s) accepted", bad)
		}
	}
}

func TestSchema(t *testing.T) {
	for _, f := range Formats {
		b, err := Schema(f)
		var v map[string]any
		if err != nil || json.Unmarshal(b, &v) != nil {
			t.Errorf("%s: %v %s", f, err, b)
		}
	}
	if _, err := Schema("gemini"); err == nil {
		t.Error("unknown format accepted")
	}
	// The Responses API treats an omitted strict as strict when the schema
	// allows it: every optional argument would become required.
	b, _ := Schema("openai-responses")
	var v struct{ Strict *bool }
	if json.Unmarshal(b, &v) != nil || v.Strict == nil || *v.Strict {
		t.Errorf("the Responses tool must say \"strict\": false: %s", b)
	}
}
