// Package server is the kompress HTTP service: a gin router over an Engine
// with strict request decoding, body limits, bearer-key tenants, bounded
// model scoring that falls back to the heuristic scorer instead of making
// requests wait, Prometheus metrics and structured request logs.
//
// Routes:
//
//	POST /v1/compress        wire.CompressRequest → wire.Result
//	POST /v1/expand          wire.ExpandRequest → wire.ExpandResult
//	GET  /v1/retrieve/:id    the original bytes, text/plain; charset=utf-8
//	GET  /v1/stats           wire.Stats of the caller's tenant, this process
//	GET  /healthz            200 while the process serves
//	GET  /readyz             200 when Engine.Ready succeeds, else 503; the
//	                         body reports the model state (wire.ModelState)
//	GET  /metrics            Prometheus text format
//
// With Config.Keys set, every route but /healthz and /readyz needs
// "Authorization: Bearer KEY", /metrics included (any tenant's key will do:
// metrics are process-wide and carry no tenant label). A missing, malformed
// or unknown key is 401 (RFC 6750 invalid_token; 403 would mean a valid key
// without rights, and every key has the same rights). Errors are always
// wire.Error with a status chosen in one place (errorStatus).
//
// Request decoding is strict: unknown fields, wrong types, trailing data,
// a missing content (or text) field and invalid UTF-8, including unpaired
// \uD800-\uDFFF escapes, are 400, because silently replacing bytes would
// break byte-for-byte retrieval. Empty content is valid and passes through.
package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/wire"
)

// Engine is the compression library as the server uses it. The tenant is ""
// when auth is off.
type Engine interface {
	Compress(ctx context.Context, tenant string, req wire.CompressRequest) (wire.Result, error)
	Expand(ctx context.Context, tenant string, text string) (wire.ExpandResult, error)
	Retrieve(ctx context.Context, tenant, id string) ([]byte, error)
	// Ready reports whether requests can be served now (store reachable,
	// model loaded).
	Ready(ctx context.Context) error
}

// Server serves the kompress HTTP API. Create it with New.
type Server struct {
	cfg    Config
	eng    Engine
	log    *slog.Logger
	m      *metrics
	stats  *stats
	keys   *keyring // nil: auth off
	slots  chan struct{}
	busy   chan struct{} // one per API request being served
	router *gin.Engine

	attempts     sync.WaitGroup // scoring calls still running, abandoned or not
	shuttingDown atomic.Bool
	served       atomic.Bool
}

