package fold

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strconv"
	"sync"
)

// A fold block is a header line followed by a body of a stated number of lines:
//
//	[fold NAME N lines ARG...]
//	body line 1
//	…
//	body line N
//
// The header says how far the body extends, so blocks compose: folded sections
// can be concatenated with literal text between them and Expand still finds
// every block. The last body line may lack its newline only at the end of the
// text; each fold keeps that property, so a missing final newline survives.
//
// A line is a header exactly when parseHeader accepts it. Literal text that
// happens to look like a header is wrapped in a "raw" block by Escape, so
// expansion is never ambiguous.

// Errors returned by Expand and Verify.
var (
	ErrMalformed = errors.New("fold: malformed block")
	ErrUnknown   = errors.New("fold: unknown fold")
	ErrMismatch  = errors.New("fold: recovered text differs from the original")
	// ErrTooLarge: the expanded text would pass the limit given to
	// ExpandLimit. Expand checks as it writes, so a small block that claims
	// a huge expansion is refused before the memory is taken.
	ErrTooLarge = errors.New("fold: expanded text is larger than the limit")
)

var headerPrefix = []byte("[fold ")

// markerPrefix starts every marker of a lossy result (package internal/marker). Literal
// text holding it is escaped like a header, so that expand never mistakes
// input text for a marker of ours.
var markerPrefix = []byte("[kompress: ")

// maxBodyLines bounds the count in a header so parsing cannot overflow.
const maxBodyLines = 1<<31 - 1

// header is a parsed block header.
type header struct {
	name  string
	lines int
	args  string // space-separated, may be empty
}

// parseHeader parses line (without its newline) as a block header.
func parseHeader(line []byte) (header, bool) {
	var h header
	if !bytes.HasPrefix(line, headerPrefix) || len(line) < len(headerPrefix)+9 || line[len(line)-1] != ']' {
		return h, false
	}
	s := line[len(headerPrefix) : len(line)-1]
	// NAME
	i := 0
	for i < len(s) && nameByte(s[i], i == 0) {
		i++
	}
	if i == 0 || i >= len(s) || s[i] != ' ' {
		return h, false
	}
	name := s[:i]
	s = s[i+1:]
	// N
	i = 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 || i > 10 || s[0] == '0' || i >= len(s) || s[i] != ' ' {
		return h, false
	}
	n, err := strconv.Atoi(string(s[:i]))
	if err != nil || n > maxBodyLines {
		return h, false
	}
	s = s[i+1:]
	// "line" or "lines"
	switch {
	case bytes.HasPrefix(s, []byte("lines")):
		s = s[5:]
	case bytes.HasPrefix(s, []byte("line")):
		s = s[4:]
	default:
		return h, false
	}
	// ARGs: each a space then one or more visible ASCII bytes other than brackets.
	args := s
	for len(s) > 0 {
		if s[0] != ' ' || len(s) < 2 {
			return h, false
		}
		j := 1
		for j < len(s) && s[j] > ' ' && s[j] < 0x7f && s[j] != '[' && s[j] != ']' {
			j++
		}
		if j == 1 {
			return h, false
		}
		s = s[j:]
	}
	h.name = string(name)
	h.lines = n
	if len(args) > 0 {
		h.args = string(args[1:])
	}
	return h, true
}

func nameByte(c byte, first bool) bool {
	if c >= 'a' && c <= 'z' {
		return true
	}
	if first {
		return false
	}
	return c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == '+'
}

// validName reports whether name can appear in a header.
func validName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		if !nameByte(name[i], i == 0) {
			return false
		}
	}
	return true
}

// appendHeader appends "[fold name n lines args]\n" to dst.
func appendHeader(dst []byte, name string, n int, args string) []byte {
	dst = append(dst, headerPrefix...)
	dst = append(dst, name...)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(n), 10)
	if n == 1 {
		dst = append(dst, " line"...)
	} else {
		dst = append(dst, " lines"...)
	}
	if args != "" {
		dst = append(dst, ' ')
		dst = append(dst, args...)
	}
	return append(dst, ']', '\n')
}

