// Package tokencount counts model tokens the way the result object reports them:
// o200k_base by default, loaded from the embedded tables of
// tiktoken-go-loader so it works offline.
//
// Counts equal len(EncodeOrdinary(text)) of github.com/pkoukk/tiktoken-go,
// but o200k_base and cl100k_base are counted here, far faster (compare
// BenchmarkCount with BenchmarkCountTiktoken):
// text is cut into pieces by a linear pre-tokenizer that reproduces the
// encoding's split pattern (split.go), and each piece that is not itself a
// token is merged over the rank table (bpe.go). Pieces repeat in tool
// output, so their counts are cached (cache.go, o200k.go), in bounded
// memory. o200k_base's text is cut into lines where a piece surely starts
// (lineEnd); a line seen before, or one that differs from it only in its
// ASCII digits, is counted from a memo (lines.go), the others piece by
// piece (countLine), most of their ASCII pieces, and their cached counts,
// by a loop that makes no call (quickRun); cl100k_base's is first cut into
// spans where a piece surely starts (spanEnd), and a span seen before is
// counted from a memo. A Tally carries what counting an original learned
// (its pieces, its lines or spans) to the count of its compressed form,
// which is mostly the original's text. Other encodings go through
// tiktoken-go.
//
// Text that is not valid UTF-8 is counted as tiktoken-go counts it: each
// invalid byte is a U+FFFD.
//
// One approximation: a single pre-tokenizer piece longer than maxPiece bytes
// (64 KiB of letters, say, with no space) is merged in maxPiece chunks cut
// at rune boundaries, so its count may be off by about one token per cut.
// This keeps work O(n log n) and memory bounded for any input;
// tiktoken-go's own merge is quadratic in the piece length.
package tokencount

import (
	"context"
	_ "embed"
	"encoding/binary"
	"fmt"
	"math/bits"
	"runtime"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	tiktoken "github.com/pkoukk/tiktoken-go"
	loader "github.com/pkoukk/tiktoken-go-loader"
	"github.com/pkoukk/tiktoken-go-loader/assets"
)

// DefaultEncoding is the encoding used when none is named.
const DefaultEncoding = "o200k_base"

// maxPiece bounds the bytes merged at once; see the package comment.
const maxPiece = 64 << 10

// chunkSize bounds the text handed to tiktoken-go at once for the encodings
// it counts. Its pre-tokenizer is a backtracking regexp whose cost grows
// badly on long runs without whitespace, so text is cut at whitespace (or
// hard at this size).
const chunkSize = 16 << 10

var setLoader sync.Once

// Counter counts tokens with one encoding. It is safe for concurrent use.
type Counter struct {
	name string

	// Native counting: split, ranks and cache; split is nil otherwise.
	split *splitter
	ranks *vocab
	cache *cache
	// memos holds the memos of counted text (see memo) that no count is
	// using.
	memos memos

	enc *tiktoken.Tiktoken // the other encodings
}

var (
	mu       sync.Mutex
	counters = map[string]*Counter{}
)

// New returns the counter for encoding (e.g. "o200k_base", "cl100k_base"),
// loading its table once per process.
func New(encoding string) (*Counter, error) {
	if encoding == "" {
		encoding = DefaultEncoding
	}
	mu.Lock()
	defer mu.Unlock()
	if c, ok := counters[encoding]; ok {
		return c, nil
	}
	c := &Counter{name: encoding}
	switch encoding {
	case "o200k_base", "cl100k_base":
		v, err := loadVocab(encoding)
		if err != nil {
			return nil, fmt.Errorf("tokens: load %s: %w", encoding, err)
		}
		c = newNative(encoding, v)
	default:
		setLoader.Do(func() { tiktoken.SetBpeLoader(loader.NewOfflineLoader()) })
		enc, err := tiktoken.GetEncoding(encoding)
		if err != nil {
			return nil, fmt.Errorf("tokens: load %s: %w", encoding, err)
		}
		c.enc = enc
	}
	counters[encoding] = c
	return c, nil
}

// newNative returns a counter of encoding with rank table v, counted here.
func newNative(encoding string, v *vocab) *Counter {
	c := &Counter{name: encoding, split: newSplitter(encoding == "o200k_base"), ranks: v, cache: newCache()}
	return c
}

//go:generate go test -run TestFlatTable -update-table .

// o200kFlat is o200k_base's rank table in the flat form (see vocab),
// generated from tiktoken-go-loader's rank file, which is MIT licensed.
//
//go:embed o200k_base.flat
var o200kFlat string

