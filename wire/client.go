package wire

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// maxErrorBody caps how much of an error response the client reads, so a
// misbehaving proxy cannot make it buffer an unbounded page.
const maxErrorBody = 64 << 10

// APIError is an error response of the kompress service. Code is the
// machine-readable code of the JSON error shape ("not_found", "too_large",
// ...), or "http_<status>" when the response was not that shape (for
// example a proxy's HTML page).
type APIError struct {
	Status  int
	Code    string
	Message string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("kompress: %d %s: %s", e.Status, e.Code, e.Message)
}

// Client calls the kompress HTTP service. It is safe for concurrent use.
type Client struct {
	base   string // no trailing slash; paths are appended escaped
	key    string
	hc     *http.Client
	urlErr error
}

// NewClient returns a client for the service at baseURL (for example
// "http://127.0.0.1:8080"). apiKey is sent as a bearer token when not empty.
// A nil hc means http.DefaultClient; pass one with a Timeout to bound calls
// that have no context deadline. A malformed baseURL makes every call fail
// with that error.
func NewClient(baseURL, apiKey string, hc *http.Client) *Client {
	if hc == nil {
		hc = http.DefaultClient
	}
	c := &Client{key: apiKey, hc: hc}
	u, err := ParseBaseURL(baseURL)
	if err != nil {
		c.urlErr = fmt.Errorf("kompress: base URL: %w", err)
	} else {
		c.base = strings.TrimRight(u.String(), "/")
	}
	return c
}

// ParseBaseURL parses a service's base URL, http(s)://host[:port][/path]
// with a trailing slash dropped. A URL every request would fail on is an
// error here, next to the flag that named it: no host name, a port that is
// empty ("http://127.0.0.1:" would quietly mean port 80), 0 or above 65535,
// a query or a fragment (a request path cannot be appended to them).
func ParseBaseURL(raw string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimRight(raw, "/"))
	if err != nil {
		return nil, err
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" || u.RawQuery != "" || u.Fragment != "" || u.ForceQuery {
		return nil, fmt.Errorf("%q: want http(s)://host[:port][/path]", raw)
	}
	if strings.Contains(strings.TrimPrefix(u.Host, "["+u.Hostname()+"]"), ":") {
		if n, err := strconv.Atoi(u.Port()); err != nil || n < 1 || n > 65535 {
			return nil, fmt.Errorf("%q: port %q: want 1..65535", raw, u.Port())
		}
	}
	return u, nil
}

// Compress compresses req.Content.
func (c *Client) Compress(ctx context.Context, req CompressRequest) (Result, error) {
	var res Result
	err := c.doJSON(ctx, http.MethodPost, "/v1/compress", req, &res)
	return res, err
}

// Expand undoes lossless folds in text and, where the service's store has
// them, replaces retrieval markers by their originals.
func (c *Client) Expand(ctx context.Context, text string) (ExpandResult, error) {
	var res ExpandResult
	err := c.doJSON(ctx, http.MethodPost, "/v1/expand", ExpandRequest{Text: text}, &res)
	return res, err
}

// Retrieve returns the original bytes stored under id.
func (c *Client) Retrieve(ctx context.Context, id string) ([]byte, error) {
	resp, err := c.do(ctx, http.MethodGet, "/v1/retrieve/"+url.PathEscape(id), nil)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("kompress: retrieve %s: %w", id, err)
	}
	return b, nil
}

// Stats returns the caller's tenant counters of the server that answers.
func (c *Client) Stats(ctx context.Context) (Stats, error) {
	var s Stats
	err := c.doJSON(ctx, http.MethodGet, "/v1/stats", nil, &s)
	return s, err
}

// Health reports whether the server process is up (GET /healthz).
func (c *Client) Health(ctx context.Context) error {
	return c.doJSON(ctx, http.MethodGet, "/healthz", nil, nil)
}

// Ready reports whether the server can serve requests now: its store is
// reachable and it is not shutting down (GET /readyz).
func (c *Client) Ready(ctx context.Context) error {
	return c.doJSON(ctx, http.MethodGet, "/readyz", nil, nil)
}

func (c *Client) doJSON(ctx context.Context, method, path string, in, out any) error {
	var body io.Reader
	if in != nil {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(in); err != nil {
			return fmt.Errorf("kompress: encode request: %w", err)
		}
		body = &buf
	}
	resp, err := c.do(ctx, method, path, body)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if out == nil {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxErrorBody))
		return nil
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return fmt.Errorf("kompress: %s %s: decode response: %w", method, path, err)
	}
	return nil
}

// do sends a request and returns the response when its status is 2xx;
// otherwise it closes the body and returns an *APIError.
func (c *Client) do(ctx context.Context, method, path string, body io.Reader) (*http.Response, error) {
	if c.urlErr != nil {
		return nil, c.urlErr
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, body)
	if err != nil {
		return nil, fmt.Errorf("kompress: %w", err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	if c.key != "" {
		req.Header.Set("Authorization", "Bearer "+c.key)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("kompress: %s %s: %w", method, path, err)
	}
	if resp.StatusCode/100 == 2 {
		return resp, nil
	}
	defer resp.Body.Close()
	return nil, decodeError(resp)
}

func decodeError(resp *http.Response) error {
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	apiErr := &APIError{Status: resp.StatusCode}
	if mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); mt == "application/json" {
		var e Error
		if json.Unmarshal(raw, &e) == nil && e.Error.Code != "" {
			apiErr.Code, apiErr.Message = e.Error.Code, e.Error.Message
			return apiErr
		}
	}
	apiErr.Code = fmt.Sprintf("http_%d", resp.StatusCode)
	msg := strings.TrimSpace(string(raw))
	if len(msg) > 200 {
		msg = msg[:200] + "…"
	}
	if msg == "" {
		msg = http.StatusText(resp.StatusCode)
	}
	apiErr.Message = msg
	return apiErr
}

// IsNotFound reports whether err is the service saying an id is unknown or
// expired.
func IsNotFound(err error) bool {
	var e *APIError
	return errors.As(err, &e) && e.Status == http.StatusNotFound
}