// headerLen is the length of the header appendHeader would write.
func headerLen(name string, n int, args string) int {
	l := len(headerPrefix) + len(name) + 1 + len(strconv.Itoa(n)) + len(" lines]\n")
	if n == 1 {
		l--
	}
	if args != "" {
		l += 1 + len(args)
	}
	return l
}

// isHeaderLine reports whether line (without newline) would be taken as a header.
func isHeaderLine(line []byte) bool {
	if len(line) == 0 || line[0] != '[' {
		return false
	}
	_, ok := parseHeader(line)
	return ok
}

// Block returns body wrapped in a block named name, for external providers
// whose Unfolder is registered under that name. The body is counted in lines;
// it must end with a newline unless the block ends the text.
func Block(name string, body []byte) []byte {
	n := countLines(body)
	out := make([]byte, 0, headerLen(name, n, "")+len(body))
	out = appendHeader(out, name, n, "")
	return append(out, body...)
}

// countLines counts lines, a last line without newline included.
func countLines(b []byte) int {
	n := bytes.Count(b, []byte{'\n'})
	if len(b) > 0 && b[len(b)-1] != '\n' {
		n++
	}
	return n
}

// Escape returns text with every line that would be taken for a block header
// or that holds a marker lookalike (see NeedsEscape) wrapped in a raw block,
// so that Expand(Escape(text)) == text and no marker of a lossy result is
// read out of the input. It returns text itself when nothing needs
// escaping. Pipelines use it for every literal text they emit.
func Escape(text []byte) []byte {
	if !NeedsEscape(text) {
		return text
	}
	return escapeLines(nil, text)
}

// NeedsEscape reports whether text has a line Escape would wrap: one that
// parses as a fold header, or one holding "[kompress: " anywhere, the start
// of a lossy result's marker (escaped whether or not the rest parses: that
// is cheaper to decide and only costs a header line).
func NeedsEscape(text []byte) bool {
	s := escapeScan{text: text}
	_, _, ok := s.next()
	return ok
}

// escapeScan finds, in order, the lines of text that need escaping. It
// remembers where the next header candidate and marker lookalike are, so
// that text is read once however many lines look like headers.
type escapeScan struct {
	text   []byte
	off    int // where the next line to judge starts
	header int // offset of the next line starting "[fold " at or after off, once known
	marker int // offset of the next "[kompress: " at or after off, once known
	known  bool
}

// next returns the next line that needs escaping: text[start:end] is the
// line with its newline.
func (s *escapeScan) next() (start, end int, ok bool) {
	text := s.text
	if !s.known {
		s.header, s.marker, s.known = -1, -1, true
		s.header, s.marker = s.find(indexHeaderCandidate, 0), s.find(indexMarker, 0)
	}
	for s.off < len(text) {
		if s.header >= 0 && s.header < s.off {
			s.header = s.find(indexHeaderCandidate, s.off)
		}
		if s.marker >= 0 && s.marker < s.off {
			s.marker = s.find(indexMarker, s.off)
		}
		if s.header < 0 && s.marker < 0 {
			s.off = len(text)
			return 0, 0, false
		}
		marker := s.marker >= 0 && (s.header < 0 || s.marker < s.header)
		start = s.header
		if marker {
			start = s.off + bytes.LastIndexByte(text[s.off:s.marker], '\n') + 1
		}
		end = len(text)
		if e := bytes.IndexByte(text[start:], '\n'); e >= 0 {
			end = start + e + 1
		}
		s.off = end
		// A line that starts like a header but is none may still hold a
		// marker lookalike further on.
		marker = marker || s.marker >= 0 && s.marker < end
		if marker || isHeaderLine(bytes.TrimSuffix(text[start:end], []byte{'\n'})) {
			return start, end, true
		}
	}
	return 0, 0, false
}

// find returns the offset of what index finds in text from off, or -1.
func (s *escapeScan) find(index func([]byte) int, off int) int {
	if i := index(s.text[off:]); i >= 0 {
		return off + i
	}
	return -1
}

func indexMarker(text []byte) int { return bytes.Index(text, markerPrefix) }

