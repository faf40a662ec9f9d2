// Package tokens counts model tokens the way the result object reports them:
// o200k_base by default, loaded from the embedded tables of
// tiktoken-go-loader so it works offline.
package tokens

import (
	"fmt"
	"sync"

	tiktoken "github.com/pkoukk/tiktoken-go"
	loader "github.com/pkoukk/tiktoken-go-loader"
)

// DefaultEncoding is the encoding used when none is named.
const DefaultEncoding = "o200k_base"

// chunkSize bounds the text handed to the BPE at once. tiktoken-go's
// pre-tokenizer is a backtracking regexp whose cost grows badly on long runs
// without whitespace, so text is cut at whitespace (or hard at this size).
const chunkSize = 16 << 10

var setLoader sync.Once

// Counter counts tokens with one encoding. It is safe for concurrent use.
type Counter struct {
	name string
	enc  *tiktoken.Tiktoken
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
	setLoader.Do(func() { tiktoken.SetBpeLoader(loader.NewOfflineLoader()) })
	mu.Lock()
	defer mu.Unlock()
	if c, ok := counters[encoding]; ok {
		return c, nil
	}
	enc, err := tiktoken.GetEncoding(encoding)
	if err != nil {
		return nil, fmt.Errorf("tokens: load %s: %w", encoding, err)
	}
	c := &Counter{name: encoding, enc: enc}
	counters[encoding] = c
	return c, nil
}

// Name is the encoding's name, reported as the result's tokenizer.
func (c *Counter) Name() string { return c.name }

// Count returns the number of tokens in text. Special-token strings are
// counted as ordinary text, never rejected.
func (c *Counter) Count(text string) (n int) {
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