// New returns a Server. Zero fields of cfg take defaults; a nil log
// discards. Each Server has its own metrics; GET /metrics adds the Go
// runtime and process figures (go_*, process_*).
func New(cfg Config, eng Engine, log *slog.Logger) *Server {
	if eng == nil {
		panic("server: nil Engine")
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	cfg = cfg.withDefaults()
	s := &Server{
		cfg:   cfg,
		eng:   eng,
		log:   log,
		m:     newMetrics(),
		stats: newStats(),
		slots: make(chan struct{}, cfg.MaxScoring),
		busy:  make(chan struct{}, cfg.MaxInFlight),
	}
	if len(cfg.Keys) > 0 {
		s.keys = newKeyring(cfg.Keys)
	}
	s.router = s.routes()
	return s
}

func (s *Server) routes() *gin.Engine {
	// Release mode keeps gin from printing routes and warnings to stdout;
	// gin.New adds no logger or recovery middleware, we bring our own.
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.HandleMethodNotAllowed = true
	r.ContextWithFallback = true
	r.Use(s.observe, s.recover)
	r.NoRoute(func(c *gin.Context) {
		s.fail(c, errorf(http.StatusNotFound, codeNotFound, "no route %s %s", c.Request.Method, c.Request.URL.Path))
	})
	r.NoMethod(func(c *gin.Context) {
		s.fail(c, errorf(http.StatusMethodNotAllowed, codeMethodNotAllowed, "method %s not allowed here", c.Request.Method))
	})

	r.GET("/healthz", s.handleHealth)
	r.HEAD("/healthz", s.handleHealth)
	r.GET("/readyz", s.handleReady)
	r.HEAD("/readyz", s.handleReady)

	auth := r.Group("/", s.shed, s.authenticate)
	auth.GET("/metrics", gin.WrapH(&s.m.reg))
	v1 := auth.Group("/v1", s.deadline)
	v1.POST("/compress", s.handleCompress)
	v1.POST("/expand", s.handleExpand)
	v1.GET("/retrieve/:id", s.handleRetrieve)
	v1.GET("/stats", s.handleStats)
	return r
}

// Fallback makes h answer the requests no API route matches, instead of a
// 404 (kompress proxy forwards them to the model API). The request still
// passes the request-id, metrics, log and recovery middleware, but not
// authentication: those requests carry the upstream's credentials. Call it
// before Serve.
func (s *Server) Fallback(h http.Handler) {
	s.router.NoRoute(gin.WrapH(h))
}

// Handler returns the HTTP handler of the API, for tests or to mount
// under another server.
func (s *Server) Handler() http.Handler { return s.router }

// Serve serves on ln until ctx ends, then shuts down gracefully: it stops
// accepting, lets in-flight requests finish (up to Config.ShutdownTimeout),
// waits for scoring calls still running in the engine, and returns nil. It
// does not close the engine: the caller does that after Serve returns.
// Serve may be called once.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	if !s.served.CompareAndSwap(false, true) {
		return errors.New("server: Serve called twice")
	}
	hs := &http.Server{
		Handler:           s.router,
		ReadHeaderTimeout: s.cfg.ReadHeaderTimeout,
		ReadTimeout:       s.cfg.ReadTimeout,
		WriteTimeout:      s.cfg.WriteTimeout,
		IdleTimeout:       s.cfg.IdleTimeout,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("server: %w", err)
	case <-ctx.Done():
	}

	s.shuttingDown.Store(true)
	s.log.Info("shutting down", slog.Duration("timeout", s.cfg.ShutdownTimeout))
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.cfg.ShutdownTimeout)
	defer cancel()
	err := hs.Shutdown(sctx)
	if err != nil {
		err = errors.Join(fmt.Errorf("server: shutdown: %w", err), hs.Close())
	}
	<-errc

	waited := make(chan struct{})
	go func() { s.attempts.Wait(); close(waited) }()
	select {
	case <-waited:
	case <-sctx.Done():
		err = errors.Join(err, errors.New("server: shutdown: scoring calls still running in the engine"))
	}
	return err
}

// Context keys set by middleware.
const (
	ctxTenant    = "kompress.tenant"
	ctxErr       = "kompress.err"
	ctxRequestID = "kompress.request_id"
	ctxStrategy  = "kompress.strategy"
)

// tenant returns the authenticated tenant of the request.
func tenant(c *gin.Context) string { return c.GetString(ctxTenant) }

// fail answers with the JSON error for err and stops the handler chain.
func (s *Server) fail(c *gin.Context, err error) {
	status, body := errorStatus(err)
	c.Set(ctxErr, err)
	switch {
	case status == http.StatusInternalServerError:
		body.Message += " (request id " + c.GetString(ctxRequestID) + ")"
	case status == http.StatusUnauthorized:
		c.Header("WWW-Authenticate", `Bearer realm="kompress"`)
	case status == http.StatusServiceUnavailable:
		c.Header("Retry-After", "1")
	}
	if errors.Is(err, store.ErrUnavailable) {
		s.m.storeErrors.with(endpoint(c)).inc()
	}
	writeJSON(c, status, wire.Error{Error: body})
	c.Abort()
}

// endpoint names the route for stats and store-error metrics.
func endpoint(c *gin.Context) string {
	switch c.FullPath() {
	case "/v1/compress":
		return "compress"
	case "/v1/expand":
		return "expand"
	case "/v1/retrieve/:id":
		return "retrieve"
	case "/v1/stats":
		return "stats"
	case "/readyz":
		return "ready"
	}
	return "other"
}

// shed answers 503 with Retry-After at once when Config.MaxInFlight API
// requests are being served: waiting in line would only make every request
// slow. Health checks do not pass through here.
func (s *Server) shed(c *gin.Context) {
	select {
	case s.busy <- struct{}{}:
		defer func() { <-s.busy }()
		c.Next()
	default:
		s.m.shed.inc()
		// Let the client finish sending, so it sees the 503.
		discardBody(c.Request, c.Writer, 2*s.cfg.MaxBody)
		s.fail(c, errorf(http.StatusServiceUnavailable, codeOverloaded, "the server is at its limit of %d requests at once; retry shortly", s.cfg.MaxInFlight))
	}
}

// deadline bounds the engine work of one API request.
func (s *Server) deadline(c *gin.Context) {
	ctx, cancel := context.WithTimeout(c.Request.Context(), s.cfg.RequestTimeout)
	defer cancel()
	c.Request = c.Request.WithContext(ctx)
	c.Next()
}

