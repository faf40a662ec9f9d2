package mustkeep

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kompress/kompress/internal/sample"
	"github.com/kompress/kompress/tokenize"
)

func TestClass(t *testing.T) {
	tests := []struct {
		want  Kind
		words []string
	}{
		{Number, []string{"0", "42", "42,", "(42)", "-3.5", "+7", "1,000,000", "1_000", "1e-9", "512MB", "100ms", "2nd", "64-bit", "$5", "€10", "£3", "±2", "#123", ".5", "1/2", "4K", "1080p"}},
		{Percent, []string{"45%", "12.5%", "(99.9%)", "-3%", "100%."}},
		{Version, []string{"v1.2.3", "V2", "v0.3.0,", "1.2.3", "1.2.3-rc.1", "1.26.0+build.5", "v1.27.0-beta.2", "(v8)"}},
		{Hex, []string{"0x1F", "0xdeadbeef", "4bb600f", "30679ab.", "8ecf824446eb198b", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "123e4567-e89b-12d3-a456-426614174000", "e3b0c442-98fc-1c14-9afb-4c8996fb9242", "sha256:9f86d081884c7d65", "ABCDEF0123"}},
		{DateTime, []string{"2026-11-29", "2026/11/29", "29/11/2026", "29.11.2026", "13:27:57", "13:27", "9:05", "13:27:57.123", "2026-11-29T13:27:57Z", "2026-11-29T13:27:57+01:00", "2026-11-29T13:27:57.5-0800", "(2026-11-29)", "9:30am"}},
		{IP, []string{"10.0.0.1", "192.168.1.254,", "10.0.0.0/8", "127.0.0.1:8080", "fe80::1", "2001:db8::ff00:42:8329", "2001:0db8:85a3:0000:0000:8a2e:0370:7334", "fe80::/10"}},
		{URL, []string{"https://example.com", "http://localhost:8080/x?y=1", "<https://go.dev/doc>", "git+ssh://host/repo", "www.example.com", "ftp://ftp.gnu.org/gnu/", "mailto:root@example.com", "s3://bucket/key"}},
		{Email, []string{"user@example.com", "<first.last+tag@mail.example.org>", "bug-grep@gnu.org."}},
		{Path, []string{"a/b/c", "./x", "../up", "~/x", "~/.config/kompress", "/etc/hosts", "/usr/bin/", "C:\\x\\y", "C:/Users", "\\\\server\\share", "github.com/x/y", "foo.bar.baz", "fmt.Println", "example.com", "go.dev", "and/or", "src/main.go", "(/tmp)", "/s"}},
		{File, []string{"main.go", "README.md", ".bashrc", ".gitignore,", "archive.tar.gz", "go.mod", "(main.go)", "Makefile.am", "index.html.", "libonnxruntime.so"}},
		{Flag, []string{"-v", "--lossless-only", "-C2", "--out=FILE", "-Wall", "--all,", "[-h]", "(--help)", "-n,"}},
		{Identifier, []string{"CamelCase", "camelCase", "iPhone", "HTTPServer", "ALL_CAPS", "API", "JSON", "KOMPRESS_ORT_LIB", "snake_case", "_private", "__init__", "sha256", "x86_64", "k8s", "UTF-8", "$HOME", "${VAR}", "%PATH%", "main()", "f(x)", "@decorator", "std::vector", "GOOS=linux", "pkg@v1.2.3", "root@localhost", "#include", "<file>", "\\n", "%s", "%lu", "OK", "JavaScript's", "ALL-CAPS", "localhost:8080"}},
		{Code, []string{"`x`", "`git", "-m`", "`foo`.", "```"}},
		{Negation, []string{"not", "Not", "NOT", "no", "No.", "nor", "never", "none", "neither", "nothing", "nobody", "nowhere", "cannot", "without", "don't", "Don't", "isn't", "can't", "won't", "shouldn't", "doesn’t", "(not", "never,"}},
		{Modal, []string{"must", "Must", "should", "shall", "may", "might", "ought", "MUST", "can", "could", "will", "would"}},
		{Qualifier, []string{"only", "except", "unless", "always", "until", "least", "instead", "Only", "if", "If", "when,", "whether", "otherwise", "or", "either", "more", "less", "than", "all", "every", "any", "most", "few"}},
		{None, []string{"", "the", "The", "hello", "Hello,", "running.", "e.g.", "(e.g.,", "i.e.", "a.m.", "U.S.", "Ph.D.", "etc.", "well-known", "Content-Type", "O'Reilly", "it's", "I", "A", "I'm", "-", "--", "---", "—", "...", "…", "/", "//", "|", "&&", "->", "=", "*", "**", "file(s)", "match(es)", "effaced", "deadbeef", "facade", "http://", "naïve", "café", "Straße", "wait...what", "n't", "iff", "o", "ore", "mores", "—not"[:3], "foo@", "@", "C++", "\xff\xfe", "\x00"}},
	}
	for _, tt := range tests {
		t.Run(tt.want.String(), func(t *testing.T) {
			for _, w := range tt.words {
				if got := Class(w); got != tt.want {
					t.Errorf("Class(%q) = %v, want %v", w, got, tt.want)
				}
				if got := Is(w); got != (tt.want != None) {
					t.Errorf("Is(%q) = %v, want %v", w, got, tt.want != None)
				}
			}
		})
	}
}

