package fold

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/kompress/kompress/internal/jsonscan"
)

// The JSON fold strips insignificant whitespace. When the original layout is
// exactly what a standard printer writes (jq, JSON.stringify(x, null, n),
// json.MarshalIndent, Python's json.dumps with or without indent), the header
// records that layout and Expand reprints the original bytes: byte
// equivalence. Otherwise the result is plain minified JSON, one value per
// line, with JSON equivalence.
//
// The standard layouts, for indent unit u at depth d:
//
//	{ or [ with content: the bracket, newline, u×(d+1)
//	empty {} and []:     no whitespace inside
//	,                    comma, newline, u×d
//	:                    ": "
//	} or ]:              newline, u×d, the bracket
//
// "spaced" is the one-line form with ", " and ": " (Python's json.dumps).
// Top-level values are each followed by one newline, the last one optionally.

// layout is a way to print JSON tokens.
type layout struct {
	indent string // unit of indentation; "" prints on one line
	spaced bool   // one-line form with ", " and ": "
}

func (l layout) arg() string {
	switch {
	case l.indent == "\t":
		return "indent=tab"
	case l.indent != "":
		return "indent=" + strconv.Itoa(len(l.indent))
	case l.spaced:
		return "spaced"
	}
	return ""
}

func parseLayout(args string) (layout, error) {
	switch {
	case args == "":
		return layout{}, nil
	case args == "spaced":
		return layout{spaced: true}, nil
	case args == "indent=tab":
		return layout{indent: "\t"}, nil
	case len(args) > 7 && args[:7] == "indent=":
		n, err := strconv.Atoi(args[7:])
		if err == nil && n >= 1 && n <= 16 && args[7] != '0' && args[7] != '+' {
			return layout{indent: spaces[:n]}, nil
		}
	}
	return layout{}, fmt.Errorf("%w: json block arguments %q", ErrMalformed, args)
}

const spaces = "                "

// printer appends tokens in a layout, or compares them with an expected text.
type printer struct {
	lay   layout
	out   []byte // append mode
	want  []byte // compare mode when non-nil
	pos   int    // compare position in want
	bad   bool   // compare mode: a difference was found
	empty bool   // the last token opened an empty container
	limit int    // append mode: the most bytes out may hold (0: no limit)
	over  bool   // append mode: writing stopped at limit
}

func (p *printer) write(b []byte) {
	if p.want == nil {
		p.out = append(p.out, b...)
		return
	}
	if p.bad {
		return
	}
	if len(p.want)-p.pos < len(b) || !bytes.Equal(p.want[p.pos:p.pos+len(b)], b) {
		p.pos += commonPrefix(p.want[p.pos:], b) // where they differ
		p.bad = true
		return
	}
	p.pos += len(b)
}

func (p *printer) writeByte(c byte) {
	if p.want == nil {
		p.out = append(p.out, c)
		return
	}
	if p.bad {
		return
	}
	if p.pos >= len(p.want) || p.want[p.pos] != c {
		p.bad = true
		return
	}
	p.pos++
}

func (p *printer) newline(depth int) {
	// Indentation is where a short body line grows: depth × indent.
	if p.want == nil && p.limit > 0 && (p.over || depth*len(p.lay.indent)+1 > p.limit-len(p.out)) {
		p.over = true
		return
	}
	if p.want == nil {
		p.out = append(p.out, '\n')
		for range depth {
			p.out = append(p.out, p.lay.indent...)
		}
		return
	}
	// Compared at once: the indentation unit is one byte repeated.
	n := 1 + depth*len(p.lay.indent)
	if p.bad {
		return
	}
	if p.pos >= len(p.want) || p.want[p.pos] != '\n' {
		p.bad = true
		return
	}
	if len(p.want)-p.pos < n {
		n = len(p.want) - p.pos // compared as far as it goes, then short
		p.bad = true
	}
	if n > 1 {
		c := p.lay.indent[0]
		for k, b := range p.want[p.pos+1 : p.pos+n] {
			if b != c {
				p.pos, p.bad = p.pos+1+k, true
				return
			}
		}
	}
	p.pos += n
}

// token prints one token the scanner s just returned.
func (p *printer) token(s *jsonscan.Scanner, kind byte, lit []byte) {
	switch kind {
	case '{', '[':
		p.writeByte(kind)
		// An empty container prints with nothing inside.
		p.empty = s.Closes()
		if !p.empty && p.lay.indent != "" {
			p.newline(s.Depth())
		}
		return
	case '}', ']':
		if !p.empty && p.lay.indent != "" {
			p.newline(s.Depth())
		}
		p.writeByte(kind)
	case ',':
		p.writeByte(',')
		if p.lay.indent != "" {
			p.newline(s.Depth())
		} else if p.lay.spaced {
			p.writeByte(' ')
		}
	case ':':
		p.writeByte(':')
		if p.lay.indent != "" || p.lay.spaced {
			p.writeByte(' ')
		}
	default:
		p.write(lit)
	}
	p.empty = false
}