// loadVocab returns encoding's rank table: o200k_base's is embedded ready to
// use; others are built from their rank file.
func loadVocab(encoding string) (*vocab, error) {
	if encoding == "o200k_base" {
		return loadFlat(unsafe.Slice(unsafe.StringData(o200kFlat), len(o200kFlat)))
	}
	flat, err := buildFromAsset(encoding)
	if err != nil {
		return nil, err
	}
	return loadFlat(flat)
}

// buildFromAsset builds the flat form of encoding from tiktoken-go-loader's
// embedded rank file.
func buildFromAsset(encoding string) ([]byte, error) {
	data, err := assets.Assets.ReadFile(encoding + ".tiktoken")
	if err != nil {
		return nil, err
	}
	entries, err := parseRanks(data)
	if err != nil {
		return nil, err
	}
	return buildFlat(entries)
}

// Name is the encoding's name, reported as the result's tokenizer.
func (c *Counter) Name() string { return c.name }

// Count returns the number of tokens in text. Special-token strings are
// counted as ordinary text, never rejected.
func (c *Counter) Count(text string) int {
	n, _ := c.CountContext(context.Background(), text)
	return n
}

// CountContext is Count that gives up, returning ctx's error, once ctx is
// done; it looks at ctx every checkEvery bytes.
func (c *Counter) CountContext(ctx context.Context, text string) (n int, err error) {
	if c.split == nil {
		return c.countChunked(ctx, text)
	}
	m := c.memos.get()
	defer c.memos.put(m)
	n, _, err = c.countParts(ctx, m, text)
	return n, err
}

// countParts counts text, its last part with memo m, and returns that part.
// Large texts are counted in parts on several cores. Each part starts
// where a piece surely starts, so the parts' pieces are the text's.
func (c *Counter) countParts(ctx context.Context, m *memo, text string) (n int, last string, err error) {
	procs := min(runtime.GOMAXPROCS(0), len(text)/parallelPart)
	if procs < 2 {
		n, err = c.count(ctx, m, text)
		return n, text, err
	}
	var parts []string
	for k := procs; k > 1; k-- {
		cut := pieceStart(text, len(text)/k)
		if cut < 0 {
			break
		}
		parts = append(parts, text[:cut])
		text = text[cut:]
	}
	counts := make([]int, len(parts))
	var wg sync.WaitGroup
	for k, p := range parts {
		wg.Go(func() {
			pm := c.memos.get()
			counts[k], _ = c.count(ctx, pm, p)
			c.memos.put(pm)
		})
	}
	n, err = c.count(ctx, m, text)
	wg.Wait()
	for _, k := range counts {
		n += k
	}
	if err == nil {
		err = ctx.Err()
	}
	return n, text, err
}

// A Tally counts a text and then texts made from it, an original and then
// its compressed form: a span of the text counted before (spans count the
// same wherever they are, see count) is looked up, not counted again, and
// most of a compressed text is copied from its original. A Tally is used by
// one goroutine at a time; one that hands it to another synchronises with
// it (a channel send will do). Close gives its memory back.
type Tally struct {
	c *Counter
	m *memo // nil for the encodings tiktoken-go counts
}

// Tally returns a new tally of c.
func (c *Counter) Tally() *Tally {
	t := &Tally{c: c}
	if c.split != nil {
		t.m = c.memos.get()
	}
	return t
}

// Count is c.CountContext(ctx, text) that remembers text's spans for the
// next call and looks up those of the text before.
func (t *Tally) Count(ctx context.Context, text string) (n int, err error) {
	if t.m == nil {
		return t.c.CountContext(ctx, text)
	}
	n, t.m.prev, err = t.c.countParts(ctx, t.m, text)
	return n, err
}

// Close ends the tally; it must not be used after.
func (t *Tally) Close() {
	if t.m != nil {
		t.m.prev = ""
		t.c.memos.put(t.m)
		t.m = nil
	}
}

// checkEvery is how much text is counted between looks at the context.
const checkEvery = 64 << 10

// parallelPart is the least text worth counting on a core of its own.
const parallelPart = 256 << 10

