// Package tokencount counts model tokens the way the result object reports them:
// o200k_base by default, loaded from the embedded tables of
// tiktoken-go-loader so it works offline.
//
// Counts equal len(EncodeOrdinary(text)) of github.com/pkoukk/tiktoken-go,
// but o200k_base and cl100k_base are counted here, 15 to 20 times faster: a
// linear pre-tokenizer reproduces the encoding's split pattern (split.go),
// and each piece that is not itself a token is merged over the rank table
// (bpe.go), with the counts of repeated pieces cached (cache.go). Other
// encodings go through tiktoken-go.
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
	"fmt"
	"runtime"
	"strings"
	"sync"
	"unicode/utf8"

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
		data, err := assets.Assets.ReadFile(encoding + ".tiktoken")
		if err != nil {
			return nil, fmt.Errorf("tokens: load %s: %w", encoding, err)
		}
		entries, err := parseRanks(data)
		if err != nil {
			return nil, fmt.Errorf("tokens: load %s: %w", encoding, err)
		}
		c.split = newSplitter(encoding == "o200k_base")
		c.ranks = newVocab(entries)
		c.cache = newCache()
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

// Name is the encoding's name, reported as the result's tokenizer.
func (c *Counter) Name() string { return c.name }

// Count returns the number of tokens in text. Special-token strings are
// counted as ordinary text, never rejected.
func (c *Counter) Count(text string) (n int) {
	if c.split == nil {
		return c.countChunked(text)
	}
	procs := min(runtime.GOMAXPROCS(0), len(text)/parallelPart)
	if procs < 2 {
		return c.count(text)
	}
	// Large texts are counted in parts on several cores. Each part starts
	// where a piece surely starts, so the parts' pieces are the text's.
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
		wg.Go(func() { counts[k] = c.count(p) })
	}
	n = c.count(text)
	wg.Wait()
	for _, k := range counts {
		n += k
	}
	return n
}

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

// count counts text on one core.
func (c *Counter) count(text string) (n int) {
	valid := utf8.ValidString(text)
	for i := 0; i < len(text); {
		e := c.split.next(text, i)
		n += c.countPiece(text[i:e], valid)
		i = e
	}
	return n
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
	if len(p) > maxCachedSize {
		return n + mergeCount(c.ranks, p)
	}
	if k, ok := c.cache.get(p); ok {
		return n + k
	}
	k := mergeCount(c.ranks, p)
	c.cache.put(p, k)
	return n + k
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
func (c *Counter) countChunked(text string) (n int) {
	for len(text) > 0 {
		cut := len(text)
		if cut > chunkSize {
			cut = splitPoint(text, chunkSize)
		}
		n += len(c.enc.EncodeOrdinary(text[:cut]))
		text = text[cut:]
	}
	return n
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
