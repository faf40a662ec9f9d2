// Package proxy sits between an agent and its model API (Anthropic Messages,
// OpenAI Chat Completions, OpenAI Responses). It compresses the tool results
// in each request with a kompress Engine before forwarding it upstream with
// every header the client sent, and streams the response back as it comes.
//
// Only tool results change: user, system and assistant text is forwarded as
// sent. The request is edited in place, each compressed string spliced over
// the original's bytes, so key order, spacing and numbers stay as the client
// wrote them, and the same conversation gives the same upstream bytes (the
// engine is deterministic and results are cached by content), which keeps
// the provider's prompt cache valid. Bodies that are not JSON objects are
// forwarded untouched; upstream errors come back with their status and body.
//
// With Options.RetrieveTool, requests that declare tools and carry a
// kompress marker get a kompress_retrieve tool; the proxy answers the
// model's calls to it from the store and continues the turn upstream, so
// the client only ever sees its own tools (see retrieve.go).
package proxy

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/kompress/kompress/wire"
)

// Engine is the compression library as the proxy uses it.
type Engine interface {
	Compress(ctx context.Context, tenant string, req wire.CompressRequest) (wire.Result, error)
	Retrieve(ctx context.Context, tenant, id string) ([]byte, error)
}

// Defaults for zero Options fields.
const (
	DefaultMaxBody    = 64 << 20
	DefaultCacheBytes = 64 << 20
)

// Options configure a Proxy.
type Options struct {
	// Upstream is the API's base URL, e.g. https://api.anthropic.com; the
	// request's path is appended to its path.
	Upstream string
	// Engine compresses tool results and answers retrieve calls.
	Engine Engine
	// Tenant is the store namespace of the proxy's originals.
	Tenant string
	// RetrieveTool offers kompress_retrieve to the model and answers it.
	RetrieveTool bool
	// LosslessOnly compresses tool results with verified lossless folds only.
	LosslessOnly bool
	// Client sends upstream requests; nil means one without timeouts that
	// does not follow redirects (they go back to the client).
	Client *http.Client
	// MaxBody is the largest body the proxy reads to rewrite; larger ones
	// are forwarded untouched (DefaultMaxBody when zero).
	MaxBody int64
	// CacheBytes bounds the result cache (DefaultCacheBytes when zero).
	CacheBytes int64
	// Logger gets one debug line per request; never content or headers.
	Logger *slog.Logger
}

// Proxy is an http.Handler forwarding model API requests upstream.
type Proxy struct {
	opts     Options
	upstream *url.URL
	hc       *http.Client
	log      *slog.Logger
	results  *lru[result]
	flights  flights // compressions running now
	hidden   *lru[hiddenTurn]
	decoder  decoder // of request bodies the client encoded
}

