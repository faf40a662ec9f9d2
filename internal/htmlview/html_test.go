package htmlview

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/kompress/kompress/internal/viewtest"

	"github.com/kompress/kompress/internal/lossy"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

var htmlCeilings = map[string]float64{
	"base-passwd-doc":         0.72,
	"go-mem":                  0.88,
	"go-spec-head":            0.83,
	"imagemagick-policy-xml":  0,
	"libffi-index":            0.42,
	"libffi-using":            0.16,
	"man-ls-html":             0.42,
	"man-tar-html":            0.55,
	"maven-settings-xml":      0,
	"pprof-source-tmpl":       0.77,
	"rust-book-writing-tests": 0.55,
	"rust-lints-levels":       0.34,
	"x-net-go1":               0.78,
}

// htmlText returns the text under n with whitespace collapsed, read from
// the parsed tree, independently of the streaming converter.
func htmlText(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
			b.WriteByte(' ')
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

func htmlFind(n *html.Node, match func(*html.Node) bool) []*html.Node {
	var found []*html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && match(n) {
			found = append(found, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return found
}

func TestHTMLSamples(t *testing.T) {
	viewtest.CheckSamples(t, "html", HTML, htmlCeilings, func(t *testing.T, name string, in, out []byte) {
		doc, err := html.Parse(bytes.NewReader(in))
		if err != nil {
			t.Fatal(err)
		}
		// Headings appear as Markdown headings (their inline code in
		// backticks: "### Checking Results with `assert!`").
		plain := bytes.ReplaceAll(out, []byte("`"), nil)
		for _, h := range htmlFind(doc, func(n *html.Node) bool {
			return n.DataAtom == atom.H1 || n.DataAtom == atom.H2 || n.DataAtom == atom.H3
		}) {
			text := htmlText(h)
			level := strings.Repeat("#", int(h.Data[1]-'0'))
			if text != "" && !bytes.Contains(plain, []byte(level+" "+text)) {
				t.Errorf("heading %q missing", text)
			}
		}
		// Pre blocks survive line by line.
		for _, p := range htmlFind(doc, func(n *html.Node) bool { return n.DataAtom == atom.Pre }) {
			var b strings.Builder
			var walk func(*html.Node)
			walk = func(n *html.Node) {
				if n.Type == html.TextNode {
					b.WriteString(n.Data)
				}
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					walk(c)
				}
			}
			walk(p)
			for _, l := range strings.Split(b.String(), "\n") {
				if strings.TrimSpace(l) != "" && !bytes.Contains(out, []byte(l)) {
					t.Errorf("pre line missing: %q", l)
				}
			}
		}
		// Scripts and styles are gone.
		for _, s := range htmlFind(doc, func(n *html.Node) bool { return n.DataAtom == atom.Script || n.DataAtom == atom.Style }) {
			if text := htmlText(s); len(text) > 20 && bytes.Contains(out, []byte(text[:20])) {
				t.Errorf("script/style text leaked: %q", text[:20])
			}
		}
		if bytes.Contains(out, []byte("<p>")) || bytes.Contains(out, []byte("&amp;")) || bytes.Contains(out, []byte("&lt;")) {
			t.Error("markup or entities left in the text")
		}
	})
}

func TestHTMLGolden(t *testing.T) {
	for _, name := range []string{"man-ls-html", "libffi-using", "libffi-index"} {
		t.Run(name, func(t *testing.T) {
			out, err := HTML(viewtest.Read(t, "html", name), lossy.Options{})
			if err != nil {
				t.Fatal(err)
			}
			viewtest.Golden(t, "html", name, out)
		})
	}
}

func TestHTMLConvert(t *testing.T) {
	in := []byte(`<!DOCTYPE html><html><head><title>Build report</title><style>body{color:red}</style>
<script>var tracking = "secret";</script></head><body>
<nav><a href="/">Home</a> <a href="#top">Top</a></nav>
<h2>Results &amp; notes</h2>
<p>The   build
   <b>failed</b> on <code>linux/arm64</code>; see <a href="https://ci.example.com/run/42">run 42</a>
and <a href="https://go.dev/">https://go.dev/</a> or <a href="javascript:void(0)">this</a>.</p>
<!-- a comment that must go -->
<ul><li>first</li><li>second<ol><li>nested</li></ol></li></ul>
<table><tr><th>test</th><th>result</th></tr><tr><td>TestA</td><td></td><td>FAIL</td></tr></table>
<pre>
func main() {
	fmt.Println("a  b")
}
</pre>
<img src="x.png" alt="build graph"><noscript>enable JS</noscript>
</body></html>`)
	out, err := HTML(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := "# Build report\n\n" +
		"Home Top\n\n" +
		"## Results & notes\n" +
		"The build failed on `linux/arm64`; see run 42 (https://ci.example.com/run/42) and https://go.dev/ or this.\n" +
		"- first\n- second\n  1. nested\n" +
		"test | result\nTestA | FAIL\n" +
		"```\nfunc main() {\n\tfmt.Println(\"a  b\")\n}\n```\n" +
		"[image: build graph]\n"
	if string(out) != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
}

// TestHTMLDocsForms checks the forms of generated documentation (Sphinx,
// MkDocs): a list item whose text is a paragraph stays on its marker's
// line, a heading's permalink glyph goes, and a mailto link whose address
// is its text is not repeated. An empty item and a code block in an item
// keep their lines.
func TestHTMLDocsForms(t *testing.T) {
	in := []byte(`<html><body><h2>Authors<a class="headerlink" href="#authors">¶</a></h2>
<ul><li><p>Neil &lt;<a href="mailto:nas&#37;&#52;&#48;debian&#46;org">nas<span>&#64;</span>debian.org</a>&gt;</p></li>
<li><p>Ann</p><p>second paragraph</p></li><li></li><li><pre>x := 1
</pre></li></ul>
<ol><li><div>first step</div></li></ol>
<p>See <a href="#usage">usage</a> and <a href="mailto:help@example.com">the list</a>.</p></body></html>`)
	out, err := HTML(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := "## Authors\n" +
		"- Neil <nas@debian.org>\n" +
		"- Ann\nsecond paragraph\n" +
		"-\n" +
		"-\n```\nx := 1\n```\n" +
		"1. first step\n" +
		"See usage and the list (mailto:help@example.com).\n"
	if string(out) != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
}

func TestHTMLBadInput(t *testing.T) {
	for name, in := range map[string][]byte{
		"empty":    nil,
		"xml":      []byte(`<?xml version="1.0"?><settings><mirrors><mirror><id>a</id><url>http://x</url></mirror></mirrors></settings>`),
		"bad-utf8": []byte("<p>\xff\xfe</p>"),
		"nul":      []byte("<p>a\x00b</p>"),
		"text":     []byte("just text, no markup at all"),
		"unclosed": []byte(strings.Repeat("<div><p><ul><li><pre><script>", 2000)),
		"deep":     []byte(strings.Repeat("<div>", 100000) + "x"),
	} {
		t.Run(name, func(t *testing.T) {
			out, err := HTML(in, lossy.Options{})
			if err != nil && !errors.Is(err, lossy.ErrNoGain) {
				t.Errorf("err = %v", err)
			}
			if err == nil && len(out) >= len(in) {
				t.Errorf("output %d >= input %d", len(out), len(in))
			}
		})
	}
}

func FuzzHTML(f *testing.F) {
	for _, s := range viewtest.Samples(f, "html") {
		if len(s.In) < 4096 {
			f.Add(s.In)
		}
	}
	f.Add([]byte("<h1>a</h1><pre>x\n y</pre><a href=\"http://b\">c</a>"))
	f.Fuzz(func(t *testing.T, in []byte) {
		out, err := HTML(in, lossy.Options{})
		again, _ := HTML(in, lossy.Options{})
		if !bytes.Equal(out, again) {
			t.Fatal("not deterministic")
		}
		if err == nil && len(out) >= len(in) {
			t.Fatal("no gain without lossy.ErrNoGain")
		}
	})
}

func BenchmarkHTML(b *testing.B) { viewtest.Bench(b, "html", HTML) }
