package tokencount

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"sync/atomic"
	"unsafe"
)

// vocab is the rank table in a flat form that needs no building: a hash
// table of 8-byte slots, each holding a token's rank, where its bytes are
// and the top bits of its hash, over the tokens' bytes laid end to end in
// rank order. A lookup reads a few slots and the token's bytes, and a
// process loads the table without a pass over it. For o200k_base the whole
// form is generated (go generate, from tiktoken-go-loader's file) and
// embedded; other encodings build the same form from their rank file on
// first use.
//
// The table is linear probing with its slots in hash order: a token's slot
// is its home (its hash's top bits) or after it, and the tokens are laid
// out in the order of their hashes' top prefixBits, each in the first free
// slot from its home on, with no wrapping round (an empty slot ends the
// table). So a lookup stops at the first slot whose hash bits are above its
// key's: a string that is no token costs about as few slots as a token
// (linear probing at this load otherwise reads about ten).
type vocab struct {
	slots []byte // 8 bytes per slot, little endian (see the slot bits); 0 is empty
	home  uint   // a hash's top home bits are its home slot: 64-home is log2 of the home slots
	blob  string // the tokens' bytes in rank order
	max   int    // the longest token's length: longer strings need no lookup

	// pairs caches the ranks of two-byte strings, most of a merge's
	// lookups, as rank+1 (0: not looked up yet; -1: not a token). Filled
	// as they are met, it costs no start-up.
	pairs *[1 << 16]atomic.Int32
}

// A slot packs, from its low bits: rank+1, the token's offset in blob, its
// length-1 and the top prefixBits of its hash.
const (
	rankBits    = 18
	rankMask    = 1<<rankBits - 1
	offBits     = 21
	offShift    = rankBits
	lenBits     = 7
	lenShift    = offShift + offBits
	prefixShift = lenShift + lenBits
	prefixBits  = 64 - prefixShift
)

// entry is one token of an encoding and its rank.
type entry struct {
	tok  string
	rank int32
}

// flat is the serialised vocab: a header, then the slots and the tokens'
// bytes.
//
//	"ktk3" | tokens uint32 | log2(home slots) uint32 | longest uint32 | token bytes uint32 | slots uint32
const (
	flatMagic  = "ktk3"
	flatHeader = 24
)

// buildFlat lays entries out in the flat form. Ranks must be 0..n-1, each
// once, tokens 1 to 1<<lenBits bytes; the home slots are at most four
// fifths full.
func buildFlat(entries []entry) ([]byte, error) {
	n := len(entries)
	if n >= rankMask {
		return nil, fmt.Errorf("%d tokens: too many", n)
	}
	toks := make([]string, n)
	for _, e := range entries {
		if e.rank < 0 || int(e.rank) >= n || toks[e.rank] != "" {
			return nil, fmt.Errorf("ranks are not 0..%d, each once (rank %d)", n-1, e.rank)
		}
		if len(e.tok) == 0 || len(e.tok) > 1<<lenBits {
			return nil, fmt.Errorf("token of rank %d has %d bytes", e.rank, len(e.tok))
		}
		toks[e.rank] = e.tok
	}
	logSlots := 1
	for 4<<logSlots < 5*n {
		logSlots++
	}
	if logSlots > prefixBits {
		return nil, fmt.Errorf("%d tokens: too many", n)
	}
	longest, size := 0, 0
	offs := make([]int, n)
	for r, t := range toks {
		offs[r] = size
		longest, size = max(longest, len(t)), size+len(t)
	}
	if size >= 1<<offBits {
		return nil, fmt.Errorf("%d bytes of tokens: too many", size)
	}
	// The tokens in the order of their prefixes (a counting sort), each
	// in the first free slot from its home.
	byRank := make([]uint64, n)
	starts := make([]int32, 1<<prefixBits+1)
	for r, t := range toks {
		h := hashOf(t)
		byRank[r] = h>>prefixShift<<prefixShift | uint64(len(t)-1)<<lenShift | uint64(offs[r])<<offShift | uint64(r+1)
		starts[h>>prefixShift+1]++
	}
	for p := 1; p < len(starts); p++ {
		starts[p] += starts[p-1]
	}
	order := make([]uint64, n)
	for _, sl := range byRank {
		p := sl >> prefixShift
		order[starts[p]] = sl
		starts[p]++
	}
	home := uint(64 - logSlots)
	// Where each goes, then the slots: up to the last one used and an
	// empty one that ends them, and at least the home slots and that one.
	nslots := 0
	for _, sl := range order {
		nslots = max(nslots, int(hashHome(sl, home))) + 1
	}
	nslots = max(nslots+1, 1<<logSlots+1)
	out := make([]byte, flatHeader+8*nslots, flatHeader+8*nslots+size)
	copy(out, flatMagic)
	binary.LittleEndian.PutUint32(out[4:], uint32(n))
	binary.LittleEndian.PutUint32(out[8:], uint32(logSlots))
	binary.LittleEndian.PutUint32(out[12:], uint32(longest))
	binary.LittleEndian.PutUint32(out[16:], uint32(size))
	binary.LittleEndian.PutUint32(out[20:], uint32(nslots))
	at := 0
	for _, sl := range order {
		at = max(at, int(hashHome(sl, home)))
		binary.LittleEndian.PutUint64(out[flatHeader+8*at:], sl)
		at++
	}
	for _, t := range toks {
		out = append(out, t...)
	}
	return out, nil
}

