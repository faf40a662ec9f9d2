package htmlview

import (
	"bytes"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kompress/kompress/internal/lossy"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// HTML turns an HTML page into readable text in a light Markdown: headings
// as "#" lines, paragraphs and other blocks on lines of their own, list
// items as "- " or "1. " (indented by nesting), table rows as cells joined
// by " | ", pre blocks verbatim between ``` fences, inline code in
// backticks, images as their alt text. Links keep their text and add
// "(href)" only when the target says something the text does not: an
// absolute URL or a path, never an in-page "#fragment" or a javascript:
// link, nor a URL that the text already shows. Script, style, noscript,
// template, svg, forms' controls, comments and the head are dropped (the
// title becomes the top heading when the page has no h1); entities are
// decoded and whitespace outside pre collapses.
//
// XML and other markup that is not HTML, input that is not UTF-8, and pages
// that would not shrink by 10% give lossy.ErrNoGain.
func HTML(in []byte, o lossy.Options) ([]byte, error) {
	if len(in) == 0 || !utf8.Valid(in) || bytes.IndexByte(in, 0) >= 0 {
		return nil, lossy.ErrNoGain
	}
	w := &htmlWriter{out: make([]byte, 0, len(in)/3)}
	if !w.convert(in) {
		return nil, lossy.ErrNoGain
	}
	out := w.finish()
	if len(out) > len(in)*9/10 || len(bytes.TrimSpace(out)) == 0 {
		return nil, lossy.ErrNoGain
	}
	return out, nil
}

type htmlWriter struct {
	out      []byte
	space    bool // a space is due before the next word
	skip     int  // depth inside dropped elements
	pre      int  // depth inside pre
	lists    []htmlList
	cell     int  // cells opened in the current table row
	sep      bool // a " | " is due before the next word of a cell
	preStart bool // the next text opens a pre block
	title    []byte
	inTitle  bool
	hasH1    bool
	link     []byte // href of the open link
	linkAt   int    // where the open link's text starts in out
	heading  bool   // inside h1-h6
	// markEnd is where the last list item's marker ("- ", "2. ") ends in
	// out: a paragraph that opens the item goes on the marker's line.
	markEnd  int
	html     int // HTML elements seen
	elements int // all elements seen
}

type htmlList struct {
	ordered bool
	n       int
}

// htmlDropped elements hold no readable text.
var htmlDropped = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Noscript: true, atom.Template: true, atom.Svg: true,
	atom.Math: true, atom.Iframe: true, atom.Object: true, atom.Canvas: true, atom.Select: true,
	atom.Textarea: true, atom.Button: true, atom.Head: true, atom.Datalist: true,
}

// htmlInline are the other elements that mark a page as HTML rather than
// XML.
var htmlInline = map[atom.Atom]bool{
	atom.A: true, atom.Span: true, atom.B: true, atom.I: true, atom.Em: true, atom.Strong: true,
	atom.Code: true, atom.Pre: true, atom.Img: true, atom.Br: true, atom.Hr: true, atom.H1: true,
	atom.H2: true, atom.H3: true, atom.H4: true, atom.H5: true, atom.H6: true, atom.Td: true,
	atom.Th: true, atom.Small: true, atom.Sup: true, atom.Sub: true, atom.Abbr: true, atom.Cite: true,
	atom.Label: true, atom.Input: true, atom.Meta: true, atom.Kbd: true, atom.Samp: true, atom.Var: true,
	atom.Tt: true, atom.U: true, atom.S: true, atom.Mark: true, atom.Q: true, atom.Dfn: true,
}

// htmlBlocks start and end a line of their own.
var htmlBlocks = map[atom.Atom]bool{
	atom.P: true, atom.Div: true, atom.Section: true, atom.Article: true, atom.Main: true,
	atom.Header: true, atom.Footer: true, atom.Nav: true, atom.Aside: true, atom.Blockquote: true,
	atom.Form: true, atom.Fieldset: true, atom.Figure: true, atom.Figcaption: true, atom.Address: true,
	atom.Details: true, atom.Summary: true, atom.Dl: true, atom.Dt: true, atom.Dd: true,
	atom.Table: true, atom.Caption: true, atom.Tr: true, atom.Ul: true, atom.Ol: true, atom.Li: true,
	atom.Center: true, atom.Dir: true, atom.Menu: true, atom.Body: true, atom.Html: true,
	atom.Tbody: true, atom.Thead: true, atom.Tfoot: true, atom.Hgroup: true, atom.Legend: true,
}