func (s *Server) handleHealth(c *gin.Context) {
	writeJSON(c, http.StatusOK, map[string]string{"status": "ok"})
}

func (s *Server) handleReady(c *gin.Context) {
	if s.shuttingDown.Load() {
		s.fail(c, errorf(http.StatusServiceUnavailable, codeNotReady, "shutting down"))
		return
	}
	ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
	defer cancel()
	if err := s.eng.Ready(ctx); err != nil {
		// The probe is unauthenticated: say what is wrong, not where.
		msg := "engine not ready"
		switch {
		case errors.Is(err, store.ErrUnavailable):
			msg = "store unavailable"
		case errors.Is(err, wire.ErrScorerUnavailable):
			msg = "model unavailable"
		}
		s.fail(c, &apiError{status: http.StatusServiceUnavailable, code: codeNotReady, msg: msg, cause: err})
		return
	}
	body := map[string]any{"status": "ready"}
	if ms, ok := s.eng.(interface{ ModelState() wire.ModelState }); ok {
		body["model"] = ms.ModelState()
	}
	writeJSON(c, http.StatusOK, body)
}

// compressBody finds a missing content field, which the shadowing pointer
// tells apart from an empty one; other fields come from the wire type so
// fields added there are accepted here.
type compressBody struct {
	wire.CompressRequest
	Content *string `json:"content"`
}

const maxToolName = 256

func (s *Server) handleCompress(c *gin.Context) {
	var b compressBody
	if err := s.decode(c, &b); err != nil {
		s.fail(c, err)
		return
	}
	req := b.CompressRequest
	switch {
	case b.Content == nil:
		s.fail(c, errorf(http.StatusBadRequest, codeBadRequest, `missing field "content" (a string; may be empty)`))
		return
	case len(req.Tool) > maxToolName:
		s.fail(c, errorf(http.StatusBadRequest, codeBadRequest, "tool: longer than %d bytes", maxToolName))
		return
	}
	if err := req.Validate(); err != nil {
		s.fail(c, err) // 400 bad_request, as the engine's own check would be
		return
	}
	req.Content = *b.Content

	res, err := s.compress(c.Request.Context(), tenant(c), req)
	if err != nil {
		s.fail(c, err)
		return
	}
	s.m.observeResult(&res)
	s.stats.result(tenant(c), &res)
	c.Set(ctxStrategy, res.Strategy)
	writeJSON(c, http.StatusOK, res)
}

type expandBody struct {
	wire.ExpandRequest
	Text *string `json:"text"`
}

func (s *Server) handleExpand(c *gin.Context) {
	var b expandBody
	if err := s.decode(c, &b); err != nil {
		s.fail(c, err)
		return
	}
	if b.Text == nil {
		s.fail(c, errorf(http.StatusBadRequest, codeBadRequest, `missing field "text" (a string)`))
		return
	}
	res, err := s.eng.Expand(c.Request.Context(), tenant(c), *b.Text)
	if err != nil {
		s.fail(c, err)
		return
	}
	writeJSON(c, http.StatusOK, res)
}

// maxIDLen bounds ids before they reach the store; a SHA-256 in hex is 64
// characters, the rest is room for punctuation a model copied along.
const maxIDLen = 128

func (s *Server) handleRetrieve(c *gin.Context) {
	id := c.Param("id")
	if id == "" || len(id) > maxIDLen {
		s.fail(c, fmt.Errorf("id of %d bytes: %w", len(id), store.ErrBadID))
		return
	}
	b, err := s.eng.Retrieve(c.Request.Context(), tenant(c), id)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("X-Content-Type-Options", "nosniff")
	c.Header("Cache-Control", "no-store")
	c.Data(http.StatusOK, "text/plain; charset=utf-8", b)
}

func (s *Server) handleStats(c *gin.Context) {
	writeJSON(c, http.StatusOK, s.stats.snapshot(tenant(c)))
}

// decode reads the request body into v; v keeps no bytes of the body
// (decodeStrict copies what it decodes), so the buffer is reused.
func (s *Server) decode(c *gin.Context, v any) error {
	buf := getBuffer()
	defer putBuffer(buf)
	body, err := readBody(c.Request, c.Writer, buf, s.cfg.MaxBody)
	if err != nil {
		return err
	}
	return decodeStrict(body, v)
}