// New returns a Proxy for opts.
func New(opts Options) (*Proxy, error) {
	u, err := wire.ParseBaseURL(opts.Upstream)
	if err != nil {
		return nil, fmt.Errorf("proxy: upstream: %w", err)
	}
	if opts.Engine == nil {
		return nil, errors.New("proxy: nil Engine")
	}
	if opts.MaxBody <= 0 {
		opts.MaxBody = DefaultMaxBody
	}
	if opts.CacheBytes <= 0 {
		opts.CacheBytes = DefaultCacheBytes
	}
	hc := opts.Client
	if hc == nil {
		hc = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Proxy{
		opts:     opts,
		upstream: u,
		hc:       hc,
		log:      log,
		results:  newLRU(opts.CacheBytes, func(r result) int64 { return int64(len(r.json)) }),
		hidden:   newLRU(opts.CacheBytes/4, func(h hiddenTurn) int64 { return int64(len(h.full) + len(h.outputs)) }),
		decoder:  newDecoder(opts.MaxBody),
	}, nil
}

// ServeHTTP forwards r upstream, rewriting the tool results of the model
// API routes it knows.
func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// Model responses stream for minutes: the service's write deadline is
	// for its own short answers, not for these.
	_ = http.NewResponseController(w).SetWriteDeadline(time.Time{})
	ctx := r.Context()

	body, err := readBody(r, p.opts.MaxBody)
	if err != nil {
		writeError(w, http.StatusBadRequest, "bad_request", "reading request body: "+err.Error())
		return
	}
	var rest io.Reader
	if int64(len(body)) > p.opts.MaxBody {
		// Too large to rewrite: forward as it is, streaming the rest.
		rest = r.Body
	}
	// A token count is counted on the request as it would be sent: its
	// tool results are compressed the same way (deterministic), so the
	// client's budget sees what the model will, and its answer is passed
	// back untouched.
	a, count, known := apiOf(r.Method, r.URL.Path)
	if known && rest != nil {
		p.log.Warn("proxy: request body forwarded untouched: over the rewrite limit", "api", a.String(), "limit_bytes", p.opts.MaxBody)
	}
	out, plain, injected, conversation := body, body, false, ""
	var cs []string
	if known && rest == nil {
		var rw rewrite
		out, plain, cs, rw = p.prepare(ctx, r.Header, a, body)
		injected, conversation = rw.injected && !count, rw.conversation
		p.log.Debug("proxy request", "api", a.String(), "tool_results", rw.results, "compressed", rw.compressed,
			"bytes_in", len(body), "bytes_out", len(out), "retrieve_tool", injected)
	}
	var reqBody io.Reader = bytes.NewReader(out)
	if rest != nil {
		reqBody = io.MultiReader(reqBody, rest)
	}
	up, err := http.NewRequestWithContext(ctx, r.Method, p.target(r.URL), reqBody)
	if err != nil {
		writeError(w, http.StatusBadGateway, "upstream_error", err.Error())
		return
	}
	copyHeader(up.Header, r.Header)
	if rest == nil {
		up.ContentLength = int64(len(out))
	} else {
		up.ContentLength = r.ContentLength
	}
	if injected {
		// The proxy reads this response; let the transport decompress it.
		up.Header.Del("Accept-Encoding")
	}
	resp, err := p.hc.Do(up)
	if err != nil {
		if ctx.Err() != nil {
			return // the client went away
		}
		writeError(w, http.StatusBadGateway, "upstream_unreachable", err.Error())
		return
	}
	defer resp.Body.Close()
	if injected && resp.StatusCode == http.StatusOK {
		u := upstreamRequest{up.URL.String(), up.Header, cs}
		switch {
		case a == anthropic && isEventStream(resp.Header):
			p.streamLive(ctx, w, a, &anthropicFilter{}, u, plain, conversation, resp)
		case a == chat && isEventStream(resp.Header):
			p.streamLive(ctx, w, a, &chatFilter{}, u, plain, conversation, resp)
		case a == responses && isEventStream(resp.Header):
			p.streamLive(ctx, w, a, &responsesFilter{}, u, plain, conversation, resp)
		default:
			p.intercept(ctx, w, a, u, plain, conversation, resp)
		}
		return
	}
	relay(w, resp)
}

// prepare rewrites the body of a model API request: out is what goes
// upstream, plain the same request decoded (what a continuation of the
// turn extends), cs the client's content codings. A body the proxy cannot
// read is forwarded as it came, with a warning saying why (never its text).
func (p *Proxy) prepare(ctx context.Context, h http.Header, a api, body []byte) (out, plain []byte, cs []string, rw rewrite) {
	untouched := func(why string, args ...any) ([]byte, []byte, []string, rewrite) {
		p.log.Warn("proxy: request body forwarded untouched: "+why, append([]any{"api", a.String(), "bytes", len(body)}, args...)...)
		return body, body, nil, rewrite{}
	}
	cs, err := codings(h)
	if err == nil && len(cs) > 0 {
		plain, err = p.decoder.decode(cs, body)
	} else {
		plain = body
	}
	if err != nil {
		return untouched("cannot decode it", "content_encoding", h.Values("Content-Encoding"), "error", err)
	}
	plain, rw = p.rewrite(ctx, a, plain)
	if rw.invalid != "" {
		return untouched(rw.invalid)
	}
	if !rw.changed {
		return body, plain, cs, rw
	}
	if out, err = encodeBody(cs, plain); err != nil {
		return untouched("cannot encode it again", "content_encoding", cs, "error", err)
	}
	return out, plain, cs, rw
}