func TestClassTypographicPunctuation(t *testing.T) {
	for _, w := range []string{"“not”", "‘must’", "«never»", "(v1.2.3)…", "“main.go”,"} {
		if !Is(w) {
			t.Errorf("Is(%q) = false, want true", w)
		}
	}
}

func TestKindString(t *testing.T) {
	seen := map[string]Kind{}
	for k := None; k <= Qualifier; k++ {
		s := k.String()
		if s == "" || strings.HasPrefix(s, "kind(") {
			t.Errorf("Kind(%d).String() = %q", k, s)
		}
		if prev, dup := seen[s]; dup {
			t.Errorf("Kind %d and %d both print %q", prev, k, s)
		}
		seen[s] = k
	}
	if got := Kind(200).String(); got != "kind(200)" {
		t.Errorf("Kind(200).String() = %q", got)
	}
}

func TestMask(t *testing.T) {
	tests := []struct {
		text string
		want string // one char per word: K kept, . not
	}{
		{"the quick brown fox", "...."},
		{"run `git commit -m` to save", ".KKK.."},
		{"an `unclosed span\nends at the line", ".KK...."},
		{"do not use --force on /etc/hosts", ".K.K.K"},
		{"see `a` and `b` here", ".K.K."},
	}
	for _, tt := range tests {
		words := tokenize.Words(tt.text)
		mask := Mask(tt.text, words)
		var got strings.Builder
		for _, m := range mask {
			if m {
				got.WriteByte('K')
			} else {
				got.WriteByte('.')
			}
		}
		if got.String() != tt.want {
			t.Errorf("Mask(%q) = %s, want %s", tt.text, got.String(), tt.want)
		}
	}
}

func TestMaskBadSpans(t *testing.T) {
	// Spans that do not fit the text must not panic.
	text := "abc def"
	mask := Mask(text, []tokenize.Word{{Start: 0, End: 3}, {Start: 2, End: 100}, {Start: 5, End: 4}, {Start: 4, End: 7}})
	if len(mask) != 4 {
		t.Fatalf("len(mask) = %d", len(mask))
	}
}

// TestClassOnSamples sanity-checks the share of protected words on real
// prose: protecting too much makes compression useless, too little breaks
// invariant 6.
func TestClassOnSamples(t *testing.T) {
	for _, s := range sample.Load(t, "prose") {
		name, text := s.Name, s.Text
		words := tokenize.Words(text)
		if len(words) < 200 {
			continue
		}
		kept := 0
		for _, m := range Mask(text, words) {
			if m {
				kept++
			}
		}
		share := float64(kept) / float64(len(words))
		t.Logf("%s: %d/%d words protected (%.1f%%)", name, kept, len(words), 100*share)
		if share > 0.6 {
			t.Errorf("%s: %.0f%% of words protected; the classifier is too greedy", name, 100*share)
		}
	}
}

func FuzzClass(f *testing.F) {
	for _, s := range []string{"v1.2.3", "--flag", "https://x.y/z", "\xff", "2026-11-29T13:27:57Z", "::", "a@b.c", "C:\\x", "“not”"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, w string) {
		k := Class(w)
		if k > Qualifier {
			t.Fatalf("Class(%q) = %d, out of range", w, k)
		}
		if k != Class(w) {
			t.Fatalf("Class(%q) not deterministic", w)
		}
		// Adding sentence punctuation around a word must not change
		// whether it is protected (the classifier trims it).
		if utf8.ValidString(w) && !strings.ContainsAny(w, "()[]{}<>\"'`,;:.!?*") && w != "" && !strings.ContainsRune(w, '…') {
			if got := Is("(" + w + "),"); got != (k != None) && !strings.HasPrefix(w, "-") {
				t.Fatalf("Is(%q) = %v but Class(%q) = %v", "("+w+"),", got, w, k)
			}
		}
	})
}

func BenchmarkClass(b *testing.B) {
	text := ""
	for _, s := range sample.Load(b, "prose") {
		text += s.Text
	}
	words := tokenize.Words(text)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	cpu := sample.CPUTime().Seconds()
	for b.Loop() {
		for _, w := range words {
			Class(text[w.Start:w.End])
		}
	}
	if d := sample.CPUTime().Seconds() - cpu; d > 0 {
		b.ReportMetric(float64(len(text))*float64(b.N)/1e6/d, "MB/cpu-s")
	}
}
