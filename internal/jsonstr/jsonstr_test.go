package jsonstr

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf8"
)

var seeds = []string{
	`""`, `"plain"`, `"a\"b\\c\/d"`, `"\b\f\n\r\t"`, `"\u0041\u00e9\u20AC"`,
	`"\ud83d\ude00"`, `"\ud83d"`, `"\ude00"`, `"\ud83d\u0041"`, `"\ud83d\ud83d\ude00"`,
	`"\ufffd"`, `"\u001b[31m"`, `"héllo"`, `"\x"`, `"\u12"`, `"\u12g4"`, `"a` + "\n" + `b"`,
	`"unterminated`, `"trailing\`, `"x"rest`,
}

func TestAppend(t *testing.T) {
	tests := []struct {
		in   string
		want string
		n    int
		ok   bool
	}{
		{`"abc"`, "abc", 5, true},
		{`"a\nb" , 1`, "a\nb", 6, true},
		{`"\ud83d\ude00"`, "\U0001F600", 14, true},
		{`"\ud83d"`, "\uFFFD", 8, true},
		{`"\ud83dx"`, "\uFFFDx", 9, true},
		{`"\u00"`, "", 0, false},
		{`"\q"`, "", 0, false},
		{`"a`, "", 0, false},
		{"\"\x01\"", "", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, n, ok := Append(nil, []byte(tt.in), 1)
			if string(got) != tt.want || n != tt.n || ok != tt.ok {
				t.Errorf("Append(%q) = %q, %d, %v; want %q, %d, %v", tt.in, got, n, ok, tt.want, tt.n, tt.ok)
			}
		})
	}
}

func TestAppendMarked(t *testing.T) {
	tests := []struct{ in, want string }{
		{`"\ud83d\ude00"`, "\U0001F600"},
		{`"\ud83d"`, "\xFF\xD8\x3D"},
		{`"a\ude00b"`, "a\xFF\xDE\x00b"},
		{`"\ud83d\u0041"`, "\xFF\xD8\x3DA"},
		{`"\ufffd"`, "\uFFFD"},
	}
	for _, tt := range tests {
		got, _, ok := AppendMarked(nil, []byte(tt.in), 1)
		if !ok || string(got) != tt.want {
			t.Errorf("AppendMarked(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
}

// FuzzAppend checks Append against encoding/json on whole string literals:
// both accept the same ones and decode them alike. encoding/json also turns
// invalid UTF-8 into U+FFFD, which Append copies through, so such inputs
// are only checked for acceptance.
func FuzzAppend(f *testing.F) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) == 0 || in[0] != '"' {
			return
		}
		got, n, ok := Append(nil, in, 1)
		var want string
		err := json.Unmarshal(in, &want)
		if ok && n == len(in) {
			if err != nil {
				t.Fatalf("Append accepted %q, encoding/json: %v", in, err)
			}
			if utf8.Valid(in) && string(got) != want {
				t.Fatalf("Append(%q) = %q, encoding/json %q", in, got, want)
			}
			marked, _, _ := AppendMarked(nil, in, 1)
			if !bytes.Contains(marked, []byte{0xFF}) && !bytes.Equal(marked, got) {
				t.Fatalf("AppendMarked(%q) = %q, Append %q", in, marked, got)
			}
			return
		}
		if !ok && err == nil {
			t.Fatalf("Append rejected %q, encoding/json decoded %q", in, want)
		}
	})
}

func TestAppendEscapedSpan(t *testing.T) {
	for _, text := range []string{"plain", "a\tb\nc\r\n", `q"uote\back`, "\x1b[31mred\x1b[0m \x00", "ü → <&>"} {
		enc := AppendEscaped(nil, []byte(text))
		want, _ := json.Marshal(text)
		var back string
		if err := json.Unmarshal(append(append([]byte{'"'}, enc...), '"'), &back); err != nil || back != text {
			t.Errorf("AppendEscaped(%q) = %s: decodes to %q, %v (encoding/json: %s)", text, enc, back, err, want)
		}
		dec, ok := AppendSpan(nil, enc)
		if !ok || string(dec) != text {
			t.Errorf("AppendSpan(%s) = %q, %v; want %q", enc, dec, ok, text)
		}
	}
	if _, ok := AppendSpan(nil, []byte(`a"b`)); ok {
		t.Error(`AppendSpan accepted a bare quote`)
	}
}

// plainEndBytes is PlainEnd a byte at a time.
func plainEndBytes(b []byte, i int) int {
	for i < len(b) && b[i] >= 0x20 && b[i] != '"' && b[i] != '\\' {
		i++
	}
	return i
}

func TestPlainEnd(t *testing.T) {
	specials := []byte{0, 0x1f, '"', '\\', '\n'}
	others := []byte{0x20, '!', '#', '[', ']', 0x7f, 0x80, 0xa0, 0xdc, 0xe2, 0xff, 'a', '~'}
	// Every position of a special among every mix of plain bytes of both
	// sides of each boundary the masks have (0x1f/0x20, '!'/'"'/'#',
	// '['/'\\'/']', 0x7f/0x80).
	for n := 0; n <= 19; n++ {
		for at := 0; at <= n; at++ {
			for _, sp := range specials {
				for _, o := range others {
					b := bytes.Repeat([]byte{o}, n)
					if at < n {
						b[at] = sp
					}
					for from := 0; from <= n; from++ {
						if got, want := PlainEnd(b, from), plainEndBytes(b, from); got != want {
							t.Fatalf("PlainEnd(%q, %d) = %d, want %d", b, from, got, want)
						}
					}
				}
			}
		}
	}
}

func FuzzPlainEnd(f *testing.F) {
	f.Add([]byte("a line\nanother \"quoted\" \\ and \x01"), 0)
	f.Fuzz(func(t *testing.T, b []byte, from int) {
		if from < 0 || from > len(b) {
			return
		}
		if got, want := PlainEnd(b, from), plainEndBytes(b, from); got != want {
			t.Fatalf("PlainEnd(%q, %d) = %d, want %d", b, from, got, want)
		}
	})
}
