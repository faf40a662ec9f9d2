package testevent

import "testing"

func TestParse(t *testing.T) {
	tests := []struct {
		in           string
		ok           bool
		action, out  string
		test, pkgOut string
	}{
		{`{"Time":"2026-01-01T00:00:00Z","Action":"output","Package":"p","Test":"TestX","Output":"a\tb \"q\" \u00e9 \ud83d\ude00\n"}`, true, "output", "a\tb \"q\" é 😀\n", "TestX", "p"},
		{`{"Action":"pass","Package":"p","Elapsed":0.01}`, true, "pass", "", "", "p"},
		{` { "Action" : "fail" , "Package" : "p" } `, true, "fail", "", "", "p"},
		{`{"Action":"output","Output":"x\u00"}`, false, "", "", "", ""},
		{`{"Action":{"nested":1}}`, false, "", "", "", ""},
		{`{"Action":"run"`, false, "", "", "", ""},
		{`["Action"]`, false, "", "", "", ""},
		{`{"Action":"x","Output":"bad \q"}`, false, "", "", "", ""},
	}
	for _, tt := range tests {
		var ev Event
		ok := Parse([]byte(tt.in), &ev)
		if ok != tt.ok {
			t.Errorf("%s: ok = %v, want %v", tt.in, ok, tt.ok)
			continue
		}
		if ok && (string(ev.Action) != tt.action || string(ev.Output) != tt.out || string(ev.Test) != tt.test || string(ev.Package) != tt.pkgOut) {
			t.Errorf("%s: got %q %q %q %q", tt.in, ev.Action, ev.Output, ev.Test, ev.Package)
		}
	}
}
