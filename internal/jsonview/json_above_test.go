package jsonview

import (
	"bytes"
	"testing"

	"github.com/kompress/kompress/internal/jsonscan"
	"github.com/kompress/kompress/internal/lossy"
	"github.com/kompress/kompress/internal/viewtest"
)

// A member that repeats the row above byte for byte prints as a note, in
// the columnar form too; a member that differs in one entry prints whole.
// The view of the same list minified has no notes.
func TestJSONSameAsAbove(t *testing.T) {
	in := viewtest.Read(t, "json", "npm-view-versions-deps")
	out, err := JSON(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`["express", "4.17.1", "` + jsonSameNote + `"]`,
		`["express", "4.17.2", {"accepts": "~1.3.7", "array-flatten": "1.1.1", "body-parser": "1.19.1",`,
		`["express", "4.19.2", "` + jsonSameNote + `"]`,
	} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("missing %s in\n%s", want, out)
		}
	}
	if n := bytes.Count(out, []byte(jsonSameNote)); n != 3 {
		t.Errorf("%d notes, want 3:\n%s", n, out)
	}

	vals, _, err := jsonscan.ParseAll(in)
	if err != nil {
		t.Fatal(err)
	}
	var min []byte
	for _, v := range vals {
		min = append(min, v.Raw...)
	}
	min = bytes.Join(bytes.Fields(min), nil) // no spaces in this list's strings
	out, err = JSON(min, lossy.Options{})
	if err == nil && bytes.Contains(out, []byte(jsonSameNote)) {
		t.Errorf("notes in the view of minified input:\n%s", out)
	}
}
