package jsonout

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"
)

type record struct {
	Source string `json:"source,omitempty"`
	Text   string `json:"text"`
	N      int    `json:"n"`
}

func reference(t testing.TB, v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func check(t testing.TB, text string) {
	var got bytes.Buffer
	if err := Encode(&got, record{Source: `a "text":"" b.txt`, N: 3}, "text", text); err != nil {
		t.Fatal(err)
	}
	if want := reference(t, record{Source: `a "text":"" b.txt`, Text: text, N: 3}); !bytes.Equal(got.Bytes(), want) {
		t.Fatalf("Encode(%q):\n got %q\nwant %q", text, got.Bytes(), want)
	}
}

// TestEncodeAsEncodingJSON compares Encode with encoding/json on every
// sample, on all control bytes, invalid UTF-8, U+2028/9 and long runs that
// cross the chunk size.
func TestEncodeAsEncodingJSON(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/samples/*/*.txt")
	if len(files) < 100 {
		t.Fatalf("only %d samples", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		check(t, string(b))
	}
	var all []byte
	for c := 0; c < 256; c++ {
		all = append(all, byte(c), 'x')
	}
	check(t, string(all))
	check(t, "\u2028\u2029<>&\xff\xfe\xc3(")
	check(t, string(bytes.Repeat([]byte("é\"\\\n"), 50000)))
	check(t, string(bytes.Repeat([]byte("a"), 100000))+"\n"+string(bytes.Repeat([]byte("b"), 40000)))
	check(t, "")
}

func FuzzEncode(f *testing.F) {
	f.Add("hello\n\"world\"\t\x00\xff")
	f.Fuzz(func(t *testing.T, s string) { check(t, s) })
}

// BenchmarkWriteString escapes every sample, as --json writes its texts.
func BenchmarkWriteString(b *testing.B) {
	files, _ := filepath.Glob("../../testdata/samples/*/*.txt")
	var texts []string
	var n int64
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		texts, n = append(texts, string(data)), n+int64(len(data))
	}
	b.SetBytes(n)
	for b.Loop() {
		for _, s := range texts {
			if err := WriteString(io.Discard, s); err != nil {
				b.Fatal(err)
			}
		}
	}
}