// pieceStart returns the first offset at or after i where a pre-tokenizer
// piece starts whatever precedes it: an ASCII letter after a newline (in
// both encodings' patterns, a newline is only followed, within a piece, by
// whitespace, newlines or '/'), or -1 if there is none.
func pieceStart(s string, i int) int {
	for i < len(s) {
		j := strings.IndexByte(s[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		if i < len(s) && (s[i]|0x20 >= 'a' && s[i]|0x20 <= 'z') {
			return i
		}
	}
	return -1
}

// count counts text on one core with memo m: o200k_base's with
// countO200k, cl100k_base's as follows.
//
// Text is cut into spans at offsets where a piece surely starts and the
// piece before surely ends, whatever the text around (see spanEnd), so a
// span counts the same alone as in its text. Tool output repeats its spans
// (a log's levels and words, a table's cells, whole paths): a short span is
// counted from the memo's cache in one lookup, a longer one that this text
// has had before by comparing it with that one. The spans it misses are cut
// into pieces, which repeat even more and are cached the same way.
func (c *Counter) count(ctx context.Context, m *memo, text string) (n int, err error) {
	if c.split.o200k {
		return c.countO200k(ctx, m, text)
	}
	valid := utf8.ValidString(text)
	m.begin(len(text), false)
	pc := &m.short
	b := unsafe.Slice(unsafe.StringData(text), len(text))
	check := checkEvery
	for i := 0; i < len(text); {
		if i >= check {
			if err := ctx.Err(); err != nil {
				return n, err
			}
			check = i + checkEvery
		}
		e := spanEnd(text, i)
		switch {
		case e-i == 1:
			n++ // every byte is a token
		case e-i <= shortPiece:
			lo, hi := pieceKey(b, i, e)
			hi |= spanKey
			k, ok := pc.get(lo, hi)
			if !ok {
				k = c.countPieces(pc, b, i, e, valid)
				pc.put(lo, hi, k)
			}
			n += k
		default:
			k, h := m.long(text, i, e)
			if k < 0 {
				k = c.countPieces(pc, b, i, e, valid)
				m.remember(i, e, h, k)
			}
			n += k
		}
		i = e
	}
	return n, nil
}

// countPieces counts the pieces of cl100k_base's text b[i:e].
func (c *Counter) countPieces(pc *pieces, b []byte, i, e int, valid bool) (n int) {
	text := unsafe.String(unsafe.SliceData(b), e)
	for i < e {
		p := c.split.nextCL100k(text, i)
		if p-i == 1 {
			n++ // every byte is a token
		} else {
			n += c.longerPiece(pc, b, i, p, valid)
		}
		i = p
	}
	return n
}

// spanEnd returns the end of the span that starts at s[i], i < len(s): the
// first offset p > i where
//   - s[p] is a space and s[p-1] an ASCII byte that is not \s: no piece of
//     either pattern holds a non-space then a space (a word's prefix comes
//     before a letter, a punctuation run is followed only by [\r\n/] in
//     o200k_base's pattern and [\r\n] in cl100k_base's);
//   - or s[p-1] is a newline and s[p] an ASCII byte that is neither \s nor
//     '/': a newline is followed, within a piece, only by those;
//
// or len(s). Neither pattern looks at a piece's text beyond the byte that
// ends it, so the span counts the same alone as in s (TestSpans checks it).
func spanEnd(s string, i int) int {
	// Only a space, or the byte after a newline, can start a span: the
	// loop looks for those eight bytes at a time.
	p := i
	for ; p+8 <= len(s); p += 8 {
		w := binary.LittleEndian.Uint64(b8(s, p))
		for m := zeroBytes(w^lsb*' ') | zeroBytes(w^lsb*'\n'); m != 0; m &= m - 1 {
			q := p + bits.TrailingZeros64(m)>>3
			if s[q] == ' ' {
				if q > i && spanClass[s[q-1]]&(1<<4) != 0 {
					return q
				}
			} else if q+1 == len(s) || spanClass[s[q+1]]&2 != 0 {
				return q + 1
			}
		}
	}
	prev := uint8(0)
	if p > i {
		prev = spanClass[s[p-1]] >> 4
	}
	for ; p < len(s); p++ {
		c := spanClass[s[p]]
		if c&prev&spanCut != 0 {
			return p
		}
		prev = c >> 4
	}
	return len(s)
}

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// zeroBytes marks with its top bit each byte of w that is zero: adding 0x7f
// to a byte's low seven bits sets its top bit unless they are all zero.
func zeroBytes(w uint64) uint64 {
	const low7 = ^uint64(msb)
	return ^(w&low7 + low7 | w) & msb
}

// b8 is the eight bytes of s at i.
func b8(s string, i int) []byte { return unsafe.Slice(unsafe.StringData(s[i:i+8]), 8) }

// spanClass holds, in its low bits, what a byte is as the first of a span
// (a space; an ASCII byte neither \s nor '/') and in its high bits, what it
// is as the last byte before one (an ASCII byte not \s; a newline).
var spanClass = func() (t [256]uint8) {
	for b := range utf8.RuneSelf {
		space := asciiKind[b] == aSpace || asciiKind[b] == aNewline
		if b == ' ' {
			t[b] |= 1
		}
		if !space && b != '/' {
			t[b] |= 2
		}
		if !space {
			t[b] |= 1 << 4
		}
		if b == '\n' {
			t[b] |= 2 << 4
		}
	}
	return t
}()

const spanCut = 3

// pieceKey packs b[i:e], 2 <= e-i <= shortPiece, as a pieceSlot without its
// count.
func pieceKey(b []byte, i, e int) (lo, hi uint64) {
	n := e - i
	if i+16 <= len(b) {
		w := b[i : i+16 : i+16]
		lo, hi = binary.LittleEndian.Uint64(w), binary.LittleEndian.Uint64(w[8:])
	} else {
		var buf [16]byte
		copy(buf[:], b[i:e])
		lo, hi = binary.LittleEndian.Uint64(buf[:]), binary.LittleEndian.Uint64(buf[8:])
	}
	m := &keyMasks[n&15]
	return lo & m[0], hi&m[1] | uint64(n)<<56
}

// keyMasks[n] keeps a piece's n bytes of the two words loaded from its
// start.
var keyMasks = func() (t [16][2]uint64) {
	for n := range t {
		t[n][0] = ^uint64(0) >> (64 - 8*min(n, 8))
		t[n][1] = 1<<(8*max(n-8, 0)) - 1
	}
	return t
}()

// slotOf is the first slot of a piece's set.
func (pc *pieces) slotOf(lo, hi uint64) uint32 {
	return uint32(((lo^hi*0x9E3779B97F4A7C15)*0xC2B2AE3D27D4EB4F)>>pc.shift) &^ 1
}

// countPiece counts one pre-tokenizer piece; valid says the whole text is
// valid UTF-8.
func (c *Counter) countPiece(p string, valid bool) (n int) {
	for len(p) > maxPiece {
		cut := runeCut(p, maxPiece)
		n += c.countPiece(p[:cut], valid)
		p = p[cut:]
	}
	if !valid && !utf8.ValidString(p) {
		p = replaceInvalid(p)
	}
	if len(p) == 1 {
		return n + 1 // every byte is a token
	}
	if c.ranks.has(p) {
		return n + 1
	}
	key := p
	if len(p) > maxCachedSize {
		if p[1:] != p[:len(p)-1] {
			return n + mergeCount(c.ranks, p)
		}
		key = runKey(p)
	}
	if k, ok := c.cache.get(key); ok {
		return n + k
	}
	k := mergeCount(c.ranks, p)
	c.cache.put(key, k)
	return n + k
}

// runKey is the cache's key of a long piece of one byte repeated (the
// padding of a table, a rule of dashes), whose merge is the slowest a piece
// has: 0xff, which no cached piece holds (they are valid UTF-8), the byte
// and the length.
func runKey(p string) string {
	return string(binary.AppendUvarint([]byte{0xff, p[0]}, uint64(len(p))))
}

// runeCut returns a cut at or just before max that does not split a rune.
func runeCut(s string, max int) int {
	for i := max; i > max-utf8.UTFMax && i > 0; i-- {
		if utf8.RuneStart(s[i]) {
			return i
		}
	}
	return max
}

// replaceInvalid turns each byte of s that is not part of a valid UTF-8
// sequence into U+FFFD, as converting to []rune and back does.
func replaceInvalid(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteString(string(utf8.RuneError))
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// countChunked counts with tiktoken-go, chunk by chunk.
func (c *Counter) countChunked(ctx context.Context, text string) (n int, err error) {
	for len(text) > 0 {
		if err := ctx.Err(); err != nil {
			return n, err
		}
		cut := len(text)
		if cut > chunkSize {
			cut = splitPoint(text, chunkSize)
		}
		n += len(c.enc.EncodeOrdinary(text[:cut]))
		text = text[cut:]
	}
	return n, nil
}

// splitPoint returns a cut at or before max that falls just after a newline
// or space, so chunking changes the count as little as possible; a run with no
// whitespace is cut at a UTF-8 boundary.
func splitPoint(text string, max int) int {
	for i := max; i > max/2; i-- {
		if text[i-1] == '\n' {
			return i
		}
	}
	for i := max; i > max/2; i-- {
		if text[i] == ' ' {
			return i
		}
	}
	i := max
	for i > 0 && text[i]&0xC0 == 0x80 {
		i--
	}
	if i == 0 {
		return max
	}
	return i
}
