package jsonout

import (
	"bytes"
	"encoding/base64"
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

// b64record has a base64 field right after its text, as wire.Result.
type b64record struct {
	Source string `json:"source,omitempty"`
	Text   string `json:"text"`
	Base64 string `json:"text_base64,omitempty"`
	N      int    `json:"n"`
}

// TestEncodeBase64AsEncodingJSON: the streamed base64 field is what
// encoding/json writes of the field set, at every length around base64's
// groups and the chunk size.
func TestEncodeBase64AsEncodingJSON(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 4, 5, 24<<10 - 1, 24 << 10, 24<<10 + 1, 24<<10 + 2, 100001} {
		text := string(bytes.Repeat([]byte("a\"b\xff\n"), n/5+1))[:n]
		var got bytes.Buffer
		if err := EncodeBase64(&got, b64record{N: n}, "text", text, "text_base64"); err != nil {
			t.Fatal(err)
		}
		want := reference(t, b64record{Text: text, Base64: base64.StdEncoding.EncodeToString([]byte(text)), N: n})
		if !bytes.Equal(got.Bytes(), want) {
			t.Fatalf("EncodeBase64 of %d bytes:\n got %.200q\nwant %.200q", n, got.Bytes(), want)
		}
	}
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
