package store

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"sync/atomic"
	"unicode"
)

// Id lengths: models copy 12 hex characters reliably; 64 is the whole hash.
const (
	MinIDLen  = 12
	fullIDLen = sha256.Size * 2
)

// NormalizeID turns what a model or person typed into a lower-case hex id.
// It drops surrounding whitespace and punctuation and whatever precedes the
// last '=', ':', '/' or space (a label such as "id=" or "ccr:", a URL path,
// a whole marker), so `[AB12…]`, `"ab12…",`, `id=ab12…` and `ccr:AB12…`
// all work. What remains must be 12
// to 64 hex digits, else the error wraps ErrBadID.
func NormalizeID(s string) (string, error) {
	id := trimNonAlnum(s)
	// A label or path ends at the last '=', ':', '/' or space; the id
	// follows it.
	if i := strings.LastIndexAny(id, "=:/ \t"); i >= 0 {
		id = trimNonAlnum(id[i+1:])
	}
	if len(id) < MinIDLen || len(id) > fullIDLen {
		return "", fmt.Errorf("%w: %s: want %d to %d hex digits", ErrBadID, quoteShort(s), MinIDLen, fullIDLen)
	}
	b := []byte(id)
	for i, c := range b {
		switch {
		case '0' <= c && c <= '9', 'a' <= c && c <= 'f':
		case 'A' <= c && c <= 'F':
			b[i] = c + ('a' - 'A')
		default:
			return "", fmt.Errorf("%w: %s: not hexadecimal", ErrBadID, quoteShort(s))
		}
	}
	return string(b), nil
}

func trimNonAlnum(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// quoteShort quotes user input for an error message without echoing a
// megabyte of it back.
func quoteShort(s string) string {
	const limit = 40
	if len(s) > limit {
		return fmt.Sprintf("%q…", s[:limit])
	}
	return fmt.Sprintf("%q", s)
}

// hashOf is the full content address of an original.
func hashOf(original []byte) string {
	sum := sha256.Sum256(original)
	return hex.EncodeToString(sum[:])
}

// verify checks an original read back against the hash it is stored
// under: a damaged store must give an error, never wrong bytes.
func verify(hash string, original []byte) error {
	if crafted.Load() {
		return nil
	}
	if got := hashOf(original); got != hash {
		return fmt.Errorf("%w: the original stored as %s has content id %s: the stored bytes are damaged", ErrCorrupt, hash[:MinIDLen], got[:MinIDLen])
	}
	return nil
}

// crafted turns verify off for tests that store originals under crafted
// hashes (see export_test.go); never set outside tests.
var crafted atomic.Bool

// assignID picks the id shown for hash: its 12-character prefix unless
// owner reports that prefix taken by a different hash, then the shortest
// longer prefix that is free (or already its own).
func assignID(hash string, owner func(prefix string) (string, error)) (string, error) {
	for n := MinIDLen; n <= len(hash); n++ {
		h, err := owner(hash[:n])
		if err != nil {
			return "", err
		}
		if h == "" || h == hash {
			return hash[:n], nil
		}
	}
	// Only reachable if owner maps the full hash to another hash.
	return "", fmt.Errorf("store: id table corrupt for %s", hash)
}

// resolveID finds the hash that id names: some assigned id is a prefix of
// id (or equal to it) and id is a prefix of that id's hash. Requiring the
// assigned id to be a prefix stops a 12-character id whose original expired
// from resolving to a different original that shares those 12 characters.
// An exact match wins, so a shown id always resolves to its own original.
func resolveID(id string, owner func(prefix string) (string, error)) (string, error) {
	found := ""
	for n := len(id); n >= MinIDLen; n-- {
		h, err := owner(id[:n])
		if err != nil {
			return "", err
		}
		if h == "" || !strings.HasPrefix(h, id) || h == found {
			continue
		}
		if n == len(id) {
			return h, nil
		}
		if found != "" {
			return "", fmt.Errorf("%w: %s", ErrAmbiguous, id)
		}
		found = h
	}
	if found == "" {
		return "", fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	return found, nil
}