// convert streams the tokens into text; it reports false when the markup
// is not HTML.
func (w *htmlWriter) convert(in []byte) bool {
	z := html.NewTokenizer(bytes.NewReader(in))
	for {
		switch tt := z.Next(); tt {
		case html.ErrorToken:
			// io.EOF, or a read error that cannot happen on a bytes.Reader.
			return w.elements > 0 && w.html*2 >= w.elements
		case html.TextToken:
			if w.inTitle {
				w.title = append(w.title, z.Text()...)
				continue
			}
			if w.skip > 0 {
				continue
			}
			w.text(z.Text())
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			a := atom.Lookup(name)
			w.elements++
			if htmlBlocks[a] || htmlDropped[a] || htmlInline[a] {
				w.html++
			}
			if a == atom.Title && len(w.title) == 0 && tt == html.StartTagToken {
				w.inTitle = true
				continue
			}
			if htmlDropped[a] {
				if tt == html.StartTagToken && !htmlVoid(a) {
					w.skip++
				}
				continue
			}
			if w.skip > 0 {
				continue
			}
			w.start(a, z, hasAttr)
		case html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if a == atom.Title {
				w.inTitle = false
				continue
			}
			if htmlDropped[a] {
				if w.skip > 0 {
					w.skip--
				}
				continue
			}
			if w.skip > 0 {
				continue
			}
			w.end(a)
		}
	}
}

func htmlVoid(a atom.Atom) bool {
	switch a {
	case atom.Br, atom.Hr, atom.Img, atom.Input, atom.Meta, atom.Link, atom.Area, atom.Base,
		atom.Col, atom.Embed, atom.Param, atom.Source, atom.Track, atom.Wbr:
		return true
	}
	return false
}

func (w *htmlWriter) start(a atom.Atom, z *html.Tokenizer, hasAttr bool) {
	switch a {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		level := int(a.String()[1] - '0')
		w.hasH1 = w.hasH1 || level == 1
		w.block()
		if len(w.out) > 0 {
			w.out = append(w.out, '\n')
		}
		w.out = append(w.out, strings.Repeat("#", level)...)
		w.out = append(w.out, ' ')
		w.heading = true
	case atom.Pre:
		w.block()
		w.out = append(w.out, "```\n"...)
		w.pre++
		w.preStart = true
	case atom.Br:
		if w.pre > 0 {
			w.out = append(w.out, '\n')
		} else {
			w.line()
		}
	case atom.Hr:
		w.block()
		w.out = append(w.out, "---\n"...)
	case atom.Ul, atom.Ol, atom.Menu, atom.Dir:
		w.block()
		w.lists = append(w.lists, htmlList{ordered: a == atom.Ol})
	case atom.Li:
		w.block()
		depth := max(len(w.lists), 1)
		w.out = append(w.out, strings.Repeat("  ", depth-1)...)
		if len(w.lists) > 0 && w.lists[len(w.lists)-1].ordered {
			l := &w.lists[len(w.lists)-1]
			l.n++
			w.out = strconv.AppendInt(w.out, int64(l.n), 10)
			w.out = append(w.out, ". "...)
		} else {
			w.out = append(w.out, "- "...)
		}
		w.markEnd = len(w.out)
	case atom.Tr:
		w.block()
		w.cell, w.sep = 0, false
	case atom.Td, atom.Th:
		// The separator waits for the cell's first word, so empty cells
		// (layout tables) leave no trace.
		w.sep = w.cell > 0
		w.cell++
		w.space = false
	case atom.Code, atom.Kbd, atom.Samp, atom.Tt:
		if w.pre == 0 {
			w.word([]byte{'`'})
			w.space = false
		}
	case atom.A:
		w.link, w.linkAt = nil, len(w.out)
		for hasAttr {
			var k, v []byte
			k, v, hasAttr = z.TagAttr()
			if string(k) == "href" {
				w.link = append([]byte(nil), bytes.TrimSpace(v)...)
			}
		}
	case atom.Img:
		for hasAttr {
			var k, v []byte
			k, v, hasAttr = z.TagAttr()
			if string(k) == "alt" && len(bytes.TrimSpace(v)) > 0 {
				w.word([]byte("[image: " + string(bytes.Join(bytes.Fields(v), []byte{' '})) + "]"))
			}
		}
	default:
		if htmlBlocks[a] {
			w.itemBlock()
		}
	}
}

// itemBlock is block for a paragraph or division, which right after a
// list item's marker opens the item on its line: "- Neil Schemenauer", not
// "-" and the name below it.
func (w *htmlWriter) itemBlock() {
	if w.markEnd > 0 && w.markEnd == len(w.out) {
		return
	}
	w.block()
}

func (w *htmlWriter) end(a atom.Atom) {
	switch a {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		w.heading = false
		w.block()
	case atom.Pre:
		if w.pre > 0 {
			w.pre--
			if len(w.out) > 0 && w.out[len(w.out)-1] != '\n' {
				w.out = append(w.out, '\n')
			}
			w.out = append(w.out, "```\n"...)
			w.space = false
		}
	case atom.Ul, atom.Ol, atom.Menu, atom.Dir:
		if len(w.lists) > 0 {
			w.lists = w.lists[:len(w.lists)-1]
		}
		w.block()
	case atom.Code, atom.Kbd, atom.Samp, atom.Tt:
		if w.pre == 0 {
			w.trimSpace()
			w.out = append(w.out, '`')
		}
	case atom.A:
		w.endLink()
	default:
		if htmlBlocks[a] {
			w.block()
		}
	}
}

