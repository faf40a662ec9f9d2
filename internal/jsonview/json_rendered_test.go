package jsonview

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kompress/kompress/internal/jsonscan"
	"github.com/kompress/kompress/internal/lossy"
)

// A compiler diagnostic keeps its "rendered" text verbatim and a note for
// the spans and children it shows again; the error code's documentation
// is cut like any long string, although its examples read "error:".
func TestJSONRenderedDiagnostic(t *testing.T) {
	explanation := strings.Repeat(`// error: unresolved name\n`, 40)
	rendered := `error[E0425]: cannot find value ` + "`missing_default`" + ` in this scope\n  --> src/lib.rs:26:25\n   |\n26 |     x.parse().unwrap_or(missing_default)\n   |                         ^^^^^^^^^^^^^^^ not found in this scope\n\n`
	line := `{"$message_type":"diagnostic","message":"cannot find value ` + "`missing_default`" + ` in this scope","code":{"code":"E0425","explanation":"` + explanation + `"},"level":"error",` +
		`"spans":[{"file_name":"src/lib.rs","byte_start":561,"byte_end":576,"line_start":26,"line_end":26,"column_start":25,"column_end":40,"is_primary":true,"text":[{"text":"    x.parse().unwrap_or(missing_default)","highlight_start":25,"highlight_end":40}],"label":"not found in this scope","suggested_replacement":null,"suggestion_applicability":null,"expansion":null}],` +
		`"children":[],"rendered":"` + rendered + `"}`
	in := []byte(line + "\n" + line + "\n")
	out, err := JSON(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := jsonscan.ParseAll(out); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	for _, want := range []string{`"rendered": "` + rendered + `"`, `"code": "E0425"`, "[… 1 spans omitted, shown in rendered; schema of 1 spans: file_name str,"} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if n := bytes.Count(out, []byte("schema of")); n != 1 {
		t.Errorf("%d schema notes, want one for the view", n)
	}
	for _, gone := range []string{`"byte_start"`, `"highlight_start"`, `// error: unresolved name\n// error: unresolved name\n// error: unresolved name\n// error: unresolved name\n// error: unresolved name\n// error: unresolved name\n// error: unresolved name`} {
		if bytes.Contains(out, []byte(gone)) {
			t.Errorf("%q still in\n%s", gone, out)
		}
	}
}

// cargo wraps rustc's diagnostic in "message"; the wrapper is no reason
// to copy the whole record.
func TestJSONRenderedCargo(t *testing.T) {
	in, out := sampleView(t, "cargo-build-message-json")
	if n := bytes.Count(out, []byte(`"byte_start"`)); n != 0 {
		t.Errorf("%d spans printed in full, want none\n%s", n, out)
	}
	// Each record names the same target as the line above it.
	if n := bytes.Count(out, []byte(`"target": "`+jsonSameNote+`"`)); n < 4 {
		t.Errorf("%d targets noted as the row above, want 4 or more\n%s", n, out)
	}
	vals, _, err := jsonscan.ParseAll(in)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vals {
		if i := jsonMember(v, "message"); i >= 0 {
			if j := jsonMember(v.Elems[i], "rendered"); j >= 0 && !bytes.Contains(out, v.Elems[i].Elems[j].Raw) {
				t.Errorf("rendered text %s missing", v.Elems[i].Elems[j].Raw)
			}
		}
	}

}