// hashHome is the home slot of a slot's token.
func hashHome(sl uint64, home uint) uint64 { return sl >> prefixShift >> (prefixBits - (64 - home)) }

// loadFlat reads the flat form; the vocab keeps pointing into data, which
// must not change.
func loadFlat(data []byte) (*vocab, error) {
	if len(data) < flatHeader || string(data[:4]) != flatMagic {
		return nil, errors.New("not a flat rank table")
	}
	n := int(binary.LittleEndian.Uint32(data[4:]))
	logSlots := int(binary.LittleEndian.Uint32(data[8:]))
	longest := int(binary.LittleEndian.Uint32(data[12:]))
	size := int(binary.LittleEndian.Uint32(data[16:]))
	nslots := int(binary.LittleEndian.Uint32(data[20:]))
	if logSlots < 1 || logSlots > prefixBits || n >= rankMask || longest > 1<<lenBits || size >= 1<<offBits ||
		nslots <= 1<<logSlots || nslots > 1<<logSlots+n+1 {
		return nil, errors.New("flat rank table: bad header")
	}
	rest := data[flatHeader:]
	if len(rest) != 8*nslots+size {
		return nil, errors.New("flat rank table: truncated or too long")
	}
	if binary.LittleEndian.Uint64(rest[8*(nslots-1):]) != 0 {
		// A lookup runs to an empty slot: the last one must be.
		return nil, errors.New("flat rank table: no end")
	}
	blob := rest[8*nslots:]
	return &vocab{
		slots: rest[:8*nslots], home: uint(64 - logSlots), max: longest,
		blob:  unsafe.String(unsafe.SliceData(blob), len(blob)),
		pairs: new([1 << 16]atomic.Int32),
	}, nil
}

// hashOf hashes a token; the flat form's layout depends on it, so changing
// it means regenerating the embedded table.
func hashOf(s string) uint64 {
	const k0, k1 = 0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F
	h := uint64(len(s)) * k0
	b := unsafe.Slice(unsafe.StringData(s), len(s))
	for len(b) >= 8 {
		h = (h ^ binary.LittleEndian.Uint64(b)) * k1
		h ^= h >> 31
		b = b[8:]
	}
	h = (h ^ tailWord(b)) * k1
	return h ^ h>>29
}

// tailWord is the word hashOf mixes in last, of the up to seven bytes b
// after its eight-byte words. Each of b's bytes is in it, so for a given
// length it is b's bytes in another order: two strings of fewer than eight
// bytes and the same length are equal if their tail words are.
func tailWord(b []byte) uint64 {
	switch n := len(b); {
	case n >= 4:
		return uint64(binary.LittleEndian.Uint32(b)) | uint64(binary.LittleEndian.Uint32(b[n-4:]))<<32
	case n > 0:
		return uint64(b[0]) | uint64(b[n/2])<<8 | uint64(b[n-1])<<16
	}
	return 0
}