// runText writes the text of a fold made of runs of lines (search hits,
// path lists): the lines outside runs as they are, escaped, and each run's
// body straight into the text after room for its header, closed up when
// the run ends, so that a big run is held once, not twice. Until a run is
// written as a block there is no text: a run's body goes to a scratch
// buffer, moved into a new text when the run folds or outgrows scratchMax;
// content with nothing to fold is never copied.
type runText struct {
	name    string
	content []byte
	out     []byte // the open run's body is appended here
	real    bool   // out is the text, not the scratch buffer
	runAt   int    // where the open run starts in the content
	body    int    // where the open run's body starts in out
	folded  bool   // a run was written as a block
	scratch []byte
}

// scratchMax bounds the body a run writes before the text exists.
const scratchMax = 1 << 20

// literal appends lines outside runs.
func (t *runText) literal(b []byte) {
	if t.real {
		t.out = escapeLines(t.out, b)
	}
}

// skip writes the lines at the start of text, where no run is open, that
// no run can fold (see skipSpan), and returns their length.
func (t *runText) skip(text []byte, limit int, g lineGain) int {
	n := skipSpan(text, limit, g)
	t.literal(text[:n])
	return n
}

// start opens a run at offset at of the content.
func (t *runText) start(at int) {
	t.runAt = at
	if !t.real {
		t.out, t.body = t.scratch[:0], 0
		return
	}
	t.out = append(t.out, headerRoom[:headerLen(t.name, maxBodyLines, "")]...)
	t.body = len(t.out)
}

// line is called after each line of a run's body.
func (t *runText) line() {
	if !t.real && len(t.out) > scratchMax {
		t.makeText()
	}
}

// makeText moves the open run's body from the scratch buffer into a new
// text that holds what came before it. Runs are written as blocks only
// where that is smaller: a buffer of the content's size rarely grows.
func (t *runText) makeText() {
	room := headerLen(t.name, maxBodyLines, "")
	out := make([]byte, 0, len(t.content)+room)
	out = escapeLines(out, t.content[:t.runAt])
	out = append(out, headerRoom[:room]...)
	body := len(out)
	t.out = append(out, t.out[t.body:]...)
	t.body, t.real, t.scratch = body, true, nil
}

// end closes the open run, content[start:end], whose body has n lines: as
// a block where that is shorter, else as the lines were.
func (t *runText) end(start, end, n int) {
	orig := t.content[start:end]
	if hl := headerLen(t.name, n, ""); hl+len(t.out)-t.body < len(orig) {
		if !t.real {
			t.makeText()
		}
		at := t.body - headerLen(t.name, maxBodyLines, "")
		body := t.out[t.body:]
		t.out = appendHeader(t.out[:at], t.name, n, "")
		t.out = t.out[:at+hl+copy(t.out[at+hl:t.body+len(body)], body)]
		t.folded = true
		return
	}
	if !t.real {
		t.scratch, t.out = t.out[:0], nil
		return
	}
	t.out = escapeLines(t.out[:t.body-headerLen(t.name, maxBodyLines, "")], orig)
}

// text returns the folded text, or nil if no run was written as a block.
func (t *runText) text() []byte {
	if !t.folded {
		return nil
	}
	return t.out
}

// headerRoom is room for the longest header of a run's block.
var headerRoom [len("[fold paths 2147483647 lines]\n")]byte

// escapeLines appends text to dst with the lines NeedsEscape finds wrapped
// in raw blocks.
func escapeLines(dst, text []byte) []byte {
	s := escapeScan{text: text}
	done := 0
	for {
		start, end, ok := s.next()
		if !ok {
			return append(dst, text[done:]...)
		}
		dst = append(dst, text[done:start]...)
		dst = appendHeader(dst, "raw", 1, "")
		dst = append(dst, text[start:end]...)
		done = end
	}
}

// indexHeaderCandidate returns the offset of the first line in text that
// starts with the header prefix, or -1.
func indexHeaderCandidate(text []byte) int {
	off := 0
	for {
		i := bytes.Index(text[off:], headerPrefix)
		if i < 0 {
			return -1
		}
		i += off
		if i == 0 || text[i-1] == '\n' {
			return i
		}
		off = i + 1
	}
}

// Expand undoes every fold block in text; text outside blocks is literal.
// It returns text itself when there is no block in it. Untrusted text
// should go through ExpandLimit instead: a few bytes of header can ask for
// gigabytes.
func Expand(text []byte) ([]byte, error) {
	return ExpandLimit(text, math.MaxInt)
}

