package server

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/kompress/kompress/internal/loadgen"
	"github.com/kompress/kompress/wire"
)

// decodeSeeds are bodies the one-pass reader must agree with encoding/json
// on, valid and not.
var decodeSeeds = []string{
	`{"content":"x"}`,
	`{}`,
	` {"content":"a\nb\u00e9\ud83d\ude00\"\\/","tool":"Bash"} `,
	`{"content":"x","target_ratio":0.5,"lossless_only":true,"scorer":"heuristic","query":"q"}`,
	`{"content":null}`,
	`{"content":"x","target_ratio":null}`,
	`{"content":"x","allow_lossy_ground_truth":false}`,
	`{"content":42}`,
	`{"content":{"a":[1,2,{"b":"}"}]}}`,
	`{"content":["x"]}`,
	`{"content":"x","lossless_only":"yes"}`,
	`{"content":"x","target_ratio":"0.5"}`,
	`{"content":"x","target_ratio":1e400}`,
	`{"content":"x","target_ratio":01}`,
	`{"content":"x","lossless_only":tru}`,
	`{"content":"x","ratio":0.5}`,
	`{"CONTENT":"x"}`,
	`{"content":"x","content":"y"}`,
	`{"\u0063ontent":"x"}`,
	`{"content":"x"} garbage`,
	`{"content":"x"}{"content":"y"}`,
	`{"content":"x",}`,
	`{"content" "x"}`,
	`{"content":`,
	`{"content":"a` + "\t" + `b"}`,
	`{"content":"a\qb"}`,
	`{"content":"a\u12"}`,
	`{,}`,
	`{"content":"x" , "tool" : "y"}`,
	`{"text":"x"}`,
}

// FuzzDecodeStrict: the one-pass reader accepts exactly the bodies
// decodeSlow accepts, with the same result.
func FuzzDecodeStrict(f *testing.F) {
	for _, s := range decodeSeeds {
		f.Add([]byte(s))
	}
	f.Add([]byte(`{"content":` + quote(loadgen.Log(1, 4096)) + `,"tool":"Bash"}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var fast, slow compressBody
		errFast := decodeStrict(body, &fast)
		errSlow := decodeReference(body, &slow)
		if (errFast == nil) != (errSlow == nil) {
			t.Fatalf("%q: one pass says %v, encoding/json says %v", body, errFast, errSlow)
		}
		if errFast == nil && !reflect.DeepEqual(fast, slow) {
			t.Fatalf("%q: one pass gives %+v, encoding/json %+v", body, fast, slow)
		}
		var fe, se expandBody
		if (decodeStrict(body, &fe) == nil) != (decodeReference(body, &se) == nil) || !reflect.DeepEqual(fe, se) {
			t.Fatalf("%q as an expand body: %+v vs %+v", body, fe, se)
		}
	})
}

// decodeReference is decodeStrict with encoding/json doing all the
// reading.
func decodeReference(body []byte, v any) error {
	if err := checkBody(body); err != nil {
		return err
	}
	return decodeSlow(body, v)
}

func TestDecodeStrictMessages(t *testing.T) {
	for _, tt := range []struct{ body, want string }{
		{`{"content":42}`, `field "content" must be a string, not a JSON number`},
		{`{"content":"x","lossless_only":"yes"}`, `field "lossless_only" must be a boolean, not a JSON string`},
		{`{"content":"x","ratio":1}`, `unknown field "ratio" (field names are case-sensitive)`},
		{`{"content":"x","content":"y"}`, `duplicate field "content"`},
		{`{"content":"x"} x`, `unexpected data after the object at offset 15`},
		{`{"content":"x",}`, `malformed JSON: invalid character '}'`},
	} {
		var b compressBody
		if err := decodeStrict([]byte(tt.body), &b); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.body, err, tt.want)
		}
	}
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// BenchmarkDecodeCompress reads a compress request of a 4 KB log, as
// kompress-load sends it.
func BenchmarkDecodeCompress(b *testing.B) {
	body, _ := json.Marshal(wire.CompressRequest{Content: loadgen.Log(7, 4096), Tool: "Bash"})
	for _, bench := range []struct {
		name   string
		decode func([]byte, any) error
	}{{"onepass", decodeStrict}, {"encoding-json", decodeSlow}} {
		b.Run(bench.name, func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				var req compressBody
				if err := bench.decode(body, &req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