// parseRanks reads a .tiktoken rank file: lines of a base64 token, a space
// and its rank. All tokens share one string, so loading costs a few large
// allocations instead of one per token (and no map of 200k strings): it is
// most of the start-up of a short run.
func parseRanks(data []byte) ([]entry, error) {
	arena := make([]byte, 0, base64.StdEncoding.DecodedLen(len(data)))
	type span struct{ off, n, rank int32 }
	spans := make([]span, 0, bytes.Count(data, []byte{'\n'})+1)
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if len(line) > 0 && line[len(line)-1] == '\r' {
			line = line[:len(line)-1]
		}
		if len(line) == 0 {
			continue
		}
		sp := bytes.IndexByte(line, ' ')
		if sp < 0 {
			return nil, fmt.Errorf("bad rank line %q", line)
		}
		b64, num := line[:sp], line[sp+1:]
		off := len(arena)
		n, err := base64.StdEncoding.Decode(arena[off:off+base64.StdEncoding.DecodedLen(len(b64))], b64)
		if err != nil {
			return nil, fmt.Errorf("bad token %q: %w", b64, err)
		}
		arena = arena[:off+n]
		rank, err := parseRank(num)
		if err != nil {
			return nil, fmt.Errorf("bad rank line %q", line)
		}
		spans = append(spans, span{int32(off), int32(n), rank})
	}
	all := unsafe.String(unsafe.SliceData(arena), len(arena)) // arena is not written again
	entries := make([]entry, len(spans))
	for i, s := range spans {
		entries[i] = entry{tok: all[s.off : s.off+s.n], rank: s.rank}
	}
	return entries, nil
}

func parseRank(b []byte) (int32, error) {
	if len(b) == 0 || len(b) > 9 {
		return 0, errBadRank
	}
	var r int32
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, errBadRank
		}
		r = r*10 + int32(c-'0')
	}
	return r, nil
}

var errBadRank = errors.New("bad rank")

// rank returns the rank of token s, or noRank.
func (v *vocab) rank(s string) int32 {
	if len(s) == 2 {
		p := &v.pairs[uint16(s[0])<<8|uint16(s[1])]
		switch r := p.Load(); r {
		case 0:
		case -1:
			return noRank
		default:
			return r - 1
		}
		r := v.lookup(s)
		if r == noRank {
			p.Store(-1)
		} else {
			p.Store(r + 1)
		}
		return r
	}
	return v.lookup(s)
}

// pairSlot is the pair cache's value for the two bytes a, b (see pairs),
// after looking them up if no one has yet: rank+1 for a token, -1 for none.
func (v *vocab) pairSlot(a, b byte) int32 {
	if r := v.pairs[uint16(a)<<8|uint16(b)].Load(); r != 0 {
		return r
	}
	v.rank(string([]byte{a, b}))
	return v.pairs[uint16(a)<<8|uint16(b)].Load()
}

// lookup is rank in the hash table.
func (v *vocab) lookup(s string) int32 {
	if len(s) > v.max || len(s) == 0 {
		return noRank
	}
	// A string of under eight bytes, most of those a merge looks up, is
	// hashed here and compared by its tail word, without a call.
	var h, tw uint64
	short := len(s) < 8
	if short {
		const k0, k1 = 0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F
		tw = tailWord(unsafe.Slice(unsafe.StringData(s), len(s)))
		h = (uint64(len(s))*k0 ^ tw) * k1
		h ^= h >> 29
	} else {
		h = hashOf(s)
	}
	// A slot whose prefix and length are s's is read further; one whose
	// prefix is above s's ends the search (see vocab).
	want := h>>prefixShift<<prefixShift | uint64(len(s)-1)<<lenShift
	// The slots end with an empty one, and every slot from a home on up
	// to it is in the table: the loads need no bounds check, most of a
	// probe's work.
	slots := unsafe.Pointer(unsafe.SliceData(v.slots))
	for i := uintptr(h >> v.home); ; i++ {
		sl := binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(slots, 8*i))[:])
		if sl == 0 || sl > want|(1<<prefixShift-1) {
			return noRank
		}
		if sl&^(1<<lenShift-1) == want {
			off := int(sl >> offShift & (1<<offBits - 1))
			tok := v.blob[off : off+len(s)]
			if short && tailWord(unsafe.Slice(unsafe.StringData(tok), len(tok))) == tw || !short && tok == s {
				return int32(sl&rankMask - 1)
			}
		}
	}
}

// has reports whether s is a token.
func (v *vocab) has(s string) bool { return v.rank(s) != noRank }