// endLink appends the target of a link when it adds information.
func (w *htmlWriter) endLink() {
	href := w.link
	w.link = nil
	if len(href) > 0 && href[0] == '#' && w.linkAt <= len(w.out) {
		// A heading's permalink (Sphinx's "¶", MkDocs' "#"): its glyph
		// says nothing.
		switch string(bytes.TrimSpace(w.out[w.linkAt:])) {
		case "¶", "#", "§", "🔗":
			w.out = w.out[:w.linkAt]
		}
	}
	if len(href) == 0 || href[0] == '#' || w.linkAt > len(w.out) {
		return
	}
	lower := bytes.ToLower(href)
	if bytes.HasPrefix(lower, []byte("javascript:")) || bytes.HasPrefix(lower, []byte("data:")) {
		return
	}
	text := bytes.TrimSpace(w.out[w.linkAt:])
	if len(text) == 0 {
		return
	}
	bare := bytes.TrimPrefix(bytes.TrimPrefix(href, []byte("mailto:")), []byte("https://"))
	bare = bytes.TrimSuffix(bytes.TrimPrefix(bare, []byte("http://")), []byte{'/'})
	if bytes.Contains(text, bare) {
		return
	}
	if bytes.IndexByte(bare, '%') >= 0 {
		// "mailto:nas%40debian.org" under the text "nas@debian.org".
		if u, err := url.PathUnescape(string(bare)); err == nil && bytes.Contains(text, []byte(u)) {
			return
		}
	}
	w.trimSpace()
	w.out = append(w.out, " ("...)
	w.out = append(w.out, href...)
	w.out = append(w.out, ')')
	w.space = false
}

// text writes character data: verbatim inside pre, else word by word with
// single spaces.
func (w *htmlWriter) text(t []byte) {
	if w.pre > 0 {
		// A newline right after <pre> is not content.
		if w.preStart && len(t) > 0 && t[0] == '\n' {
			t = t[1:]
		}
		w.preStart = false
		w.out = append(w.out, t...)
		return
	}
	if len(t) > 0 && htmlIsSpace(t[0]) {
		w.space = true
	}
	for len(t) > 0 {
		i := 0
		for i < len(t) && htmlIsSpace(t[i]) {
			i++
		}
		if i > 0 {
			w.space = true
			t = t[i:]
			continue
		}
		for i < len(t) && !htmlIsSpace(t[i]) {
			i++
		}
		w.word(t[:i])
		t = t[i:]
	}
}

func htmlIsSpace(c byte) bool { return htmlSpaces[c] }

// htmlSpaces are HTML's white space: one lookup for each byte of a page's
// text.
var htmlSpaces = [256]bool{' ': true, '\n': true, '\t': true, '\r': true, '\f': true}

func (w *htmlWriter) word(b []byte) {
	if w.sep {
		w.trimSpace()
		if len(w.out) > 0 && w.out[len(w.out)-1] != '\n' {
			w.out = append(w.out, " | "...)
			w.space = false
		}
		w.sep = false
	}
	if w.space && len(w.out) > 0 {
		switch w.out[len(w.out)-1] {
		case ' ', '\n', '`':
			if w.out[len(w.out)-1] == '`' && !htmlOpenTick(w.out) {
				w.out = append(w.out, ' ')
			}
		default:
			w.out = append(w.out, ' ')
		}
	}
	w.space = false
	w.out = append(w.out, b...)
}

// htmlOpenTick reports whether the backtick ending out opens a code span
// (an odd count on the line), so no space follows it.
func htmlOpenTick(out []byte) bool {
	line := out[bytes.LastIndexByte(out, '\n')+1:]
	return bytes.Count(line, []byte{'`'})%2 == 1
}

func (w *htmlWriter) trimSpace() {
	for len(w.out) > 0 && w.out[len(w.out)-1] == ' ' {
		w.out = w.out[:len(w.out)-1]
	}
}

// line ends the current line, if it has text.
func (w *htmlWriter) line() {
	w.trimSpace()
	if len(w.out) > 0 && w.out[len(w.out)-1] != '\n' {
		w.out = append(w.out, '\n')
	}
	w.space, w.sep = false, false
}

// block ends the current line; blocks do not add blank lines, headings do.
func (w *htmlWriter) block() {
	if w.pre > 0 {
		return
	}
	w.line()
}

func (w *htmlWriter) finish() []byte {
	w.line()
	out := w.out
	// Collapse runs of blank lines outside pre blocks.
	res := make([]byte, 0, len(out)+len(w.title)+4)
	if t := bytes.Join(bytes.Fields(w.title), []byte{' '}); len(t) > 0 && !w.hasH1 {
		res = append(append(append(res, "# "...), t...), "\n\n"...)
	}
	inPre, blank := false, false
	for len(out) > 0 {
		var l []byte
		l, out, _ = bytes.Cut(out, []byte{'\n'})
		if bytes.Equal(l, []byte("```")) {
			inPre = !inPre
		}
		if !inPre && len(bytes.TrimSpace(l)) == 0 {
			blank = true
			continue
		}
		if blank && len(res) > 0 {
			res = append(res, '\n')
		}
		blank = false
		res = append(append(res, l...), '\n')
	}
	return res
}
