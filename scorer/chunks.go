package scorer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"unicode/utf8"
	"unsafe"
)

// proseChunk bounds the text scored at once: memory then grows with the
// chunk, not with the input (a 100 MB single-line input stays a few times
// its size). Cuts fall at line breaks, else at spaces, so words are whole.
const proseChunk = 1 << 20

// CompressChunks compresses part with s in chunks of at most proseChunk
// bytes, falling back to the heuristic when s fails (a model that is
// unavailable or misses the request's deadline). It returns the name of the
// scorer that produced the text and, after a fallback, a warning saying so.
func CompressChunks(ctx context.Context, s Scorer, part []byte, co CompressOptions) (out []byte, name, warn string, err error) {
	out = make([]byte, 0, len(part)) // the output is never longer than the input
	for len(part) > 0 {
		n := cutPoint(part, proseChunk)
		chunk := unsafe.String(unsafe.SliceData(part), n) // read-only view of the input
		part = part[n:]
		text, st, err := Compress(ctx, s, chunk, co)
		if st.MissedWindows > 0 {
			warn = joinWarnings(warn, fmt.Sprintf("scorer %s: %d of %d windows missed the deadline; the heuristic scored them", s.Name(), st.MissedWindows, st.Windows))
		}
		if err != nil && s.Name() != "heuristic" {
			if ctx.Err() != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return nil, "", warn, ctx.Err()
			}
			warn = joinWarnings(warn, fmt.Sprintf("scorer %s failed (%v); used heuristic", s.Name(), err))
			s = Heuristic()
			text, _, err = Compress(context.WithoutCancel(ctx), s, chunk, co)
		}
		if err != nil {
			return nil, "", warn, err
		}
		out = append(out, text...)
	}
	return out, s.Name(), warn, nil
}

// cutPoint returns where to end a chunk of at most max bytes of b: after
// its last line break, else after its last space, else at max (on a UTF-8
// boundary).
func cutPoint(b []byte, max int) int {
	if len(b) <= max {
		return len(b)
	}
	if i := bytes.LastIndexByte(b[:max], '\n'); i > 0 {
		return i + 1
	}
	if i := bytes.LastIndexByte(b[:max], ' '); i > 0 {
		return i + 1
	}
	for max > 0 && !utf8.RuneStart(b[max]) {
		max--
	}
	return max
}

func joinWarnings(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}
