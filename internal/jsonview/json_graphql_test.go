package jsonview

import (
	"bytes"
	"testing"

	"github.com/kompress/kompress/internal/jsonscan"
	"github.com/kompress/kompress/internal/lossy"
)

// A GraphQL response with errors keeps the errors whole and, of the list
// under "data", the first rows, the last, the rows the errors' paths point
// at, failures, and rows with a rare value; the others are named in notes.
func TestJSONGraphQL(t *testing.T) {
	in, out := sampleView(t, "graphql-repos-runs")
	root, _, err := jsonscan.ParseAll(in)
	if err != nil {
		t.Fatal(err)
	}
	errs := root[0].Elems[jsonMember(root[0], "errors")]
	for _, want := range [][]byte{
		errs.Raw,
		[]byte(`["svc-auth-0", "team-0", 3, false,`),           // first
		[]byte(`["svc-gateway-3", "team-0", 33, false, null]`), // errors[0].path: runs threw
		[]byte("\n        null,\n"),                            // errors[1].path: a null owner nulled the row
		[]byte(`"svc-ledger-5"`),                               // a failed run
		[]byte(`["svc-ledger-12", "team-0", 123, true,`),       // the one archived repository
		[]byte(`"svc-notify-13"`),                              // last
		[]byte("[… 3 rows omitted; name: svc-notify-6, svc-auth-7, svc-billing-8 …]"),
	} {
		if !bytes.Contains(out, want) {
			t.Errorf("missing %s in\n%s", want, out)
		}
	}
	if bytes.Contains(out, []byte(`"svc-search-2",`)) {
		t.Errorf("plain row svc-search-2 kept:\n%s", out)
	}

	// The same data without errors is an answer, not thinned.
	data := root[0].Elems[jsonMember(root[0], "data")]
	plain, err := JSON(data.Raw, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(plain, []byte("omitted")) {
		t.Errorf("data without errors thinned:\n%s", plain)
	}
}
