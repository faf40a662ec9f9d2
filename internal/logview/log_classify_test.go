package logview

import (
	"bytes"
	"testing"
)

// TestLogVocabulary checks that logVocabulary, which lets logWordClass
// skip its switch, names words the switch knows: each, in any case, is
// classified as something other than plain in some context.
func TestLogVocabulary(t *testing.T) {
	contexts := []struct{ prev, rest string }{
		{"", ""}, {"", ":"}, {"0", ""}, {"3", ""}, {"exit", " 1"}, {"with", " 1"},
	}
	for _, w := range logVocabulary {
		for _, v := range [][]byte{[]byte(w), bytes.ToUpper([]byte(w)), append(bytes.ToUpper([]byte(w[:1])), w[1:]...)} {
			known := false
			for _, c := range contexts {
				if logWordClass(v, []byte(c.prev), []byte(c.rest)) != logPlain {
					known = true
				}
			}
			if !known && !(w == "err" && string(v) != "ERR") {
				t.Errorf("logWordClass(%q) is plain in every context", v)
			}
		}
	}
	if got := logWordClass([]byte("errand"), nil, nil); got != logPlain {
		t.Errorf("logWordClass(errand) = %v, want plain", got)
	}
}
