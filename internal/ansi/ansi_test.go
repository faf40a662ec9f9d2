package ansi

import "testing"

func TestStrip(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{"\x1b[1;31merror\x1b[0m", "error"},
		{"\x1b[1mnpm\x1b[22m \x1b[31merror\x1b[39m code E404", "npm error code E404"},
		{"\x1b[35mnet/http/a.go\x1b[m\x1b[36m:\x1b[m12", "net/http/a.go:12"},
		{"\x1b[38;5;196mred\x1b[0m", "red"},
		{"\x1b]8;;https://x.dev\x1b\\link\x1b]8;;\x1b\\", "link"},
		{"\x1b]0;title\x07text", "text"},
		{"title\x1b]0;hi\x07done", "titledone"},
		{"\x1b(Bplain\x1b=", "plain"},
		// tput sgr0 emits ESC ( B ESC [ m: no stray B is left.
		{"\x1b[1mFAIL\x1b(B\x1b[m src/a.test.js", "FAIL src/a.test.js"},
		// An ESC that does not start a complete sequence is kept.
		{"lone \x1b\n at end\x1b", "lone \x1b\n at end\x1b"},
		{"cut \x1b[31", "cut \x1b[31"},
		{"\x1b[12", "\x1b[12"},
	}
	for _, tt := range tests {
		if got := string(Strip([]byte(tt.in))); got != tt.want {
			t.Errorf("Strip(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := string(Append([]byte("> "), []byte(tt.in))); got != "> "+tt.want {
			t.Errorf("Append(%q) = %q, want %q", tt.in, got, "> "+tt.want)
		}
		if !StripEqual([]byte(tt.in), []byte(tt.want)) {
			t.Errorf("StripEqual(%q, %q) = false", tt.in, tt.want)
		}
		for _, other := range []string{tt.want + "x", tt.want[:len(tt.want)-1], "x" + tt.want} {
			if StripEqual([]byte(tt.in), []byte(other)) {
				t.Errorf("StripEqual(%q, %q) = true", tt.in, other)
			}
		}
	}
}

// FuzzStripEqual checks StripEqual against Strip: equal exactly when
// Strip(text) is plain.
func FuzzStripEqual(f *testing.F) {
	f.Add([]byte("\x1b[1;31merror\x1b[0m"), []byte("error"))
	f.Add([]byte("lone \x1b\n at end\x1b"), []byte("lone \x1b\n at end\x1b"))
	f.Add([]byte("\x1b]0;title\x07text"), []byte("text"))
	f.Add([]byte("cut \x1b[31"), []byte("cut "))
	f.Fuzz(func(t *testing.T, text, plain []byte) {
		want := string(Strip(text)) == string(plain)
		if got := StripEqual(text, plain); got != want {
			t.Fatalf("StripEqual(%q, %q) = %v, Strip gives %q", text, plain, got, Strip(text))
		}
		if !StripEqual(text, Strip(text)) {
			t.Fatalf("StripEqual(%q, Strip) = false", text)
		}
	})
}

// FuzzCut checks that the parts Cut gives, stripped in turn, make Strip.
func FuzzCut(f *testing.F) {
	f.Add([]byte("\x1b[1;31merror\x1b[0m"))
	f.Add([]byte("lone \x1b\n at end\x1b"))
	f.Add([]byte("a\x1b]0;title\x07b\x1b(Bc"))
	f.Fuzz(func(t *testing.T, text []byte) {
		var got []byte
		for rest, more := text, true; more; {
			var before []byte
			before, rest, more = Cut(rest)
			got = append(got, before...)
		}
		if want := Strip(text); string(got) != string(want) {
			t.Fatalf("Cut parts of %q = %q, Strip gives %q", text, got, want)
		}
	})
}
