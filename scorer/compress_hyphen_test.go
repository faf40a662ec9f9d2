package scorer

import (
	"testing"

	"github.com/kompress/kompress/internal/failure"
	"github.com/kompress/kompress/router"
)

func TestJoinHyphens(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"joined", "     the system-wide configura\u2010\n     tion file, so options set\n",
			"     the system-wide configuration\n     file, so options set\n"},
		{"punctuation goes along", "\t     (note that keywords are case-insen\u2010\n\t     sitive), and more\n",
			"\t     (note that keywords are case-insensitive),\n\t     and more\n"},
		{"next line would be blank", "     a long configura\u2010\n     tion\n", "     a long configura\u2010\n     tion\n"},
		{"not a lower-case rest", "     see SSH_CON\u2010\n     FIG for more\n", "     see SSH_CON\u2010\n     FIG for more\n"},
		{"ascii hyphen is a real one", "     the command-\n     line options\n", "     the command-\n     line options\n"},
		{"failure line kept verbatim", "     error: could not open configura\u2010\n     tion file here\n",
			"     error: could not open configura\u2010\n     tion file here\n"},
		{"last line", "     configura\u2010", "     configura\u2010"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got, _ := joinHyphens(tc.in, router.Prose, failure.Lines); got != tc.want {
				t.Errorf("got %q\nwant %q", got, tc.want)
			}
		})
	}
}

// The failure lines of a joined text are those of the text before, found
// once: the same lines, at the same numbers.
func TestLinesAt(t *testing.T) {
	in := "     the system-wide configura\u2010\n     tion file, so options set\nerror: cannot open /etc/ssh/ssh_config\n     more configura\u2010\n     tion text here\n"
	joined, fails := joinHyphens(in, router.Prose, failure.Lines)
	got := linesAt(fails)(router.Prose, []byte(joined))
	want := failure.Lines(router.Prose, []byte(joined))
	if len(got) != 1 || len(want) != 1 || string(got[0]) != string(want[0]) {
		t.Errorf("linesAt gives %q, failure.Lines %q", got, want)
	}
}
