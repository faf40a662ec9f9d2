package wire

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestClientRequests(t *testing.T) {
	var gotPath, gotAuth, gotBody string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotPath, gotAuth = r.URL.EscapedPath(), r.Header.Get("Authorization")
		b, _ := io.ReadAll(r.Body)
		gotBody = string(b)
		switch r.URL.Path {
		case "/base/v1/compress":
			io.WriteString(w, `{"text":"t","strategy":"s","ccr_id":"abc","lossless":false}`)
		case "/base/v1/retrieve/a b/c":
			io.WriteString(w, "original\x00bytes")
		default:
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.WriteHeader(404)
			io.WriteString(w, `{"error":{"code":"not_found","message":"no such id"}}`)
		}
	}))
	defer ts.Close()
	c := NewClient(ts.URL+"/base/", "k1", nil)
	ctx := context.Background()

	res, err := c.Compress(ctx, CompressRequest{Content: "<a&b>"})
	if err != nil || res.CCRID != "abc" {
		t.Fatalf("compress = %+v, %v", res, err)
	}
	if gotAuth != "Bearer k1" || gotBody != `{"content":"<a&b>"}`+"\n" {
		t.Errorf("auth %q body %q", gotAuth, gotBody)
	}
	b, err := c.Retrieve(ctx, "a b/c")
	if err != nil || string(b) != "original\x00bytes" {
		t.Errorf("retrieve = %q, %v", b, err)
	}
	if gotPath != "/base/v1/retrieve/a%20b%2Fc" {
		t.Errorf("path %q: the id must stay one escaped segment", gotPath)
	}
	_, err = c.Retrieve(ctx, "missing")
	var ae *APIError
	if !errors.As(err, &ae) || ae.Status != 404 || ae.Code != "not_found" || ae.Message != "no such id" || !IsNotFound(err) {
		t.Errorf("err = %#v", err)
	}
	if NewClient(ts.URL, "", nil).key != "" {
		t.Error("empty key sent")
	}
}

func TestClientErrors(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(502)
		io.WriteString(w, "<html>bad gateway</html>"+strings.Repeat("x", 300))
	}))
	defer ts.Close()
	_, err := NewClient(ts.URL, "", nil).Stats(context.Background())
	var ae *APIError
	if !errors.As(err, &ae) || ae.Status != 502 || ae.Code != "http_502" || !strings.HasPrefix(ae.Message, "<html>bad gateway") || len(ae.Message) > 210 {
		t.Errorf("err = %v", err)
	}
	for _, base := range []string{"h.invalid:8080", "ftp://x", "http://", "http://a b", "http://h.invalid:", "http://h:0", "http://h:65536", "http://:", "http://h/?x"} {
		if err := NewClient(base, "", nil).Health(context.Background()); err == nil || !strings.Contains(err.Error(), "base URL") {
			t.Errorf("NewClient(%q): %v", base, err)
		}
	}
}