// readBody reads at most max+1 bytes of r's body, into one buffer of the
// right size when the client said the length (io.ReadAll's doublings held
// about twice a big body, once per concurrent request).
func readBody(r *http.Request, max int64) ([]byte, error) {
	var buf bytes.Buffer
	if n := r.ContentLength; n > 0 && n <= max {
		buf.Grow(int(n) + bytes.MinRead)
	}
	_, err := buf.ReadFrom(io.LimitReader(r.Body, max+1))
	return buf.Bytes(), err
}

// target is the upstream URL for the client's request URL.
func (p *Proxy) target(in *url.URL) string {
	u := *p.upstream
	u.Path = strings.TrimRight(p.upstream.Path, "/") + in.Path
	u.RawPath = ""
	if in.RawPath != "" {
		u.RawPath = strings.TrimRight(p.upstream.EscapedPath(), "/") + in.RawPath
	}
	u.RawQuery = in.RawQuery
	return u.String()
}

// hopHeaders are connection-level headers a proxy does not forward
// (RFC 9110 section 7.6.1), plus the length, which the transport sets.
var hopHeaders = map[string]bool{
	"Connection": true, "Proxy-Connection": true, "Keep-Alive": true, "Proxy-Authenticate": true,
	"Proxy-Authorization": true, "Te": true, "Trailer": true, "Transfer-Encoding": true, "Upgrade": true,
	"Content-Length": true, "Expect": true, // the proxy has read the body already
}

func copyHeader(dst, src http.Header) {
	drop := map[string]bool{}
	for _, f := range src.Values("Connection") {
		for _, name := range strings.Split(f, ",") {
			drop[http.CanonicalHeaderKey(strings.TrimSpace(name))] = true
		}
	}
	for k, vs := range src {
		if hopHeaders[k] || drop[k] {
			continue
		}
		dst[k] = append([]string(nil), vs...)
	}
}

// relay copies resp to w unchanged, flushing as bytes arrive so server-sent
// events reach the client when the upstream sends them.
func relay(w http.ResponseWriter, resp *http.Response) {
	copyHeader(w.Header(), resp.Header)
	if resp.ContentLength >= 0 {
		w.Header().Set("Content-Length", fmt.Sprint(resp.ContentLength))
	}
	w.WriteHeader(resp.StatusCode)
	rc := http.NewResponseController(w)
	buf := make([]byte, 32<<10)
	for {
		n, err := resp.Body.Read(buf)
		if n > 0 {
			if _, werr := w.Write(buf[:n]); werr != nil {
				return
			}
			_ = rc.Flush()
		}
		if err == io.EOF {
			return
		}
		if err != nil {
			abort()
		}
	}
}

// abort cuts the client's connection without ending the response, for an
// upstream that broke off mid-body: the client sees the same network error
// it would have seen talking to the upstream itself, where a normal end
// would pass a truncated stream off as complete (an SDK then returns a
// half-written message as the final one).
func abort() {
	panic(http.ErrAbortHandler)
}

// writeBody answers with body and the upstream's headers, for a response
// the proxy changed.
func writeBody(w http.ResponseWriter, h http.Header, status int, contentType string, body []byte) {
	copyHeader(w.Header(), h)
	w.Header().Del("Content-Encoding")
	if contentType != "" {
		w.Header().Set("Content-Type", contentType)
	}
	w.Header().Set("Content-Length", fmt.Sprint(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func writeError(w http.ResponseWriter, status int, code, msg string) {
	body := marshal(wire.Error{Error: wire.ErrorBody{Code: code, Message: "kompress proxy: " + msg}})
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
