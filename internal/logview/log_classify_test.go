package logview

import (
	"bytes"
	"testing"

	"github.com/kompress/kompress/internal/toolline"
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

// FuzzLogWordKnown: logWords asks logWordClass only of the words
// logWordKnown lets through, so a word it stops must be plain whatever
// surrounds it.
func FuzzLogWordKnown(f *testing.F) {
	for _, s := range []string{"error", "TypeError", "Exception", "warnings", "passed", "timeout", "status", "ERR", "errand"} {
		f.Add([]byte(s), []byte("3"), []byte(": x"))
	}
	f.Fuzz(func(t *testing.T, word, prev, rest []byte) {
		if len(word) < 3 || len(word) > 24 || bytes.ContainsFunc(word, func(r rune) bool { return r >= 0x80 || !logWordByte(byte(r)) }) {
			return
		}
		if c := logWordClass(word, prev, rest); c != logPlain && !logWordKnown(word) {
			t.Fatalf("logWordClass(%q, %q, %q) = %v, but logWordKnown is false", word, prev, rest, c)
		}
	})
}

// FuzzLogKey holds logKey to its definition read field by field: the
// indentation (up to 8 blanks), the fields before the first word with
// letters, that word and up to two plain words after it (8 fields at most),
// every run of letters and digits with a digit in it as '#'.
func FuzzLogKey(f *testing.F) {
	for _, s := range []string{"Setting up libfoo (1.2) ...", "Get:12 http://deb.debian.org/debian bookworm/main", "  at foo.bar(Baz.java:12)",
		"\t\terror: x, y; z.", "12:00:01 INFO started in 3.2s", "a b c d e f g h i j", "x: y: z:", "ü über 9ä", ""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		if len(text) > 0 && text[0] >= 'a' && text[0] <= 'z' {
			if _, _, ok := toolline.KernelLevel(text); ok {
				return // dmesg -x lines hash their level first
			}
		}
		const prime = 1099511628211
		h := uint64(14695981039346656037)
		i := 0
		for i < len(text) && i < 8 && (text[i] == ' ' || text[i] == '\t') {
			h = (h ^ uint64(text[i])) * prime
			i++
		}
		fields := bytes.FieldsFunc(text[i:], func(r rune) bool { return r == ' ' || r == '\t' })
		words := 0
		for n, fld := range fields {
			if n == 8 {
				break
			}
			var tmpl []byte // the field with digit runs masked
			letters, plain := false, true
			for k := 0; k < len(fld); {
				e := k
				for e < len(fld) && logAlnum(fld[e]) {
					e++
				}
				if e == k {
					if k < len(fld)-1 || !bytes.ContainsAny(fld[k:k+1], ":,.;") {
						plain = false
					}
					tmpl = append(tmpl, fld[k])
					k++
					continue
				}
				if bytes.ContainsAny(fld[k:e], "0123456789") {
					plain = false
					tmpl = append(tmpl, '#')
				} else {
					letters = true
					tmpl = append(tmpl, fld[k:e]...)
				}
				k = e
			}
			if words > 0 && !(plain && letters) {
				break
			}
			h = (h ^ ' ') * prime
			for _, c := range tmpl {
				h = (h ^ uint64(c)) * prime
			}
			if letters {
				if words++; words == 3 {
					break
				}
			}
		}
		if got := logKey(text); got != h {
			t.Fatalf("logKey(%q) = %x, want %x", text, got, h)
		}
	})
}