// ExpandLimit is Expand refusing, with ErrTooLarge, to write more than
// limit bytes. Every unfolder checks as it writes, so what is refused is
// never allocated in full.
func ExpandLimit(text []byte, limit int) ([]byte, error) {
	if indexHeaderCandidate(text) < 0 {
		if len(text) > limit {
			return nil, fmt.Errorf("%w of %d bytes", ErrTooLarge, limit)
		}
		return text, nil
	}
	pieces, err := Pieces(text)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, min(len(text)+len(text)/2, limit))
	for _, p := range pieces {
		if !p.Block {
			if len(out)+p.End-p.Start > limit {
				return nil, fmt.Errorf("%w of %d bytes", ErrTooLarge, limit)
			}
			out = append(out, text[p.Start:p.End]...)
			continue
		}
		if out, err = p.Append(out, text, limit); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Append appends block piece p of text, unfolded, to dst, refusing with
// ErrTooLarge to let dst pass limit bytes.
func (p Piece) Append(dst, text []byte, limit int) ([]byte, error) {
	if !p.Block {
		return nil, fmt.Errorf("fold: Append of a literal piece")
	}
	w := sink{buf: dst, limit: limit}
	err := w.unfold(p.header, text[p.body:p.End])
	if errors.Is(err, ErrTooLarge) {
		return nil, fmt.Errorf("line %d: %w of %d bytes", p.Line, ErrTooLarge, limit)
	}
	if err != nil {
		return nil, fmt.Errorf("line %d: %w", p.Line, err)
	}
	return w.buf, nil
}

// Piece is one top-level part of a folded text as Expand reads it:
// text[Start:End] is a whole block (header line and body) when Block is
// set, else literal text. Line is the piece's first line, from 1.
type Piece struct {
	Start, End int
	Block      bool
	Line       int

	header header
	body   int // start of a block's body
}

// Pieces splits text into its literal runs and blocks, in order. Markers
// of lossy results are read from the literal runs only: a block's body is
// the input's own text.
func Pieces(text []byte) ([]Piece, error) {
	var ps []Piece
	pos, line := 0, 1 // where the next piece starts, and its line
	lit := func(end int) {
		if end > pos {
			ps = append(ps, Piece{Start: pos, End: end, Line: line})
			line += bytes.Count(text[pos:end], []byte{'\n'})
			pos = end
		}
	}
	for scan := 0; ; {
		i := indexHeaderCandidate(text[scan:])
		if i < 0 {
			lit(len(text))
			return ps, nil
		}
		i += scan
		e := bytes.IndexByte(text[i:], '\n')
		if e < 0 {
			e = len(text) - i
		}
		h, ok := parseHeader(text[i : i+e])
		if !ok {
			scan = i + e
			continue
		}
		lit(i)
		if i+e == len(text) {
			return nil, fmt.Errorf("%w: line %d: header without body", ErrMalformed, line)
		}
		body := i + e + 1
		n, ok := bodyLen(text[body:], h.lines)
		if !ok {
			return nil, fmt.Errorf("%w: line %d: %s block wants %d lines, text has fewer", ErrMalformed, line, h.name, h.lines)
		}
		ps = append(ps, Piece{Start: i, End: body + n, Block: true, Line: line, header: h, body: body})
		line += 1 + h.lines
		pos, scan = body+n, body+n
	}
}

// errTooLarge is what unfolders return past their limit; ExpandLimit adds
// the line and the limit.
var errTooLarge = ErrTooLarge

// bodyLen returns the byte length of the first n lines of b.
func bodyLen(b []byte, n int) (int, bool) {
	pos := 0
	for k := 0; k < n; k++ {
		if pos >= len(b) {
			return 0, false
		}
		j := bytes.IndexByte(b[pos:], '\n')
		if j < 0 {
			if k != n-1 {
				return 0, false
			}
			return len(b), true
		}
		pos += j + 1
	}
	return pos, true
}

// unfolders are the built-in block decoders, writing the original to w;
// past its room they stop with errTooLarge.
var unfolders = map[string]func(w *sink, body []byte, args string) error{
	"raw":    unfoldRaw,
	"rg":     unfoldSearch,
	"repeat": unfoldRepeat,
	"json":   unfoldJSON,
	"paths":  unfoldPaths,
}

// sink is where a block is unfolded to: appended to buf, up to limit
// bytes in all. When it compares (want is set), what is written is checked
// against want and dropped as it goes, so that verifying a big block never
// holds its expansion; the unfolders call mark at the end of each line.
type sink struct {
	buf   []byte
	limit int
	want  []byte // comparing: the bytes the block must unfold to, or more
	done  int    // comparing: bytes written and dropped from buf
	bad   bool   // comparing: a difference was found
	at    int    // comparing, when bad: where
}

// room returns how many more bytes may be written.
func (w *sink) room() int { return w.limit - w.done - len(w.buf) }

// streams reports whether the block named name, unfolded into a sink that
// compares, is compared as it goes (the built-in folds) rather than
// written whole.
func streams(name string) bool {
	_, ok := unfolders[name]
	return ok
}

// drainAt is how much a comparing sink holds before it checks and drops.
const drainAt = 64 << 10

// mark ends a line: a comparing sink holding drainAt bytes checks and
// drops them.
func (w *sink) mark() {
	if w.want != nil && len(w.buf) >= drainAt {
		w.drain()
	}
}

// drain checks buf against want and drops it; after a difference the
// sink only drops, still counting what was written against the limit.
func (w *sink) drain() {
	if !w.bad {
		rest := w.want[w.done:]
		if len(w.buf) > len(rest) || !bytes.Equal(w.buf, rest[:len(w.buf)]) {
			w.bad, w.at = true, w.done+commonPrefix(w.buf, rest)
		}
	}
	w.done += len(w.buf)
	w.buf = w.buf[:0]
}

// unfold writes the original of the block with header h and body body.
func (w *sink) unfold(h header, body []byte) error {
	var err error
	if f, ok := unfolders[h.name]; ok {
		err = f(w, body, h.args)
	} else {
		err = w.unfoldRegistered(h, body)
	}
	if err == nil && w.room() < 0 {
		err = errTooLarge
	}
	return err
}

func (w *sink) unfoldRegistered(h header, body []byte) error {
	registry.RLock()
	u, ok := registry.m[h.name]
	registry.RUnlock()
	if !ok {
		return fmt.Errorf("%w %q", ErrUnknown, h.name)
	}
	if h.args != "" {
		return fmt.Errorf("%w: %s block takes no arguments", ErrMalformed, h.name)
	}
	orig, err := u.Unfold(body)
	if err != nil {
		return fmt.Errorf("fold %s: %w", h.name, err)
	}
	if len(orig) > w.room() {
		return errTooLarge
	}
	w.buf = append(w.buf, orig...)
	return nil
}

func unfoldRaw(w *sink, body []byte, args string) error {
	if args != "" {
		return fmt.Errorf("%w: raw block takes no arguments", ErrMalformed)
	}
	if len(body) > w.room() {
		return errTooLarge
	}
	w.buf = append(w.buf, body...)
	return nil
}

// Unfolder undoes the blocks of an external provider; see Register.
type Unfolder interface {
	Unfold(body []byte) ([]byte, error)
}

var registry = struct {
	sync.RWMutex
	m map[string]Unfolder
}{m: map[string]Unfolder{}}

// Register makes Expand undo blocks named name (written with Block) with u.
// Names are lower-case letters, then letters, digits, '-', '_', '.', '+';
// built-in names and names already registered are refused.
func Register(name string, u Unfolder) error {
	if !validName(name) {
		return fmt.Errorf("fold: invalid fold name %q", name)
	}
	if u == nil {
		return fmt.Errorf("fold: nil unfolder for %q", name)
	}
	if _, ok := unfolders[name]; ok || name == "ansi" {
		return fmt.Errorf("fold: %q is a built-in fold", name)
	}
	registry.Lock()
	defer registry.Unlock()
	if _, ok := registry.m[name]; ok {
		return fmt.Errorf("fold: %q registered twice", name)
	}
	registry.m[name] = u
	return nil
}
