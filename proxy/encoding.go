package proxy

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/zstd"
)

// Request bodies a client compressed (Content-Encoding gzip, deflate, zstd
// or br; Codex CLI sends zstd) are decoded so their tool results can be
// compressed, and a body the proxy changed goes upstream encoded the same
// way again, the header as the client sent it. A body that is unchanged
// goes as the client's own bytes. The encoders run at fixed settings, each
// body on one goroutine, so the same request gives the same upstream bytes.

// errCoding is a Content-Encoding the proxy cannot decode.
var errCoding = errors.New("unsupported content coding")

// codings lists the content codings of h in the order they were applied,
// without identity; an error names one the proxy does not know.
func codings(h http.Header) ([]string, error) {
	var cs []string
	for _, v := range h.Values("Content-Encoding") {
		for _, c := range strings.Split(v, ",") {
			switch c = strings.ToLower(strings.TrimSpace(c)); c {
			case "", "identity":
			case "gzip", "x-gzip", "deflate", "zstd", "br":
				cs = append(cs, c)
			default:
				return nil, fmt.Errorf("%w %q", errCoding, c)
			}
		}
	}
	return cs, nil
}

// decoder undoes content codings, to bodies of at most max bytes.
type decoder struct {
	max int64
	// zstd decodes whole frames, in memory bounded by max. One decoder
	// serves every request: a new one per request allocated 9 MB to
	// decode a 217 KB body (18 MB for an encoder), a shared one 0.2 MB.
	zstd func() (*zstd.Decoder, error)
}

func newDecoder(max int64) decoder {
	return decoder{max, sync.OnceValues(func() (*zstd.Decoder, error) {
		return zstd.NewReader(nil, zstd.WithDecoderMaxMemory(uint64(max)))
	})}
}

// decode undoes the codings cs of b, last applied first. A decoded body
// over max bytes is an error: the request then goes upstream untouched.
func (d decoder) decode(cs []string, b []byte) ([]byte, error) {
	for i := len(cs) - 1; i >= 0; i-- {
		var r io.Reader
		src := bytes.NewReader(b)
		switch cs[i] {
		case "gzip", "x-gzip":
			zr, err := gzip.NewReader(src)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", cs[i], err)
			}
			r = zr
		case "deflate":
			zr, err := zlib.NewReader(src)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", cs[i], err)
			}
			r = zr
		case "zstd":
			zd, err := d.zstd()
			if err == nil {
				b, err = zd.DecodeAll(b, nil)
			}
			if err != nil {
				return nil, fmt.Errorf("%s: %w", cs[i], err)
			}
			continue
		case "br":
			r = brotli.NewReader(src)
		}
		var out bytes.Buffer
		if _, err := out.ReadFrom(io.LimitReader(r, d.max+1)); err != nil {
			return nil, fmt.Errorf("%s: %w", cs[i], err)
		}
		if int64(out.Len()) > d.max {
			return nil, fmt.Errorf("%s: decoded body over %d bytes", cs[i], d.max)
		}
		b = out.Bytes()
	}
	return b, nil
}

// zstdEncoder encodes whole bodies for every request (see decoder.zstd).
var zstdEncoder = sync.OnceValues(func() (*zstd.Encoder, error) { return zstd.NewWriter(nil) })

// encodeBody applies the codings cs to b, in order.
func encodeBody(cs []string, b []byte) ([]byte, error) {
	for _, c := range cs {
		var out bytes.Buffer
		var w io.WriteCloser
		switch c {
		case "gzip", "x-gzip":
			w = gzip.NewWriter(&out)
		case "deflate":
			w = zlib.NewWriter(&out)
		case "zstd":
			zw, err := zstdEncoder()
			if err != nil {
				return nil, err
			}
			b = zw.EncodeAll(b, nil)
			continue
		case "br":
			// Level 5: brotli's best levels take seconds on a big request.
			w = brotli.NewWriterLevel(&out, 5)
		default:
			return nil, fmt.Errorf("%w %q", errCoding, c)
		}
		if _, err := w.Write(b); err != nil {
			return nil, err
		}
		if err := w.Close(); err != nil {
			return nil, err
		}
		b = out.Bytes()
	}
	return b, nil
}
