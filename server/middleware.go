package server

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
)

var requestIDRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`) })

// observe gives each request an id, and once it is answered counts it in the
// metrics and the tenant's stats and logs one line: method, route, status,
// latency, bytes, tenant. Never the content.
func (s *Server) observe(c *gin.Context) {
	start := time.Now()
	id := c.GetHeader("X-Request-ID")
	if !requestIDRE().MatchString(id) {
		var b [8]byte
		_, _ = rand.Read(b[:])
		id = hex.EncodeToString(b[:])
	}
	c.Set(ctxRequestID, id)
	c.Header("X-Request-ID", id)
	body := &countingReader{r: c.Request.Body}
	c.Request.Body = body

	s.m.inflight.inc()
	defer s.m.inflight.dec()
	c.Next()

	elapsed := time.Since(start)
	status := c.Writer.Status()
	route := c.FullPath()
	if route == "" {
		route = "unmatched"
	}
	s.m.requests.with(route, methodLabel(c.Request.Method), strconv.Itoa(status)).inc()
	s.m.latency.with(route).observe(elapsed.Seconds())

	t, authed := c.Get(ctxTenant)
	if ep := endpoint(c); authed && ep != "other" && ep != "ready" && ep != "stats" {
		s.stats.request(t.(string), ep, status >= 400)
	}

	attrs := make([]slog.Attr, 0, 10) // room for the optional ones below
	attrs = append(attrs,
		slog.String("method", c.Request.Method),
		slog.String("route", route),
		slog.Int("status", status),
		slog.Float64("latency_ms", float64(elapsed.Microseconds())/1000),
		slog.Int64("bytes_in", body.n),
		slog.Int("bytes_out", max(c.Writer.Size(), 0)),
		slog.String("request_id", id))
	if authed {
		attrs = append(attrs, slog.String("tenant", t.(string)))
	}
	if v, ok := c.Get(ctxStrategy); ok {
		attrs = append(attrs, slog.String("strategy", v.(string)))
	}
	level := slog.LevelInfo
	if v, ok := c.Get(ctxErr); ok {
		attrs = append(attrs, slog.String("error", v.(error).Error()))
		if status >= 500 && status != statusClientClosed {
			level = slog.LevelError
		}
	}
	s.log.LogAttrs(c.Request.Context(), level, "request", attrs...)
}

// methodLabel is the method as a metrics label: the standard methods by
// name, any other token as "other", so a client cannot mint series.
func methodLabel(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions, http.MethodConnect, http.MethodTrace:
		return m
	}
	return "other"
}

type countingReader struct {
	r io.ReadCloser
	n int64
}

func (cr *countingReader) Read(p []byte) (int, error) {
	n, err := cr.r.Read(p)
	cr.n += int64(n)
	return n, err
}

func (cr *countingReader) Close() error { return cr.r.Close() }

// recover turns a panic in a handler into a logged 500 JSON error, so one
// bad input cannot take the process down.
func (s *Server) recover(c *gin.Context) {
	defer func() {
		p := recover()
		if p == nil {
			return
		}
		if p == http.ErrAbortHandler {
			panic(p)
		}
		s.log.Error("panic serving request",
			slog.String("route", c.FullPath()),
			slog.String("request_id", c.GetString(ctxRequestID)),
			slog.Any("panic", p),
			slog.String("stack", string(debug.Stack())))
		if c.Writer.Written() {
			c.Abort()
			return
		}
		s.fail(c, errors.New("panic in handler"))
	}()
	c.Next()
}

// authenticate finds the tenant of the bearer key. Without keys configured
// every request is of the tenant "".
func (s *Server) authenticate(c *gin.Context) {
	if s.keys == nil {
		c.Set(ctxTenant, "")
		c.Next()
		return
	}
	scheme, key, ok := strings.Cut(c.GetHeader("Authorization"), " ")
	key = strings.TrimSpace(key)
	if !ok || !strings.EqualFold(scheme, "Bearer") || key == "" {
		s.fail(c, errorf(http.StatusUnauthorized, codeUnauthorized, `missing or malformed Authorization header: want "Bearer KEY"`))
		return
	}
	t, ok := s.keys.tenant(key)
	if !ok {
		s.fail(c, errorf(http.StatusUnauthorized, codeUnauthorized, "invalid API key"))
		return
	}
	c.Set(ctxTenant, t)
	c.Next()
}

// writeJSON writes v without HTML escaping: results are mostly logs and
// code, where \u003c for every '<' costs bytes and tokens for nothing.
func writeJSON(c *gin.Context, status int, v any) {
	buf := getBuffer()
	defer putBuffer(buf)
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		status = http.StatusInternalServerError
		buf.Reset()
		buf.WriteString(`{"error":{"code":"internal","message":"encoding the response failed"}}` + "\n")
		c.Set(ctxErr, err)
	}
	// A known length spares the client chunked decoding.
	c.Header("Content-Length", strconv.Itoa(buf.Len()))
	c.Data(status, "application/json; charset=utf-8", buf.Bytes())
}

// buffers holds the request and response buffers between requests; the
// bytes are copied out (decoded, or written to the connection) before a
// buffer is put back.
var buffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// maxPooled bounds the buffers kept: one large request must not pin its
// memory for the life of the process.
const maxPooled = 1 << 20

func getBuffer() *bytes.Buffer { return buffers.Get().(*bytes.Buffer) }

func putBuffer(b *bytes.Buffer) {
	if b.Cap() > maxPooled {
		return
	}
	b.Reset()
	buffers.Put(b)
}