// detectLayout guesses which standard layout content might be in, from the
// whitespace after its first newline.
func detectLayout(content []byte) layout {
	i := bytes.IndexByte(content, '\n')
	if i < 0 || i+1 >= len(content) {
		return layout{spaced: true}
	}
	ws := content[i+1:]
	n := 0
	for n < len(ws) && n < 17 && ws[n] == ' ' {
		n++
	}
	switch {
	case n >= 1 && n <= 16:
		return layout{indent: spaces[:n]}
	case n == 0 && len(ws) > 0 && ws[0] == '\t':
		return layout{indent: "\t"}
	}
	return layout{spaced: true}
}

// foldJSON folds a sequence of JSON values; nil if content is not JSON or
// nothing would be saved. The equivalence says whether the layout was kept.
func foldJSON(content []byte) ([]byte, Equivalence) {
	first := 0
	for first < len(content) && jsonscan.IsSpace(content[first]) {
		first++
	}
	if first == len(content) || content[first] != '{' && content[first] != '[' {
		return nil, ""
	}
	lay := detectLayout(content)
	s := jsonscan.NewScanner(content)
	// The header goes in front of the minified text once the number of
	// values is known; reserving room for it avoids copying the text.
	const room = 64
	buf := make([]byte, room, room+len(content)+1)
	min := buf[room:]
	p := printer{lay: lay, want: content}
	if first != 0 {
		p.bad = true // leading whitespace is not a standard layout
	}
	for {
		kind, lit, err := s.Next()
		if err != nil {
			return nil, ""
		}
		if kind == jsonscan.TokEOF {
			break
		}
		min = append(min, lit...)
		p.token(s, kind, lit)
		if s.Depth() == 0 && kind != ':' && kind != ',' {
			// A top-level value ended: one newline follows, except perhaps at the end.
			min = append(min, '\n')
			if p.pos < len(content) {
				p.writeByte('\n')
			}
		}
	}
	if p.pos != len(content) {
		p.bad = true
	}
	if content[len(content)-1] != '\n' {
		min = min[:len(min)-1]
	}
	if !p.bad {
		hl := headerLen("json", s.Values(), lay.arg())
		var text []byte
		if len(min) <= cap(buf)-room {
			text = buf[room-hl : room+len(min)]
			appendHeader(text[:0], "json", s.Values(), lay.arg())
		} else {
			// min outgrew buf (values glued without whitespace).
			text = append(appendHeader(nil, "json", s.Values(), lay.arg()), min...)
		}
		if len(text) >= len(content) {
			return nil, ""
		}
		return text, Byte
	}
	if len(min) >= len(content) {
		return nil, ""
	}
	return min, JSON
}

// unfoldJSON reprints each body line, one JSON value, in the header's layout.
func unfoldJSON(w *sink, body []byte, args string) error {
	lay, err := parseLayout(args)
	if err != nil {
		return err
	}
	// The printer writes the whole block, its limit the room left; when
	// the sink compares, the printer compares as it goes instead.
	p := printer{lay: lay, out: w.buf, limit: len(w.buf) + w.room()}
	if w.want != nil {
		w.drain()
		p = printer{lay: lay, want: w.want[w.done:]}
		if w.bad {
			p.bad = true
		}
	}
	defer func() {
		if w.want == nil {
			w.buf = p.out
			return
		}
		if p.bad && !w.bad {
			w.bad, w.at = true, w.done+p.pos
		}
		w.done += p.pos
	}()
	for len(body) > 0 && !p.bad {
		var line []byte
		var nl bool
		line, body, nl = bytes.Cut(body, []byte{'\n'})
		s := jsonscan.NewScanner(line)
		for {
			kind, lit, err := s.Next()
			if err != nil {
				return fmt.Errorf("json block: %w", err)
			}
			if kind == jsonscan.TokEOF {
				break
			}
			p.token(s, kind, lit)
			if p.over {
				return errTooLarge
			}
		}
		if s.Values() != 1 {
			return fmt.Errorf("%w: json block line holds %d values", ErrMalformed, s.Values())
		}
		if nl {
			p.writeByte('\n')
		}
	}
	return nil
}
